"""S-MODEL-4: calibrating detailed melee's damage scale k against basic melee by simulation.

For every ordered pair of shipped heroes in their default loadouts, the attacker makes one melee
attack per round on the defender (full HP, full entry energy, no defensive style, the defender
never attacking) until the defender is incapacitated. A round in which fatigue forbids the
attack still counts; a trial still running after 300 rounds counts as 300. The mean
attacks-to-kill of each mode is compared pair by pair; k (a multiple of 1/20) is acceptable when
every pair's detailed mean is within +-25% of its basic mean. Trials use the same seeds in every
mode and for every k (common random numbers), so the comparison is on equal luck.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import product

from rules.rng import SeededRng
from rules.skirmish.battle import new_battle
from rules.skirmish.catalog import SkirmishCatalog
from rules.skirmish.combat import basic_attack, detailed_strike
from rules.skirmish.setup import HeroSpec, SkirmishSetup
from rules.skirmish.state import SkirmishState
from rules.skirmish.values import melee_weapon

ROUND_CAP = 300
BAND = Fraction(1, 4)


def rounds_to_kill(template: SkirmishState, rng: SeededRng) -> int:
    """One trial: rounds until hero 1 (the defender) is out, hero 0 attacking once a round."""
    state = template.clone()
    attacker, defender = state.heroes
    weapon = melee_weapon(state, attacker)
    if weapon is None:
        return ROUND_CAP
    limit = state.board.catalog.battle.fatigue_limit
    recovery = state.board.catalog.battle.fatigue_recovery
    events: list = []
    for round_no in range(1, ROUND_CAP + 1):
        state.round_no = round_no
        state.attacks_on = [0, 0]
        if state.board.detailed:
            if attacker.fatigue >= limit:  # S-MODEL-5: no attack this round; it recovers instead
                attacker.fatigue = max(0, attacker.fatigue - recovery)
                continue
            detailed_strike(state, attacker, defender, weapon, rng, events)
        else:
            basic_attack(state, attacker, defender, weapon, "melee", rng, events)
        events.clear()
        if defender.out:
            return round_no
    return ROUND_CAP


def duel_state(catalog: SkirmishCatalog, attacker: str, defender: str, mode: str) -> SkirmishState:
    setup = SkirmishSetup(
        2, 1, ((HeroSpec(attacker, (0, 0)),), (HeroSpec(defender, (1, 0)),)), melee_mode=mode
    )
    state, _ = new_battle(setup, SeededRng(0), catalog)
    return state


def mean_rounds(
    catalog: SkirmishCatalog, attacker: str, defender: str, mode: str, trials: int, seed: int | str
) -> float:
    template = duel_state(catalog, attacker, defender, mode)
    return (
        sum(rounds_to_kill(template, SeededRng(f"{seed}/{attacker}/{defender}/{t}")) for t in range(trials))
        / trials
    )


@dataclass(frozen=True)
class PairResult:
    attacker: str
    defender: str
    basic: float
    detailed: float

    @property
    def ratio(self) -> float:
        return self.detailed / self.basic


@dataclass(frozen=True)
class Calibration:
    k: Fraction | None  # the chosen k, or None when no k fits every pair
    trials: int
    seed: int | str
    tried: tuple[tuple[Fraction, float, float], ...]  # (k, lowest ratio, highest ratio)
    pairs: tuple[PairResult, ...]  # at the chosen k (or the last k tried)

    @property
    def outside(self) -> list[PairResult]:
        return [p for p in self.pairs if not 1 - BAND <= p.ratio <= 1 + BAND]


def calibrate(
    catalog: SkirmishCatalog,
    trials: int = 2000,
    seed: int | str = 0,
    start: Fraction | None = None,
    progress: Callable[[str], None] | None = None,
) -> Calibration:
    """Find k on the 1/20 grid: walk from ``start`` (the catalog's k) towards the band, then pick
    the k in the feasible range whose worst pair is furthest inside it."""
    heroes = sorted(catalog.heroes)
    pairs = list(product(heroes, heroes))
    basic = {p: mean_rounds(catalog, p[0], p[1], "basic", trials, seed) for p in pairs}
    if progress:
        progress(f"basic means done ({len(pairs)} pairs x {trials} trials)")
    results: dict[Fraction, list[PairResult]] = {}

    def at(k: Fraction) -> list[PairResult]:
        if k not in results:
            cat = replace(catalog, battle=replace(catalog.battle, damage_scale_k=k))
            results[k] = [
                PairResult(a, d, basic[(a, d)], mean_rounds(cat, a, d, "detailed", trials, seed))
                for a, d in pairs
            ]
            lo, hi = min(r.ratio for r in results[k]), max(r.ratio for r in results[k])
            if progress:
                progress(f"k = {k}: ratios {lo:.3f} .. {hi:.3f}")
        return results[k]

    step = Fraction(1, 20)
    k = start or catalog.battle.damage_scale_k
    feasible: list[Fraction] = []
    for _ in range(60):  # walk the grid: too slow (ratio > 1.25) -> larger k; too fast -> smaller k
        res = at(k)
        lo, hi = min(r.ratio for r in res), max(r.ratio for r in res)
        if lo >= 1 - BAND and hi <= 1 + BAND:
            feasible.append(k)
            break
        if hi > 1 + BAND and lo < 1 - BAND:
            break  # no k can fit both ends: the detailed item values need adjusting (S-MODEL-4)
        k = k + step if hi > 1 + BAND else k - step
        if k <= 0 or k in results:
            break
    if feasible:  # extend the feasible run both ways, then take its most central k
        for direction in (step, -step):
            k2 = feasible[0] + direction
            while k2 > 0:
                res = at(k2)
                if min(r.ratio for r in res) >= 1 - BAND and max(r.ratio for r in res) <= 1 + BAND:
                    feasible.append(k2)
                    k2 += direction
                else:
                    break
        best = min(feasible, key=lambda kk: max(abs(r.ratio - 1) for r in results[kk]))
        chosen: Fraction | None = best
    else:
        chosen = None
    last = chosen if chosen is not None else k if k in results else max(results)
    tried = tuple(
        sorted((kk, min(r.ratio for r in rs), max(r.ratio for r in rs)) for kk, rs in results.items())
    )
    return Calibration(chosen, trials, seed, tried, tuple(results[last]))
