"""Property tests of the public formulas in rules/tactics/formulas.py (tactics.md §3-§5).

Each property is checked against an independent computation written here with
Fraction arithmetic and our own half-up rounding, so the tests do not share code
with the formulas they check.
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from rules.tactics.formulas import (
    apply_damage,
    battle_stat,
    crit_chance_pct,
    damage_multiplier,
    escalation_bonus,
    final_damage,
    hit_chance_pct,
    movement_zone,
)

mods = st.integers(-300, 300)
small = st.integers(-150, 150)
damage_types = st.sampled_from(["physical", "magical"])
level_coefs = st.fractions(min_value=0, max_value=5, max_denominator=100)


def half_up(value: Fraction) -> int:
    """School rounding, independent of rules.numbers: floor(value + 1/2)."""
    shifted = value + Fraction(1, 2)
    return shifted.numerator // shifted.denominator


def expected_multiplier(
    damage_type: str,
    feature_phys: int,
    feature_mag: int,
    escalation: int,
    rune_damage: int,
    phys_defense: int,
    mag_defense: int,
    melee_penalty: int,
    range_penalty: int,
) -> Fraction:
    """T-DMG-5/6 with the T-DMG-7 floors, as exact percent products."""
    feature, defense = (
        (feature_phys, phys_defense) if damage_type == "physical" else (feature_mag, mag_defense)
    )
    first = max(0, 100 + feature + escalation + rune_damage - defense)
    second = max(0, 100 - melee_penalty - range_penalty)
    return Fraction(first * second, 10000)


# ---- hit and crit chances -----------------------------------------------------------------------


@given(mods, mods)
def test_hit_chance_is_clamped_100_plus_hit_minus_dodge_T_HIT_1_T_HIT_2(hit: int, dodge: int) -> None:
    chance = hit_chance_pct(hit, dodge)
    assert 0 <= chance <= 100
    raw = 100 + hit - dodge  # T-HIT-2: negative modifiers enter as they are
    if 0 <= raw <= 100:
        assert chance == raw
    else:
        assert chance == (0 if raw < 0 else 100)


@given(mods, mods, st.integers(0, 50))
def test_hit_chance_is_monotone_T_HIT_1(hit: int, dodge: int, step: int) -> None:
    assert hit_chance_pct(hit + step, dodge) >= hit_chance_pct(hit, dodge)
    assert hit_chance_pct(hit, dodge + step) <= hit_chance_pct(hit, dodge)


def test_hit_chance_negative_modifiers_and_worked_examples_T_HIT_2_T_EX_4() -> None:
    assert hit_chance_pct(-20, 0) == 80  # a negative hit modifier lowers the chance
    assert hit_chance_pct(0, -15) == 100  # a negative dodge raises it (clamped)
    assert hit_chance_pct(-20, -30) == 100
    assert hit_chance_pct(10, 5 + 20) == 85
    assert hit_chance_pct(-20, 90) == 0
    assert hit_chance_pct(30, 0) == 100


@given(mods)
def test_crit_chance_is_the_clamped_modifier_T_CRIT_1(crit: int) -> None:
    assert crit_chance_pct(crit) == min(100, max(0, crit))


# ---- escalation ---------------------------------------------------------------------------------


@given(st.integers(1, 10_000))
def test_escalation_is_ten_per_round_after_the_first_T_FEAT_2(round_no: int) -> None:
    assert escalation_bonus(round_no) == 10 * (round_no - 1)


@given(st.integers(-1000, 0))
def test_escalation_rejects_rounds_before_the_first_T_FEAT_2(round_no: int) -> None:
    with pytest.raises(ValueError):
        escalation_bonus(round_no)


def test_escalation_table_T_EX_3() -> None:
    assert [escalation_bonus(r) for r in (1, 2, 3, 4, 5, 10)] == [0, 10, 20, 30, 40, 90]


# ---- damage multiplier --------------------------------------------------------------------------

multiplier_args = st.fixed_dictionaries(
    {
        "feature_phys": st.integers(-100, 100),
        "feature_mag": st.integers(-100, 100),
        "escalation": st.integers(0, 300),
        "rune_damage": st.sampled_from([0, 25]) | st.integers(0, 100),
        "phys_defense": small,
        "mag_defense": small,
        "melee_penalty": st.integers(0, 100),
        "range_penalty": st.integers(0, 100),
    }
)


@given(damage_types, multiplier_args)
def test_multiplier_is_the_exact_product_of_floored_brackets_T_DMG_4_T_DMG_5_T_DMG_6_T_DMG_7(
    damage_type: str, args: dict[str, int]
) -> None:
    got = damage_multiplier(damage_type, **args)
    assert isinstance(got, Fraction)
    assert got == expected_multiplier(damage_type, **args)
    assert got >= 0  # T-DMG-7: no bracket below 0


@given(damage_types, st.integers(0, 10_000), st.integers(0, 10_000))
def test_multiplier_has_no_upper_cap_T_DMG_7(damage_type: str, bonus: int, defense_drop: int) -> None:
    got = damage_multiplier(
        damage_type, escalation=bonus, rune_damage=25, phys_defense=-defense_drop, mag_defense=-defense_drop
    )
    assert got == Fraction(100 + bonus + 25 + defense_drop, 100)


@given(damage_types, multiplier_args, st.integers(1, 80))
def test_multiplier_is_monotone_in_every_term_T_DMG_5_T_DMG_6_T_DMG_8(
    damage_type: str, args: dict[str, int], step: int
) -> None:
    base = damage_multiplier(damage_type, **args)
    own_feature = "feature_phys" if damage_type == "physical" else "feature_mag"
    own_defense = "phys_defense" if damage_type == "physical" else "mag_defense"
    for term in (own_feature, "escalation", "rune_damage"):
        assert damage_multiplier(damage_type, **{**args, term: args[term] + step}) >= base
    for term in (own_defense, "melee_penalty", "range_penalty"):
        assert damage_multiplier(damage_type, **{**args, term: args[term] + step}) <= base
    # T-DMG-8 / T-STAT-3: a lower (even negative) defense raises the multiplier while its bracket is open
    lower = damage_multiplier(damage_type, **{**args, own_defense: args[own_defense] - step})
    assert lower >= base


@given(damage_types, multiplier_args, small, st.integers(-100, 100))
def test_multiplier_ignores_the_other_damage_types_terms_T_DMG_5_T_DMG_6(
    damage_type: str, args: dict[str, int], other_defense: int, other_feature: int
) -> None:
    """Physical damage never reads O3 or magical defense, and magical never reads O2 or physical defense."""
    base = damage_multiplier(damage_type, **args)
    if damage_type == "physical":
        changed = {**args, "feature_mag": other_feature, "mag_defense": other_defense}
    else:
        changed = {**args, "feature_phys": other_feature, "phys_defense": other_defense}
    assert damage_multiplier(damage_type, **changed) == base


def test_multiplier_worked_examples_T_EX_1_T_EX_5_T_EX_6_T_EX_7() -> None:
    # T-EX-1: magical melee, O3 -30, damage rune +25, defense 0 + 20 (rune) + 25 (Defend), penalty 50
    assert damage_multiplier(
        "magical", feature_mag=-30, rune_damage=25, mag_defense=45, melee_penalty=50
    ) == Fraction(1, 4)
    assert damage_multiplier("physical", phys_defense=130) == 0
    assert damage_multiplier("physical", phys_defense=-20) == Fraction(120, 100)
    assert damage_multiplier("physical", melee_penalty=60, range_penalty=50) == 0


def test_multiplier_rejects_unknown_damage_types_T_DTYPE_1() -> None:
    with pytest.raises(ValueError):
        damage_multiplier("fire")


# ---- final damage -------------------------------------------------------------------------------

counts = st.integers(1, 500)
r1s = st.integers(0, 200)
multipliers = st.fractions(min_value=0, max_value=5, max_denominator=10_000)


@given(counts, r1s, multipliers, st.booleans())
def test_final_damage_is_the_half_up_exact_product_T_DMG_1_T_DMG_2(
    count: int, r1: int, multiplier: Fraction, crit: bool
) -> None:
    factor = Fraction(175, 100) if crit else Fraction(1)
    exact = count * factor * r1 * multiplier
    assert final_damage(count, r1, multiplier, crit) == half_up(exact)


@given(counts, r1s, multipliers)
def test_crit_never_deals_less_T_DMG_2(count: int, r1: int, multiplier: Fraction) -> None:
    assert final_damage(count, r1, multiplier, True) >= final_damage(count, r1, multiplier, False)


@given(counts, r1s, multipliers, st.booleans(), st.integers(1, 50))
def test_final_damage_is_monotone_in_units_and_r1_T_DMG_1(
    count: int, r1: int, multiplier: Fraction, crit: bool, step: int
) -> None:
    base = final_damage(count, r1, multiplier, crit)
    assert final_damage(count + step, r1, multiplier, crit) >= base
    assert final_damage(count, r1 + step, multiplier, crit) >= base


def test_final_damage_worked_examples_T_EX_2_T_EX_11() -> None:
    assert final_damage(10, 20, Fraction(1, 4), False) == 50
    assert final_damage(10, 20, Fraction(1, 4), True) == 88  # 87.5 half up
    assert final_damage(4, 15, Fraction(1, 2), True) == 53  # 52.5: half up, not banker's 52


# ---- battle stats -------------------------------------------------------------------------------


@given(level_coefs, st.integers(0, 1000))
def test_battle_stat_is_half_up_of_coef_times_base_T_STAT_1(coef: Fraction, base: int) -> None:
    assert battle_stat(coef, base) == half_up(coef * base)


def test_battle_stat_worked_example_T_EX_8() -> None:
    coef = Fraction("1.2")
    assert (battle_stat(coef, 55), battle_stat(coef, 20), battle_stat(coef, 28)) == (66, 24, 34)
    assert battle_stat(Fraction("1.1"), 15) == 17  # 16.5 rounds up


# ---- stack damage -------------------------------------------------------------------------------


@st.composite
def squads(draw: st.DrawFn) -> tuple[int, int, int]:
    """(count, top_hp, unit_hp) of a valid squad (T-HP-1: 1 <= h <= HP)."""
    unit_hp = draw(st.integers(1, 400))
    return draw(st.integers(1, 60)), draw(st.integers(1, unit_hp)), unit_hp


def pool_of(count: int, top_hp: int, unit_hp: int) -> int:
    """Pool = (n - 1) x HP + h, and 0 for a destroyed squad."""
    return (count - 1) * unit_hp + top_hp if count else 0


@given(squads(), st.integers(0, 30_000))
def test_stack_damage_conserves_the_pool_T_HP_1(squad: tuple[int, int, int], damage: int) -> None:
    count, top, hp = squad
    new_count, new_top, killed = apply_damage(count, top, hp, damage)
    pool = (count - 1) * hp + top
    new_pool = max(0, pool - damage)
    assert new_count == math.ceil(Fraction(new_pool, hp))
    assert killed == count - new_count
    if new_count:
        assert 1 <= new_top <= hp
        assert (new_count - 1) * hp + new_top == new_pool
    else:
        assert (new_top, killed) == (0, count)


@given(squads(), st.integers(0, 30_000), st.integers(0, 2_000))
def test_stack_damage_is_monotone_T_HP_1(squad: tuple[int, int, int], damage: int, more: int) -> None:
    count, top, hp = squad
    n1, h1, k1 = apply_damage(count, top, hp, damage)
    n2, h2, k2 = apply_damage(count, top, hp, damage + more)
    assert k2 >= k1 and n2 <= n1
    assert pool_of(n2, h2, hp) <= pool_of(n1, h1, hp)


@given(squads())
def test_zero_damage_changes_nothing_T_HP_1(squad: tuple[int, int, int]) -> None:
    count, top, hp = squad
    assert apply_damage(count, top, hp, 0) == (count, top, 0)


def test_stack_damage_worked_example_T_EX_9() -> None:
    assert apply_damage(10, 55, 55, 130) == (8, 35, 2)


@pytest.mark.parametrize(
    ("count", "top", "hp", "damage"), [(0, 1, 10, 1), (2, 0, 10, 1), (2, 11, 10, 1), (3, 5, 10, -1)]
)
def test_stack_damage_rejects_impossible_squads_T_HP_1(count: int, top: int, hp: int, damage: int) -> None:
    """n >= 1 and 1 <= h <= HP describe a squad; negative damage describes nothing."""
    with pytest.raises(ValueError):
        apply_damage(count, top, hp, damage)


# ---- movement zones -----------------------------------------------------------------------------


def test_movement_zone_sizes_T_MOVE_1_T_MOVE_2() -> None:
    assert [len(movement_zone(z)) for z in (0, 1, 2)] == [0, 8, 20]
    with pytest.raises(ValueError):
        movement_zone(3)


@pytest.mark.parametrize("zone", [0, 1, 2])
def test_movement_zones_are_symmetric_and_exclude_the_centre_T_MOVE_1(zone: int) -> None:
    offsets = movement_zone(zone)
    assert (0, 0) not in offsets
    for dx, dy in offsets:
        assert {(-dx, dy), (dx, -dy), (dy, dx)} <= offsets


def test_zone_1_is_the_eight_neighbours_and_zone_2_the_5x5_minus_corners_T_MOVE_1_T_MOVE_2() -> None:
    neighbours = {(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)} - {(0, 0)}
    assert movement_zone(1) == neighbours
    square = {(dx, dy) for dx in range(-2, 3) for dy in range(-2, 3)}
    corners = {(-2, -2), (-2, 2), (2, -2), (2, 2)}
    assert movement_zone(2) == square - corners - {(0, 0)}
    assert movement_zone(1) < movement_zone(2)
    rows = ["".join("2" if (x, y) in movement_zone(2) else "." for x in range(-2, 3)) for y in range(-2, 3)]
    assert rows == [".222.", "22222", "22.22", "22222", ".222."]


@given(st.integers(-5, 5), st.integers(-5, 5))
def test_zone_membership_by_chebyshev_distance_T_MOVE_2(dx: int, dy: int) -> None:
    assume((dx, dy) != (0, 0))
    reach = max(abs(dx), abs(dy))
    assert ((dx, dy) in movement_zone(1)) == (reach == 1)
    assert ((dx, dy) in movement_zone(2)) == (reach <= 2 and (abs(dx), abs(dy)) != (2, 2))
