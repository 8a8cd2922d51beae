"""The DRN of melee.md: open-ended 2d6 rolls and its exact tables, checked by enumeration.

The tables ML-DRN-3, ML-HIT-7 and ML-FAT-6 are recomputed here by brute force over the dice
(every sequence of faces up to a depth whose leftover mass is below 10^-18), independently of
the closed forms in rules/skirmish/drn.py, and must agree exactly or within that leftover.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.rng import ScriptedRng, SeededRng
from rules.skirmish.drn import diff_at_least, diff_pmf, drn_pmf, p_exceeds, roll_die, roll_drn
from rules.skirmish.formulas import detailed_crit_chance, drn_cdf

SIXTH = Fraction(1, 6)


def brute_die(max_rerolls: int) -> dict[int, Fraction]:
    """P(open die = v) by walking face sequences: 1..5 stop, 6 counts 5 and rolls again."""
    dist: dict[int, Fraction] = defaultdict(Fraction)
    for sixes in range(max_rerolls + 1):
        for last in range(1, 6):
            dist[5 * sixes + last] += SIXTH ** (sixes + 1)
    return dist


def brute_drn(max_rerolls: int = 24) -> dict[int, Fraction]:
    die = brute_die(max_rerolls)
    dist: dict[int, Fraction] = defaultdict(Fraction)
    for a, pa in die.items():
        for b, pb in die.items():
            dist[a + b] += pa * pb
    return dist


BRUTE = brute_drn()
LEFTOVER = 1 - sum(BRUTE.values())  # mass of sequences deeper than the enumeration


def test_drn_rolls_open_ended_ML_EX_11():
    """ML-EX-11 / ML-DRN-1: dice 2 and 6; the 6 counts 5 and re-rolls 4: DRN = 2 + 5 + 4 = 11.

    Each die finishes its own re-rolls before the next die (ML-DRN-2: independent rolls)."""
    rng = ScriptedRng([2, 6, 4])
    assert roll_drn(rng) == 11 and rng.remaining == 0
    assert roll_die(ScriptedRng([6, 6, 1])) == (11, (6, 6, 1))
    assert roll_drn(ScriptedRng([1, 1])) == 2  # ML-DRN-1: minimum 2


def test_drn_mean_is_8_and_every_value_is_at_least_2_ML_DRN_1():
    """ML-DRN-1: minimum 2, mean 8, no maximum (the mean by exact enumeration)."""
    mean = sum(v * p for v, p in BRUTE.items())
    assert abs(mean - 8) < Fraction(1, 10**15)
    assert min(BRUTE) == 2 and drn_pmf(1) == 0
    assert drn_pmf(200) > 0


CDF_TABLE = {
    2: "1/36",
    3: "3/36",
    4: "6/36",
    5: "10/36",
    6: "15/36",
    7: "29/54",
    8: "23/36",
    9: "13/18",
    10: "85/108",
    11: "5/6",
}


@pytest.mark.parametrize("k", sorted(CDF_TABLE))
def test_drn_cdf_table_ML_DRN_3(k):
    """ML-DRN-3: P(DRN <= k) exactly as the table, and equal to the brute-force enumeration."""
    assert drn_cdf(k) == Fraction(CDF_TABLE[k])
    assert drn_cdf(k) == sum(p for v, p in BRUTE.items() if v <= k)


def test_drn_up_to_6_is_ordinary_2d6_ML_DRN_3():
    """ML-DRN-3: values <= 6 are the same as ordinary 2d6."""
    for k in range(2, 7):
        plain = Fraction(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b <= k), 36)
        assert drn_cdf(k) == plain


def test_seeded_rolls_follow_the_distribution_ML_DRN_2():
    """ML-DRN-2: separate independent rolls; 20000 seeded DRNs match P(DRN <= 7) = 29/54 within 2%."""
    rng = SeededRng("drn")
    rolls = [roll_drn(rng) for _ in range(20000)]
    share = sum(1 for r in rolls if r <= 7) / len(rolls)
    assert abs(share - 29 / 54) < 0.02


HIT_TABLE = {-6: 10.8, -4: 18.4, -2: 30.2, -1: 37.6, 0: 45.8, 1: 54.2, 2: 62.4, 4: 76.3, 6: 85.9}


@pytest.mark.parametrize("d", sorted(HIT_TABLE))
def test_hit_chance_by_skill_difference_ML_HIT_7(d):
    """ML-HIT-7: P(hit) = P(d + DRN_a > DRN_b), exact, matches the table and the enumeration."""
    exact = p_exceeds(d)
    assert round(float(exact) * 100, 1) == HIT_TABLE[d]
    brute = sum(pa * pb for a, pa in BRUTE.items() for b, pb in BRUTE.items() if d + a > b)
    assert 0 <= exact - brute <= 2 * LEFTOVER


def test_difference_distribution_is_exact_and_complete_ML_HIT_7():
    """The closed forms: point probabilities sum to 1, tails agree with points and the enumeration.

    Rules: ML-HIT-7.
    """
    total = sum(diff_pmf(t) for t in range(-300, 301))
    assert 1 - total < Fraction(1, 10**40)
    for t in (-9, -1, 0, 3, 17):
        assert diff_at_least(t) - diff_at_least(t + 1) == diff_pmf(t)
        brute = sum(pa * pb for a, pa in BRUTE.items() for b, pb in BRUTE.items() if a - b == t)
        assert 0 <= diff_pmf(t) - brute <= 2 * LEFTOVER
    assert diff_at_least(0) + diff_at_least(1) == 1  # symmetry: P(D >= 1) = P(D <= -1)


FATIGUE_TABLE = {0: 2, 15: 3, 30: 4, 45: 5, 60: 6, 75: 7, 90: 8, 100: 9, 120: 10}


@pytest.mark.parametrize("fatigue", sorted(FATIGUE_TABLE))
def test_crit_rate_by_fatigue_ML_FAT_6(fatigue):
    """ML-FAT-6: a crit when DRN <= the listed value, i.e. DRN - fatigue/15 < 3, exact (ML-FAT-4)."""
    assert detailed_crit_chance(fatigue) == drn_cdf(FATIGUE_TABLE[fatigue])
    assert detailed_crit_chance(fatigue) == sum(p for v, p in BRUTE.items() if v - Fraction(fatigue, 15) < 3)


def test_every_fourth_strike_quote_is_not_normative_ML_FAT_5():
    """ML-FAT-5 / ML-OQ-12: at 60 fatigue the formula gives 15/36 (41.7%), not 25%."""
    assert detailed_crit_chance(60) == Fraction(15, 36)


@given(st.integers(min_value=-5, max_value=60))
def test_cdf_is_a_distribution_function(k):
    """Property (ML-DRN-3): monotone, 0 below 2, tending to 1; pmf is its difference."""
    assert 0 <= drn_cdf(k) <= drn_cdf(k + 1) <= 1
    assert drn_cdf(k + 1) - drn_cdf(k) == drn_pmf(k + 1)
    if k < 2:
        assert drn_cdf(k) == 0


@given(st.fractions(min_value=-20, max_value=20))
def test_hit_probability_is_monotone_in_the_margin(margin):
    """Property (ML-HIT-7): a bigger margin never lowers P(hit); symmetric around 0 for integers."""
    assert p_exceeds(margin) <= p_exceeds(margin + 1)
    n = int(margin // 1)
    assert p_exceeds(n) + p_exceeds(-n) + diff_pmf(n) == 1  # the tie D = -n goes to the defender
