"""The profile: hiring, supplies by real time, healing, battle and mission results, JSON."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.meta.catalog import default_meta_catalog
from rules.meta.profile import (
    ProfileError,
    Squad,
    from_json,
    grant_unit,
    heal_all,
    healing_price,
    hire,
    new_profile,
    regenerate,
    spend_supplies,
    to_json,
)
from rules.meta.results import apply_mission, apply_pvp
from rules.rng import ScriptedRng

CAT = default_meta_catalog()
HOUR = 3600


def player(**changes):
    p = new_profile("Ann", 0.0)
    roster = (Squad("swordsman", 10), Squad("archer", 8), Squad("mage", 6), Squad("assassin", 6))
    return replace(p, roster=roster, **changes)


def test_start_values_M_CUP_2_M_HIRE_2_M_SUP_2():
    """M-CUP-2: 100 cups; M-HIRE-2: every counter at 1; M-DATA-4: full 150 supplies (M-SUP-2 max)."""
    p = new_profile("Ann", 0.0)
    assert (p.cups, p.supplies, p.league) == (100, 150, 1)
    assert set(p.hire_counters.values()) == {1}


def test_hire_one_at_a_time_with_own_cards_M_HIRE_1_M_HIRE_2_M_HIRE_5_M_HIRE_7():
    """M-HIRE-1: one unit per hire; M-HIRE-5: paid in that type's cards; M-HIRE-2: counter +1;
    M-HIRE-7: a hire that cannot be paid is refused and changes nothing."""
    p = player(cards={"swordsman": 3, "mage": 0, "archer": 0, "assassin": 0})
    p = hire(p, "swordsman", 0)
    assert (p.roster[0].count, p.cards["swordsman"], p.hire_counters["swordsman"]) == (11, 2, 2)
    p = hire(p, "swordsman", 0)
    assert (p.cards["swordsman"], p.hire_counters["swordsman"]) == (0, 3)
    with pytest.raises(ValueError, match="costs 3 swordsman cards"):
        hire(p, "swordsman", 0)
    with pytest.raises(ValueError):
        hire(replace(p, cards={**p.cards, "mage": 5}), "mage", 0)  # mage cards do not buy swordsmen
    assert p.hire_counters["mage"] == 1


def test_M_EX_2_free_unit_keeps_the_counter_M_HIRE_3():
    """M-EX-2 / M-HIRE-3: a quest swordsman at counter 4 leaves it 4; the next hire still costs 4."""
    p = player(hire_counters={**player().hire_counters, "swordsman": 4}, cards={"swordsman": 4})
    p = grant_unit(p, 0)
    assert p.hire_counters["swordsman"] == 4 and p.roster[0].count == 11
    p = hire(p, "swordsman", 0)
    assert p.cards["swordsman"] == 0


def test_M_EX_3_supplies_M_SUP_2_M_SUP_3_M_SUP_4_M_PVP_11():
    """M-EX-3: 0 -> 150 in 75 h; 140 + 3 h = 146; an application (M-SUP-3) 141; surrender (M-SUP-4,
    M-PVP-11) 136. M-SUP-1: supplies are the work points of the sea voyages, here a plain counter."""
    assert regenerate(player(supplies=0), 75 * HOUR).supplies == 150
    assert regenerate(player(supplies=0), 75 * HOUR - 1).supplies == 149
    p = regenerate(player(supplies=140), 3 * HOUR)
    assert p.supplies == 146
    p = spend_supplies(p, CAT.application_cost, 3 * HOUR)
    assert p.supplies == 141
    p, _, _ = apply_pvp(
        p,
        outcome="loss",
        league=1,
        efficiency=F(0),
        opponent_cups=100,
        surrendered=True,
        now=3 * HOUR,
        rng=ScriptedRng([]),
    )
    assert p.supplies == 136


def test_supply_edges_M_SUP_6_M_SUP_5():
    """M-SUP-6(a) the timer runs only below 150 and restarts on dropping below; (b) a chest (M-SUP-5)
    may pass 150 and regeneration pauses; (c) a penalty stops at 0; (d) 5 needed to apply."""
    full = regenerate(player(), 10 * HOUR)
    p = spend_supplies(full, 5, 10 * HOUR)
    assert regenerate(p, 10 * HOUR + 29 * 60).supplies == 145  # the timer restarted at the drop
    assert regenerate(p, 10 * HOUR + 30 * 60).supplies == 146
    over, _, _ = apply_pvp(
        full,
        outcome="win",
        league=1,
        efficiency=F(1),
        opponent_cups=None,
        chests=("supply_1",),
        rng=ScriptedRng([0]),
    )
    assert over.supplies == 151 and regenerate(over, 100 * HOUR).supplies == 151
    assert spend_supplies(player(supplies=3), 5, 0, penalty=True).supplies == 0
    with pytest.raises(ValueError, match="needs 5 supplies"):
        spend_supplies(player(supplies=4), 5, 0)


@given(st.integers(0, 150), st.lists(st.integers(0, 20 * HOUR), max_size=8), st.integers(0, 20 * HOUR))
def test_regeneration_in_one_step_or_many_M_SUP_6(start, steps, extra):
    """M-SUP-6(a): the same supplies whether the time passes in one step or many (game closed or open)."""
    p = player(supplies=start)
    t, many = 0, p
    for dt in steps:
        t += dt
        many = regenerate(many, t)
    end = t + extra
    assert regenerate(many, end).supplies == regenerate(p, end).supplies
    assert regenerate(p, end).supplies <= max(start, CAT.supplies_max)


def test_wounded_and_healing_M_HEAL_2_M_PVP_6_M_PVP_10_M_PVP_16():
    """M-HEAL-2: the killed become wounded, healed for a fee: 100% after a win (M-PVP-6) or draw
    (M-PVP-10), 75% after a loss (M-PVP-16); healed units fight again."""
    for outcome, price in (("win", 20), ("draw", 20), ("loss", 15)):
        p, _, _ = apply_pvp(
            player(piastres=1000),
            outcome=outcome,
            league=1,
            efficiency=F(0),
            opponent_cups=None,
            killed={0: 4},
            rng=ScriptedRng([]),
        )
        assert (p.roster[0].count, p.roster[0].wounded) == (6, 4)
        assert healing_price(p) == price
        healed = heal_all(p)
        assert (healed.roster[0].count, healed.roster[0].wounded) == (10, 0)
    with pytest.raises(ValueError, match="healing costs"):
        heal_all(replace(p, piastres=0))


def test_pvp_win_against_a_player_M_PVP_4_M_PVP_5_M_CUP_4_M_CUP_5_M_LEAGUE_4():
    """M-PVP-4 / M-CUP-5: +15 cups at 100 vs 150; M-PVP-5: chest bonuses paid on a win; rewards use
    the league of the application (M-LEAGUE-4) even if the cups changed since."""
    p = player(cups=100)
    p, reward, card = apply_pvp(
        p,
        outcome="win",
        league=2,
        efficiency=F(1),
        opponent_cups=150,
        chests=("rum_15", "card_mage"),
        rng=ScriptedRng([0]),
    )
    assert p.cups == 115 and card == "mage"
    assert (p.piastres, p.rum, p.cards["mage"]) == (200, 20 + 15, 3 + 1)
    assert reward.unit_cards == 3


def test_draw_and_loss_M_CUP_7_M_PVP_9_M_PVP_14_M_PVP_10a_M_PVP_16a_M_CUP_4():
    """M-CUP-4: a win raises cups (above), a loss lowers them.
    M-CUP-7 / M-PVP-9: a draw keeps the cups; M-PVP-14 / M-CUP-8: a loss loses the winner's gain;
    M-PVP-10a / M-PVP-16a: no cards and no chests on a draw or a loss."""
    d, _, _ = apply_pvp(
        player(),
        outcome="draw",
        league=1,
        efficiency=F(1),
        opponent_cups=150,
        chests=("rum_15",),
        rng=ScriptedRng([]),
    )
    assert (d.cups, d.rum, sum(d.cards.values())) == (100, 5, 0)
    lost, _, _ = apply_pvp(
        player(cups=150),
        outcome="loss",
        league=1,
        efficiency=F(0),
        opponent_cups=100,
        opponent_efficiency=F(7, 10),
        chests=("rum_15",),
        rng=ScriptedRng([]),
    )
    assert lost.cups == 150 - 11 and lost.rum == 0 and sum(lost.cards.values()) == 0


def test_M_EX_6_mob_results_M_CUP_6_M_CUP_9_M_CUP_10_M_PVP_15():
    """M-EX-6 / M-CUP-6: a mob win at 0.2 gives +1; M-CUP-9: a mob loss -1, not below 0; then (M-CUP-10,
    M-PVP-15) the 0-cup player meets a mob next (see test_matchmaking)."""
    won, _, _ = apply_pvp(
        player(), outcome="win", league=1, efficiency=F(1, 5), opponent_cups=None, rng=ScriptedRng([0])
    )
    assert won.cups == 101
    lost, _, _ = apply_pvp(
        player(cups=0), outcome="loss", league=1, efficiency=F(0), opponent_cups=None, rng=ScriptedRng([])
    )
    assert lost.cups == 0


def test_missions_M_MIS_1_M_CUP_3():
    """M-MIS-1 / M-CUP-3 / M-DATA-2: a mission win gives +1 cup and its chests; a loss neither."""
    p = apply_mission(player(), won=True, chests=("card_archer",), killed={1: 2})
    assert (p.cups, p.cards["archer"], p.roster[1].wounded) == (101, 1, 2)
    assert apply_mission(player(), won=False, chests=("card_archer",)).cups == 100


def test_json_round_trip_and_strict_errors():
    p = player(cards={"mage": 2}, piastres=7)
    assert from_json(to_json(p)) == p
    for bad, message in (
        ("{", "not valid JSON"),
        ('{"version": 99}', "version 99"),
        (to_json(p).replace('"piastres": 7', '"piastres": -1'), "piastres"),
    ):
        with pytest.raises(ProfileError, match=message):
            from_json(bad)


def test_each_wounded_unit_keeps_the_factor_of_its_battle_M_HEAL_2():
    """M-HEAL-2: a unit wounded in a defeat heals at 75%, one wounded in a win at 100%, in one squad;
    the total is rounded up. 5 x level 1: 2 units at 75% (7.5) + 1 at 100% (5) = ceil(12.5) = 13."""
    p = player(piastres=100)
    p, _, _ = apply_pvp(
        p, outcome="loss", league=1, efficiency=F(0), opponent_cups=None, killed={0: 2}, rng=ScriptedRng([])
    )
    p, _, _ = apply_pvp(
        p, outcome="win", league=1, efficiency=F(0), opponent_cups=None, killed={0: 1}, rng=ScriptedRng([])
    )
    assert p.roster[0].wounds == ((75, 2), (100, 1)) and p.roster[0].wounded == 3
    assert healing_price(p) == 13 and healing_price(p, squad_index=1) == 0
    healed = heal_all(p, squad_index=0)
    assert (healed.piastres, healed.roster[0].count, healed.roster[0].wounds) == (87, 10, ())
    assert from_json(to_json(p)) == p


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d["roster"][0].update(count="ten"), "roster[0].count"),
        (lambda d: d["roster"][1].update(count=-1), "roster[1].count"),
        (lambda d: d["roster"][0].update(unit="dragon"), "roster[0].unit"),
        (lambda d: d["roster"][0].update(level=0), "roster[0].level"),
        (lambda d: d["roster"][0].update(wounds=[[75, -2]]), r"roster\[0\].wounds\[0\]\[1\]"),
        (lambda d: d["roster"][0].update(wounds="many"), "roster[0].wounds"),
        (lambda d: d["roster"][0].update(extra=1), "roster[0]"),
        (lambda d: d["roster"].append(7), "roster[4]"),
        (lambda d: d.update(roster={}), "roster"),
        (lambda d: d["cards"].update(dragon=1), "cards.dragon"),
        (lambda d: d["cards"].update(mage=-3), "cards.mage"),
        (lambda d: d["hire_counters"].update(mage=0), "hire_counters.mage"),
        (lambda d: d.update(supplies_clock="now"), "supplies_clock"),
        (lambda d: d.update(name=""), "name"),
        (lambda d: d.update(cups=True), "cups"),
    ],
)
def test_from_json_names_the_bad_nested_field(change, field):
    """A profile file with a wrong nested value is refused with the field's name (nothing half-read)."""

    data = json.loads(to_json(player()))
    change(data)
    with pytest.raises(ProfileError, match=field if "\\" in field else re.escape(field)):
        from_json(json.dumps(data))


def test_rivals_round_trip_and_bad_rivals_name_the_field():
    """The profile keeps its seed and rivals (P-MODE-2); a rival with a bad army or AI is refused."""
    from rules.meta.rivals import make_rivals

    p = replace(player(), seed=42, rivals=make_rivals(42, 0.0))
    assert from_json(to_json(p)) == p
    for change, field in (
        (lambda d: d["rivals"][0]["army"].append(["dragon", 1, 1]), "rivals[0].army"),
        (lambda d: d["rivals"][1].update(ai="godlike"), "rivals[1].ai"),
        (lambda d: d["rivals"][2].update(cups=-4), "rivals[2].cups"),
        (lambda d: d.update(seed="x"), "seed"),
    ):
        data = json.loads(to_json(p))
        change(data)
        with pytest.raises(ProfileError, match=re.escape(field)):
            from_json(json.dumps(data))
