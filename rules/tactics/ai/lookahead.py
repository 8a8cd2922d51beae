"""Look ahead past one's own turn: play candidate plans on clones and judge the position they leave.

A plan's 1-ply score says what the squad gains now; it cannot see that the squad walked
into the enemy's reach, or that killing a squad also removed its reply. So the search
plays each shortlisted plan on clones of the view with sampled dice (never the battle's
dice; the same dice for every candidate), lets both sides answer with their greedy best
plans for a few turns, and scores the result with :func:`rules.tactics.ai.evaluate.evaluate`.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.rng import Rng, SeededRng
from rules.tactics.ai.estimate import Context
from rules.tactics.ai.evaluate import evaluate
from rules.tactics.ai.plans import GREEDY, Plan, Weights, all_plans
from rules.tactics.engine import apply, check
from rules.tactics.state import BattleState


@dataclass(frozen=True, slots=True)
class Search:
    """How far and how wide to look: candidates kept, dice samples per candidate, plies of replies."""

    candidates: int
    samples: int
    depth: int  # replies played after the plan (1: the enemy's; 2: and ours ...)
    replies: Weights = GREEDY  # how both sides are assumed to answer
    # Most reply plans scored per decision (0: no limit). It counts work, not time, so the
    # choice stays the same for the same state and seed on any machine.
    budget: int = 0


def play_plan(state: BattleState, plan: Plan, rng: Rng) -> None:
    """Apply a plan's actions to ``state`` (the finish only if it is still legal after the move)."""
    apply(state, plan.first_action(), rng)
    if plan.move is not None and state.current == plan.squad and check(state, plan.finish) is None:
        apply(state, plan.finish, rng)


def follow_up(
    state: BattleState,
    team: int,
    plies: int,
    rng: Rng,
    replies: Weights = GREEDY,
    work: list[int] | None = None,
) -> float:
    """Let both sides answer with their best 1-ply plans for ``plies`` turns, then evaluate for ``team``.

    ``work[0]`` is increased by the number of reply plans scored.
    """
    for _ in range(plies):
        if state.outcome is not None:
            break
        plans = all_plans(Context(state, state.active_team), replies)
        if work is not None:
            work[0] += len(plans)
        play_plan(state, max(plans, key=lambda plan: plan.score), rng)
    return evaluate(state, team)


def shortlist_plans(plans: list[Plan], size: int) -> list[Plan]:
    """The best plans to search: each squad's best two first (so no squad is ruled out by the
    rough 1-ply score alone), then the best of the rest, up to ``size``."""
    ranked = sorted(plans, key=lambda plan: plan.score, reverse=True)
    per_squad: dict[int, int] = {}
    chosen = []
    for plan in ranked:
        if per_squad.get(plan.squad, 0) < 2:
            per_squad[plan.squad] = per_squad.get(plan.squad, 0) + 1
            chosen.append(plan)
    chosen = sorted(chosen, key=lambda plan: plan.score, reverse=True)[:size]
    chosen += [plan for plan in ranked if plan not in chosen][: max(0, size - len(chosen))]
    return chosen


def search_plans(ctx: Context, plans: list[Plan], search: Search, rng: Rng) -> Plan:
    """The plan whose own score plus the replies it leaves, averaged over sampled dice, is best."""
    team = ctx.state.active_team
    shortlist = shortlist_plans(plans, search.candidates)
    # Common random numbers: sample i uses the same dice for every candidate, so candidates are
    # compared on the same luck and the choice is not steered by who happened to roll well.
    seeds = [rng.randint(0, 2**31) for _ in range(search.samples)]
    best, best_value = shortlist[0], float("-inf")
    work = [0]
    for plan in shortlist:
        if search.budget and work[0] >= search.budget:
            break  # candidates come best-first: the rest are the least promising
        total = 0.0
        for seed in seeds:
            dice = SeededRng(seed)
            sim = ctx.state.clone()
            play_plan(sim, plan, dice)
            total += follow_up(sim, team, search.depth, dice, search.replies, work)
        value = total / search.samples
        if value > best_value:
            best, best_value = plan, value
    return best
