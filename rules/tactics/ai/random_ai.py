"""The floor: a uniformly random legal action (never Surrender)."""

from __future__ import annotations

from rules.tactics.actions import Action
from rules.tactics.ai.base import decision_rng
from rules.tactics.sampling import random_action
from rules.tactics.view import TacticsView, require_view


class RandomPlayer:
    name = "random"

    def __init__(self, seed: int | str = 0, seconds: float | None = None) -> None:
        self.seed = seed  # ``seconds`` is accepted like every AI's; a random choice takes none

    def choose(self, view: TacticsView) -> Action:
        return random_action(view, decision_rng(self.seed, require_view(view)))
