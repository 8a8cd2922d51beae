"""The floor: a uniformly random legal action (never Surrender)."""

from __future__ import annotations

from rules.tactics.actions import Action
from rules.tactics.ai.base import decision_rng, player_view
from rules.tactics.sampling import random_action
from rules.tactics.state import BattleState


class RandomPlayer:
    name = "random"

    def __init__(self, seed: int | str = 0, seconds: float | None = None) -> None:
        self.seed = seed  # ``seconds`` is accepted like every AI's; a random choice takes none

    def choose(self, state: BattleState) -> Action:
        view = player_view(state, state.active_team)
        return random_action(view, decision_rng(self.seed, view))
