"""Events: frozen, past-tense records of every change ``apply`` makes, in the order a screen shows them.

Each carries the numbers to show (D-UI-1): the damage and parry of a strike come together in one
:class:`Rolled`, and the life it costs follows as :class:`LifeLost` (or :class:`MoraleChanged` for
a hero). Card references are creature uids or ``-player`` for a hero (:mod:`rules.duel.state`).
Resource tuples follow :data:`rules.duel.catalog_types.RESOURCES`. :func:`redact` hides the cards the
other player drew, for that player's eyes.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

Amounts = tuple[int, ...]


class LossSource(StrEnum):
    """What took a creature's life: a strike of a fight, by its phase (see :class:`Rolled`), or magic."""

    PREEMPTIVE = "preemptive"  # a Pike's strike at an attacking Cavalry (D-TYPE-1)
    ATTACK = "attack"
    COUNTER = "counter"  # D-COMBAT-10
    SPELL = "spell"  # D-MAGIC-2/3


class MoraleReason(StrEnum):
    """Why a hero's morale changed (:class:`MoraleChanged`)."""

    FIGHT = "fight"  # D-HERO-5: a strike at the hero
    SPELL = "spell"  # D-MAGIC-2 / D-MAGIC-6
    SCARY = "scary"  # D-TYPE-8: a Scary creature's attack
    SCARY_DEATH = "scary_death"  # D-TYPE-8: a Scary creature died


class DiscardReason(StrEnum):
    """Why a creature left the field (:class:`CreatureDiscarded`, D-DECK-5)."""

    KILLED = "killed"
    DISMISSED = "dismissed"  # D-TURN-14


class TurnEndReason(StrEnum):
    """How a turn ended (:class:`TurnEnded`, D-TURN-8, D-TURN-10)."""

    END_TURN = "end_turn"
    TIMEOUT = "timeout"
    SURRENDER = "surrender"


@dataclass(frozen=True, slots=True)
class DuelStarted:
    heroes: tuple[str, str]
    morale: tuple[int, int]  # D-HERO-3
    mana: tuple[int, int]  # D-RES-4
    deck_sizes: tuple[int, int]


@dataclass(frozen=True, slots=True)
class InitiativeRolled:
    """One throw of both d8s (D-ORDER-1); ``tactics`` are the net levels in force (D-ORDER-3)."""

    rolls: tuple[int, int]
    tactics: tuple[int, int]


@dataclass(frozen=True, slots=True)
class FirstPlayerChosen:
    player: int


@dataclass(frozen=True, slots=True)
class CardsDrawn:
    """Cards dealt to ``player`` (D-DECK-2/3); ``cards`` are None in the other player's copy."""

    player: int
    cards: tuple[str | None, ...]
    hand_size: int
    deck_size: int


@dataclass(frozen=True, slots=True)
class TurnStarted:
    """The banner of D-TURN-7: ``player``'s ``turn``-th turn, ``seconds`` on the countdown."""

    player: int
    turn: int
    seconds: int


@dataclass(frozen=True, slots=True)
class ResourcesGained:
    """D-RES-5 / D-RES-6: this turn's income and the new totals."""

    player: int
    gained: Amounts
    totals: Amounts


@dataclass(frozen=True, slots=True)
class CreaturePlayed:
    """A creature card entered the field (D-RES-2); ``ready`` if it may attack at once (D-TURN-3)."""

    player: int
    card: str
    uid: int
    paid: Amounts
    resources: Amounts
    ready: bool


@dataclass(frozen=True, slots=True)
class SpellCast:
    """A magic card was played and went to the discard (D-TURN-4); ``target`` None for a mass effect."""

    player: int
    card: str
    target: int | None
    paid: Amounts
    resources: Amounts


@dataclass(frozen=True, slots=True)
class FightStarted:
    """The pop-up opens (D-COMBAT-4): ``attacker`` (a uid) against ``target``."""

    player: int
    attacker: int
    target: int


@dataclass(frozen=True, slots=True)
class PreemptiveStrike:
    """A Pike strikes an attacking Cavalry before its attack phase (D-TYPE-1)."""

    pike: int
    cavalry: int


@dataclass(frozen=True, slots=True)
class EvadeRolled:
    """A Foot target's chance to avoid a Flying attacker (D-TYPE-7)."""

    target: int
    attacker: int
    chance_pct: int
    roll: int | None
    success: bool


@dataclass(frozen=True, slots=True)
class Rolled:
    """The damage and parry pair of one strike, shown together (D-UI-1).

    ``phase``: a :class:`LossSource` other than SPELL (attack, counter, preemptive).
    """

    striker: int
    defender: int
    phase: LossSource
    damage: int
    parry: int


@dataclass(frozen=True, slots=True)
class LifeLost:
    """A creature lost ``amount`` life (> 0), leaving ``life`` (<= 0 means it dies next)."""

    target: int
    amount: int
    life: int
    source: LossSource


@dataclass(frozen=True, slots=True)
class StunRolled:
    """A Mace attacker's stun chance (D-TYPE-4); success cancels the counterattack."""

    attacker: int
    target: int
    chance_pct: int
    roll: int | None
    success: bool


@dataclass(frozen=True, slots=True)
class MoraleChanged:
    """A hero's morale changed (for a :class:`MoraleReason`), capped by D-HERO-7."""

    player: int
    delta: int
    morale: int
    reason: MoraleReason


@dataclass(frozen=True, slots=True)
class StatsChanged:
    """Magic changed a creature's stats (D-MAGIC-3); deltas and the new values."""

    target: int
    attack_delta: int
    defense_delta: int
    life_delta: int
    attack: int
    defense: int
    life: int


@dataclass(frozen=True, slots=True)
class CreatureDiscarded:
    """A creature left the field for the discard (D-DECK-5), for a :class:`DiscardReason`."""

    player: int
    uid: int
    card: str
    reason: DiscardReason


@dataclass(frozen=True, slots=True)
class FightEnded:
    """The pop-up closes (D-UI-2)."""

    attacker: int
    target: int


@dataclass(frozen=True, slots=True)
class TurnEnded:
    """The turn's end, for a :class:`TurnEndReason` (D-TURN-8, D-TURN-10)."""

    player: int
    reason: TurnEndReason


@dataclass(frozen=True, slots=True)
class DuelEnded:
    """Victory (D-WIN): ``winner`` None is a draw; ``reason`` a :class:`~rules.duel.state.EndReason`."""

    winner: int | None
    reason: str
    morale: tuple[int, int]


Event = (
    DuelStarted
    | InitiativeRolled
    | FirstPlayerChosen
    | CardsDrawn
    | TurnStarted
    | ResourcesGained
    | CreaturePlayed
    | SpellCast
    | FightStarted
    | PreemptiveStrike
    | EvadeRolled
    | Rolled
    | LifeLost
    | StunRolled
    | MoraleChanged
    | StatsChanged
    | CreatureDiscarded
    | FightEnded
    | TurnEnded
    | DuelEnded
)


def redact(event: Event, viewer: int) -> Event:
    """The event as ``viewer`` may see it: the other player's drawn cards become None."""
    if isinstance(event, CardsDrawn) and event.player != viewer:
        return replace(event, cards=(None,) * len(event.cards))
    return event


def redact_all(events: list[Event], viewer: int) -> list[Event]:
    return [redact(e, viewer) for e in events]
