"""The search player: looks a few activations ahead before committing.

For the acting hero it takes the best few plans of the greedy planner (and "stay and end"), plays
each on copies of the battle with dice from its own generator (the same dice for every plan,
so plans are compared on equal luck), lets the greedy policy play the next few activations of
both sides, and scores the result: heroes' remaining worth, minus the danger the hero's side is
left in. It plays the first step of the plan with the best mean score. It never sees the
battle's dice (P-AI-1): its samples are its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.rng import Rng
from rules.skirmish.actions import Action, EndActivation, Move
from rules.skirmish.ai.estimate import Estimator
from rules.skirmish.ai.plans import GREEDY, Plan, Planner, Weights, legal_first
from rules.skirmish.engine import apply, check
from rules.skirmish.state import SkirmishState

FAST = Weights(candidates=3)  # the rollout policy: greedy over fewer destinations


class QuantileRng:
    """Every roll at the same quantile q of its range: a deterministic "luck level" for lookahead.

    Averaging a plan over a few luck levels compares plans without sampling noise (and on equal
    luck): at q = 0.3 rolls are low (hits and passed checks come easily), at 0.7 high."""

    def __init__(self, q: float) -> None:
        self.q = q

    def randint(self, lo: int, hi: int) -> int:
        return lo + int(self.q * (hi - lo) + 0.5)


@dataclass(frozen=True, slots=True)
class SearchSettings:
    plans: int = 4  # candidate plans besides "stay and end"
    luck: tuple[float, ...] = (0.3, 0.7)  # the luck levels each plan is played at
    horizon: int = 3  # at most this many activations played after the plan's own
    danger: float = 0.0  # weight of the damage each side may take next (beyond the horizon)


def worth(state: SkirmishState, team: int, s: SearchSettings) -> float:
    """Lanchester-style strength: each side's sum of (damage output x remaining HP), compared as
    (mine - theirs) / (mine + theirs), so a kill of a dangerous hero counts most."""
    est = Estimator(state)
    strength = {1: 0.0, 2: 0.0}
    for hero in state.heroes:
        if hero.out:
            continue
        enemies = [e for e in state.heroes if not e.out and e.team != hero.team]
        output = max((m.damage for e in enemies for m in est.modes(hero, e)), default=0.0)
        hp = hero.hp - s.danger * min(est.threat(hero, hero.pos), hero.hp) if s.danger else hero.hp
        strength[hero.team] += (1.0 + output) * hp
    mine, theirs = strength[team], strength[3 - team]
    return (mine - theirs) / max(1.0, mine + theirs)


def greedy_action(state: SkirmishState, weights: Weights = FAST) -> Action:
    plans = Planner(state, weights).plans()
    return legal_first(state, plans[0])


def play_plan(state: SkirmishState, plan: Plan, rng: Rng) -> None:
    """The plan's move and action, then the end of the hero's activation."""
    act = state.act
    assert act is not None
    hero = act.hero
    if plan.dest != state.heroes[hero].pos and check(state, Move(hero, plan.dest)) is None:
        apply(state, Move(hero, plan.dest), rng)
    if plan.action is not None and check(state, plan.action) is None:
        apply(state, plan.action, rng)
    while not state.over and state.act is not None and state.act.hero == hero:
        apply(state, EndActivation(hero), rng)


def rollout(state: SkirmishState, rng: Rng, activations: int, team: int) -> None:
    """Both sides play greedily until the next activation of ``team`` (at most ``activations``)."""
    done = 0
    while not state.over and done < activations and state.active_team != team:
        assert state.act is not None
        hero = state.act.hero
        steps = 0
        while not state.over and state.act is not None and state.act.hero == hero and steps < 6:
            apply(state, greedy_action(state), rng)
            steps += 1
        if not state.over and state.act is not None and state.act.hero == hero:
            apply(state, EndActivation(hero), rng)
        done += 1


class SearchPlayer:
    name = "search"

    def __init__(
        self, seed: int | str = 0, settings: SearchSettings | None = None, weights: Weights = GREEDY
    ) -> None:
        self.seed = seed
        self.settings = settings or SearchSettings()
        self.weights = weights

    def choose(self, state: SkirmishState) -> Action:
        view = state.clone()
        team = view.active_team
        plans = Planner(view, self.weights).plans()
        assert state.act is not None
        here = state.heroes[state.act.hero].pos
        candidates = list(dict.fromkeys([*plans[: self.settings.plans], Plan(here, None, 0.0)]))
        if len({(p.dest, p.action) for p in candidates}) == 1:
            return legal_first(state, candidates[0])
        best, best_score = candidates[0], float("-inf")
        for plan in candidates:
            score = 0.0
            for q in self.settings.luck:
                sim = view.clone()
                rng = QuantileRng(q)  # the same luck for every plan
                play_plan(sim, plan, rng)
                rollout(sim, rng, self.settings.horizon, team)
                score += worth(sim, team, self.settings)
            if score > best_score + 1e-9:
                best, best_score = plan, score
        return legal_first(state, best)
