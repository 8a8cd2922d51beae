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

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import product

from rules.core.teams import PerTeam
from rules.rng import SeededRng
from rules.skirmish.actions import AttackKind
from rules.skirmish.battle import new_battle
from rules.skirmish.catalog import SkirmishCatalog
from rules.skirmish.combat import basic_attack, detailed_strike
from rules.skirmish.setup import HeroSpec, MeleeMode, SkirmishSetup
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
            basic_attack(state, attacker, defender, weapon, AttackKind.MELEE, rng, events)
        events.clear()
        if defender.out:
            return round_no
    return ROUND_CAP


def duel_state(catalog: SkirmishCatalog, attacker: str, defender: str, mode: str) -> SkirmishState:
    setup = SkirmishSetup(
        2, 1, PerTeam((HeroSpec(attacker, (0, 0)),), (HeroSpec(defender, (1, 0)),)), melee_mode=mode
    )
    state, _ = new_battle(setup, SeededRng(0), catalog)
    return state


def total_rounds(
    catalog: SkirmishCatalog, attacker: str, defender: str, mode: str, trials: int, seed: int | str
) -> int:
    """The rounds to kill summed over the trials (trial t's dice: seed/attacker/defender/t)."""
    template = duel_state(catalog, attacker, defender, mode)
    return sum(
        rounds_to_kill(template, SeededRng(f"{seed}/{attacker}/{defender}/{t}")) for t in range(trials)
    )


def mean_rounds(
    catalog: SkirmishCatalog, attacker: str, defender: str, mode: str, trials: int, seed: int | str
) -> float:
    return total_rounds(catalog, attacker, defender, mode, trials, seed) / trials


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
    k: Fraction  # the chosen k: inside the band for every pair if ``met``, else the best compromise
    met: bool  # every pair within +-25%
    trials: int
    seed: int | str
    tried: tuple[tuple[Fraction, int, float, float], ...]  # (k, pairs outside, lowest, highest ratio)
    pairs: tuple[PairResult, ...]  # at the chosen k

    @property
    def outside(self) -> list[PairResult]:
        return [p for p in self.pairs if not 1 - BAND <= p.ratio <= 1 + BAND]


def _rank(results: list[PairResult]) -> tuple[int, float]:
    """Fewest pairs outside the band first, then the smallest worst deviation (as a log ratio)."""
    outside = sum(1 for r in results if not 1 - BAND <= r.ratio <= 1 + BAND)
    return outside, max(abs(math.log(r.ratio)) for r in results)


def calibrate(
    catalog: SkirmishCatalog,
    ks: list[Fraction],
    trials: int = 2000,
    seed: int | str = 0,
    progress: Callable[[str], None] | None = None,
) -> Calibration:
    """Evaluate each k (multiples of 1/20) against the basic means; choose the k inside the band for
    every pair whose worst pair is furthest inside, or, when none is, the best compromise (fewest
    pairs outside, then the smallest worst deviation): S-MODEL-4 then asks for new detailed values."""
    for k in ks:
        if (k * 20).denominator != 1 or k <= 0:
            raise ValueError(f"k must be a positive multiple of 1/20, got {k}")
    heroes = sorted(catalog.heroes)
    pairs = list(product(heroes, heroes))
    basic = {p: mean_rounds(catalog, p[0], p[1], MeleeMode.BASIC, trials, seed) for p in pairs}
    if progress:
        progress(f"basic means done ({len(pairs)} pairs x {trials} trials)")
    results: dict[Fraction, list[PairResult]] = {}
    for k in ks:
        cat = replace(catalog, battle=replace(catalog.battle, damage_scale_k=k))
        results[k] = [
            PairResult(a, d, basic[(a, d)], mean_rounds(cat, a, d, MeleeMode.DETAILED, trials, seed))
            for a, d in pairs
        ]
        if progress:
            outside, worst = _rank(results[k])
            progress(f"k = {k}: {outside} pairs outside +-25%, worst log ratio {worst:.3f}")
    best = min(ks, key=lambda k: (_rank(results[k]), abs(k - catalog.battle.damage_scale_k)))
    tried = tuple(
        (k, _rank(rs)[0], min(r.ratio for r in rs), max(r.ratio for r in rs))
        for k, rs in sorted(results.items())
    )
    return Calibration(best, _rank(results[best])[0] == 0, trials, seed, tried, tuple(results[best]))
