"""The seed formulas of tactics.md as small pure functions (a public API: keep names and signatures).

Percentages are integer percentage points; multipliers are exact Fractions
(25% -> Fraction(1, 4)); every rounding is half up (T-CONV-4/5). A factor that the
catalog holds (``tactics_units.toml [battle]``) is a keyword argument whose default is the
shipped value; the engine always passes the battle's catalog value.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from rules.core.grid import distance
from rules.numbers import clamp, div_round_half_up
from rules.tactics.catalog import DamageType

# Enum members read in hot loops, bound once (a StrEnum member lookup costs ~6 plain lookups).
_DAMAGE_MAGICAL = DamageType.MAGICAL
_DAMAGE_PHYSICAL = DamageType.PHYSICAL


_ZONE_1 = frozenset((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0))
_ZONE_2 = frozenset(
    (dx, dy)
    for dx in range(-2, 3)
    for dy in range(-2, 3)
    if (dx, dy) != (0, 0) and (abs(dx), abs(dy)) != (2, 2)
)
_ZONES = {0: frozenset(), 1: _ZONE_1, 2: _ZONE_2}


def hit_chance_pct(hit_mod: int, dodge_mod: int) -> int:
    """T-HIT-1/2: 100 + attacker's hit modifier - defender's dodge modifier, clamped to [0, 100]."""
    return int(clamp(100 + hit_mod - dodge_mod, 0, 100))


def crit_chance_pct(crit_mod: int) -> int:
    """T-CRIT-1: the attacker's crit modifier, clamped to [0, 100]."""
    return int(clamp(crit_mod, 0, 100))


def escalation_bonus(round_no: int, *, escalation_step: int = 10) -> int:
    """T-FEAT-2 / O4: 0 in round 1, + the step (10) per round after it: step x (r - 1)."""
    if round_no < 1:
        raise ValueError(f"rounds are numbered from 1, got {round_no}")
    return escalation_step * (round_no - 1)


def damage_multiplier(
    damage_type: str,
    *,
    feature_phys: int = 0,
    feature_mag: int = 0,
    escalation: int = 0,
    rune_damage: int = 0,
    phys_defense: int = 0,
    mag_defense: int = 0,
    melee_penalty: int = 0,
    range_penalty: int = 0,
) -> Fraction:
    """T-DMG-4..8: (100 + features + rune - defense)% x (100 - penalties)%, each bracket >= 0.

    Physical damage uses the physical feature term (O2) and physical defense;
    magical damage uses O3 and magical defense. O4 (escalation) and the damage
    rune count for both. There is no upper cap (T-DMG-7).
    """
    if damage_type == _DAMAGE_PHYSICAL:
        first = 100 + feature_phys + escalation + rune_damage - phys_defense  # T-DMG-5
    elif damage_type == _DAMAGE_MAGICAL:
        first = 100 + feature_mag + escalation + rune_damage - mag_defense  # T-DMG-6
    else:
        raise ValueError(f"damage_type must be 'physical' or 'magical', got {damage_type!r}")
    second = 100 - melee_penalty - range_penalty
    return _per_ten_thousand(max(0, first) * max(0, second))  # T-DMG-7: each bracket floored at 0


@lru_cache(maxsize=4096)
def _per_ten_thousand(points: int) -> Fraction:
    """Fraction(points, 10000), memoised: a battle's multipliers take few distinct values, and a
    Fraction is immutable, so every strike with the same M can share one (saves its gcd)."""
    return Fraction(points, 10000)


def final_damage(count: int, r1: int, multiplier: Fraction, crit: bool, *, crit_factor_pct: int = 175) -> int:
    """T-DMG-1/2: round(N_1 x crit factor x R1 x multiplier), half up; the crit factor in percent (1.75)."""
    if not isinstance(multiplier, Fraction):
        multiplier = Fraction(multiplier)
    numerator = count * r1 * multiplier.numerator * (crit_factor_pct if crit else 1)
    denominator = multiplier.denominator * (100 if crit else 1)
    return div_round_half_up(numerator, denominator)


def battle_stat(level_coef: Fraction, base: int) -> int:
    """T-STAT-1a..c: round(level_coef x base), half up."""
    coef = level_coef if isinstance(level_coef, Fraction) else Fraction(level_coef)
    return div_round_half_up(coef.numerator * base, coef.denominator)  # no Fraction product per stat


def apply_damage(count: int, top_hp: int, unit_hp: int, damage: int) -> tuple[int, int, int]:
    """T-HP-1 stack model: (count', top_hp', killed) after ``damage`` to a squad.

    pool = (n - 1) x HP + h; pool' = max(0, pool - D); n' = ceil(pool' / HP);
    h' = pool' - (n' - 1) x HP. A destroyed squad returns (0, 0, n).
    """
    if count < 1 or not 1 <= top_hp <= unit_hp or damage < 0:
        raise ValueError(f"bad squad state: count={count} top_hp={top_hp}/{unit_hp} damage={damage}")
    pool = max(0, (count - 1) * unit_hp + top_hp - damage)
    new_count = -(-pool // unit_hp)  # ceil(pool / HP), exactly, in integers
    new_top = pool - (new_count - 1) * unit_hp if new_count else 0
    return new_count, new_top, count - new_count


def movement_zone(zone: int) -> frozenset[tuple[int, int]]:
    """T-MOVE-1/2: the (dx, dy) offsets a squad of movement type 0, 1 or 2 may move to."""
    try:
        return _ZONES[zone]
    except KeyError:
        raise ValueError(f"movement zone must be 0, 1 or 2, got {zone}") from None


def chebyshev(a: tuple[int, int], b: tuple[int, int]) -> int:
    """T-GRID-3: distance between two sectors."""
    return distance(a, b)
