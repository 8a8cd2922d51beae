"""The actions a player (or AI) can take in a battle: frozen values, imperative names.

A main turn (T-TURN-3) is one of: ``Move`` then optionally ``Attack`` /
``LineAttack`` (or ``Skip`` to end the turn after moving); ``Attack`` or
``LineAttack`` without moving; ``Defend``; ``Skip``. ``Surrender`` ends the battle
(T-TURN-6). ``legal_actions`` enumerates exactly these.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.tactics.setup import Pos


@dataclass(frozen=True, slots=True)
class Move:
    """Move a squad to a sector of its movement zone (T-MOVE-3)."""

    squad: int
    to: Pos


@dataclass(frozen=True, slots=True)
class Attack:
    """Attack the enemy squad or barricade at ``target`` (melee T-ATK-1, shooter T-ATK-2)."""

    squad: int
    target: Pos


@dataclass(frozen=True, slots=True)
class LineAttack:
    """Hit every enemy squad and barricade on the squad's row and column (T-ATK-3)."""

    squad: int


@dataclass(frozen=True, slots=True)
class Defend:
    """Press «Защита»: +25 to both defenses until the squad's next main turn (T-DEF)."""

    squad: int


@dataclass(frozen=True, slots=True)
class Skip:
    """End the squad's main turn without (further) action (T-TURN-3c)."""

    squad: int


@dataclass(frozen=True, slots=True)
class Surrender:
    """Give up the battle (T-TURN-6)."""

    team: int


Action = Move | Attack | LineAttack | Defend | Skip | Surrender
