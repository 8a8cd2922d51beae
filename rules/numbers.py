"""Exact arithmetic for game numbers (T-CONV-4, T-CONV-5, T-OQ-1).

Every percentage and multiplier is a :class:`fractions.Fraction`; rounding is
half up. The built-in ``round()`` rounds half to even (52.5 -> 52) and float
products mis-round (ceil(100 * 0.07) == 8), so neither is used on game numbers.
"""

from __future__ import annotations

from fractions import Fraction
from numbers import Rational

Number = int | Fraction


def as_fraction(value: Number | str) -> Fraction:
    """Exact value of an int, a Fraction or a decimal string such as "1.2"."""
    if isinstance(value, float):
        raise TypeError("floats are not exact; pass an int, a Fraction or a decimal string")
    return Fraction(value)


def round_half_up(value: Number) -> int:
    """Nearest integer, ties away from zero upwards for positives (T-CONV-4 [REC] half up).

    For negative values ties go towards +infinity (-2.5 -> -2), the school rule
    "add one half and take the floor".
    """
    if isinstance(value, int):
        return value
    if not isinstance(value, Rational):
        raise TypeError(f"round_half_up needs an exact number, got {type(value).__name__}")
    return div_round_half_up(value.numerator, value.denominator)  # den > 0 for every Rational


def div_round_half_up(num: int, den: int) -> int:
    """round_half_up(num / den) for integers, den > 0, without building a Fraction (hot paths)."""
    return (2 * num + den) // (2 * den)  # floor(num/den + 1/2) in integers


def ceil(value: Number) -> int:
    """Smallest integer >= value, exactly."""
    if isinstance(value, int):
        return value
    return -(-value.numerator // value.denominator)


def clamp(value: Number, lo: Number, hi: Number) -> Number:
    """min(hi, max(lo, value)) (T-CONV-4)."""
    return min(hi, max(lo, value))


def percent(points: Number) -> Fraction:
    """X percentage points as a factor: 25 -> 1/4 (T-CONV-3)."""
    return Fraction(points) / 100


def round_to_thousandths(value: Number) -> Fraction:
    """Half-up rounding to 3 decimals, kept exact (M-EFF-4): 7/9 -> 778/1000."""
    return Fraction(round_half_up(Fraction(value) * 1000), 1000)


def to_float(value: Number) -> float:
    """``float(value)`` for an int or a Fraction, the same correctly rounded quotient without the
    abstract base class's detour (the AIs' estimates convert tens of thousands of them a battle).
    For the AIs' rankings only: game numbers stay exact."""
    return value.numerator / value.denominator
