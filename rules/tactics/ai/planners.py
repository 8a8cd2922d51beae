"""The greedy and normal players: pick the best-scoring turn plan (see :mod:`plans`)."""

from __future__ import annotations

import time

from rules.tactics.actions import Action
from rules.tactics.ai.base import decision_rng
from rules.tactics.ai.estimate import Context
from rules.tactics.ai.lookahead import Search, search_plans
from rules.tactics.ai.plans import GREEDY, NORMAL, Weights, all_plans, best_plan
from rules.tactics.view import TacticsView, require_view


class PlanPlayer:
    """Scores every plan of every squad that may act and plays the best one's first action."""

    def __init__(
        self,
        name: str,
        weights: Weights,
        seed: int | str = 0,
        search: Search | None = None,
        seconds: float | None = None,
    ) -> None:
        self.name = name
        self.weights = weights
        self.seed = seed
        self.search = search
        self.seconds = seconds  # wall-clock cap of one search decision (None: the work budget only)

    def choose(self, view: TacticsView) -> Action:
        started = time.perf_counter()
        require_view(view)
        rng = decision_rng(self.seed, view)
        ctx = Context(view, view.active_team)
        if self.search is not None:
            deadline = None if self.seconds is None else started + self.seconds
            plans = all_plans(ctx, self.weights)
            return search_plans(ctx, plans, self.search, rng, deadline).first_action()
        jitter = [rng.randint(0, 999) * 1e-6 for _ in range(16)]  # breaks ties without bias
        return best_plan(ctx, self.weights, jitter).first_action()


# Candidate plans are scored with NORMAL weights (focus fire, the pull of the goal); the
# look-ahead then plays the best of them on clones and keeps the one that leaves the best position,
# less the luck of the sampled dice. Budgets (reply plans scored) bound the slowest decisions on
# the largest maps deterministically. The measured strength of each level and the search variants
# tried are in docs/ai.md.
NORMAL_SEARCH = Search(candidates=8, samples=2, depth=2, budget=8_000)
HARD_SEARCH = Search(candidates=8, samples=4, depth=8, round_end=True, budget=20_000)


def greedy(seed: int | str = 0, seconds: float | None = None) -> PlanPlayer:
    """Best immediate plan by expected value: damage, kills, counterstrike and backstab risk, objects."""
    return PlanPlayer("greedy", GREEDY, seed, seconds=seconds)


def normal(seed: int | str = 0, seconds: float | None = None) -> PlanPlayer:
    """Greedy's plans, checked two replies deep on two samples of the dice (less their luck)."""
    return PlanPlayer("normal", NORMAL, seed, NORMAL_SEARCH, seconds)


def hard(seed: int | str = 0, seconds: float | None = None) -> PlanPlayer:
    """A deeper and better-sampled look-ahead than normal's: the replies to the end of the round, on
    four samples of the dice (less their luck)."""
    return PlanPlayer("hard", NORMAL, seed, HARD_SEARCH, seconds)
