"""The skirmish's formulas as small pure functions (public API: keep names and signatures).

Every value is exact (S-CONV-6): attributes, steps, chances (in percentage points) and
damage are ints or Fractions, and a value is rounded only where a rule says so, half up
(:func:`rules.numbers.round_half_up`). A Euclidean range that is irrational (sqrt 2, sqrt 5,
...) is only ever compared by squares or carried with 40 significant digits (S-CONV-6).
"""

from __future__ import annotations

from decimal import Context
from fractions import Fraction
from functools import lru_cache
from math import isqrt

from rules.core.grid import distance
from rules.numbers import Number, clamp, round_half_up
from rules.skirmish.drn import drn_at_most
from rules.skirmish.drn import drn_cdf as drn_cdf  # ML-DRN-3, public here as the issue asks

CELL_METRES = 2  # S-GRID-1: a cell is 2 x 2 metres
ROUND_SECONDS = 3  # S-GRID-2: a round lasts 3 seconds
X_DAMAGE = 12  # S-ATTR-2 / S-DMG-5: base damage 1X = 12
STEPS_PER_AGILITY = 3  # S-MOVE-2
ORTHOGONAL_COST = Fraction(1)  # S-MOVE-3
DIAGONAL_COST = Fraction(3, 2)  # S-MOVE-3
BASE_HIT = 50  # S-HIT-1
PER_ATTACK = 10  # S-HIT-2
SHIELD_PER_X = 20  # S-HIT-3 / S-OQ-23
STYLE_PENALTY = 10  # S-HIT-4 / S-STYLE-3b
SKILL_STEP = 10  # S-HIT-5
CHANCE_MIN, CHANCE_MAX = 5, 95  # S-HIT-7 / S-CONV-5
CRIT_PCT = 20  # S-DMG-4
CRIT_FACTOR = 2  # S-DMG-4
U_BITS = 32  # S-CONV-6: U = 1/2 + n / 2^32, n uniform in 0..2^32
U_SCALE = 1 << U_BITS
SPELL_ORIGIN_REACH = 2  # S-SPELL-6: grid distance of the origin cell
_DIGITS = Context(prec=40)


def steps(agility: Fraction) -> Fraction:
    """S-MOVE-2: steps per round = Agility x 3, exact (Agility 4/3 -> 4, 3/4 -> 9/4)."""
    return Fraction(agility) * STEPS_PER_AGILITY


def wound_factor(hp: Number, max_hp: Number) -> Fraction:
    """S-WOUND-1..3: Agility x 2/3 at HP <= 1/2 of max, x 1/2 at HP <= 1/3 (they do not stack)."""
    if 3 * hp <= max_hp:
        return Fraction(1, 2)
    if 2 * hp <= max_hp:
        return Fraction(2, 3)
    return Fraction(1)


def effective_agility(agility: Number, hp: Number, max_hp: Number) -> Fraction:
    """S-WOUND-4 / S-OQ-28: the Agility every use sees, after the wound modifier."""
    return Fraction(agility) * wound_factor(hp, max_hp)


def energy_factor(energy: Fraction) -> Fraction:
    """S-ENERGY-3: damage x 1 above 1/2 of max energy, x 2/3 in (1/3, 1/2], x 1/2 at or below 1/3."""
    if energy > Fraction(1, 2):
        return Fraction(1)
    if energy > Fraction(1, 3):
        return Fraction(2, 3)
    return Fraction(1, 2)


def start_fatigue(energy: Fraction, table: tuple[int, int, int] = (0, 20, 40)) -> int:
    """S-MODEL-3 / S-DATA-10: detailed-melee fatigue at entry: above 1/2, (1/3, 1/2], 1/3 or less."""
    if energy > Fraction(1, 2):
        return table[0]
    if energy > Fraction(1, 3):
        return table[1]
    return table[2]


