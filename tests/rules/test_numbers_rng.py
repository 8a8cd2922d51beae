"""rules.numbers (exact half-up rounding, ceil, thousandths) and rules.rng (seeded and scripted dice).

The rounding checks compare against an independent half-up written here with Fraction
arithmetic, never against the built-in round() (it rounds 52.5 to 52).
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.numbers import as_fraction, ceil, clamp, percent, round_half_up, round_to_thousandths, to_float
from rules.rng import (
    ScriptedRng,
    ScriptedRngExhausted,
    SeededRng,
    choose,
    roll_percent,
    shuffled,
)

fractions = st.fractions(max_denominator=10_000).filter(lambda f: abs(f) < 10**9)


def reference_half_up(value: Fraction) -> int:
    """floor(value + 1/2) computed from the integer part and the remainder, independently."""
    whole = math.floor(value)
    rest = value - whole  # 0 <= rest < 1
    return whole + 1 if rest >= Fraction(1, 2) else whole


# ---- rules.numbers ------------------------------------------------------------------------------


@given(fractions)
def test_round_half_up_matches_a_fraction_reference(value: Fraction) -> None:
    assert round_half_up(value) == reference_half_up(value)


@given(st.integers(-(10**6), 10**6))
def test_round_half_up_ties_go_up(whole: int) -> None:
    assert round_half_up(Fraction(2 * whole + 1, 2)) == whole + 1


@given(st.integers(-(10**12), 10**12))
def test_round_half_up_keeps_integers(value: int) -> None:
    assert round_half_up(value) == value
    assert round_half_up(Fraction(value)) == value


def test_round_half_up_worked_ties() -> None:
    """52.5 -> 53 (banker's round() gives 52) and 15 x 0.7 = 10.5 -> 11."""
    assert round_half_up(Fraction(105, 2)) == 53
    assert round(Fraction(105, 2)) == 52  # why the built-in must not be used
    assert round_half_up(15 * Fraction("0.7")) == 11
    assert round_half_up(Fraction("10.5")) == 11
    assert round_half_up(Fraction("-2.5")) == -2


def test_round_half_up_refuses_floats() -> None:
    with pytest.raises(TypeError):
        round_half_up(10.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        as_fraction(0.7)  # type: ignore[arg-type]


def test_ceil_is_exact_where_floats_are_not() -> None:
    assert ceil(Fraction(700, 100)) == 7
    assert ceil(100 * Fraction("0.07")) == 7
    assert math.ceil(100 * 0.07) == 8  # the float trap the helper avoids


@given(fractions)
def test_ceil_matches_math_ceil_on_fractions(value: Fraction) -> None:
    assert ceil(value) == math.ceil(value)


def test_round_to_thousandths() -> None:
    assert round_to_thousandths(Fraction(7, 9)) == Fraction(778, 1000)
    assert round_to_thousandths(Fraction(1, 2000)) == Fraction(1, 1000)  # 0.0005 -> 0.001, half up
    assert round_to_thousandths(1) == 1


@given(st.fractions(min_value=0, max_value=1, max_denominator=10**6))
def test_round_to_thousandths_is_within_half_a_thousandth(value: Fraction) -> None:
    rounded = round_to_thousandths(value)
    assert 1000 % rounded.denominator == 0
    assert -Fraction(1, 2000) < rounded - value <= Fraction(1, 2000)


def test_clamp_percent_and_as_fraction() -> None:
    assert clamp(130, 0, 100) == 100 and clamp(-10, 0, 100) == 0 and clamp(55, 0, 100) == 55
    assert percent(25) == Fraction(1, 4)
    assert as_fraction("1.2") == Fraction(6, 5)


# ---- rules.rng: SeededRng -----------------------------------------------------------------------


@given(st.integers(0, 2**32), st.integers(-50, 50), st.integers(0, 100))
def test_seeded_rng_is_deterministic_and_in_range(seed: int, lo: int, span: int) -> None:
    first, second = SeededRng(seed), SeededRng(seed)
    rolls = [first.randint(lo, lo + span) for _ in range(20)]
    assert rolls == [second.randint(lo, lo + span) for _ in range(20)]
    assert all(lo <= r <= lo + span for r in rolls)


def test_seeded_rng_state_round_trip() -> None:
    rng = SeededRng("match-7")
    for _ in range(5):
        rng.randint(1, 100)
    saved = rng.get_state()
    ahead = [rng.randint(1, 1000) for _ in range(30)]
    rng.set_state(saved)
    assert [rng.randint(1, 1000) for _ in range(30)] == ahead
    other = SeededRng(0)
    other.set_state(saved)
    assert [other.randint(1, 1000) for _ in range(30)] == ahead


def test_seeded_rng_rejects_an_empty_range_and_forks_reproducibly() -> None:
    with pytest.raises(ValueError):
        SeededRng(1).randint(5, 4)
    a, b = SeededRng(3).fork("ai"), SeededRng(3).fork("ai")
    assert [a.randint(0, 10**6) for _ in range(5)] == [b.randint(0, 10**6) for _ in range(5)]


# ---- rules.rng: ScriptedRng ---------------------------------------------------------------------


def test_scripted_rng_returns_rolls_in_order_and_records_calls() -> None:
    rng = ScriptedRng([37, 18, 1])
    assert rng.randint(1, 100) == 37
    assert rng.randint(10, 20) == 18
    assert rng.remaining == 1
    assert rng.randint(1, 1) == 1
    assert rng.calls == [(1, 100, 37), (10, 20, 18), (1, 1, 1)]
    assert rng.remaining == 0


def test_scripted_rng_raises_when_exhausted() -> None:
    rng = ScriptedRng([5])
    rng.randint(1, 6)
    with pytest.raises(ScriptedRngExhausted):
        rng.randint(1, 6)
    assert issubclass(ScriptedRngExhausted, AssertionError)


@pytest.mark.parametrize(("value", "lo", "hi"), [(0, 1, 100), (101, 1, 100), (7, 8, 9)])
def test_scripted_rng_rejects_out_of_range_values(value: int, lo: int, hi: int) -> None:
    rng = ScriptedRng([value])
    with pytest.raises(AssertionError) as info:
        rng.randint(lo, hi)
    assert not isinstance(info.value, ScriptedRngExhausted)
    assert rng.remaining == 1  # the bad value was not consumed


# ---- rules.rng: helpers -------------------------------------------------------------------------


@pytest.mark.parametrize(("chance", "expected"), [(0, False), (-5, False), (100, True), (150, True)])
def test_roll_percent_does_not_roll_when_certain(chance: int, expected: bool) -> None:
    rng = ScriptedRng([])  # any roll would raise ScriptedRngExhausted
    assert roll_percent(rng, chance) == (expected, None)


def test_roll_percent_rolls_d100_against_the_chance() -> None:
    assert roll_percent(ScriptedRng([40]), 40) == (True, 40)
    assert roll_percent(ScriptedRng([41]), 40) == (False, 41)
    rng = ScriptedRng([1])
    roll_percent(rng, 99)
    assert rng.calls == [(1, 100, 1)]


@given(st.lists(st.integers(), max_size=30), st.integers(0, 2**32))
def test_shuffled_is_a_permutation(items: list[int], seed: int) -> None:
    original = list(items)
    result = shuffled(SeededRng(seed), items)
    assert sorted(result) == sorted(original)
    assert items == original  # a new list; the input is untouched


def test_shuffled_uses_fisher_yates_through_randint() -> None:
    rng = ScriptedRng([0, 0, 0])
    assert shuffled(rng, "abcd") == ["b", "c", "d", "a"]
    assert rng.calls == [(0, 3, 0), (0, 2, 0), (0, 1, 0)]


def test_choose_rolls_once_even_for_a_single_option() -> None:
    rng = ScriptedRng([2])
    assert choose(rng, ["x", "y", "z"]) == "z"
    assert rng.calls == [(0, 2, 2)]
    single = ScriptedRng([0])
    assert choose(single, ["only"]) == "only"
    assert single.remaining == 0
    with pytest.raises(ValueError):
        choose(SeededRng(0), [])


@given(st.integers(-(10**30), 10**30), st.integers(1, 10**30))
def test_to_float_is_float_for_fractions_and_ints(num: int, den: int) -> None:
    """The AIs' fast conversion gives exactly what float() gives, for a Fraction and for an int."""
    assert to_float(Fraction(num, den)) == float(Fraction(num, den))
    assert to_float(num) == float(num) and isinstance(to_float(num), float)
