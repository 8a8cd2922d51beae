"""The floor: a uniformly random legal action (never Surrender)."""

from __future__ import annotations

from rules.rng import choose
from rules.skirmish.actions import Action
from rules.skirmish.ai.base import decision_rng
from rules.skirmish.engine import legal_actions
from rules.skirmish.view import SkirmishView, require_view


class RandomPlayer:
    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed

    def choose(self, view: SkirmishView) -> Action:
        actions = legal_actions(require_view(view))[:-1]  # Surrender is last
        return choose(decision_rng(self.seed, view), actions)
