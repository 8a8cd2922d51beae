"""The event player: animates the rules' events one by one on the :class:`BoardView`.

``push(events)`` queues what ``apply`` returned; ``update(dt)`` plays them in order: each
event changes the view when it starts and may hold the queue for a while (a move tween, an
attack's lunge or flight, a death) while longer effects (floating numbers, glows) run on beside
the next ones. Input and AI turns wait for :attr:`EventPlayer.idle`; the rules never wait.
At speed 0 ("instant") every event is applied at once without pictures.

Every started event is also handed to ``on_event`` (the combat log, the HUD banners).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from client import i18n
from client.i18n import tr
from client.render.board_view import BoardView, SquadView
from client.render.effects import Burst, Glow, Popup, Projectile
from client.render.playback import Motion, Playback
from client.render.tween import Tween, ease_in_out, hop, there_and_back
from client.ui import BAD, GOLD, GOOD, TEAM_LIGHT, WARN
from rules.tactics import events as ev

# Seconds at 1x.
MOVE = 0.34
LUNGE = 0.32
DAMAGE_HOLD = 0.24
DEATH = 0.45
LABEL_HOLD = 0.28
DEPLOY = 0.05
RUNE_COLOURS = {
    "damage": (255, 120, 80),
    "phys_defense": (220, 220, 230),
    "mag_defense": (170, 120, 255),
    "dodge": (110, 230, 150),
    "crit": (255, 210, 90),
}
PROJECTILES = {  # unit id -> (style, colour); other shooters and line attackers by damage type
    "archer": ("arrow", (240, 240, 240)),
    "skeleton_archer": ("arrow", (240, 240, 240)),
    "ballista": ("bolt", (210, 210, 220)),
    "catapult": ("boulder", (130, 124, 116)),
    "storm_totem": ("lightning", (170, 210, 255)),
}


class _Motion(Motion):
    """A tween that moves or nudges one squad sprite; finishes by snapping it to its sector."""

    def __init__(
        self, view: BoardView, squad: SquadView, tween: Tween, step: Callable[[float], None]
    ) -> None:
        super().__init__(tween, step, lambda: view.snap(squad))
        self.view, self.squad = view, squad


class EventPlayer(Playback):
    """Plays events on ``view``; ``speed`` 1, 2, 4, or 0 for instant."""

    def __init__(
        self, view: BoardView, speed: float = 1.0, on_event: Callable[[ev.Event], None] | None = None
    ) -> None:
        super().__init__(speed, on_event)
        self.view = view
        self.last_attack: ev.AttackResolved | None = None

    def tick(self, dt: float) -> None:
        for squad in self.view.squads.values():
            if squad.flash > 0:
                squad.flash = max(0.0, squad.flash - dt)

    # ---- geometry ------------------------------------------------------------------------------
    def centre(self, pos: tuple[int, int]) -> tuple[float, float]:
        tile = self.view.tile
        return (pos[0] + 0.5) * tile, (pos[1] + 0.5) * tile

    def head(self, pos: tuple[int, int]) -> tuple[float, float]:
        x, y = self.centre(pos)
        return x, y - self.view.tile * 0.45

    def _label(self, pos: tuple[int, int], label: str, colour, size: int = 20, delay: float = 0.0) -> None:
        self.effects.append(Popup(label, self.head(pos), colour, size=size, delay=delay))

    # ---- events --------------------------------------------------------------------------------
    def _on_FeatureResolved(self, event: ev.FeatureResolved, animate: bool) -> float:
        self.view.feature = (self.view.feature[0], event.text_ru, event.text_en)
        return 0.0

    def _on_SquadDeployed(self, event: ev.SquadDeployed, animate: bool) -> float:
        squad = self.view.squads[event.squad]
        if animate:
            squad.alpha = 0.0
            self.motions.append(_Motion(self.view, squad, Tween(0.35), lambda t: setattr(squad, "alpha", t)))
        return DEPLOY

    def _on_RoundStarted(self, event: ev.RoundStarted, animate: bool) -> float:
        self.view.round_no = event.round_no
        for squad in self.view.squads.values():
            squad.acted = False
        return 0.35 if event.round_no > 1 else 0.0

    def _on_StunExpired(self, event: ev.StunExpired, animate: bool) -> float:
        self.view.squads[event.squad].stunned = False
        return 0.0

    def _on_DefenseEnded(self, event: ev.DefenseEnded, animate: bool) -> float:
        self.view.squads[event.squad].defending = False
        return 0.0

    def _on_BackstabRolled(self, event: ev.BackstabRolled, animate: bool) -> float:
        if event.success and animate:
            self._label(self.view.squads[event.squad].pos, tr("popup.backstab"), WARN, 20)
            return LABEL_HOLD
        return 0.0

    def _on_SquadMoved(self, event: ev.SquadMoved, animate: bool) -> float:
        squad = self.view.squads[event.squad]
        squad.pos = event.to
        if not animate:
            self.view.snap(squad)
            return 0.0
        duration = MOVE * (1 + 0.15 * max(0, math.dist(event.frm, event.to) - 1))

        def step(t: float) -> None:  # in sectors times the tile now: the player may zoom mid-move
            tile = self.view.tile
            start = (event.frm[0] * tile, event.frm[1] * tile)
            end = (event.to[0] * tile, event.to[1] * tile)
            e = ease_in_out(t)
            squad.world = [start[0] + (end[0] - start[0]) * e, start[1] + (end[1] - start[1]) * e]
            squad.offset = [0.0, -hop(t) * tile * 0.18]

        self.motions.append(_Motion(self.view, squad, Tween(duration, lambda t: t), step))
        return duration

    def _on_MoveCancelled(self, event: ev.MoveCancelled, animate: bool) -> float:
        return 0.0

    def _on_AttackResolved(self, event: ev.AttackResolved, animate: bool) -> float:
        self.last_attack = event
        attacker = self.view.squads[event.attacker]
        missed = not event.hit
        if event.kind == "counterstrike" and animate:
            self._label(attacker.pos, tr("popup.counterstrike"), WARN, 20)
        if not animate:
            return 0.0
        impact = self.centre(event.target)

        def miss() -> None:
            if missed:
                self._label(event.target, tr("popup.miss"), (200, 204, 214), 24)

        if event.kind in ("ranged", "line"):
            style, colour = PROJECTILES.get(
                attacker.unit.id,
                ("orb", (190, 130, 255) if attacker.unit.damage_type == "magical" else (240, 220, 160)),
            )
            distance = math.dist(attacker.pos, event.target)
            flight = min(0.55, 0.16 + 0.035 * distance)
            self.effects.append(Projectile(self.centre(attacker.pos), impact, style, colour, flight))
            self.after = miss
            return flight
        dx = (event.target[0] - attacker.pos[0]) * self.view.tile * 0.42
        dy = (event.target[1] - attacker.pos[1]) * self.view.tile * 0.42

        def lunge(t: float) -> None:
            k = there_and_back(t)
            attacker.offset = [dx * k, dy * k]

        self.motions.append(_Motion(self.view, attacker, Tween(LUNGE, lambda t: t), lunge))
        self.after = miss
        return LUNGE * 0.45

    def _on_Damaged(self, event: ev.Damaged, animate: bool) -> float:
        if event.target_squad is not None:
            squad = self.view.squads[event.target_squad]
            squad.count = event.count
            squad.top_hp = event.top_hp if event.count else 0
            squad.flash = 0.25 if animate else 0.0
        elif event.target in self.view.barricades:
            self.view.barricades[event.target] = max(0, self.view.barricades[event.target] - event.damage)
        if not animate:
            return 0.0
        attack = self.last_attack if event.source == "attack" else None
        crit = attack is not None and attack.crit and attack.target == event.target
        if crit:
            self._label(event.target, f"-{event.damage}!", GOLD, 32)
            self._label(event.target, tr("popup.crit"), GOLD, 16, delay=0.12)
        else:
            self._label(event.target, f"-{event.damage}", (255, 240, 235), 24)
        if event.killed:
            self.effects.append(
                Popup(tr_killed(event.killed), self.centre(event.target), BAD, size=16, delay=0.2, rise=28)
            )
        return DAMAGE_HOLD

    def _on_SquadDestroyed(self, event: ev.SquadDestroyed, animate: bool) -> float:
        squad = self.view.squads[event.squad]
        squad.alive = False
        squad.count = 0
        if not animate:
            squad.alpha = 0.0
            return 0.0
        self.effects.append(Burst(self.centre(event.pos), (220, 220, 220), 0.5, 34))
        self.motions.append(_Motion(self.view, squad, Tween(DEATH), lambda t: setattr(squad, "alpha", 1 - t)))
        return DEATH * 0.8

    def _on_BarricadeDestroyed(self, event: ev.BarricadeDestroyed, animate: bool) -> float:
        self.view.barricades.pop(event.pos, None)
        if animate:
            self.effects.append(Burst(self.centre(event.pos), (190, 140, 80), 0.5, 40))
            return 0.3
        return 0.0

    def _on_StunRolled(self, event: ev.StunRolled, animate: bool) -> float:
        if not event.success:
            return 0.0
        squad = self.view.squads[event.target]
        squad.stunned = True
        if animate:
            self._label(squad.pos, tr("popup.stunned"), (255, 230, 120), 20)
            return LABEL_HOLD
        return 0.0

    def _on_CounterstrikeRolled(self, event: ev.CounterstrikeRolled, animate: bool) -> float:
        return 0.12 if event.success and animate else 0.0

    def _on_TrapTriggered(self, event: ev.TrapTriggered, animate: bool) -> float:
        self.view.traps.discard(event.pos)
        if animate:
            self.effects.append(Burst(self.centre(event.pos), (255, 120, 60), 0.6, 52))
            self._label(event.pos, tr("popup.trap"), (255, 150, 90), 20)
            return 0.45
        return 0.0

    def _on_AuraGained(self, event: ev.AuraGained, animate: bool) -> float:
        squad = self.view.squads[event.squad]
        squad.auras.add(event.kind)
        if animate:
            colour = RUNE_COLOURS.get(event.kind, GOLD)
            self.effects.append(Glow(self.centre(squad.pos), colour, 0.9))
            self._label(squad.pos, tr(f"rune.{event.kind}"), colour, 16)
            return 0.35
        return 0.0

    def _on_FlagTaken(self, event: ev.FlagTaken, animate: bool) -> float:
        self.view.flags.pop(event.pos, None)
        self.view.flag_count[event.team] = event.count
        if animate:
            self.effects.append(Burst(self.centre(event.pos), TEAM_LIGHT[event.team], 0.5, 36))
            label = (
                tr("popup.flag", n=event.count, total=event.required)
                if event.required
                else tr("popup.flag_taken")
            )
            self._label(event.pos, label, GOOD, 20)
            return 0.35
        return 0.0

    def _on_ExitCounterChanged(self, event: ev.ExitCounterChanged, animate: bool) -> float:
        self.view.exit_count[event.team] = event.count
        if animate and event.entered:
            self._label(
                self.view.squads[event.squad].pos,
                tr("popup.exit", n=event.count, total=event.target),
                GOOD,
                18,
            )
            return 0.2
        return 0.0

    def _on_ChestOpened(self, event: ev.ChestOpened, animate: bool) -> float:
        self.view.chests.discard(event.pos)
        self.view.chests_taken[event.team].append(event.bonus)
        if animate:
            self.effects.append(Burst(self.centre(event.pos), GOLD, 0.5, 36))
            self._label(event.pos, tr(f"bonus.{event.bonus}"), GOLD, 18)
            return 0.35
        return 0.0

    def _on_Defended(self, event: ev.Defended, animate: bool) -> float:
        squad = self.view.squads[event.squad]
        squad.defending = True
        if animate:
            self.effects.append(Glow(self.centre(squad.pos), (200, 215, 240), 0.7))
            self._label(squad.pos, tr("popup.defend"), (210, 225, 255), 20)
            return LABEL_HOLD
        return 0.0

    def _on_TurnEnded(self, event: ev.TurnEnded, animate: bool) -> float:
        squad = self.view.squads[event.squad]
        squad.acted = True
        if event.next_team is not None:
            self.view.active_team = event.next_team
        return 0.08

    def _on_Surrendered(self, event: ev.Surrendered, animate: bool) -> float:
        return 0.2

    def _on_BattleEnded(self, event: ev.BattleEnded, animate: bool) -> float:
        self.view.outcome = event
        return 0.6


def tr_killed(n: int) -> str:
    """ "3 killed" / "3 убито" with the plural form of the language."""
    return i18n.tr_count("popup.killed", n)
