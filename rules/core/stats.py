"""The statistics of AI-against-AI runs, the same for every game: pure functions on plain numbers.

A game's result is seen from one AI, "a": its score is 1 for a win, 1/2 for a draw, 0 for a loss.
Here are the Wilson score interval of such a score, Elo ratings fitted to pairwise scores, the
Elo difference a score means (with its interval from the score's), the seat split (a's score in
the games its side moved first and in those it moved second) and the percentiles of decision
times. Figures for a report are rounded half up by :func:`decimals`, never by the built-in
``round()`` (which rounds half to even).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from fractions import Fraction

from rules.numbers import round_half_up

Z95 = 1.959963984540054  # the standard normal quantile of 97.5%: a two-sided 95% interval
ELO_CAP = 800.0  # the Elo difference of a score of 1 (0 gives -800): about a score of 0.99


def decimals(value: float, places: int) -> float:
    """``value`` rounded half up to ``places`` decimals (exactly, from the float's binary value)."""
    scale = 10**places
    return round_half_up(Fraction(value) * scale) / scale


def game_score(winner: int | None, side: int) -> float:
    """The score of the player on ``side``: 1 if it won, 0.5 for a draw (no winner), 0 if it lost."""
    return 0.5 if winner is None else float(winner == side)


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); a draw counts as half a success.

    No trials give (0, 1). The interval always holds the observed proportion and lies in [0, 1].
    """
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    # min / max only absorb float error: the exact bounds are always on either side of p.
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def elo_ratings(scores: dict[tuple[str, str], float], games: dict[tuple[str, str], int]) -> dict[str, int]:
    """Elo ratings (mean 1500) fitted to pairwise scores by gradient steps on the logistic model.

    ``scores[(a, b)]`` is a's mean score against b over ``games[(a, b)]`` games.
    """
    names = sorted({name for pair in scores for name in pair})
    rating = dict.fromkeys(names, 1500.0)
    for _ in range(2000):
        for a, b in scores:
            expected = 1 / (1 + 10 ** ((rating[b] - rating[a]) / 400))
            step = 8.0 * games[(a, b)] ** 0.5 * (scores[(a, b)] - expected)
            rating[a] += step
            rating[b] -= step
        mean = statistics.fmean(rating.values())
        rating = {name: value - mean + 1500 for name, value in rating.items()}
    return {name: round_half_up(Fraction(value)) for name, value in rating.items()}


def elo_difference(score: float) -> float:
    """The Elo difference a mean score means: 400 log10(s / (1 - s)), so 0.5 is 0 and 0.64 about +100.

    It is clamped to +-:data:`ELO_CAP` (a score of 0 or 1 would be infinitely far apart).
    """
    if score <= 0.0:
        return -ELO_CAP
    if score >= 1.0:
        return ELO_CAP
    return max(-ELO_CAP, min(ELO_CAP, 400.0 * math.log10(score / (1.0 - score))))


def elo_interval(score: float, interval: Sequence[float]) -> tuple[float, float, float]:
    """(difference, low, high): the Elo difference of ``score`` and of its interval's bounds (the
    map is increasing, so a 95% score interval gives a 95% interval of the difference)."""
    low, high = interval
    return elo_difference(score), elo_difference(low), elo_difference(high)


def seat_split(games: Iterable[tuple[bool, float]]) -> dict[str, dict[str, float]]:
    """From (a's side moved first, a's score) per game: a's games and mean score as "first" and as
    "second" mover. A seat a never played is left out."""
    seats: dict[str, list[float]] = {"first": [], "second": []}
    for moved_first, score in games:
        seats["first" if moved_first else "second"].append(score)
    return {
        seat: {"games": len(scores), "score_a": statistics.fmean(scores)}
        for seat, scores in seats.items()
        if scores
    }


def timing(seconds: Sequence[float]) -> dict[str, float]:
    """Decision times: their count, and median, 95th percentile and maximum in ms (2 decimals).

    The 95th percentile is the value at index floor(0.95 n) of the sorted times (the maximum
    below 20 decisions).
    """
    if not seconds:
        return {"count": 0, "median_ms": 0.0, "p95_ms": 0.0, "max_ms": 0.0}
    ordered = sorted(seconds)
    count = len(ordered)
    return {
        "count": count,
        "median_ms": decimals(statistics.median(ordered) * 1000, 2),
        "p95_ms": decimals(ordered[min(count - 1, 95 * count // 100)] * 1000, 2),
        "max_ms": decimals(ordered[-1] * 1000, 2),
    }
