"""Exact odds of one detailed melee strike, from the DRN tables, never by rolling.

Hit and shield chances come from the exact distribution of a difference of two DRNs
(:mod:`rules.skirmish.drn`). The damage of a hit is c + D for the case's constant c and
D = DRN_damage - DRN_armour, times the type multiplier and k, rounded half up; so every
damage value has an exact probability. The distribution has no maximum: values are listed
until the remaining tail is below 10^-12, and that tail is kept exactly in ``tail``.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from rules.numbers import round_half_up
from rules.skirmish.drn import diff_at_least, diff_pmf, p_between, p_exceeds
from rules.skirmish.formulas import detailed_crit_chance
from rules.skirmish.melee import (
    Fighter,
    Location,
    armour_value,
    effective_attack,
    effective_defence,
    location_odds,
    reachable_locations,
    type_multiplier,
)

TAIL_BELOW = Fraction(1, 10**12)


@dataclass(frozen=True, slots=True)
class StrikeOdds:
    """What a detailed strike can do: chances, and P(damage = v) given a hit (v >= 0)."""

    hit: Fraction
    shield: Fraction  # P(hit on the shield); included in ``hit``
    crit: Fraction  # P(critical | hit)
    locations: tuple[tuple[str, Fraction], ...]
    damage: tuple[tuple[int, Fraction], ...]  # given a hit, ascending; the tail is left out
    tail: tuple[int, Fraction]  # (every value from here on, their total probability)

    def at_least(self, amount: int) -> Fraction:
        """P(a hit deals >= amount), exact for amounts within the listed values, else a bound."""
        listed = sum((p for v, p in self.damage if v >= amount), Fraction(0))
        return listed + (self.tail[1] if amount <= self.tail[0] else 0)

    @property
    def mean(self) -> float:
        """Expected damage per strike (misses count 0), to float precision."""
        per_hit = sum(v * p for v, p in self.damage) + self.tail[0] * self.tail[1]
        return float(self.hit * per_hit)


def _cases(att: Fighter, dfn: Fighter, p_hit: Fraction, p_shield: Fraction, scale: Fraction):
    """(probability given a hit, constant c, multiplier) for every shield/location/type/crit case."""
    weapon = att.weapon
    assert weapon is not None
    crit = detailed_crit_chance(dfn.fatigue)
    shield_share = p_shield / p_hit if p_hit else Fraction(0)
    locs = location_odds(reachable_locations(att.size, weapon.length, dfn.size))
    for shield, ps in ((True, shield_share), (False, 1 - shield_share)):
        if not ps:
            continue
        for loc, pl in locs.items():
            base = (dfn.head_armour if loc == Location.HEAD else dfn.body_armour) + (
                dfn.shield_armour if shield else 0
            )
            for dtype in weapon.types:
                pt = Fraction(1, len(weapon.types))
                for is_crit, pc in ((True, crit), (False, 1 - crit)):
                    if pc:
                        c = att.strength + weapon.damage - armour_value(base, dtype, is_crit, 0)
                        yield ps * pl * pt * pc, c, type_multiplier(dtype, loc) * scale


@lru_cache(maxsize=4096)
def _damage_given_case(c: Fraction, mult: Fraction) -> tuple[dict[int, Fraction], tuple[int, Fraction]]:
    """P(round(max(0, c + D) x mult) = v) for the listed v, and the exact tail."""
    dist: dict[int, Fraction] = defaultdict(Fraction)
    first = int((-c) // 1) + 1  # smallest D with c + D > 0
    dist[0] = 1 - diff_at_least(first)
    t = first
    while diff_at_least(t) >= TAIL_BELOW:
        dist[round_half_up((c + t) * mult)] += diff_pmf(t)
        t += 1
    return dict(dist), (round_half_up((c + t) * mult), diff_at_least(t))


def strike_odds(
    att: Fighter, dfn: Fighter, *, prior_strikes: int = 0, scale: Fraction = Fraction(1)
) -> StrikeOdds:
    """The exact odds of :func:`rules.skirmish.melee.resolve_strike` with the same arguments."""
    margin = effective_attack(att.attack, att.weapon, att.fatigue) - effective_defence(dfn, prior_strikes)
    p_hit = p_exceeds(margin)  # ML-HIT-4, ML-HIT-7
    p_shield = p_between(margin, dfn.parry) if dfn.parry else Fraction(0)  # ML-SHLD-2
    dist: dict[int, Fraction] = defaultdict(Fraction)
    tail_from, tail_p = None, Fraction(0)
    for weight, c, mult in _cases(att, dfn, p_hit, p_shield, scale):
        case, (start, rest) = _damage_given_case(c, mult)
        for value, p in case.items():
            dist[value] += weight * p
        tail_p += weight * rest
        tail_from = start if tail_from is None else min(tail_from, start)
    weapon = att.weapon
    assert weapon is not None
    locs = tuple(location_odds(reachable_locations(att.size, weapon.length, dfn.size)).items())
    return StrikeOdds(
        hit=p_hit,
        shield=p_shield,
        crit=detailed_crit_chance(dfn.fatigue),
        locations=locs,
        damage=tuple(sorted(dist.items())),
        tail=(tail_from or 0, tail_p),
    )


@lru_cache(maxsize=4096)
def _case_moments(c: Fraction, mult: Fraction) -> tuple[Fraction, int, Fraction]:
    """For one case: sum of v x P(v) over the listed values, and its tail (start, probability)."""
    case, (start, rest) = _damage_given_case(c, mult)
    return sum((v * p for v, p in case.items()), Fraction(0)), start, rest


def strike_mean(
    att: Fighter, dfn: Fighter, *, prior_strikes: int = 0, scale: Fraction = Fraction(1)
) -> float:
    """``strike_odds(...).mean`` without listing the distribution (what the AIs rank with).

    The same exact sum taken case by case: sum over v of v x (sum over cases of weight x P_case(v)) is
    sum over cases of weight x (sum over v of v x P_case(v)), and the tail is gathered as there, so the
    Fraction, and hence the float, is identical; each case's moment is computed once."""
    margin = effective_attack(att.attack, att.weapon, att.fatigue) - effective_defence(dfn, prior_strikes)
    p_hit = p_exceeds(margin)
    p_shield = p_between(margin, dfn.parry) if dfn.parry else Fraction(0)
    listed, tail_p, tail_from = Fraction(0), Fraction(0), None
    for weight, c, mult in _cases(att, dfn, p_hit, p_shield, scale):
        moment, start, rest = _case_moments(c, mult)
        listed += weight * moment
        tail_p += weight * rest
        tail_from = start if tail_from is None else min(tail_from, start)
    return float(p_hit * (listed + (tail_from or 0) * tail_p))


def kill_chance(
    att: Fighter, dfn: Fighter, hp: int, *, prior_strikes: int = 0, scale: Fraction = Fraction(1)
) -> Fraction:
    """P(one strike deals >= hp), exact: P(hit) x sum over cases of P(c + D >= (hp - 1/2) / mult)."""
    margin = effective_attack(att.attack, att.weapon, att.fatigue) - effective_defence(dfn, prior_strikes)
    p_hit = p_exceeds(margin)
    p_shield = p_between(margin, dfn.parry) if dfn.parry else Fraction(0)
    total = Fraction(0)
    for weight, c, mult in _cases(att, dfn, p_hit, p_shield, scale):
        need = (Fraction(hp) - Fraction(1, 2)) / mult - c  # round half up >= hp  <=>  x >= hp - 1/2
        total += weight * diff_at_least(-((-need.numerator) // need.denominator))
    return p_hit * total
