"""The actions of a duel turn: frozen values, imperative names (D-TURN-1: any order within a turn).

Card references follow :mod:`rules.duel.state`: a creature's ``uid`` (>= 1) or ``-player`` for a
hero. ``legal_actions`` enumerates every action but :class:`TimeOut`, which only the client sends,
with its clock reading, when the 60-second countdown has run out (D-TURN-8).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class PlayCreature:
    """Pay the entry cost and put a creature card from the hand onto the field (D-RES-2, D-TURN-2)."""

    card: str


@dataclass(frozen=True, slots=True)
class CastSpell:
    """Pay the mana and play a magic card at once (D-TURN-4, D-MAGIC-1).

    ``target``: a creature uid or a hero reference; None for a mass effect.
    """

    card: str
    target: int | None


@dataclass(frozen=True, slots=True)
class Attack:
    """Start a fight: creature ``attacker`` against an enemy creature or the enemy hero (§6, D-TARGET-2)."""

    attacker: int
    target: int


@dataclass(frozen=True, slots=True)
class Dismiss:
    """Send one of one's own creatures from the field to the discard (D-TURN-14 [REC])."""

    creature: int


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Press «конец хода» (D-TURN-10)."""


@dataclass(frozen=True, slots=True)
class TimeOut:
    """The countdown reached 0 (D-TURN-8): legal once ``now_ms`` is at or past the turn's deadline."""

    now_ms: int


@dataclass(frozen=True, slots=True)
class Surrender:
    """Press «сдаться» (D-TURN-10, D-WIN-2); enabled only after 5 turns each (D-TURN-11)."""

    player: int


Action = PlayCreature | CastSpell | Attack | Dismiss | EndTurn | TimeOut | Surrender
