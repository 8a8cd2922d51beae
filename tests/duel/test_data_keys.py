"""The duel's data-driven numbers are live: change one in the catalog, and the duel follows it.

Each test changes one value of the shipped duel catalog (``dataclasses.replace``, or a modified
copy of duel_cards.toml loaded through :func:`load_duel_catalog`) and checks a scenario with scripted
rolls, the exact fight odds or the AI's score.
"""

from __future__ import annotations

import inspect
import shutil
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

from duel_helpers import CAT, make_state, of, play, put, rich

from rules.core.toml_reader import DATA_DIR
from rules.duel import events as ev
from rules.duel.actions import Attack, PlayCreature
from rules.duel.ai.evaluate import DEFAULT, evaluate, reach_parry
from rules.duel.ai.ismcts import SEARCH_WEIGHTS
from rules.duel.catalog import DuelCatalog, load_duel_catalog
from rules.duel.engine import check, legal_actions
from rules.duel.formulas import die_weights, life_loss
from rules.duel.odds import fight_odds, loss_counts


def with_rules(**changes: object) -> DuelCatalog:
    return replace(CAT, rules=replace(CAT.rules, **changes))


def with_commander(**changes: object) -> DuelCatalog:
    return replace(CAT, heroes={**CAT.heroes, "commander": replace(CAT.hero("commander"), **changes)})


# ---- max_field (D-FIELD-1) ----------------------------------------------------------------------


def test_max_field_limits_the_field_and_its_message_D_FIELD_1_D_TURN_2():
    """D-FIELD-1: at most duel_cards.toml's max_field creatures (5 shipped, here 3); the refusal says 3."""
    for catalog, room in ((CAT, True), (with_rules(max_field=3), False)):
        state = make_state(hands=(["militia"], []), catalog=catalog)
        rich(state, 1)
        for _ in range(3):
            put(state, 1, "militia")
        assert (PlayCreature("militia") in legal_actions(state)) is room
        expected = None if room else "at most 3 creatures may be on a side's field (D-FIELD-1, D-TURN-2)"
        assert check(state, PlayCreature("militia")) == expected


# ---- cavalry_factor_pct (D-TYPE-6) ---------------------------------------------------------------


def knight_charges(catalog: DuelCatalog) -> list[ev.Event]:
    state = make_state(catalog=catalog)
    knight = put(state, 1, "knight")
    militia = put(state, 2, "militia", life=20)
    # knight's damage 4 vs militia's parry 1; the militia's counter: 1 vs 3
    return play(state, Attack(knight.uid, militia.uid), 4, 1, 1, 3)


def test_cavalry_factor_pct_sets_the_damage_against_foot_D_TYPE_6_D_EX_8():
    """D-TYPE-6 / D-EX-8: Cavalry deals duel_cards.toml's cavalry_factor_pct against Foot before the parry:
    200% gives 2 x 4 - 1 = 7; 300% gives 3 x 4 - 1 = 11."""
    assert of(ev.LifeLost, knight_charges(CAT))[0].amount == 7
    assert of(ev.LifeLost, knight_charges(with_rules(cavalry_factor_pct=300)))[0].amount == 11


def test_cavalry_factor_pct_reaches_the_exact_odds_D_TYPE_6():
    """D-TYPE-6: the forecast follows the factor: a knight (1..6) against a militia of 10 life
    (parry 1..2) kills on 2 of 12 pairs at 200% (6 x 2 - p >= 10), on 6 of 12 at 300% (d >= 4)."""
    for catalog, kill in ((CAT, Fraction(1, 6)), (with_rules(cavalry_factor_pct=300), Fraction(1, 2))):
        state = make_state(catalog=catalog)
        knight = put(state, 1, "knight")
        militia = put(state, 2, "militia", life=10)
        assert fight_odds(state, knight.uid, militia.uid).kill_chance == kill


