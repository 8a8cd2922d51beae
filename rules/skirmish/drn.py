"""The open-ended 2d6 "DRN" of melee.md (ML-DRN-1) and its exact distribution.

A single open die X counts 1..5 as shown; a 6 counts as 5 and is rolled again, so
P(X = 5n + r) = (1/6)^(n+1) for r in 1..5. Equivalently X = 5N + R with N geometric
(P(N = n) = 5/6 x (1/6)^n) and R uniform on 1..5, independent. A DRN is the sum of two
such dice. Every probability here is an exact Fraction: sums that run to infinity are
geometric series in closed form, so nothing is truncated.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from rules.numbers import Number
from rules.rng import Rng

_SIXTH = Fraction(1, 6)
_X = _SIXTH * _SIXTH  # 1/36
_C = Fraction(5, 6) ** 4
_ALPHA = (1 + _X) / (1 - _X) ** 3  # sum (m+1)^2 x^m
_BETA = 1 / (1 - _X) ** 2  # sum (m+1) x^m


def roll_die(rng: Rng) -> tuple[int, tuple[int, ...]]:
    """One open-ended die: (value, faces rolled). ML-DRN-1: a 6 counts as 5 and rolls again."""
    total, faces = 0, []
    while True:
        face = rng.randint(1, 6)
        faces.append(face)
        if face != 6:
            return total + face, tuple(faces)
        total += 5


def roll_drn(rng: Rng) -> int:
    """ML-DRN-1/2: one independent DRN: the first die (with its re-rolls), then the second."""
    return roll_die(rng)[0] + roll_die(rng)[0]


def die_pmf(value: int) -> Fraction:
    """P(one open die = value)."""
    if value < 1:
        return Fraction(0)
    return _SIXTH ** ((value - 1) // 5 + 1)


@cache
def drn_pmf(value: int) -> Fraction:
    """P(DRN = value), by finite enumeration of the two dice."""
    return sum((die_pmf(a) * die_pmf(value - a) for a in range(1, value)), Fraction(0))


@cache
def drn_cdf(k: int) -> Fraction:
    """ML-DRN-3: P(DRN <= k), exact (a finite sum: both dice are at least 1)."""
    return sum((drn_pmf(v) for v in range(2, k + 1)), Fraction(0))


def drn_at_most(limit: Number) -> Fraction:
    """P(DRN <= limit) for a rational limit (the DRN is an integer)."""
    return drn_cdf(int(limit // 1))


# ---- the difference of two independent DRNs --------------------------------------------------
# D = A - B = 5J + T with J = (N1 + N2) - (N3 + N4) and T = (R1 + R2) - (R3 + R4) in -8..8.
# P(J = j) = C y^|j| (ALPHA + BETA |j|) with y = 1/6 (a difference of two negative binomials).


def _j_pmf(j: int) -> Fraction:
    a = abs(j)
    return _C * _SIXTH**a * (_ALPHA + _BETA * a)


def _j_nonneg_tail(start: int) -> Fraction:
    """P(J >= start) for start >= 0, or via symmetry for start < 0."""
    if start < 0:
        return 1 - _j_nonneg_tail(1 - start)  # P(J >= s) = 1 - P(J <= s - 1) = 1 - P(J >= 1 - s)
    y = _SIXTH
    geo = y**start / (1 - y)
    return _C * (_ALPHA * geo + _BETA * (start * geo + y ** (start + 1) / (1 - y) ** 2))


@cache
def _t_pmf(t: int) -> Fraction:
    """P(T = t): T is the difference of two independent sums of two uniform 1..5 values."""
    pair = {s: Fraction(5 - abs(s - 6), 25) for s in range(2, 11)}
    return sum((pair[a] * pair[a - t] for a in pair if (a - t) in pair), Fraction(0))


@cache
def diff_pmf(t: int) -> Fraction:
    """P(DRN_a - DRN_b = t), exact (at most four terms are non-zero)."""
    lo, hi = -((8 - t) // 5), (t + 8) // 5  # |t - 5j| <= 8
    return sum((_j_pmf(j) * _t_pmf(t - 5 * j) for j in range(lo, hi + 1)), Fraction(0))


@cache
def diff_at_least(t: int) -> Fraction:
    """P(DRN_a - DRN_b >= t), exact (a finite middle plus a closed-form geometric tail)."""
    first_sure = -((-(t + 8)) // 5)  # smallest j with t - 5j <= -8: T >= t - 5j surely
    total = _j_nonneg_tail(first_sure)
    for j in range(-((8 - t) // 5), first_sure):  # t - 5j <= 8: T can still reach it
        inner = sum((_t_pmf(s) for s in range(max(t - 5 * j, -8), 9)), Fraction(0))
        total += _j_pmf(j) * inner
    return total


def p_exceeds(margin: Number) -> Fraction:
    """P(margin + DRN_a - DRN_b > 0): a value with this margin beats the other's (ML-HIT-4)."""
    # D > -margin  <=>  D >= floor(-margin) + 1 for the integer D.
    return diff_at_least(int((-margin) // 1) + 1)


def p_between(margin: Number, width: int) -> Fraction:
    """P(0 < margin + D <= width): a hit that lands on the shield (ML-SHLD-2)."""
    return p_exceeds(margin) - p_exceeds(margin - width)
