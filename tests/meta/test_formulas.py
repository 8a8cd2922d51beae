"""meta.md formulas and worked examples: hire price, efficiency, cups, leagues, rewards, healing."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.meta.catalog import default_meta_catalog
from rules.meta.formulas import (
    Reward,
    base_cup_growth,
    battle_efficiency,
    cup_gain,
    cup_transfer,
    healing_cost,
    hire_cost,
    league_for,
    pvp_reward,
)

CAT = default_meta_catalog()


def test_M_EX_2_hire_prices_M_HIRE_4():
    """M-EX-2 / M-HIRE-4: counter below 10 costs the counter, from 10 on 2 x counter - 10."""
    table = {1: 1, 2: 2, 9: 9, 10: 10, 11: 12, 12: 14, 13: 16, 15: 20, 20: 30}
    assert {c: hire_cost(c) for c in table} == table
    assert sum(hire_cost(c) for c in range(1, 11)) == 55
    assert sum(hire_cost(c) for c in range(1, 12)) == 67


def test_M_HIRE_6_other_unit_types_use_the_same_formula_M_DATA_5():
    """M-HIRE-6: other unit types have no price of their own; M-DATA-5 proposes the same formula."""
    assert hire_cost(4) == 4  # hire_cost does not take a type: the one formula serves every type


@given(st.integers(1, 500))
def test_hire_cost_is_monotone_M_HIRE_4(counter):
    """M-HIRE-4: the price never falls as the counter rises."""
    assert hire_cost(counter + 1) > hire_cost(counter) >= 1


def test_M_EX_7_efficiency_M_EFF_1_M_EFF_2_M_EFF_3_M_EFF_4():
    """M-EX-7: 12 of 30 units -> 0.400 (M-EFF-4: units over units, not the literal squads of M-EFF-3);
    7 of 9 -> 0.778 half up; M-EFF-1: a decisive win is 1 whatever the kills; M-EFF-2: otherwise the ratio."""
    assert battle_efficiency(12, 30, False) == F(400, 1000)
    assert battle_efficiency(7, 9, False) == F(778, 1000)
    assert battle_efficiency(0, 30, True) == 1
    assert battle_efficiency(12, 3, False) == 1  # M-EFF-4 clamp: the literal 12/3 = 4 cannot happen


def test_M_EFF_5_each_side_has_its_own_efficiency():
    """M-EFF-5: the loser's efficiency uses the loser's own kills over the winner's start units."""
    winner, loser = battle_efficiency(10, 20, False), battle_efficiency(3, 12, False)
    assert (winner, loser) == (F(1, 2), F(1, 4))


@given(st.integers(0, 1000), st.integers(0, 1000), st.booleans())
def test_efficiency_is_in_0_1_M_EFF_4(killed, start, decisive):
    """M-EFF-4: clamped to [0, 1], a multiple of 0.001."""
    eff = battle_efficiency(killed, start, decisive)
    assert 0 <= eff <= 1 and (eff * 1000).denominator == 1


@pytest.mark.parametrize(
    ("player", "opponent", "eff", "gain"),
    [
        (100, 150, F(1), 15),
        (100, 150, F(7, 10), 11),
        (100, 200, F(1), 20),
        (300, 220, F(1, 2), 1),
        (300, 200, F(1), 2),
        (250, 245, F(1), 10),
        (120, 130, F(0), 0),
    ],
)
def test_M_EX_4_cup_growth_M_CUP_5_M_CUP_8(player, opponent, eff, gain):
    """M-EX-4 / M-CUP-5: round(clamp(10 + 0.1 x diff, 2, 20) x eff) half up; M-CUP-8: the loser loses it."""
    assert cup_gain(player, opponent, eff) == gain
    assert cup_transfer(player, opponent, eff) == (player + gain, max(0, opponent - gain))


def test_M_CUP_11_clamps_within_the_window():
    """M-CUP-11: within +-100 the raw growth is in [0, 20]; 20 at +100, the floor 2 at <= -80."""
    assert base_cup_growth(100, 200) == 20
    assert base_cup_growth(180, 100) == 2 and base_cup_growth(179, 100) == F(21, 10)
    assert base_cup_growth(250, 245) == F(19, 2)  # M-OQ-4: G not rounded before the multiplication


