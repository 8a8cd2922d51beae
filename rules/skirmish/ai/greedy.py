"""The greedy player (the best plan of the acting hero by immediate expected value and position) and
the two levels below it made from its plans: casual (slips among its best plans) and novice (slips
and a beginner's judgement of cells)."""

from __future__ import annotations

from rules.skirmish.actions import Action
from rules.skirmish.ai.base import decision_rng
from rules.skirmish.ai.plans import GREEDY, Planner, Weights, legal_first
from rules.skirmish.ai.tuning import TUNING
from rules.skirmish.view import SkirmishView, require_view

_LEVELS = TUNING.levels  # rules/data/skirmish_ai.toml [levels]


def _tied(best: float) -> float:
    return 1e-9  # plans this close to the best are tied


class GreedyPlayer:
    """The acting hero's best plan. Unmoved, it first values what it can do where it stands; when
    that is worth at least what any option on any cell it could reach is (``Bounds.anywhere``),
    it acts there without weighing the cells, else it weighs them all (``plans_near_best``)."""

    name = "greedy"

    def __init__(self, seed: int | str = 0, weights: Weights = GREEDY) -> None:
        self.seed = seed
        self.weights = weights

    def choose(self, view: SkirmishView) -> Action:
        state = require_view(view)  # P-AI-1: its own copy; nothing is hidden but the dice
        act = state.act
        assert act is not None
        planner = Planner(view, self.weights)
        if act.cells:  # it has walked: it acts where it stands (its plan chose this cell for that)
            tied = planner.plans_where_it_stands(_tied)
        else:
            tied = planner.plans_near_best(_tied, stand_when_best=True)  # every plan as good as the best
        here = state.heroes[act.hero].pos
        tied = [p for p in tied if p.dest == here] or tied  # staying wins a tie
        pick = tied[decision_rng(self.seed, state).randint(0, len(tied) - 1)] if len(tied) > 1 else tied[0]
        return legal_first(state, pick)


class CasualPlayer(GreedyPlayer):
    """Greedy's plans, but now and then a good one that is not the best.

    It picks at random among its ``AMONG`` best plans whose value is within ``MARGIN`` of the
    best's (at least ``FLOOR``), so a clearly best plan (every other worth under 40% of it and at
    least ``FLOOR`` less, such as a sure kill) is never passed over. The best plans are mostly one
    action from neighbouring cells, so only a wide pick reaches other actions. The knobs are in
    rules/data/skirmish_ai.toml [levels] (docs/ai.md, "Level ladder").
    """

    name = "casual"
    AMONG, MARGIN, FLOOR = _LEVELS.casual_among, _LEVELS.casual_margin, _LEVELS.casual_floor

    def _margin(self, best: float) -> float:
        """How far below the best plan a slip may go (its line rises with the best: see plans_near_best)."""
        return max(self.FLOOR, self.MARGIN * abs(best))

    def choose(self, view: SkirmishView) -> Action:
        state = require_view(view)
        plans = Planner(view, self.weights).plans_near_best(self._margin)  # best first
        close = plans[: self.AMONG]
        pick = close[decision_rng(self.seed, state, "casual").randint(0, len(close) - 1)]
        return legal_first(state, pick)


class NovicePlayer(CasualPlayer):
    """Casual's slips, wider: among more of its best plans and, in quiet positions (small values),
    a wider band of them (``FLOOR``). A plan far better than the rest, such as a sure kill, still
    leaves the others outside ``MARGIN`` and is taken: mistakes of judgement, not random moves."""

    name = "novice"
    AMONG, MARGIN, FLOOR = _LEVELS.novice_among, _LEVELS.novice_margin, _LEVELS.novice_floor
