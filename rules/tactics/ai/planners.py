"""The planning players: pick the best-scoring turn plan (see :mod:`plans`), or search the best few.

Each may explain its decision (``explain = True``): ``last_explanation`` then holds its top three
plans with the figures it scored them by (:mod:`rules.tactics.ai.explain`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from rules.core.explain import Explanation
from rules.rng import Rng
from rules.tactics.actions import Action
from rules.tactics.ai.base import decision_rng
from rules.tactics.ai.estimate import Context
from rules.tactics.ai.explain import explain_ranked, explain_searched
from rules.tactics.ai.goals import WIN
from rules.tactics.ai.lookahead import Search, search_plans
from rules.tactics.ai.plans import GREEDY, NORMAL, Notes, Plan, Weights, all_plans, rank_plans
from rules.tactics.view import TacticsView, require_view


@dataclass(frozen=True, slots=True)
class Slips:
    """A human-like player's mistakes: now and then it plays a good plan that is not the best.

    It picks at random among its ``among`` best plans whose score is within ``margin`` of the best
    (a share of the best's size, at least ``floor``). A plan that wins the battle outright (a last
    flag, a last exit, the enemy's last squad) and a best plan that surely destroys a squad (a
    free kill) are never passed over.
    """

    among: int
    margin: float
    floor: float
    sure_kill: float  # a plan that destroys a squad at least this surely is never passed over


class PlanPlayer:
    """Scores every plan of every squad that may act and plays the best one's first action."""

    def __init__(
        self,
        name: str,
        weights: Weights,
        seed: int | str = 0,
        search: Search | None = None,
        seconds: float | None = None,
        slips: Slips | None = None,
    ) -> None:
        self.name = name
        self.weights = weights
        self.seed = seed
        self.search = search
        self.seconds = seconds  # wall-clock cap of one search decision (None: the work budget only)
        self.slips = slips
        self.explain = False  # record last_explanation at each decision (rules.core.explain)
        self.last_explanation: Explanation | None = None

    def choose(self, view: TacticsView) -> Action:
        started = time.perf_counter()
        require_view(view)
        rng = decision_rng(self.seed, view)
        ctx = Context(view, view.active_team)
        notes: Notes | None = {} if self.explain or self.slips else None
        plans = all_plans(ctx, self.weights, notes)
        if self.search is not None:
            deadline = None if self.seconds is None else started + self.seconds
            searched: list[tuple[Plan, float]] | None = [] if self.explain else None
            plan = search_plans(ctx, plans, self.search, rng, deadline, searched)
            if notes is not None and searched is not None:
                self.last_explanation = explain_searched(self.name, searched, notes, plan)
            return plan.first_action()
        jitter = [rng.randint(0, 999) * 1e-6 for _ in range(16)]  # breaks ties without bias
        ranked = rank_plans(plans, jitter)
        plan = ranked[0] if self.slips is None or notes is None else slip(ranked, self.slips, rng, notes)
        if notes is not None and self.explain:
            self.last_explanation = explain_ranked(self.name, ranked, notes, plan)
        return plan.first_action()


def slip(ranked: list[Plan], slips: Slips, rng: Rng, notes: Notes) -> Plan:
    """A random one of the best plans close to the best (``ranked`` best first); see :class:`Slips`."""
    best = ranked[0]
    if best.score >= WIN / 2 or _sure_kill(best, notes, slips):
        return best
    margin = max(slips.floor, slips.margin * abs(best.score))
    close = [plan for plan in ranked[: slips.among] if plan.score >= best.score - margin]
    return close[rng.randint(0, len(close) - 1)]


def _sure_kill(plan: Plan, notes: Notes, slips: Slips) -> bool:
    return notes.get((plan.squad, plan.move, plan.finish), {}).get("kill_chance", 0.0) >= slips.sure_kill


# Candidate plans are scored with NORMAL weights (focus fire, the pull of the goal); the
# look-ahead then plays the best of them on clones and keeps the one that leaves the best position,
# less the luck of the sampled dice. Budgets (reply plans scored) bound the slowest decisions on
# the largest maps deterministically. The measured strength of each level and the search variants
# tried are in docs/ai.md.
LOOKAHEAD_SEARCH = Search(candidates=8, samples=2, depth=2, budget=8_000)
DEEP_SEARCH = Search(candidates=8, samples=4, depth=8, round_end=True, budget=20_000)
CASUAL_SLIPS = Slips(among=5, margin=1.5, floor=30.0, sure_kill=0.9)


def casual(seed: int | str = 0, seconds: float | None = None) -> PlanPlayer:
    """Greedy's plans, but now and then a good one that is not the best (see :class:`Slips`)."""
    return PlanPlayer("casual", GREEDY, seed, seconds=seconds, slips=CASUAL_SLIPS)


def greedy(seed: int | str = 0, seconds: float | None = None) -> PlanPlayer:
    """Best immediate plan by expected value: damage, kills, counterstrike and backstab risk, objects."""
    return PlanPlayer("greedy", GREEDY, seed, seconds=seconds)


def lookahead(seed: int | str = 0, seconds: float | None = None) -> PlanPlayer:
    """Greedy's plans, checked two replies deep on two samples of the dice (less their luck)."""
    return PlanPlayer("lookahead", NORMAL, seed, LOOKAHEAD_SEARCH, seconds)


def deep(seed: int | str = 0, seconds: float | None = None) -> PlanPlayer:
    """A deeper and better-sampled look-ahead than lookahead's: the replies to the end of the round,
    on four samples of the dice (less their luck). Measured no stronger (docs/ai.md)."""
    return PlanPlayer("deep", NORMAL, seed, DEEP_SEARCH, seconds)
