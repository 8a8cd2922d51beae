"""The simulators' statistics: Wilson interval, Elo fit and difference, seat split, decision times."""

from __future__ import annotations

import statistics

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.stats import (
    ELO_CAP,
    decimals,
    elo_difference,
    elo_interval,
    elo_ratings,
    game_score,
    seat_split,
    timing,
    wilson,
)


@st.composite
def scores_and_trials(draw: st.DrawFn) -> tuple[float, int]:
    """A number of games and a score over them in half points (a draw is half a win)."""
    trials = draw(st.integers(1, 5000))
    half_points = draw(st.integers(0, 2 * trials))
    return half_points / 2, trials


@given(scores_and_trials())
def test_the_interval_holds_the_proportion_and_lies_in_0_1(case: tuple[float, int]):
    successes, trials = case
    low, high = wilson(successes, trials)
    assert 0.0 <= low <= successes / trials <= high <= 1.0


@given(scores_and_trials(), st.integers(2, 20))
def test_the_interval_shrinks_with_more_games_at_the_same_proportion(case: tuple[float, int], k: int):
    successes, trials = case
    low, high = wilson(successes, trials)
    more_low, more_high = wilson(successes * k, trials * k)
    assert more_high - more_low < high - low


def test_known_wilson_intervals():
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(0, 10)
    assert low == 0.0 and decimals(high, 4) == 0.2775
    low, high = wilson(180, 200)
    assert (decimals(low, 4), decimals(high, 4)) == (0.8506, 0.9343)
    low, high = wilson(2, 4)  # 4 draws score 2 of 4: the interval is symmetric about 1/2
    assert (decimals(low, 4), decimals(high, 4)) == (0.15, 0.85)


def test_game_score():
    assert [game_score(1, 1), game_score(2, 1), game_score(None, 2)] == [1.0, 0.0, 0.5]


def test_elo_known_values():
    """A 3:1 score is 400 log10(3) = 191 points apart, split around 1500."""
    assert elo_ratings({("a", "b"): 0.75}, {("a", "b"): 40}) == {"a": 1595, "b": 1405}
    assert elo_ratings({("a", "b"): 0.5}, {("a", "b"): 10}) == {"a": 1500, "b": 1500}


@settings(max_examples=30)
@given(st.lists(st.integers(0, 16), min_size=2, max_size=5, unique=True), st.integers(1, 60))
def test_elo_orders_players_by_strength_with_mean_1500(steps: list[int], games: int):
    """Round-robin scores expected between players of distinct strengths: the fit ranks them in that
    order, and the ratings average 1500."""
    strength = {f"p{i}": 1300 + 25 * step for i, step in enumerate(steps)}
    names = sorted(strength)
    scores, counts = {}, {}
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            scores[(a, b)] = 1 / (1 + 10 ** ((strength[b] - strength[a]) / 400))
            counts[(a, b)] = games
    rating = elo_ratings(scores, counts)
    assert sorted(names, key=rating.__getitem__) == sorted(names, key=strength.__getitem__)
    assert abs(statistics.mean(rating.values()) - 1500) <= 0.5


@settings(max_examples=30)
@given(st.floats(0.55, 0.95), st.integers(1, 100))
def test_elo_puts_the_higher_scorer_above(score: float, games: int):
    rating = elo_ratings({("a", "b"): score}, {("a", "b"): games})
    assert rating["a"] > rating["b"]
    rating = elo_ratings({("a", "b"): 1 - score}, {("a", "b"): games})
    assert rating["a"] < rating["b"]


def test_seat_split():
    games = [(True, 1.0), (True, 0.5), (False, 0.0), (True, 0.0), (False, 0.5)]
    assert seat_split(games) == {
        "first": {"games": 3, "score_a": 0.5},
        "second": {"games": 2, "score_a": 0.25},
    }
    assert seat_split([(False, 1.0)]) == {"second": {"games": 1, "score_a": 1.0}}
    assert seat_split([]) == {}


def test_timing_percentiles_in_ms():
    assert timing([]) == {"count": 0, "median_ms": 0.0, "p95_ms": 0.0, "max_ms": 0.0}
    hundred = [ms / 1000 for ms in range(100, 0, -1)]  # 1..100 ms, unsorted
    assert timing(hundred) == {"count": 100, "median_ms": 50.5, "p95_ms": 96.0, "max_ms": 100.0}
    assert timing([0.0012345, 0.004])["median_ms"] == 2.62  # (1.2345 + 4) / 2 = 2.61725 ms


def test_decimals_round_half_up_exactly():
    assert decimals(0.125, 2) == 0.13  # built-in round() gives 0.12 (half to even)
    assert decimals(2.675, 2) == 2.67  # the float 2.675 is just below 2.675
    assert decimals(1 / 3, 4) == 0.3333


@given(st.floats(0.0, 1.0), st.floats(0.0, 1.0))
def test_the_elo_difference_grows_with_the_score_and_is_odd_about_one_half(s: float, t: float):
    low, high = sorted((s, t))
    assert -ELO_CAP <= elo_difference(low) <= elo_difference(high) <= ELO_CAP
    assert abs(elo_difference(1 - s) + elo_difference(s)) < 1e-6


def test_known_elo_differences():
    """0.5 is level, 0.64 (the ladder's bar) is about +100, 3:1 is 400 log10(3); 0 and 1 are clamped."""
    assert elo_difference(0.5) == 0.0
    assert abs(elo_difference(0.64) - 100) < 0.1
    assert abs(elo_difference(0.75) - 190.85) < 0.01
    assert (elo_difference(0.0), elo_difference(1.0)) == (-ELO_CAP, ELO_CAP)


@given(scores_and_trials())
def test_the_elo_interval_is_the_score_interval_mapped(case: tuple[float, int]):
    """The bounds come from the score's Wilson bounds, and hold the point estimate."""
    successes, trials = case
    score, bounds = successes / trials, wilson(successes, trials)
    diff, low, high = elo_interval(score, bounds)
    assert low <= diff <= high
    assert (low, high) == (elo_difference(bounds[0]), elo_difference(bounds[1]))