def test_M_EX_5_loser_floor_M_CUP_8():
    """M-EX-5: a gain of 11 against a loser with 6 cups: the winner +11, the loser 0."""
    # A winner on 1 cup against a loser on 6: G = 10.5, round(10.5) = 11 at efficiency 1.
    assert cup_gain(1, 6, F(1)) == 11
    assert cup_transfer(1, 6, F(1)) == (12, 0)


@given(st.integers(1, 2000), st.integers(-100, 100), st.integers(0, 1000))
def test_cups_are_conserved_except_at_the_floor_M_CUP_8(winner, diff, eff_milli):
    """M-CUP-8: what the loser loses the winner gains; never below 0."""
    loser = max(0, winner + diff)
    new_w, new_l = cup_transfer(winner, loser, F(eff_milli, 1000))
    gain = new_w - winner
    assert new_l >= 0 and 0 <= gain <= 20
    assert loser - new_l == min(gain, loser)


def test_M_LEAGUE_1_M_LEAGUE_2_leagues_M_DATA_1():
    """M-LEAGUE-1: 4 leagues by cups; M-LEAGUE-2: each has its bounds, bases and mob minimums (TOML)."""
    assert len(CAT.leagues) == 4
    assert [league_for(c) for c in (0, 100, 199, 200, 399, 400, 699, 700, 5000)] == [
        1,
        1,
        1,
        2,
        2,
        3,
        3,
        4,
        4,
    ]
    assert CAT.league(2) == type(CAT.league(2))(2, 200, 200, 20, 3, 3, 2)
    assert league_for(CAT.start_cups) == 1


def test_M_LEAGUE_3_cups_do_not_depend_on_the_league_rewards_do():
    """M-LEAGUE-3 / M-OQ-11: the same cup gain in every league; the rewards grow with it."""
    assert cup_gain(750, 760, F(1)) == cup_gain(150, 160, F(1)) == 11
    assert pvp_reward("win", 4, F(1)).piastres > pvp_reward("win", 1, F(1)).piastres


def test_M_LEAGUE_5_mob_minimums_are_squads_and_levels():
    """M-LEAGUE-5: the minimum mobs and level per league are read as AI squads and their level."""
    assert [(lg.min_mobs, lg.min_mob_level) for lg in CAT.leagues] == [(2, 1), (3, 2), (4, 4), (4, 6)]


def test_M_EX_1_four_mage_cards_M_PVP_3():
    """M-EX-1 / M-PVP-3: league 4, 5 base cards x 0.7 = 3.5 -> 4 cards (half up)."""
    assert pvp_reward("win", 4, F(7, 10)).unit_cards == 4


def test_M_EX_8_rewards_M_PVP_1_M_PVP_2_M_PVP_7_M_PVP_8_M_PVP_12_M_PVP_13():
    """M-EX-8 (M-PVP-1, M-PVP-2, M-PVP-7, M-PVP-8, M-PVP-12, M-PVP-13): league 2 at 0.778:
    win 156/16/2, draw 78/8/0 (M-PVP-10a), loss 63/7/0 (M-PVP-16a)."""
    eff = F(778, 1000)
    assert pvp_reward("win", 2, eff) == Reward(156, 16, 2)
    assert pvp_reward("draw", 2, eff) == Reward(78, 8, 0)
    assert pvp_reward("loss", 2, eff) == Reward(63, 7, 0)
    with pytest.raises(ValueError, match="outcome"):
        pvp_reward("surrender", 2, eff)


def test_M_EX_9_exact_ceil():
    """M-EX-9: base 100 piastres at efficiency 0.070: ceil(7.000) = 7, not the float 8."""
    assert pvp_reward("win", 1, F(70, 1000)).piastres == 7


def test_M_HEAL_1_normal_cost_is_data_M_DATA_3():
    """M-HEAL-1 / M-DATA-3: 5 piastres x level per wounded unit, factor on the sum, rounded up."""
    assert CAT.heal_per_level == 5
    assert healing_cost([1, 1, 3], 100) == 25
    assert healing_cost([1, 1, 3], 75) == 19  # ceil(18.75)
