"""The skirmish's event player: every rules event changes the :class:`SkirmishBoard` as it starts, and
every number it carries gets a pop-up (hit chance and roll, the DRN attack against defence, the hit
location and shield, damage, wounds, fatigue gained, mana, healing, resisted spells), at the tactical
battle's pace and with its speed setting (the timing is :class:`client.render.playback.Playback`'s).

Pop-ups over one hero stack upwards, so a strike's numbers can be read one by one.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction

from client.i18n import decimal, tr, tr_amount
from client.render.effects import Burst, Glow, Popup, Projectile
from client.render.playback import Motion, Playback
from client.render.tween import Tween, ease_in_out, hop, there_and_back
from client.skirmish.player_magic import MagicBeats
from client.skirmish.sheet import item_name
from client.skirmish.view import HeroView, SkirmishBoard
from client.ui import BAD, GOLD, GOOD, WARN
from rules.skirmish import events as ev

# Seconds at 1x: the tactical battle's pace.
STEP = 0.22  # per cell of a move
LUNGE = 0.32
LABEL_HOLD = 0.3
DAMAGE_HOLD = 0.3
DEATH = 0.45
MISS = (200, 204, 214)
MANA = (130, 170, 255)
SCHOOL_COLOURS = {
    "fire": (255, 140, 60),
    "air": (170, 210, 255),
    "earth": (190, 150, 90),
    "water": (110, 200, 255),
}


def pct(value: Fraction) -> str:
    """A chance in percent as the rules hold it (exact), shown to one decimal where it has one."""
    f = float(value)
    return decimal(f"{f:.0f}" if abs(f - round(f)) < 0.05 else f"{f:.1f}")


def roll_text(chance: Fraction, roll: int | None) -> str:
    """ "42.4% · rolled 57.3": the chance and the roll on the same percent scale (None: not rolled)."""
    if roll is None:
        return tr("skirmish.popup.chance", p=pct(chance))
    return tr("skirmish.popup.roll", p=pct(chance), roll=roll_percent(chance, roll))


def roll_percent(chance: Fraction, roll: int) -> str:
    """The roll in percent. A chance of p/q percent is rolled as randint(1, 100 q) <= p (rules'
    ``roll_chance``), so the roll is roll / q percent: "57.3", not a number out of 100 q (which for a
    chance weakened by range has 40 digits). Decimals are added while chance and roll would read the
    same, so a miss never shows a roll equal to its chance."""
    chance = Fraction(chance)
    value = Fraction(roll, chance.denominator)
    if value.denominator == 1:
        return str(value.numerator)
    shown = f"{float(value):.1f}"
    digits = 1
    while digits < 6 and float(shown) == float(f"{float(chance):.{digits}f}"):
        digits += 1
        shown = f"{float(value):.{digits}f}"
    return decimal(shown)


class SkirmishPlayer(MagicBeats, Playback):
    """Plays skirmish events on ``view``."""

    def __init__(
        self,
        view: SkirmishBoard,
        catalog,
        speed: float = 1.0,
        on_event: Callable[[ev.Event], None] | None = None,
    ) -> None:
        super().__init__(speed, on_event)
        self.view = view
        self.catalog = catalog
        self.crit_pending: set[int] = set()  # heroes whose next damage is a critical hit's

    def tick(self, dt: float) -> None:
        for hero in self.view.heroes.values():
            if hero.flash > 0:
                hero.flash = max(0.0, hero.flash - dt)

    # ---- geometry and pop-ups -----------------------------------------------------------------------
    def centre(self, pos: tuple[int, int]) -> tuple[float, float]:
        tile = self.view.tile
        return (pos[0] + 0.5) * tile, (pos[1] + 0.5) * tile

    def label(
        self, hero: HeroView | tuple[int, int], text: str, colour, size: int = 18, delay: float = 0.0
    ) -> None:
        """A pop-up over a hero (or a cell), above the ones still rising there."""
        pos = hero.pos if isinstance(hero, HeroView) else hero
        x, y = self.centre(pos)
        young = sum(
            1
            for e in self.effects
            if isinstance(e, Popup) and getattr(e, "anchor", None) == pos and e.tween.t < 0.55
        )
        popup = Popup(
            text,
            (x, y - self.view.tile * 0.45 - young * size * 1.05),
            colour,
            size=size,
            delay=delay,
            duration=1.5,
        )
        popup.anchor = pos  # type: ignore[attr-defined]
        self.effects.append(popup)

    def _hero(self, hero_id: int) -> HeroView:
        return self.view.heroes[hero_id]

    def _lunge(self, attacker: HeroView, target: HeroView) -> float:
        dx = (target.pos[0] - attacker.pos[0]) * self.view.tile * 0.42
        dy = (target.pos[1] - attacker.pos[1]) * self.view.tile * 0.42

        def step(t: float) -> None:
            k = there_and_back(t)
            attacker.offset = [dx * k, dy * k]

        self.motions.append(Motion(Tween(LUNGE, lambda t: t), step, lambda: self.view.snap(attacker)))
        return LUNGE * 0.5

    def _shot(self, frm: tuple[int, int], to: tuple[int, int], style: str, colour) -> float:
        flight = min(0.55, 0.16 + 0.035 * math.dist(frm, to))
        self.effects.append(Projectile(self.centre(frm), self.centre(to), style, colour, flight))
        return flight

    # ---- the round ----------------------------------------------------------------------------------
    def _on_RoundStarted(self, event: ev.RoundStarted, animate: bool) -> float:
        self.view.round_no, self.view.order = event.round_no, event.order
        self.view.done.clear()
        return 0.35 if event.round_no > 1 and animate else 0.0

    def _on_ActivationStarted(self, event: ev.ActivationStarted, animate: bool) -> float:
        self.view.acting = event.hero
        return 0.1 if animate else 0.0

    def _on_ActivationSkipped(self, event: ev.ActivationSkipped, animate: bool) -> float:
        self.view.done.add(event.hero)
        if animate and event.reason == ev.SkipReason.TOMB:
            self.label(self._hero(event.hero), tr("skirmish.popup.tomb"), WARN)
            return LABEL_HOLD
        return 0.0

    def _on_ActivationEnded(self, event: ev.ActivationEnded, animate: bool) -> float:
        self.view.done.add(event.hero)
        self.view.acting = None
        return 0.08 if animate else 0.0

    # ---- movement and style -------------------------------------------------------------------------
    def _on_StyleDeclared(self, event: ev.StyleDeclared, animate: bool) -> float:
        hero = self._hero(event.hero)
        hero.style = True
        if animate:
            self.effects.append(Glow(self.centre(hero.pos), (200, 215, 240), 0.7))
            self.label(hero, tr("skirmish.popup.style"), (210, 225, 255))
            return LABEL_HOLD
        return 0.0

    def _on_StyleEnded(self, event: ev.StyleEnded, animate: bool) -> float:
        self._hero(event.hero).style = False
        return 0.0

    def _on_StyleCheckRolled(self, event: ev.StyleCheckRolled, animate: bool) -> float:
        if not animate:
            return 0.0
        key = "skirmish.popup.check_pass" if event.passed else "skirmish.popup.check_fail"
        self.label(
            self._hero(event.hero),
            tr(key, roll=roll_text(Fraction(event.chance), event.roll)),
            GOOD if event.passed else BAD,
        )
        return LABEL_HOLD

    def _on_HeroMoved(self, event: ev.HeroMoved, animate: bool) -> float:
        hero = self._hero(event.hero)
        start = hero.pos
        hero.pos = event.path[-1] if event.path else hero.pos
        if not animate or not event.path:
            self.view.snap(hero)
            return 0.0
        tile = self.view.tile
        cells = [start, *event.path]
        duration = STEP * len(event.path)

        def step(t: float) -> None:
            at = min(len(cells) - 1.0001, t * (len(cells) - 1))
            i = int(at)
            local = ease_in_out(at - i)
            (x0, y0), (x1, y1) = cells[i], cells[i + 1]
            hero.world = [(x0 + (x1 - x0) * local) * tile, (y0 + (y1 - y0) * local) * tile]
            hero.offset = [0.0, -hop(at - i) * tile * 0.12]

        self.motions.append(Motion(Tween(duration, lambda t: t), step, lambda: self.view.snap(hero)))
        self.label(
            hero.pos,
            tr_amount("skirmish.popup.steps", event.cost, n=_num(event.cost)),
            (200, 220, 255),
            15,
            delay=duration,
        )
        return duration

    def _on_ItemPickedUp(self, event: ev.ItemPickedUp, animate: bool) -> float:
        if animate:
            self.label(
                self._hero(event.hero),
                tr("skirmish.popup.picked", item=item_name("weapon", event.weapon)),
                GOLD,
            )
            return LABEL_HOLD
        return 0.0

    # ---- attacks ------------------------------------------------------------------------------------
    def _on_AttackResolved(self, event: ev.AttackResolved, animate: bool) -> float:
        if event.crit:
            self.crit_pending.add(event.target)
        if not animate:
            return 0.0
        attacker, target = self._hero(event.hero), self._hero(event.target)
        if event.kind == "melee":
            hold = self._lunge(attacker, target)
        else:
            style = "bolt" if event.kind == "crossbow" else "arrow" if event.kind == "bow" else "orb"
            hold = self._shot(attacker.pos, target.pos, style, (240, 236, 220))
        key = "skirmish.popup.hit" if event.hit else "skirmish.popup.miss"
        self.label(
            target,
            tr(key, roll=roll_text(event.chance, event.roll)),
            (255, 244, 214) if event.hit else MISS,
            17,
            delay=hold,
        )
        if event.crit:
            self.label(target, tr("skirmish.popup.crit"), GOLD, 17, delay=hold + 0.05)
        return hold + LABEL_HOLD

    def _on_StrikeResolved(self, event: ev.StrikeResolved, animate: bool) -> float:
        if event.crit:
            self.crit_pending.add(event.target)
        if not animate:
            return 0.0
        attacker, target = self._hero(event.hero), self._hero(event.target)
        hold = self._lunge(attacker, target)
        self.label(
            target,
            tr("skirmish.popup.drn", a=_num(event.attack_value), d=_num(event.defence_value)),
            (255, 244, 214),
            16,
            delay=hold,
        )
        if not event.hit:
            self.label(target, tr("skirmish.popup.strike_miss"), MISS, 17, delay=hold + 0.05)
            return hold + LABEL_HOLD
        where = tr("skirmish.popup.shield") if event.shield_hit else tr(f"skirmish.location.{event.location}")
        self.label(target, where, WARN, 16, delay=hold + 0.05)
        self.label(
            target, tr("skirmish.popup.net", net=_num(event.net)), (230, 230, 240), 15, delay=hold + 0.1
        )
        if event.crit:
            self.label(target, tr("skirmish.popup.crit"), GOLD, 17, delay=hold + 0.15)
        return hold + LABEL_HOLD * 2

    def _on_HeroDamaged(self, event: ev.HeroDamaged, animate: bool) -> float:
        hero = self._hero(event.hero)
        hero.hp = event.hp
        crit = event.hero in self.crit_pending
        self.crit_pending.discard(event.hero)
        if not animate:
            return 0.0
        hero.flash = 0.25
        self.label(
            hero,
            f"−{event.amount}" + ("!" if crit else ""),
            GOLD if crit else (255, 240, 235),
            26 if crit else 22,
        )
        return DAMAGE_HOLD

    def _on_HeroIncapacitated(self, event: ev.HeroIncapacitated, animate: bool) -> float:
        hero = self._hero(event.hero)
        hero.out = True
        if not animate:
            hero.alpha = 0.35
            return 0.0
        self.effects.append(Burst(self.centre(hero.pos), (220, 220, 220), 0.5, 34))
        self.label(hero, tr("skirmish.popup.out"), BAD, 20)
        self.motions.append(
            Motion(Tween(DEATH), lambda t: setattr(hero, "alpha", 1 - 0.65 * t), lambda: None)
        )
        return DEATH

    def _on_FatigueChanged(self, event: ev.FatigueChanged, animate: bool) -> float:
        hero = self._hero(event.hero)
        delta, hero.fatigue = event.fatigue - hero.fatigue, event.fatigue
        if animate and delta:
            key = "skirmish.popup.fatigue_up" if delta > 0 else "skirmish.popup.fatigue_down"
            self.label(hero, tr(key, n=abs(delta), total=event.fatigue), (230, 200, 150), 15)
            return LABEL_HOLD * 0.6
        return 0.0

    def _on_AfflictionSuffered(self, event: ev.AfflictionSuffered, animate: bool) -> float:
        if animate:
            self.label(self._hero(event.hero), tr(f"skirmish.affliction.{event.kind}"), BAD, 18)
            return LABEL_HOLD
        return 0.0

    def _on_ItemDropped(self, event: ev.ItemDropped, animate: bool) -> float:
        self.view.items[event.pos] = (*self.view.items.get(event.pos, ()), event.weapon)
        return 0.0

    def _on_BattleEnded(self, event: ev.BattleEnded, animate: bool) -> float:
        self.view.outcome = event
        self.view.acting = None
        return 0.6 if animate else 0.0


def _num(value: Fraction | int) -> str:
    from client.skirmish.sheet import num

    return num(value)
