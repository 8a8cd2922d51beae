"""What a player (or AI) can do in a skirmish: frozen values, imperative names.

Within its activation (S-ACT-7) a hero may: declare defensive style first (S-STYLE-6); move,
possibly several times, and pick up items (S-MOVE, S-ACT-9); then take its one action: an
attack (melee, ranged or thrown, S-ACT-1..3, S-ACT-8), a cast (S-SPELL-9/12), the start of a
channelled spell, an ether attack (S-ETHER-5) or binding (S-BIND-5); and end the activation.
Heroes are named by their index in ``state.heroes``; cells are (x, y).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.core.grid import Pos


class AttackKind(StrEnum):
    """How a hit chance is rolled: a weapon in melee, shot from a bow or a crossbow, thrown
    (S-ACT-1..3), or a strike spell that rolls (S-HIT-10, no weapon)."""

    MELEE = "melee"
    BOW = "bow"
    CROSSBOW = "crossbow"
    THROWN = "thrown"
    SPELL = "spell"


class ActionTaken(StrEnum):
    """What a hero did with its one action this activation (S-ACT-8, S-SPELL-12), and what a
    preview is of: an attack (by its :class:`AttackKind` value), a cast, the start of a channelled
    spell, an ether attack, binding, or (previews only) a move."""

    MELEE = "melee"
    BOW = "bow"
    CROSSBOW = "crossbow"
    THROWN = "thrown"
    ATTACK = "attack"  # an attack whose kind the AI's look-ahead does not resolve (ai/expect.py)
    CAST = "cast"
    CHANNEL = "channel"
    ETHER = "ether"
    BIND = "bind"
    MOVE = "move"


RANGED_KINDS = (AttackKind.BOW, AttackKind.CROSSBOW, AttackKind.THROWN)  # ranged and thrown attacks


@dataclass(frozen=True, slots=True)
class Move:
    """Move along the cheapest path to ``to`` (S-MOVE-3/4/6), checking defensive style (S-STYLE-3a)."""

    hero: int
    to: Pos


@dataclass(frozen=True, slots=True)
class PickUp:
    """Pick up a weapon lying in the hero's cell for 1 step (S-ACT-9)."""

    hero: int
    weapon: str


@dataclass(frozen=True, slots=True)
class DeclareStyle:
    """Declare defensive style, blocking ``blocked`` (up to 3 adjacent enemies, S-STYLE-3a/6)."""

    hero: int
    blocked: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Attack:
    """Attack hero ``target`` with ``weapon``: in melee, by throwing it (``thrown``), or by shooting it."""

    hero: int
    target: int
    weapon: str
    thrown: bool = False


@dataclass(frozen=True, slots=True)
class Cast:
    """Cast ``spell`` from the ``origin`` cell at the ``target`` cell (S-SPELL-6); a wall lists ``cells``."""

    hero: int
    spell: str
    target: Pos
    origin: Pos
    cells: tuple[Pos, ...] = ()


@dataclass(frozen=True, slots=True)
class StartChannel:
    """Start channelling an unprepared spell of level 2 or more (S-SPELL-9)."""

    hero: int
    spell: str


@dataclass(frozen=True, slots=True)
class EtherAttack:
    """Attack an enemy mage's mana (S-ETHER-5)."""

    hero: int
    target: int


@dataclass(frozen=True, slots=True)
class Bind:
    """Bind an enemy mage left with 0 mana (S-BIND-5)."""

    hero: int
    target: int


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play one of the side's cards: one per side per round (S-ACT-4; cards are [DATA NEEDED])."""

    hero: int
    card: str


@dataclass(frozen=True, slots=True)
class EndActivation:
    """End the hero's activation; unused steps are lost (S-MOVE-4)."""

    hero: int


@dataclass(frozen=True, slots=True)
class Surrender:
    """Give up the battle (S-END-4)."""

    team: int


Action = (
    Move
    | PickUp
    | DeclareStyle
    | Attack
    | Cast
    | StartChannel
    | EtherAttack
    | Bind
    | PlayCard
    | EndActivation
    | Surrender
)
