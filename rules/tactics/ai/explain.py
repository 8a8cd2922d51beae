"""The tactical AIs' explanations: their top three plans with the figures they were scored by.

The figures come from the decision itself: the planner's notes (:data:`rules.tactics.ai.plans.Notes`,
recorded while each plan was scored) and, for a searching player, each candidate's mean value
after the look-ahead. Nothing is recomputed here; this module only picks and orders.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.explain import MAX_CANDIDATES, Candidate, Explanation, rounded_figures
from rules.tactics.actions import Action, Move
from rules.tactics.ai.plans import Notes, Plan

# The order figures are shown in (those a plan does not have are left out).
FIGURE_ORDER = ("dealt_hp", "kills", "kill_chance", "taken_hp", "counter_chance", "saved_hp", "objective")


def plan_steps(plan: Plan) -> tuple[Action, ...]:
    """The plan's actions in order: the move, if any, then its finish."""
    return (Move(plan.squad, plan.move), plan.finish) if plan.move is not None else (plan.finish,)


def _candidate(plan: Plan, notes: Notes, extra: Sequence[tuple[str, float]]) -> Candidate:
    recorded = notes.get((plan.squad, plan.move, plan.finish), {})
    figures = [(name, recorded[name]) for name in FIGURE_ORDER if name in recorded]
    return Candidate(plan_steps(plan), rounded_figures([*figures, ("score", plan.score), *extra]))


def explain_ranked(player: str, ranked: Sequence[Plan], notes: Notes, chosen: Plan) -> Explanation:
    """A 1-ply player's explanation: its best plans by score (``ranked``, best first)."""
    top = list(ranked[:MAX_CANDIDATES])
    if chosen not in top:
        top[-1] = chosen
    candidates = tuple(_candidate(plan, notes, ()) for plan in top)
    return Explanation(player, "score", candidates, top.index(chosen))


def explain_searched(
    player: str, searched: Sequence[tuple[Plan, float]], notes: Notes, chosen: Plan
) -> Explanation:
    """A searching player's explanation: the candidates it played out, best first by their value."""
    ranked = sorted(searched, key=lambda item: item[1], reverse=True)[:MAX_CANDIDATES]
    plans = [plan for plan, _ in ranked]
    if chosen not in plans:  # cannot happen: the chosen plan is the best searched one
        raise ValueError("the chosen plan was not among those searched")
    candidates = tuple(_candidate(plan, notes, [("searched", value)]) for plan, value in ranked)
    return Explanation(player, "searched", candidates, plans.index(chosen))
