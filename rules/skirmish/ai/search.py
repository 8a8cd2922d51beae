"""The search player: the lean policy's candidate plans, each forecast a few activations ahead.

For the acting hero it lists the plans of the lean policy (:mod:`lean`): strikes from its cell or
from next to each enemy it can reach, and its approach move. The lean choice and the strikes
whose immediate worth is within ``band`` of the best are each played on a copy of the battle
with expected outcomes (:mod:`expect`: no dice, so plans are compared without luck), followed by
``horizon`` activations of both sides under the lean policy. The plan whose forecast leaves the
side best off (heroes in the fight and their HP) replaces the lean choice only when it beats the
lean plan's forecast by ``margin`` (measured: small margins made it weaker, the forecasts being
rough). It never sees the battle's dice (P-AI-1); same state and seed, same choice.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.skirmish.actions import Action, EndActivation, Move
from rules.skirmish.ai.expect import play_expected
from rules.skirmish.ai.lean import lean_action, lean_plans
from rules.skirmish.ai.plans import Plan, legal_first
from rules.skirmish.state import SkirmishState


@dataclass(frozen=True, slots=True)
class SearchSettings:
    plans: int = 6  # at most this many candidate plans
    band: float = 3.0  # candidates' immediate worth within this of the best (plus the lean choice)
    horizon: int = 4  # activations forecast after the plan's own
    alive: float = 40.0  # worth of a hero still in the fight, beside 100 x its HP share
    margin: float = 20.0  # how much better than the lean plan's a forecast must be to replace it


def worth(state: SkirmishState, team: int, s: SearchSettings) -> float:
    """The side's heroes' worth minus the enemy's: alive bonus plus 100 x HP share each."""
    total = 0.0
    for hero in state.heroes:
        value = 0.0 if hero.out else s.alive + 100.0 * hero.hp / hero.info.max_hp
        total += value if hero.team == team else -value
    return total


def play_plan(state: SkirmishState, plan: Plan) -> None:
    """The plan's move and action with expected outcomes, then the end of the hero's activation."""
    act = state.act
    assert act is not None
    hero = act.hero
    if plan.dest != state.heroes[hero].pos:
        play_expected(state, Move(hero, plan.dest))
    if plan.action is not None and not state.over and state.act is not None and state.act.hero == hero:
        play_expected(state, plan.action)
    while not state.over and state.act is not None and state.act.hero == hero:
        play_expected(state, EndActivation(hero))


def forecast(state: SkirmishState, activations: int) -> None:
    """Both sides play the lean policy, with expected outcomes, for the next ``activations``."""
    for _ in range(activations):
        if state.over or state.act is None:
            return
        hero = state.act.hero
        for _ in range(6):  # a move or two, then the action
            if state.over or state.act is None or state.act.hero != hero:
                break
            play_expected(state, lean_action(state))
        if not state.over and state.act is not None and state.act.hero == hero:
            play_expected(state, EndActivation(hero))


class SearchPlayer:
    name = "search"

    def __init__(self, seed: int | str = 0, settings: SearchSettings | None = None) -> None:
        self.seed = seed
        self.settings = settings or SearchSettings()

    def choose(self, state: SkirmishState) -> Action:
        view = state.clone()  # nothing is hidden but the dice, which the search never draws
        team = view.active_team
        default = lean_action(view)
        plans = [Plan(cell, action, value) for cell, action, value in lean_plans(view)]
        top = max(p.value for p in plans)
        near = [p for p in plans if p.action is not None and p.value >= top - self.settings.band]
        lean_plan = [p for p in plans if legal_first(state, p) == default]
        candidates = list(dict.fromkeys([*lean_plan[:1], *near]))[: self.settings.plans]
        if len({legal_first(state, p) for p in candidates}) <= 1:
            return default
        best, best_score = default, float("-inf")
        for plan in candidates:
            sim = view.clone()
            play_plan(sim, plan)
            forecast(sim, self.settings.horizon)
            score = worth(sim, team, self.settings)
            first = legal_first(state, plan)
            if best_score == float("-inf"):  # the lean plan comes first: the others must beat it
                best, best_score = first, score + self.settings.margin
            elif score > best_score + 1e-9:
                best, best_score = first, score
        return best
