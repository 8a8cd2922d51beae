"""Look ahead past one's own turn: play a plan on a clone and ask what the enemy can then do.

A plan's 1-ply score says what the squad gains; it cannot see that the squad walked
into the enemy's reach, or that killing a squad also removed its reply. Playing the
plan on clones of the view with sampled dice (never the battle's dice) and
subtracting the enemy's best reply score (and, deeper, adding one's own answer to
that) captures both, at the cost of a few clones per candidate.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.rng import Rng, SeededRng
from rules.tactics.ai.estimate import Context
from rules.tactics.ai.evaluate import evaluate
from rules.tactics.ai.plans import GREEDY, Plan, best_plan
from rules.tactics.engine import apply, check
from rules.tactics.state import BattleState

NO_JITTER = [0.0]


@dataclass(frozen=True, slots=True)
class Search:
    """How far and how wide to look: candidates kept, dice samples per candidate, plies of replies."""

    candidates: int
    samples: int
    depth: int  # greedy replies played after the plan (1: the enemy's; 2: and ours ...)


def play_plan(state: BattleState, plan: Plan, rng: Rng) -> None:
    """Apply a plan's actions to ``state`` (the finish only if it is still legal after the move)."""
    apply(state, plan.first_action(), rng)
    if plan.move is not None and state.current == plan.squad and check(state, plan.finish) is None:
        apply(state, plan.finish, rng)


def follow_up(state: BattleState, team: int, plies: int, rng: Rng) -> float:
    """Let both sides answer with their greedy best plans for ``plies`` turns, then evaluate for ``team``."""
    for _ in range(plies):
        if state.outcome is not None:
            break
        reply = best_plan(Context(state, state.active_team), GREEDY, NO_JITTER)
        play_plan(state, reply, rng)
    return evaluate(state, team)


def search_plans(ctx: Context, plans: list[Plan], search: Search, rng: Rng) -> Plan:
    """The plan whose own score plus the replies it leaves, averaged over sampled dice, is best."""
    team = ctx.state.active_team
    shortlist = sorted(plans, key=lambda plan: plan.score, reverse=True)[: search.candidates]
    # Common random numbers: sample i uses the same dice for every candidate, so candidates are
    # compared on the same luck and the choice is not steered by who happened to roll well.
    seeds = [rng.randint(0, 2**31) for _ in range(search.samples)]
    best, best_value = shortlist[0], float("-inf")
    for plan in shortlist:
        total = 0.0
        for seed in seeds:
            dice = SeededRng(seed)
            sim = ctx.state.clone()
            play_plan(sim, plan, dice)
            total += follow_up(sim, team, search.depth, dice)
        value = total / search.samples
        if value > best_value:
            best, best_value = plan, value
    return best
