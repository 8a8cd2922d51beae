"""The pop-ups of a duel action, one beat per shown rule event, in the order the rules emitted them.

D-UI-1/2: a fight shows the damage and the parry together (one beat per :class:`Rolled`), then the
life lost, then the counterstrike the same way; every number stays up long enough to read
(``BEAT_SECONDS`` at 1x, divided by Settings' speed; instant shows none). While any beat is
queued the turn's countdown is paused (D-OQ-7 / D-TURN-9) and the table takes no input but a
click or key, which hurries the current beat.

The beats between a :class:`FightStarted` and its :class:`FightEnded` carry the :class:`Fight`: both
cards as they were when the fight began (taken by :func:`fighters` before the action is applied,
since a card killed in the fight leaves the field), and each beat the lives as they stand after
it. The scene draws the fight window from them (D-UI-2: it closes when the fight ends).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from client import i18n
from rules.duel import events as ev
from rules.duel.state import DuelState

BEAT_SECONDS = 1.1


@dataclass(frozen=True)
class Fighter:
    """One side of a fight as it began: a creature (``card``) or a hero (``hero``, ``life`` its morale)."""

    ref: int
    owner: int
    card: str | None
    hero: str | None
    attack: int
    defense: int
    life: int


@dataclass(frozen=True)
class Fight:
    """The two cards of the fight window: the attacker on the left, its target on the right."""

    attacker: Fighter
    target: Fighter


@dataclass(frozen=True)
class Beat:
    """One pop-up: its text, where it belongs (a creature uid or -player for a hero) and its kind.

    In a fight: the :class:`Fight`, the strike's phase ("preemptive", "attack", "counter"), for a
    roll its striker with the damage and the parry shown together, and ``lives`` after this beat.
    ``hold`` scales how long it stays up.
    """

    text: str
    at: int
    kind: str
    fight: Fight | None = None
    phase: str = ""
    striker: int = 0
    damage: int | None = None
    parry: int | None = None
    lives: tuple[tuple[int, int], ...] = ()
    hold: float = 1.0

    def life_of(self, ref: int, default: int) -> int:
        return dict(self.lives).get(ref, default)


def fighters(state: DuelState) -> dict[int, Fighter]:
    """Every creature on the field and both heroes as they are now, by reference."""
    out: dict[int, Fighter] = {}
    for side in state.sides:
        hero = side.hero if not isinstance(side.hero, str) else state.catalog.hero(side.hero)
        out[-side.player] = Fighter(
            -side.player, side.player, None, hero.id, hero.attack, hero.defense, side.morale
        )
        for c in side.field:
            out[c.uid] = Fighter(c.uid, side.player, c.card.id, None, c.attack, c.defense, c.life)
    return out


def _name(state: DuelState, ref: int, names: dict[int, str], seats: bool = False) -> str:
    if ref < 0:
        return i18n.tr("duel.hero_of", player=player_name(-ref, seats))
    return names.get(ref, f"#{ref}")


def player_name(player: int, seats: bool = False) -> str:
    """ "You" / "Opponent" against the AI; with ``seats`` (hot-seat, replays) "Player 1" / "Player 2"."""
    if seats:
        return i18n.tr("duel.seat", n=player)
    return i18n.tr("duel.you") if player == 1 else i18n.tr("duel.opponent")


def beats_of(
    events: list[ev.Event],
    state: DuelState,
    names: dict[int, str],
    before: dict[int, Fighter] | None = None,
    seats: bool = False,
) -> list[Beat]:
    """The pop-ups for ``events`` (already redacted for the viewer), in the rules' order; ``before`` is
    :func:`fighters` taken before the action, for the fight window."""
    plain: list[Beat] = []
    fight: Fight | None = None
    lives: dict[int, int] = {}
    phase = ""
    for e in events:
        if isinstance(e, ev.FightStarted) and before and e.attacker in before and e.target in before:
            fight = Fight(before[e.attacker], before[e.target])
            lives = {e.attacker: fight.attacker.life, e.target: fight.target.life}
            plain.append(Beat(i18n.tr("duel.fight.title"), e.target, "fight", hold=0.7))
        elif isinstance(e, ev.FightEnded):
            plain.append(Beat("", 0, "end"))
        elif isinstance(e, ev.Rolled):
            phase = e.phase.value
            plain.append(
                Beat(
                    i18n.tr("duel.pop.rolled", damage=e.damage, parry=e.parry),
                    e.defender,
                    "roll",
                    striker=e.striker,
                    damage=e.damage,
                    parry=e.parry,
                )
            )
        elif isinstance(e, ev.LifeLost):
            lives[e.target] = e.life
            plain.append(Beat(i18n.tr("duel.pop.life_lost", amount=e.amount), e.target, "loss"))
        elif isinstance(e, ev.MoraleChanged) and e.delta < 0 and -e.player in lives:
            lives[-e.player] = e.morale
            plain.append(Beat(i18n.tr("duel.pop.morale", delta=e.delta), -e.player, "morale"))
        else:
            plain.extend(_other_beats([e], state, names, seats))
        # every beat so far of this fight gets the fight, its phase and the lives after it
        last = plain[-1] if plain else None
        if last is not None and fight is not None and last.fight is None and last.kind != "end":
            plain[-1] = _in_fight(last, fight, phase, lives)
        if isinstance(e, ev.FightEnded):
            fight, lives, phase = None, {}, ""
    return [b for b in plain if b.kind != "end"]


def _in_fight(beat: Beat, fight: Fight, phase: str, lives: dict[int, int]) -> Beat:
    from dataclasses import replace

    return replace(beat, fight=fight, phase=phase, lives=tuple(sorted(lives.items())))


def _other_beats(
    events: list[ev.Event], state: DuelState, names: dict[int, str], seats: bool = False
) -> list[Beat]:
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
            out.append(
                Beat(i18n.tr("duel.pop.discarded", name=_name(state, e.uid, names, seats)), e.uid, "death")
            )
        elif isinstance(e, ev.SpellCast):  # the magic shown on its target (the caster's hero: a mass effect)
            from client.duel.cards import card_name

            at = e.target if e.target is not None else -e.player
            out.append(Beat(card_name(state.catalog.card(e.card)), at, "spell", hold=0.8))
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
        if self.elapsed >= BEAT_SECONDS * self.queue[0].hold:
            self.hurry()
