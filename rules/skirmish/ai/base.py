"""What every skirmish AI shares: the player protocol over the side's view, and per-decision dice.

P-AI-1: an AI sees what a human in its seat sees: a :class:`~rules.skirmish.view.SkirmishView`,
its own copy to plan on. The skirmish hides nothing but the future dice, and those stay hidden:
an AI never touches the battle's Rng. Each decision draws from its own generator, seeded by the
AI's seed and the view, so the same view and seed always give the same action.
"""

from __future__ import annotations

from rules.core.players import Player as CorePlayer
from rules.core.players import decision_rng as core_decision_rng
from rules.rng import SeededRng
from rules.skirmish.actions import Action
from rules.skirmish.state import SkirmishState
from rules.skirmish.view import SkirmishView

Player = CorePlayer[SkirmishView, Action]


def decision_rng(seed: int | str, seen: SkirmishState, salt: str = "") -> SeededRng:
    """A generator that depends only on the AI's seed and the view (stable across processes)."""
    return core_decision_rng(seed, seen.fingerprint(), salt)