def test_cavalry_factor_from_a_toml_copy_rounds_half_up_D_TYPE_6(tmp_path: Path):
    """D-TYPE-6: a designer's 150% in duel_cards.toml: damage 3 becomes 4.5 -> 5 (half up), less parry 1."""
    for name in ("duel_cards.toml", "duel_heroes.toml", "duel_decks.toml"):
        shutil.copy(DATA_DIR / name, tmp_path / name)
    cards = tmp_path / "duel_cards.toml"
    text = cards.read_text(encoding="utf-8")
    assert "cavalry_factor_pct = 200" in text
    cards.write_text(text.replace("cavalry_factor_pct = 200", "cavalry_factor_pct = 150"), encoding="utf-8")
    catalog = load_duel_catalog(tmp_path)
    assert catalog.rules.cavalry_factor_pct == 150
    state = make_state(catalog=catalog)
    knight = put(state, 1, "knight")
    militia = put(state, 2, "militia", life=20)
    events = play(state, Attack(knight.uid, militia.uid), 3, 1, 1, 3)
    assert of(ev.LifeLost, events)[0].amount == 4


# ---- the search AI's reach weight and the default hero (D-DATA-1) --------------------------------


def test_reach_is_reckoned_against_the_default_heros_defense_D_DATA_1_D_HERO_4():
    """D-DATA-1 / D-HERO-4: the reach bonus of a Shooter is measured against duel_heroes.toml's default
    hero: a commander of defense 1 instead of 3 makes a crossbowman on the field worth more."""

    def score(catalog: DuelCatalog) -> float:
        state = make_state(catalog=catalog)
        put(state, 1, "crossbowman")
        return evaluate(state, 1, SEARCH_WEIGHTS)

    weak = with_commander(defense=1)
    assert reach_parry(make_state(), SEARCH_WEIGHTS) == 3
    assert reach_parry(make_state(catalog=weak), SEARCH_WEIGHTS) == 1
    assert score(weak) > score(CAT)
    # Without a reach weight the default hero is not consulted (greedy works with any heroes).
    assert reach_parry(make_state(catalog=weak), DEFAULT) == 0
    assert evaluate(make_state(catalog=weak), 1) == evaluate(make_state(), 1)


# ---- a sample of the keys that were already live -------------------------------------------------


def test_foot_dodge_pct_D_TYPE_7():
    """D-TYPE-7: a Foot target evades a Flier with duel_cards.toml's foot_dodge_pct (50 shipped, here 30)."""
    state = make_state(catalog=with_rules(foot_dodge_pct=30))
    griffin = put(state, 1, "griffin")
    foot = put(state, 2, "swordsman")
    events = play(state, Attack(griffin.uid, foot.uid), 30, 4, 1)
    assert of(ev.EvadeRolled, events) == [ev.EvadeRolled(foot.uid, griffin.uid, 30, 30, True)]


def test_scary_morale_D_TYPE_8():
    """D-TYPE-8: a Scary attack takes duel_cards.toml's scary_morale at once (4 shipped, here 7)."""
    state = make_state(catalog=with_rules(scary_morale=7))
    ghoul = put(state, 1, "ghoul")  # melee, foot, scary: attack 3
    target = put(state, 2, "militia", life=50)
    events = play(state, Attack(ghoul.uid, target.uid), 1, 1, 1, 1)  # attack 1 vs 1, counter 1 vs 1
    assert of(ev.MoraleChanged, events)[0] == ev.MoraleChanged(2, -7, 23, "scary")


def test_formula_defaults_are_the_shipped_values_D_TYPE_6_D_ORDER_1_D_ORDER_3():
    """D-TYPE-6, D-ORDER-1/3: a formula's data-driven keyword defaults to what duel_cards.toml ships."""
    rules = CAT.rules
    assert inspect.signature(life_loss).parameters["cavalry_factor_pct"].default == rules.cavalry_factor_pct
    assert inspect.signature(loss_counts).parameters["cavalry_factor_pct"].default == rules.cavalry_factor_pct
    parameters = inspect.signature(die_weights).parameters
    assert (parameters["faces"].default, parameters["bonus_pct"].default) == (
        rules.die_faces,
        rules.tactics_bonus_pct,
    )
