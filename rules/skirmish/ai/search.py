"""The search player: greedy's best plans, each played out a few activations ahead before one is chosen.

For the acting hero it takes the greedy planner's best plans (:mod:`plans`; distinct first
actions, within ``band`` of the best 1-ply value). Each is played on a copy of the battle with
expected outcomes (:mod:`expect`: no dice, so plans are compared without luck), then both sides
play the next ``horizon`` activations with a cheaper greedy planner (``rollout`` weights). The
position left is judged by :func:`evaluate`: each side's heroes still in the fight, their HP
shares and their mana, each weighed by its chance to be still up (kill chances under one half
that the forecast let it survive), and the pressure each hero leaves on the other side. The
plan with the best judgement is played; greedy's own first choice keeps its place unless another
beats it by ``margin``. It never sees the battle's dice (P-AI-1); the same state and seed give
the same choice. The defaults and the variants measured against them are in docs/ai.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.skirmish.actions import Action, EndActivation, Move
from rules.skirmish.ai.estimate import Estimator
from rules.skirmish.ai.expect import Standing, play_expected
from rules.skirmish.ai.plans import GREEDY, Plan, Planner, Weights, legal_first
from rules.skirmish.ai.tuning import TUNING
from rules.skirmish.state import SkirmishState
from rules.skirmish.view import SkirmishView, require_view

_TUNED = TUNING.search  # rules/data/skirmish_ai.toml
ROLLOUT = Weights(candidates=_TUNED.rollout_candidates)  # few destinations: a cheap forecast


@dataclass(frozen=True, slots=True)
class SearchSettings:
    plans: int = _TUNED.plans  # at most this many candidate plans
    band: float = _TUNED.band  # candidates' 1-ply value within this of the best
    horizon: int = _TUNED.horizon  # activations forecast after the plan's own
    alive: float = _TUNED.alive  # worth of a hero still in the fight, beside 100 x its HP share
    mana: float = _TUNED.mana  # worth of one mana point (spells are the casters' firepower)
    pressure: float = _TUNED.pressure  # x each hero's strike next activation (share of its target's HP)
    margin: float = _TUNED.margin  # how much better than greedy's choice a forecast must be to replace it
    weights: Weights = GREEDY  # the candidates' planner
    rollout: Weights = field(default=ROLLOUT)  # how both sides are assumed to play the forecast


def _only_best(best: float) -> float:
    return 0.0  # plans_near_best's margin when only the best plan is wanted


def evaluate(state: SkirmishState, team: int, s: SearchSettings, standing: Standing | None = None) -> float:
    """The side's heroes' worth minus the enemy's: alive bonus, 100 x HP share and mana each, times the
    chance the hero is still up (``standing``: the kill chances under one half the forecast let it
    survive), and the pressure each puts on the other side (:meth:`Estimator.strike_share`: what
    the forecast, cut off mid-round, leaves about to happen)."""
    total = 0.0
    for hero in state.heroes:
        if hero.out:
            continue
        value = s.alive + 100.0 * hero.hp / hero.info.max_hp + s.mana * float(hero.mana)
        if standing:
            value *= standing.get(hero.id, 1.0)
        total += value if hero.team == team else -value
    if s.pressure and not state.over:
        est = Estimator(state)
        for hero in state.heroes:
            if not hero.out:
                value = s.pressure * (100.0 * est.strike_share(hero))
                total += value if hero.team == team else -value
    return total


def play_plan(state: SkirmishState, plan: Plan, standing: Standing | None = None) -> None:
    """The plan's move and action with expected outcomes, then the end of the hero's activation."""
    act = state.act
    assert act is not None
    hero = act.hero
    if plan.dest != state.heroes[hero].pos:
        play_expected(state, Move(hero, plan.dest), standing)
    if plan.action is not None and not state.over and state.act is not None and state.act.hero == hero:
        play_expected(state, plan.action, standing)
    if not state.over and state.act is not None and state.act.hero == hero:
        play_expected(state, EndActivation(hero), standing)


def forecast(
    state: SkirmishState, activations: int, weights: Weights, standing: Standing | None = None
) -> None:
    """Both sides play their planner's best plan, with expected outcomes, for ``activations``."""
    for _ in range(activations):
        if state.over or state.act is None:
            return
        play_plan(state, Planner(state, weights).plans_near_best(_only_best)[0], standing)


def distinct_plans(plans: list[Plan], limit: int, band: float) -> list[Plan]:
    """The best plans with different (destination, action), within ``band`` of the best value."""
    if not plans:
        return []
    top = plans[0].value
    found: dict[tuple, Plan] = {}
    for plan in plans:
        if plan.value < top - band or len(found) >= limit:
            break
        found.setdefault((plan.dest, plan.action), plan)
    return list(found.values())


class SearchPlayer:
    name = "search"

    def __init__(self, seed: int | str = 0, settings: SearchSettings | None = None) -> None:
        self.seed = seed
        self.settings = settings or SearchSettings()

    def choose(self, view: SkirmishView) -> Action:
        s = self.settings
        state = require_view(view)  # nothing is hidden but the dice, which the search never draws
        team = view.active_team
        plans = Planner(view, s.weights).plans_near_best(lambda best: s.band)
        candidates = distinct_plans(plans, s.plans, s.band)
        firsts = [legal_first(state, p) for p in candidates]
        if len(set(firsts)) <= 1:  # the planner always offers at least "stay and end"
            return firsts[0]
        best, best_score = firsts[0], float("-inf")
        for plan, first in zip(candidates, firsts, strict=True):
            sim, standing = view.clone(), Standing()
            play_plan(sim, plan, standing)
            forecast(sim, s.horizon, s.rollout, standing)
            score = evaluate(sim, team, s, standing)
            if best_score == float("-inf"):  # greedy's choice comes first: the others must beat it
                best, best_score = first, score + s.margin
            elif score > best_score + 1e-9:
                best, best_score = first, score
        return best
