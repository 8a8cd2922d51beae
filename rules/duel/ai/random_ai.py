"""The weakest duel AI: a uniformly random legal action (never Surrender)."""

from __future__ import annotations

from rules.duel.actions import Action
from rules.duel.ai.base import Budget, actions_from_view
from rules.duel.view import DuelView
from rules.rng import Rng, choose


class RandomAI:
    """Picks uniformly among the viewer's legal actions except Surrender."""

    name = "random"

    def decide(self, view: DuelView, rng: Rng, budget: Budget) -> Action:
        return choose(rng, actions_from_view(view))
