"""The pop-ups of a duel action, one beat per shown rule event, in the order the rules emitted them.

D-UI-1/2: a fight shows the damage and the parry together (one beat per :class:`Rolled`), then the
life lost, then the counterstrike the same way; every number stays up long enough to read
(``BEAT_SECONDS`` at 1x, divided by Settings' speed; instant shows none). While any beat is
queued the turn's countdown is paused (D-OQ-7 / D-TURN-9) and the table takes no input but a
click or key, which hurries the current beat.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from client import i18n
from rules.duel import events as ev
from rules.duel.state import DuelState

BEAT_SECONDS = 1.1


@dataclass(frozen=True)
class Beat:
    """One pop-up: its text, where it belongs (a creature uid or -player for a hero) and its kind."""

    text: str
    at: int
    kind: str


def _name(state: DuelState, ref: int, names: dict[int, str]) -> str:
    if ref < 0:
        return i18n.tr("duel.hero_of", player=player_name(-ref))
    return names.get(ref, f"#{ref}")


def player_name(player: int) -> str:
    return i18n.tr("duel.you") if player == 1 else i18n.tr("duel.opponent")


def beats_of(events: list[ev.Event], state: DuelState, names: dict[int, str]) -> list[Beat]:
    """The pop-ups for ``events`` (already redacted for the viewer), in the rules' order."""
    out: list[Beat] = []
    for e in events:
        if isinstance(e, ev.Rolled):
            out.append(Beat(i18n.tr("duel.pop.rolled", damage=e.damage, parry=e.parry), e.defender, "roll"))
        elif isinstance(e, ev.LifeLost):
            out.append(Beat(i18n.tr("duel.pop.life_lost", amount=e.amount), e.target, "loss"))
        elif isinstance(e, ev.EvadeRolled) and e.success:
            out.append(Beat(i18n.tr("duel.pop.evade"), e.target, "evade"))
        elif isinstance(e, ev.StunRolled) and e.success:
            out.append(Beat(i18n.tr("duel.pop.stun"), e.target, "stun"))
        elif isinstance(e, ev.PreemptiveStrike):
            out.append(Beat(i18n.tr("duel.pop.first_strike"), e.pike, "first"))
        elif isinstance(e, ev.MoraleChanged) and e.delta < 0:
            out.append(Beat(i18n.tr("duel.pop.morale", delta=e.delta), -e.player, "morale"))
        elif isinstance(e, ev.CreatureDiscarded):
            out.append(Beat(i18n.tr("duel.pop.discarded", name=_name(state, e.uid, names)), e.uid, "death"))
        elif isinstance(e, ev.StatsChanged):
            out.append(
                Beat(
                    i18n.tr("duel.pop.stats", a=e.attack_delta, d=e.defense_delta, l=e.life_delta),
                    e.target,
                    "magic",
                )
            )
    return out


class BeatQueue:
    """The pop-ups still to show; ``tick`` advances by real seconds scaled by the speed."""

    def __init__(self) -> None:
        self.queue: deque[Beat] = deque()
        self.elapsed = 0.0
        self.shown: list[Beat] = []  # every beat ever shown, in order (tests check the order)

    def extend(self, beats: list[Beat], speed: float) -> None:
        if speed <= 0:  # instant: recorded as shown, nothing waits
            self.shown.extend(beats)
            return
        self.queue.extend(beats)

    @property
    def busy(self) -> bool:
        return bool(self.queue)

    @property
    def current(self) -> Beat | None:
        return self.queue[0] if self.queue else None

    def hurry(self) -> None:
        """A click or key: the current beat ends now."""
        if self.queue:
            self.shown.append(self.queue.popleft())
            self.elapsed = 0.0

    def tick(self, dt: float, speed: float) -> None:
        if not self.queue:
            return
        self.elapsed += dt * max(speed, 0.01)
        if self.elapsed >= BEAT_SECONDS:
            self.hurry()