def max_castable_level(class_magic_cap: int, wisdom: Fraction) -> int:
    """S-SPELL-7 / S-OQ-19: min(class max magic level, floor(Wisdom))."""
    return min(class_magic_cap, int(wisdom // 1))


def quick_slots(concentration: Fraction) -> Fraction:
    """S-SPELL-4: Concentration x 10 slots (a spell takes as many as its level)."""
    return Fraction(concentration) * 10


def ranged_attacks_per_round(agility: Fraction, *, divisor: int = 2) -> int:
    """S-ACT-6 / S-DATA-7: bow shots and throws per round = max(1, floor(effective Agility / divisor)).

    ``divisor`` is skirmish_battle.toml's ``ranged_agility_divisor`` (2 shipped)."""
    return max(1, int(Fraction(agility) // divisor))


# ---- range (S-HIT-11, S-HIT-6) ------------------------------------------------------------------


def range_sq(dx: int, dy: int) -> int:
    """The squared Euclidean distance between two cell centres, in cells."""
    return dx * dx + dy * dy


def in_range(max_range: int, dx: int, dy: int) -> bool:
    """S-HIT-11: sqrt(dx^2 + dy^2) <= max_range, compared by squares (exact)."""
    return range_sq(dx, dy) <= max_range * max_range


def sqrt_exactish(n: int) -> Fraction:
    """sqrt(n): exact for a perfect square, else 40 significant digits (S-CONV-6)."""
    root = isqrt(n)
    if root * root == n:
        return Fraction(root)
    return Fraction(_DIGITS.sqrt(n))


@lru_cache(maxsize=4096)
def range_factor(optimal: int, dx: int, dy: int) -> Fraction:
    """S-HIT-6 / S-DMG-6: optimal / current range beyond the optimal range, else 1."""
    sq = range_sq(dx, dy)
    if sq <= optimal * optimal:
        return Fraction(1)
    return optimal / sqrt_exactish(sq)


grid_distance = distance  # S-GRID-3: max(|dx|, |dy|); the 8 neighbours are at distance 1 (one shared grid)


# ---- hit chance (S-HIT) -------------------------------------------------------------------------


def clamp_chance(chance: Number) -> Fraction:
    """S-HIT-7 / S-CONV-5: every chance is limited to 5..95 percent."""
    return Fraction(clamp(chance, CHANCE_MIN, CHANCE_MAX))


def hit_chance(
    *,
    prior_attacks: int = 0,
    shield_x: Fraction = Fraction(0),
    defensive_style: bool = False,
    skill_att: Number | None = 0,
    skill_def: Number = 0,
    modifiers: Number = 0,
    factor: Fraction = Fraction(1),
) -> Fraction:
    """S-HIT-9: (50 + 10(k-1) - 20 x shield - 10 x style + 10 x (skill_a - skill_d) + m) x factor,
    clamped to 5..95. ``prior_attacks`` is k - 1; ``skill_att`` None drops the skill term (S-HIT-10)."""
    chance = Fraction(BASE_HIT + PER_ATTACK * prior_attacks) + Fraction(modifiers)
    chance -= SHIELD_PER_X * Fraction(shield_x)
    if defensive_style:
        chance -= STYLE_PENALTY
    if skill_att is not None:
        chance += SKILL_STEP * (Fraction(skill_att) - Fraction(skill_def))
    return clamp_chance(chance * factor)


# ---- damage (S-DMG) -----------------------------------------------------------------------------


def u_value(n: int) -> Fraction:
    """S-CONV-4 / S-CONV-6: the random factor U = 1/2 + n / 2^32 for n in 0..2^32."""
    return Fraction(1, 2) + Fraction(n, U_SCALE)


def u_index(u: Fraction) -> int:
    """The n that gives U = u (inverse of :func:`u_value`), for scripting a test roll."""
    n = (Fraction(u) - Fraction(1, 2)) * U_SCALE
    if n.denominator != 1 or not 0 <= n <= U_SCALE:
        raise ValueError(f"U = {u} is not on the 1/2^32 grid of [1/2, 3/2]")
    return int(n)


def physical_damage_raw(base: Fraction, factor: Fraction, u: Fraction, armour: Fraction) -> Fraction:
    """S-DMG-1..3 before range, crit and energy: base x (Strength or MIN(1, Skill)) x U / Armor."""
    return Fraction(base) * factor * u / armour


def final_damage(
    raw: Fraction, *, range_mult: Fraction = Fraction(1), crit: bool = False, energy: Fraction = Fraction(1)
) -> int:
    """S-DMG-8: x range factor, x 2 on a critical hit, x energy modifier, round half up; no minimum."""
    return round_half_up(raw * range_mult * (CRIT_FACTOR if crit else 1) * energy)


def ranged_skill_factor(level: int) -> int:
    """S-DMG-2 / S-OQ-6: MIN(1, Skill), literal: 0 for untrained, 1 for every level I..V."""
    return min(1, level)


# ---- spells against a target with mana (S-RESIST), ether (S-ETHER), binding (S-BIND) -----------


def block_chance(w_target: Fraction, w_caster: Fraction) -> Fraction:
    """S-RESIST-2 / S-OQ-14: clamp(100 x W_target / W_caster, 5, 95) percent."""
    if w_caster <= 0:
        return Fraction(CHANCE_MAX)
    return clamp_chance(100 * Fraction(w_target) / Fraction(w_caster))


def repel_cost(u: Fraction, spell_mana: int, w_caster: Fraction, w_target: Fraction) -> Fraction:
    """S-RESIST-3: U x spell mana x W_caster / W_target, paid from the target's mana."""
    return Fraction(u) * spell_mana * Fraction(w_caster) / Fraction(w_target)


def weakening(available: Fraction, cost: Fraction) -> Fraction:
    """S-RESIST-4 / S-OQ-15: the effect factor 1 - available / cost when mana falls short."""
    return 1 - Fraction(available) / cost


def ether_chance(prior_attacks: int, w_att: Fraction, w_def: Fraction) -> Fraction:
    """S-ETHER-5: clamp(50 + 10 (k-1) + 10 (W_att - W_def), 5, 95); no other modifier."""
    return clamp_chance(BASE_HIT + PER_ATTACK * prior_attacks + SKILL_STEP * (w_att - w_def))


def ether_damage(w_att: Fraction, u: Fraction) -> int:
    """S-ETHER-5: 12 x W_att x U, rounded half up, subtracted from the target's mana."""
    return round_half_up(X_DAMAGE * Fraction(w_att) * u)


def bind_break_chance(w_binder: Fraction, w_targets: list[Fraction]) -> Fraction:
    """S-BIND-4 (between battles): clamp(100 x (1 - W_binder / sum W_targets), 5, 95) per day."""
    return clamp_chance(100 * (1 - Fraction(w_binder) / sum(w_targets, Fraction(0))))


# ---- detailed melee numbers used outside the resolver ---------------------------------------------


def detailed_crit_chance(fatigue: Number) -> Fraction:
    """ML-FAT-4 / ML-FAT-6: P(DRN - fatigue / 15 < 3), the defender's fatigue, exact."""
    limit = 3 + Fraction(fatigue) / 15  # DRN < limit
    ceiling = -((-limit.numerator) // limit.denominator)
    return drn_at_most(ceiling - 1)


def fatigue_defence_penalty(fatigue: Number) -> int:
    """ML-FAT-2: round(fatigue / 10), half up."""
    return round_half_up(Fraction(fatigue) / 10)


def fatigue_attack_penalty(fatigue: Number) -> int:
    """ML-FAT-3: round(fatigue / 20), half up."""
    return round_half_up(Fraction(fatigue) / 20)
