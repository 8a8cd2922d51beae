"""The skirmish formulas on their own: worked examples S-EX-1..16 exactly, and properties.

Each number is compared with an independent computation in Fractions, so a rounding or
bracket slip in rules/skirmish/formulas.py cannot hide behind shared code.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.numbers import round_half_up
from rules.skirmish.formulas import (
    bind_break_chance,
    block_chance,
    effective_agility,
    energy_factor,
    ether_chance,
    ether_damage,
    final_damage,
    hit_chance,
    in_range,
    max_castable_level,
    physical_damage_raw,
    quick_slots,
    range_factor,
    ranged_attacks_per_round,
    ranged_skill_factor,
    repel_cost,
    start_fatigue,
    steps,
    u_index,
    u_value,
    weakening,
    wound_factor,
)

F = Fraction


def test_master_against_expert_S_EX_1():
    """S-EX-1 / S-HIT-5: IV against III: 60%; III against IV: 40% (S-HIT-1 base 50)."""
    assert hit_chance(skill_att=4, skill_def=3) == 60
    assert hit_chance(skill_att=3, skill_def=4) == 40
    assert hit_chance() == 50  # S-HIT-1


def test_range_penalty_100_over_113_S_EX_2():
    """S-EX-2 / S-HIT-6: 50% beyond optimal range becomes exactly 5000/113 %, damage x 100/113."""
    assert hit_chance(factor=F(100, 113)) == F(5000, 113)
    raw = physical_damage_raw(F(12), F(1), F(1), F(1))
    assert final_damage(raw, range_mult=F(100, 113)) == round_half_up(F(1200, 113))  # S-DMG-6


def test_binding_break_chance_between_battles_S_EX_3_S_EX_4_S_BIND_3_S_BIND_4():
    """S-EX-3: binder 2/3 against 1: exactly 100/3 % a day. S-EX-4: 2 against two of 1: the formula
    gives 0, the 5% floor (S-CONV-5) makes it 5%. S-BIND-3: the sum of targets' Wisdom counts.

    Rules: S-BIND-4.
    """
    assert bind_break_chance(F(2, 3), [F(1)]) == F(100, 3)
    assert bind_break_chance(F(2), [F(1), F(1)]) == 5
    assert bind_break_chance(F(2), [F(1)]) == 5  # most secure: still the 5% floor


def test_steps_agility_2_S_EX_5_S_MOVE_1_S_MOVE_2_S_MOVE_3():
    """S-EX-5: Agility 2 -> 6 steps: 6 orthogonal, 4 diagonal (4 x 1.5), or 2 diagonal + 3 orthogonal.

    Rules: S-MOVE-1, S-MOVE-2, S-MOVE-3.
    """
    budget = steps(F(2))
    assert budget == 6
    assert 6 * F(1) == budget and 4 * F(3, 2) == budget and 2 * F(3, 2) + 3 == budget


def test_wounds_slow_a_hero_S_EX_6_S_WOUND_1_S_WOUND_2_S_WOUND_3():
    """S-EX-6: Health 1.5 (150 HP), Agility 2: at 75 HP Agility 4/3 -> 4 steps; at 50 HP Agility 1 -> 3.

    Rules: S-WOUND-1, S-WOUND-2, S-WOUND-3.
    """
    assert effective_agility(F(2), 75, 150) == F(4, 3) and steps(F(4, 3)) == 4
    assert effective_agility(F(2), 50, 150) == 1 and steps(F(1)) == 3
    assert wound_factor(76, 150) == 1
    assert wound_factor(51, 150) == F(2, 3)  # S-WOUND-2: x 1/2 replaces x 2/3, no stacking
    assert wound_factor(F(100, 3), 100) == F(1, 2)  # S-WOUND-3: one third exactly


def test_melee_damage_S_EX_7_S_DMG_1_S_DMG_8():
    """S-EX-7: Strength 2, sword 12, U = 1, armour 2: 12; critical 24; energy 40% (x 2/3): 8.

    Rules: S-DMG-1, S-DMG-8.
    """
    raw = physical_damage_raw(F(12), F(2), F(1), F(2))
    assert final_damage(raw) == 12
    assert final_damage(raw, crit=True) == 24  # S-DMG-4
    assert final_damage(raw, energy=energy_factor(F(2, 5))) == 8  # S-DMG-7


def test_ranged_damage_S_EX_8_S_DMG_2():
    """S-EX-8: long bow 12, skill III -> MIN(1, 3) = 1, U = 1, armour 1.5: 8; skill 0: 0.

    Rules: S-DMG-2.
    """
    assert final_damage(physical_damage_raw(F(12), F(ranged_skill_factor(3)), F(1), F(3, 2))) == 8
    assert final_damage(physical_damage_raw(F(12), F(ranged_skill_factor(0)), F(1), F(3, 2))) == 0
    assert [ranged_skill_factor(n) for n in range(6)] == [0, 1, 1, 1, 1, 1]  # S-OQ-6 literal


def test_third_attack_on_a_target_S_EX_9_S_HIT_2():
    """S-EX-9: the third attack on the same target this round, equal skills, no shield: 70%.

    Rules: S-HIT-2.
    """
    assert hit_chance(prior_attacks=2) == 70


def test_clamps_S_EX_10_S_HIT_7_S_HIT_3():
    """S-EX-10: V against 0: 100 -> 95; 0 against V with a 1X shield: -20 -> 5 (S-HIT-3: -20 per X).

    Rules: S-HIT-7.
    """
    assert hit_chance(skill_att=5, skill_def=0) == 95
    assert hit_chance(skill_att=0, skill_def=5, shield_x=F(1)) == 5
    assert hit_chance(shield_x=F(1, 2)) == 40 and hit_chance(shield_x=F(3, 2)) == 20


def test_defensive_style_and_effects_terms_S_HIT_4_S_HIT_9():
    """S-HIT-4: defensive style -10. S-HIT-9: sum, then the range factor, then the clamp."""
    assert hit_chance(defensive_style=True) == 40
    assert hit_chance(modifiers=10, factor=F(4, 5)) == 48  # (50 + 10) x 4/5
    assert hit_chance(modifiers=90, factor=F(1, 2)) == 70  # 140 x 1/2, clamped only at the end
    assert hit_chance(skill_att=None, skill_def=5) == 50  # S-HIT-10: no skill term for spells


def test_quick_spell_slots_S_EX_11_S_SPELL_4():
    """S-EX-11: Concentration 1 -> 10 slots: ten level-1 spells or 4 + 3 + 2 + 1.

    Rules: S-SPELL-4.
    """
    assert quick_slots(F(1)) == 10 == 4 + 3 + 2 + 1
    assert quick_slots(F(1, 2)) == 5 and quick_slots(F(2)) == 20


def test_casting_time_S_EX_12_S_SPELL_1_S_SPELL_2():
    """S-EX-12: a level-3 spell: 3^2 = 9 rounds (27 s) unprepared; 1 round as a quick spell.

    Rules: S-SPELL-1, S-SPELL-2.
    """
    from rules.skirmish.catalog import default_skirmish_catalog

    inferno = default_skirmish_catalog().spell("inferno")
    assert inferno.level == 3 and inferno.activations == 9 and inferno.activations * 3 == 27


def test_spell_against_a_mage_S_EX_13_S_RESIST_2_S_RESIST_3_S_RESIST_4():
    """S-EX-13: W_target 1, W_caster 2: block 50%; 40 mana with U = 1 costs 80; with 20 mana: 75%.

    Rules: S-RESIST-2, S-RESIST-3, S-RESIST-4.
    """
    assert block_chance(F(1), F(2)) == 50
    assert repel_cost(F(1), 40, F(2), F(1)) == 80
    assert weakening(F(20), F(80)) == F(3, 4)
    assert block_chance(F(3), F(1)) == 95 and block_chance(F(1), F(30)) == 5  # S-OQ-14 clamp


def test_mana_S_EX_14_S_SPELL_8():
    """S-EX-14 / S-SPELL-8: Concentration 1 -> 100 mana (max mana = 100 x Concentration)."""
    from rules.skirmish.catalog import default_skirmish_catalog

    assert default_skirmish_catalog().hero("aldric").max_mana == 100


def test_exact_steps_of_a_badly_wounded_sorcerer_S_EX_15():
    """S-EX-15: Agility 3/2 at HP <= 1/3: 3/4 -> 9/4 steps; 2 orthogonal (1/4 left) or 1 diagonal
    (3/4 left), not both (5/2 > 9/4). Above 1/3 but <= 1/2: Agility 1 -> 3 steps."""
    budget = steps(effective_agility(F(3, 2), 30, 100))
    assert budget == F(9, 4)
    assert budget - 2 == F(1, 4) and budget - F(3, 2) == F(3, 4) and F(5, 2) > budget
    assert steps(effective_agility(F(3, 2), 50, 100)) == 3


def test_range_in_cells_S_EX_16_S_HIT_11():
    """S-EX-16: long bow 12/30: at 15 cells factor 4/5, chance 40%, damage 48/5 -> 10; at (12, 5)
    range 13 and chance 600/13 %; at 31 cells out of range.

    Rules: S-HIT-11.
    """
    assert range_factor(12, 15, 0) == F(4, 5)
    assert hit_chance(factor=range_factor(12, 15, 0)) == 40
    raw = physical_damage_raw(F(12), F(1), F(1), F(1))
    assert final_damage(raw, range_mult=range_factor(12, 15, 0)) == 10
    assert range_factor(12, 12, 5) == F(12, 13) and hit_chance(factor=F(12, 13)) == F(600, 13)
    assert in_range(30, 30, 0) and not in_range(30, 31, 0)
    assert not in_range(30, 22, 21)  # 22^2 + 21^2 = 925 > 900: compared by squares


def test_irrational_range_factor_is_exact_enough_S_CONV_6():
    """An irrational range (sqrt 130 > 10) is carried with 40 digits; squares decide the range itself.

    Rules: S-CONV-6.
    """
    factor = range_factor(10, 11, 3)
    assert abs(float(factor) - 10 / 130**0.5) < 1e-15
    assert factor * factor * 130 - 100 < F(1, 10**35)


def test_energy_reductions_S_ENERGY_2_S_ENERGY_3_S_DMG_7():
    """S-ENERGY-3 / S-OQ-2: above 1/2 x 1; (1/3, 1/2] x 2/3; (0, 1/3] and 0 x 1/2.

    Rules: S-ENERGY-2, S-DMG-7.
    """
    assert energy_factor(F(51, 100)) == 1
    assert energy_factor(F(1, 2)) == F(2, 3) and energy_factor(F(34, 100)) == F(2, 3)
    assert energy_factor(F(1, 3)) == F(1, 2) and energy_factor(F(0)) == F(1, 2)
    assert [start_fatigue(F(e, 100)) for e in (100, 45, 30)] == [0, 20, 40]  # S-MODEL-3


def test_ether_formulas_S_ETHER_2_S_ETHER_5():
    """S-ETHER-5: 50 + 10 (k - 1) + 10 (W_att - W_def), clamped; damage 12 x W x U.

    Rules: S-ETHER-2.
    """
    assert ether_chance(0, F(3), F(1)) == 70
    assert ether_chance(2, F(1), F(3)) == 50
    assert ether_chance(0, F(5), F(0)) == 95
    assert ether_damage(F(2), F(1)) == 24 and ether_damage(F(3), F(1, 2)) == 18


def test_castable_level_S_SPELL_7():
    """S-SPELL-7 / S-OQ-19: min(class max magic level, floor(Wisdom))."""
    assert max_castable_level(5, F(3)) == 3
    assert max_castable_level(3, F(2)) == 2
    assert max_castable_level(1, F(5, 2)) == 1


def test_ranged_attacks_per_round_S_ACT_6():
    """S-ACT-6 / S-DATA-7: max(1, floor(effective Agility / 2))."""
    assert [ranged_attacks_per_round(F(a)) for a in (1, 2, 3, 4, 5)] == [1, 1, 1, 2, 2]
    assert ranged_attacks_per_round(F(4, 3)) == 1


@pytest.mark.parametrize("u", [F(1, 2), F(1), F(3, 2), F(3, 4)])
def test_u_is_an_exact_fraction_S_CONV_4(u):
    """S-CONV-4/6: U = 1/2 + n / 2^32; a scripted n gives any grid value exactly."""
    assert u_value(u_index(u)) == u


# ---- properties ---------------------------------------------------------------------------------

fractions = st.fractions(min_value=-200, max_value=200, max_denominator=50)


@given(
    st.integers(0, 8),
    st.fractions(0, 3, max_denominator=4),
    st.booleans(),
    st.integers(0, 5),
    st.fractions(0, 5, max_denominator=6),
    fractions,
    st.fractions(F(1, 100), 1, max_denominator=200),
)
def test_every_chance_is_clamped_to_5_95(prior, shield_x, style, att, dfn, m, factor):
    """S-HIT-7 / S-CONV-5: whatever the terms, the chance lies in [5, 95] and equals the clamped sum."""
    chance = hit_chance(
        prior_attacks=prior,
        shield_x=shield_x,
        defensive_style=style,
        skill_att=att,
        skill_def=dfn,
        modifiers=m,
        factor=factor,
    )
    raw = (50 + 10 * prior - 20 * shield_x - (10 if style else 0) + 10 * (att - dfn) + m) * factor
    assert 5 <= chance <= 95
    assert chance == min(95, max(5, raw))


@given(st.fractions(0, 10, max_denominator=60), st.integers(0, 400), st.integers(1, 400))
def test_steps_are_exact_fractions(agility, hp, max_hp):
    """S-MOVE-2 / S-CONV-6: Agility x 3 exactly, wounded Agility x 2/3 or x 1/2, never a float."""
    assert steps(agility) == agility * 3 and isinstance(steps(agility), Fraction)
    eff = effective_agility(agility, hp, max_hp)
    assert eff in (agility, agility * F(2, 3), agility / 2)
    assert eff == agility * wound_factor(hp, max_hp)
    assert (wound_factor(hp, max_hp) == F(1, 2)) == (3 * hp <= max_hp)


@given(st.fractions(0, 5, max_denominator=6), st.fractions(F(1, 6), 5, max_denominator=6))
def test_block_chance_is_clamped(w_target, w_caster):
    """S-RESIST-2 / S-OQ-14: 100 x ratio, clamped to 5..95."""
    assert block_chance(w_target, w_caster) == min(95, max(5, 100 * w_target / w_caster))
