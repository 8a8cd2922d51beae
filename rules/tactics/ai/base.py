"""What every tactical AI shares: the player protocol over the team's view, and per-decision dice.

P-AI-1: an AI sees what a human in its seat sees. It is handed a
:class:`~rules.tactics.view.TacticsView` (hidden traps removed) and decides on it; it cannot be
handed the true state by mistake (:func:`~rules.tactics.view.require_view`). Dice are never
shared with the battle: each decision draws from its own generator, seeded by the AI's seed and
the view, so the same view and seed always give the same action.
"""

from __future__ import annotations

from rules.core.players import Player as CorePlayer
from rules.core.players import decision_rng as core_decision_rng
from rules.rng import SeededRng
from rules.tactics.actions import Action
from rules.tactics.state import BattleState
from rules.tactics.view import TacticsView

Player = CorePlayer[TacticsView, Action]


def decision_rng(seed: int | str, seen: BattleState, salt: str = "") -> SeededRng:
    """A generator that depends only on the AI's seed and the view (stable across processes)."""
    return core_decision_rng(seed, seen.fingerprint(), salt)
