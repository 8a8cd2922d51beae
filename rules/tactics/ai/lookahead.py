"""Look ahead past one's own turn: play candidate plans on clones and judge the position they leave.

A plan's 1-ply score says what the squad gains now; it cannot see that the squad walked
into the enemy's reach, or that killing a squad also removed its reply. So the search
plays each shortlisted plan on clones of the view with sampled dice (never the battle's
dice; the same dice for every candidate), lets both sides answer with their greedy best
plans for a few turns (or to the end of the round), and scores the result with
:func:`rules.tactics.ai.evaluate.evaluate`, less the luck of the sampled dice
(:mod:`rules.tactics.ai.luck`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from rules.rng import Rng, SeededRng
from rules.tactics.ai.estimate import Context
from rules.tactics.ai.evaluate import evaluate
from rules.tactics.ai.luck import apply_counting_luck
from rules.tactics.ai.plans import GREEDY, Plan, Weights, all_plans
from rules.tactics.engine import check
from rules.tactics.state import BattleState


@dataclass(frozen=True, slots=True)
class Search:
    """How far and how wide to look: candidates kept, dice samples per candidate, plies of replies."""

    candidates: int
    samples: int
    depth: int  # most replies played after the plan (1: the enemy's; 2: and ours ...)
    round_end: bool = False  # also stop when the round ends (every squad has had its turn)
    replies: Weights = GREEDY  # how both sides are assumed to answer
    luck: bool = True  # subtract the sampled dice's luck from each sample (rules.tactics.ai.luck)
    # Most reply plans scored per decision (0: no limit). It counts work, not time, so the
    # choice stays the same for the same state and seed on any machine.
    budget: int = 0


def play_plan(state: BattleState, plan: Plan, rng: Rng, me: int) -> float:
    """Apply a plan's actions to ``state`` (the finish only if it is still legal after the move).

    Returns the luck of their dice for team ``me`` (see :func:`apply_counting_luck`).
    """
    luck = apply_counting_luck(state, plan.first_action(), rng, me)
    if plan.move is not None and state.current == plan.squad and check(state, plan.finish) is None:
        luck += apply_counting_luck(state, plan.finish, rng, me)
    return luck


def follow_up(state: BattleState, team: int, search: Search, rng: Rng, work: list[int]) -> float:
    """Let both sides answer with their best 1-ply plans; return the luck of their dice for ``team``.

    Replies stop after ``search.depth`` plies, at the end of the battle, and with
    ``search.round_end`` when the round ends. ``work[0]`` grows by the reply plans scored.
    """
    luck = 0.0
    round_no = state.round_no
    for _ in range(search.depth):
        if state.outcome is not None or (search.round_end and state.round_no != round_no):
            break
        plans = all_plans(Context(state, state.active_team), search.replies)
        work[0] += len(plans)
        luck += play_plan(state, max(plans, key=lambda plan: plan.score), rng, team)
    return luck


def sample_value(state: BattleState, plan: Plan, search: Search, rng: Rng, work: list[int]) -> float:
    """One sample of a plan: play it and the replies on ``state`` (a clone), evaluate, less the luck.

    A battle won or lost in the sample counts as it is: luck does not make a win worth more.
    """
    team = state.active_team
    luck = play_plan(state, plan, rng, team)
    luck += follow_up(state, team, search, rng, work)
    value = evaluate(state, team)
    return value - luck if search.luck and state.outcome is None else value


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


def search_plans(
    ctx: Context,
    plans: list[Plan],
    search: Search,
    rng: Rng,
    deadline: float | None = None,
    searched: list[tuple[Plan, float]] | None = None,
) -> Plan:
    """The plan whose own score plus the replies it leaves, averaged over sampled dice, is best.

    ``deadline`` (a :func:`time.perf_counter` time) is a safety net for a slow machine: no new
    candidate is started after it. The work budget normally ends the search well before.
    ``searched`` (if given) receives each candidate played out with its mean value.
    """
    shortlist = shortlist_plans(plans, search.candidates)
    # Common random numbers: sample i uses the same dice for every candidate, so candidates are
    # compared on the same luck and the choice is not steered by who happened to roll well.
    seeds = [rng.randint(0, 2**31) for _ in range(search.samples)]
    best, best_value = shortlist[0], float("-inf")
    work = [0]
    for plan in shortlist:
        if search.budget and work[0] >= search.budget:
            break  # candidates come best-first: the rest are the least promising
        if deadline is not None and best_value > float("-inf") and time.perf_counter() >= deadline:
            break
        total = sum(sample_value(ctx.state.clone(), plan, search, SeededRng(seed), work) for seed in seeds)
        value = total / search.samples
        if searched is not None:
            searched.append((plan, value))
        if value > best_value:
            best, best_value = plan, value
    return best
