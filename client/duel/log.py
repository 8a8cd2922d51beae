"""The duel log of the side panel: one translated line per event a player cares about, capped.

Each line says who did what to whom: "You play «Griffin»", "Attack: Griffin → Militia", "Militia loses
4 life (1 left)", "Opponent: morale −3 (now 27)". Russian needs the verb to agree with the subject,
so a line whose subject is the player ("You" / «Вы») has its own key (``*_you``) beside the one for
the opponent or a seat ("Opponent", "Player 2"). Creature names come from the names the scene keeps
(a creature killed in a fight has left the field by the time its lines are written).
"""

from __future__ import annotations

from client import i18n
from client.duel.beats import player_name
from client.duel.cards import card_name
from rules.duel import events as ev
from rules.duel.state import DuelState

LOG_CAP = 200


class DuelLog:
    """The newest ``LOG_CAP`` lines; events come already redacted for the viewer."""

    def __init__(self, seats: bool = False) -> None:
        self.lines: list[str] = []
        self.seats = seats  # name the players "Player 1" / "Player 2" (hot-seat, replays)
        self.held: list[str] = []  # lines written while their pop-ups still play (see ``hold``)

    def add(self, line: str) -> None:
        self.lines.append(line)
        del self.lines[:-LOG_CAP]

    def hold(self, events: list[ev.Event], state: DuelState, names: dict[int, str]) -> None:
        """The lines of ``events``, kept back until :meth:`release`: the log does not tell how a fight
        ended while its pop-ups are still showing it."""
        before = len(self.lines)
        self.add_events(events, state, names)
        self.held.extend(self.lines[before:])
        del self.lines[before:]

    def release(self) -> None:
        for line in self.held:
            self.add(line)
        self.held.clear()

    def _who(self, player: int) -> str:
        return player_name(player, self.seats)

    def _said(self, key: str, player: int, **values: object) -> str:
        """``key`` for ``player`` as the subject: the "you" form for the person against the AI."""
        you = not self.seats and player == 1
        return i18n.tr(
            f"duel.journal.{key}_you" if you else f"duel.journal.{key}", who=self._who(player), **values
        )

    def _name(self, ref: int | None, names: dict[int, str]) -> str:
        """A creature's name, or a hero as "your hero" / "the opponent's hero" / "Player 2's hero"."""
        if ref is None:
            return ""
        if ref < 0:
            if self.seats:
                return i18n.tr("duel.journal.hero_seat", n=-ref)
            return i18n.tr("duel.journal.hero_you" if -ref == 1 else "duel.journal.hero_opponent")
        return names.get(ref, f"#{ref}")

    def add_events(
        self, events: list[ev.Event], state: DuelState, names: dict[int, str] | None = None
    ) -> None:
        cat = state.catalog
        names = names or {}
        for e in events:
            line = self._line(e, cat, names)
            if line:
                self.add(line)

    def _line(self, e: ev.Event, cat, names: dict[int, str]) -> str:
        j = "duel.journal."
        if isinstance(e, ev.TurnStarted):
            return i18n.tr("duel.log_turn", turn=e.turn, who=self._who(e.player))
        if isinstance(e, ev.CreaturePlayed):
            return self._said("played", e.player, card=card_name(cat.card(e.card)))
        if isinstance(e, ev.SpellCast):
            spell = card_name(cat.card(e.card))
            if e.target is None:
                return self._said("cast", e.player, card=spell)
            return self._said("cast_on", e.player, card=spell, target=self._name(e.target, names))
        if isinstance(e, ev.FightStarted):
            return i18n.tr(
                j + "attack", attacker=self._name(e.attacker, names), target=self._name(e.target, names)
            )
        if isinstance(e, ev.EvadeRolled) and e.success:
            return i18n.tr(j + "evade", name=self._name(e.target, names))
        if isinstance(e, ev.StunRolled) and e.success:
            return i18n.tr(j + "stun", name=self._name(e.target, names))
        if isinstance(e, ev.PreemptiveStrike):
            return i18n.tr(j + "first_strike", name=self._name(e.pike, names))
        if isinstance(e, ev.LifeLost):
            return i18n.tr(j + "life", name=self._name(e.target, names), amount=e.amount, life=max(0, e.life))
        if isinstance(e, ev.StatsChanged):
            parts = [
                f"{i18n.tr(f'duel.stat_full.{stat}')} {delta:+d}".replace("-", "−")
                for stat, delta in (
                    ("attack", e.attack_delta),
                    ("defense", e.defense_delta),
                    ("life", e.life_delta),
                )
                if delta
            ]
            return (
                i18n.tr(j + "stats", name=self._name(e.target, names), changes=", ".join(parts))
                if parts
                else ""
            )
        if isinstance(e, ev.MoraleChanged) and e.delta:
            delta = f"{e.delta:+d}".replace("-", "−")
            return i18n.tr(j + "morale", who=self._who(e.player), delta=delta, morale=e.morale)
        if isinstance(e, ev.CreatureDiscarded):
            key = "dismissed" if e.reason == ev.DiscardReason.DISMISSED else "killed"
            return i18n.tr(j + key, card=card_name(cat.card(e.card)))
        if isinstance(e, ev.TurnEnded) and e.reason == ev.TurnEndReason.TIMEOUT:
            return i18n.tr("duel.log_timeout", who=self._who(e.player))
        if isinstance(e, ev.TurnEnded) and e.reason == ev.TurnEndReason.SURRENDER:
            return self._said("surrendered", e.player)
        return ""
