"""Every number of tactics_units.toml [battle] that the rules use is live: change it, and the battle changes.

Each test takes the shipped catalog, changes one key (``dataclasses.replace`` on the loaded
catalog, or a modified copy of the TOML text loaded through :func:`load_catalog`), and checks
on an ASCII-board scenario with forced rolls that the engine (or an AI's estimate) follows it.
The last part checks that the loader refuses malformed random tables and the deleted grid keys.
"""

from __future__ import annotations

import inspect
import re
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from battle_helpers import of, play

from rules.core.toml_reader import DATA_DIR, CatalogError
from rules.rng import ScriptedRng, choose, choose_weighted
from rules.tactics import events as ev
from rules.tactics.actions import Attack, Defend, Move
from rules.tactics.ai.estimate import guess_strike, squad_strength, unit_worth
from rules.tactics.ai.goals import step_value
from rules.tactics.ai.luck import expected_change
from rules.tactics.battle import new_battle
from rules.tactics.catalog import Catalog, WeightedOption, default_catalog, load_catalog
from rules.tactics.combat import strike_odds
from rules.tactics.engine import apply
from rules.tactics.features import feature_text_en, resolve_feature
from rules.tactics.formulas import escalation_bonus, final_damage
from rules.tactics.preview import preview_target
from rules.tactics.setup import (
    BattleFeature,
    BattleSetup,
    DropSector,
    FeatureKind,
    Objective,
    RuneCircle,
    RuneKind,
    SquadSpec,
    Trap,
)
from rules.tactics.text import scenario

SHIPPED = DATA_DIR / "tactics_units.toml"
COPY_NAME = "changed_units.toml"


def with_battle(**changes: object) -> Catalog:
    """The shipped catalog with some [battle] values changed."""
    catalog = default_catalog()
    return replace(catalog, battle=replace(catalog.battle, **changes))


def changed_copy(tmp_path: Path, old: str, new: str) -> Path:
    """A copy of the shipped tactics_units.toml with the first ``old`` replaced by ``new`` (``old`` must be
    there)."""
    text = SHIPPED.read_text(encoding="utf-8")
    assert old in text, f"the shipped file no longer contains {old!r}; update the test"
    path = tmp_path / COPY_NAME
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


# ---- crit_factor_pct (T-DMG-2) -------------------------------------------------------------------


def crit_tie(catalog: Catalog | None = None):
    """T-EX-11's situation: 4 archers forced into melee (M = 50%) crit a goblin with R1 = 15."""
    state = scenario("Ag", {"A": ("archer", 4), "g": ("goblin", 9)}, catalog=catalog)
    events = play(state, Attack(0, (1, 0)), 1, 1, 15)  # hit, crit, R1 = 15
    return of(ev.AttackResolved, events)[0]


def test_crit_factor_pct_sets_the_crit_damage_T_DMG_2_T_EX_11():
    """T-DMG-2: the crit factor is tactics_units.toml's crit_factor_pct: 175 gives T-EX-11's 52.5 -> 53; with
    300 the same crit deals 4 x 3 x 15 x 0.5 = 90, in the engine and in the preview."""
    shipped = crit_tie()
    assert (shipped.crit, shipped.damage) == (True, 53)
    catalog = with_battle(crit_factor_pct=300)
    hit = crit_tie(catalog)
    assert (hit.crit, hit.r1, hit.multiplier, hit.damage) == (True, 15, Fraction(1, 2), 90)
    fresh = scenario("Ag", {"A": ("archer", 4), "g": ("goblin", 9)}, catalog=catalog)
    forecast = preview_target(fresh, fresh.squads[0], (1, 0), "melee")
    assert forecast.crit_damage == (84, 120)  # R1 14..20 x 4 x 3 x 0.5
    assert forecast.normal_damage == (28, 40)  # no crit: unchanged


def test_crit_factor_pct_reaches_the_ai_estimate_T_DMG_2():
    """T-DMG-2: the AIs' expected damage uses the catalog's factor too (x1.75 shipped, here x3)."""
    board, squads = "Ag", {"A": ("assassin", 4), "g": ("goblin", 30)}  # 1200 HP: no hit overkills
    shipped = scenario(board, squads)
    base = guess_strike(shipped, shipped.squads[0], (1, 0), "melee")
    state = scenario(board, squads, catalog=with_battle(crit_factor_pct=300))
    bigger = guess_strike(state, state.squads[0], (1, 0), "melee")
    crit = strike_odds(state, state.squads[0], (1, 0), "melee").crit_pct / 100  # the assassin's 25%
    assert bigger.value == pytest.approx(base.value * (1 - crit + 3 * crit) / (1 - crit + 1.75 * crit))


# ---- escalation_step (T-FEAT-2) ------------------------------------------------------------------


def test_escalation_step_sets_o4_and_the_banner_T_FEAT_2_T_FEAT_6():
    """T-FEAT-2: O4 = step x (r - 1) with tactics_units.toml's escalation_step: with 15, round 3 adds 30 (the
    swordsman's 70% against the catapult becomes 100%); T-FEAT-6: the banner shows the step."""
    catalog = with_battle(escalation_step=15)
    feature = BattleFeature(FeatureKind.ESCALATION)
    state = scenario(
        "S.\nc.", {"S": ("swordsman", 1), "c": ("catapult", 1)}, catalog=catalog, feature=feature
    )
    state.round_no = 3
    odds = strike_odds(state, state.squads[0], (0, 1), "melee")
    assert odds.multiplier == Fraction(100, 100) and ("escalation", 30) in odds.modifiers
    events = play(state, Attack(0, (0, 1)), 99, 20, 99)  # no crit, R1 = 20, no stun
    assert of(ev.AttackResolved, events)[0].damage == 20  # shipped step 10: 90% -> 18
    assert escalation_bonus(3, escalation_step=15) == 30
    assert feature_text_en(feature, catalog) == "Each round, damage dealt increases by 15%"
    assert feature_text_en(feature) == "Each round, damage dealt increases by 10%"


# ---- random_feature_bonus and random_features (T-FEAT-3, T-FEAT-4, T-DATA-5) ----------------------


def random_setup() -> BattleSetup:
    drops = (DropSector((0, 0), 1, 2), DropSector((3, 3), 2, 2))
    armies = ((SquadSpec("swordsman", 3),), (SquadSpec("goblin", 3),))
    return BattleSetup(4, 4, armies, drop_zones=drops, feature=BattleFeature(FeatureKind.RANDOM))


def test_random_feature_bonus_is_the_x_of_5a_and_5b_T_FEAT_3():
    """T-FEAT-3: variants 5a/5b add tactics_units.toml's random_feature_bonus (20 shipped; here 35)."""
    catalog = with_battle(random_feature_bonus=35)
    state, events = new_battle(random_setup(), ScriptedRng([0, 0, 0]), catalog)  # landings, then 5a
    assert events[1] == ev.FeatureResolved(
        "physical", 35, "Физический урон в бою: +35%", "Physical damage in battle: +35%", True
    )
    assert state.feature == BattleFeature(FeatureKind.PHYSICAL, 35)
    magical, _ = resolve_feature(BattleFeature(FeatureKind.RANDOM), ScriptedRng([1]), catalog)
    assert magical == BattleFeature(FeatureKind.MAGICAL, 35)


def test_random_feature_weights_come_from_the_toml_T_FEAT_4_T_DATA_5(tmp_path: Path):
    """T-FEAT-4 / T-DATA-5: the variants' chances are their weights in tactics_units.toml; escalation at
    weight 3 of 6 takes rolls 3..5 of one roll in 1..6, in the listed order."""
    path = changed_copy(
        tmp_path, '{ kind = "escalation", weight = 1 }', '{ kind = "escalation", weight = 3 }'
    )
    catalog = load_catalog(path)
    picked = []
    for roll in range(1, 7):
        rng = ScriptedRng([roll])
        feature, rolled = resolve_feature(BattleFeature(FeatureKind.RANDOM), rng, catalog)
        assert rolled and rng.calls == [(1, 6, roll)]
        picked.append(str(feature.kind))
    assert picked == ["physical", "magical", "escalation", "escalation", "escalation", "none"]


def test_random_feature_table_order_and_kinds_T_FEAT_3():
    """T-FEAT-3: the catalog's list is the roll order; a variant left out can never be rolled."""
    table = (WeightedOption("none", 1), WeightedOption("escalation", 1))
    catalog = with_battle(random_features=table)
    results = [
        resolve_feature(BattleFeature(FeatureKind.RANDOM), ScriptedRng([roll]), catalog)[0] for roll in (0, 1)
    ]
    assert results == [BattleFeature(FeatureKind.NONE), BattleFeature(FeatureKind.ESCALATION)]


# ---- chest_bonuses (T-CHEST-3, T-CHEST-4, T-DATA-5) ----------------------------------------------


def chest_state(catalog: Catalog):
    return scenario(
        "A$.\n...\n.!q",
        {"A": ("goblin", 1), "q": ("stone_guardian", 1)},
        objective=Objective.FLAGS,
        catalog=catalog,
    )


def test_chest_bonus_table_and_weights_come_from_the_catalog_T_CHEST_3_T_CHEST_4():
    """T-CHEST-3/4, T-DATA-5: a chest draws from tactics_units.toml's chest_bonuses by weight: rum at weight 1
    and a mage card at 2 is one roll in 1..3, the mage card on 2 and 3."""
    table = (WeightedOption("rum_15", 1), WeightedOption("card_mage", 2))
    for roll, bonus in ((1, "rum_15"), (2, "card_mage"), (3, "card_mage")):
        state = chest_state(with_battle(chest_bonuses=table))
        rng = ScriptedRng([roll])
        events = apply(state, Move(0, (1, 0)), rng)
        assert rng.calls == [(1, 3, roll)]
        assert of(ev.ChestOpened, events) == [ev.ChestOpened((1, 0), 1, 0, bonus)]
        assert state.pending_bonus[1] == (bonus,)


def test_chest_bonuses_from_a_toml_copy_T_CHEST_3(tmp_path: Path):
    """T-CHEST-3: a designer's list in tactics_units.toml is what chests give (equal weights: one choose
    roll)."""
    path = changed_copy(tmp_path, '{ bonus = "supply_1", weight = 1 }', '{ bonus = "supply_2", weight = 1 }')
    state = chest_state(load_catalog(path))
    rng = ScriptedRng([0])
    events = apply(state, Move(0, (1, 0)), rng)
    assert rng.calls == [(0, 5, 0)]
    assert of(ev.ChestOpened, events)[0].bonus == "supply_2"


# ---- trap_damage_min / trap_damage_max (T-TRAP-1) --------------------------------------------------


def test_trap_damage_range_is_the_catalogs_T_TRAP_1():
    """T-TRAP-1: the trap rolls in tactics_units.toml's trap_damage_min..trap_damage_max."""
    catalog = with_battle(trap_damage_min=100, trap_damage_max=120)
    state = scenario("G^...\n....c", {"G": ("goblin", 20), "c": ("catapult", 1)}, catalog=catalog)
    rng = ScriptedRng([110])
    events = apply(state, Move(0, (1, 0)), rng)
    assert rng.calls == [(100, 120, 110)]
    assert ev.TrapTriggered((1, 0), 0, 110) in events


def test_the_ais_expect_the_catalogs_trap_damage_T_TRAP_1():
    """T-TRAP-1: a visible trap costs the AIs the mean of the catalog's range (480 shipped, here 100)."""
    board, squads = "S..\n...\n..g", {"S": ("swordsman", 6), "g": ("goblin", 2)}
    trap = (Trap((1, 0), visible=True),)
    shipped = scenario(board, squads, traps=trap)
    changed = scenario(
        board, squads, traps=trap, catalog=with_battle(trap_damage_min=90, trap_damage_max=110)
    )
    worth = unit_worth(shipped.squads[0].info)
    assert expected_change(shipped, Move(0, (1, 0))) == pytest.approx(-worth * 480 / 100)
    assert expected_change(changed, Move(0, (1, 0))) == pytest.approx(-worth * 100 / 100)
    strength = squad_strength(shipped.squads[0])  # 6 swordsmen: a pool of 600 HP
    assert step_value(shipped, shipped.squads[0], (1, 0)) == pytest.approx(-480 / 600 * strength)
    assert step_value(changed, changed.squads[0], (1, 0)) == pytest.approx(-100 / 600 * strength)


# ---- a sample of the keys that were already live -------------------------------------------------


def test_defense_bonus_T_DEF_2():
    """T-DEF-2: «Защита» adds tactics_units.toml's defense_bonus to both defenses (25 shipped, here 40)."""
    catalog = with_battle(defense_bonus=40)
    state = scenario("S.\n..\nc.", {"S": ("swordsman", 10), "c": ("catapult", 1)}, catalog=catalog)
    assert play(state, Defend(0)) == [ev.Defended(0, 40), ev.TurnEnded(0, 2)]
    odds = strike_odds(state, state.squads[1], state.squads[0].pos, "line")
    assert odds.multiplier == Fraction(100 - 20 - 40, 100)


def test_distance_penalty_range_T_PROP_4():
    """T-PROP-4(c): the penalty starts at tactics_units.toml's distance_penalty_range (5 shipped, here 3)."""
    board, squads = "A..c", {"A": ("archer", 4), "c": ("catapult", 1)}
    shipped = scenario(board, squads)
    assert ("distance_penalty", -25) not in strike_odds(
        shipped, shipped.squads[0], (3, 0), "ranged"
    ).modifiers
    state = scenario(board, squads, catalog=with_battle(distance_penalty_range=3))
    assert ("distance_penalty", -25) in strike_odds(state, state.squads[0], (3, 0), "ranged").modifiers


def test_rune_bonus_T_RUNE_3():
    """T-RUNE-3: the aura is tactics_units.toml's rune_bonus (damage 25 shipped, here 40)."""
    bonus = tuple(
        (kind, 40 if kind == "damage" else value) for kind, value in default_catalog().battle.rune_bonus
    )
    runes = (RuneCircle((1, 0), RuneKind.DAMAGE),)
    state = scenario(
        "S....\n....c",
        {"S": ("swordsman", 1), "c": ("catapult", 1)},
        runes=runes,
        catalog=with_battle(rune_bonus=bonus),
    )
    events = play(state, Move(0, (1, 0)))
    assert events[1] == ev.AuraGained(0, "damage", 40)


def test_round_limit_T_TURN_5():
    """T-TURN-5: a setup without its own limit takes tactics_units.toml's round_limit (20 shipped, here 7)."""
    state, events = new_battle(random_setup(), ScriptedRng([0, 0, 3]), with_battle(round_limit=7))
    assert state.board.round_limit == 7 and events[0].round_limit == 7


# ---- defaults, draws and the loader --------------------------------------------------------------


def test_formula_defaults_are_the_shipped_values_T_DMG_2_T_FEAT_2():
    """T-DMG-2, T-FEAT-2: a formula's data-driven keyword defaults to what tactics_units.toml ships."""
    battle = default_catalog().battle
    assert inspect.signature(final_damage).parameters["crit_factor_pct"].default == battle.crit_factor_pct
    assert inspect.signature(escalation_bonus).parameters["escalation_step"].default == battle.escalation_step


def test_equal_weights_draw_exactly_like_choose_T_DATA_5():
    """T-DATA-5: equal weights (the shipped tables) make the same single roll as a uniform choose()."""
    options = ("a", "b", "c")
    for roll in range(3):
        plain, weighted = ScriptedRng([roll]), ScriptedRng([roll])
        assert choose(plain, options) == choose_weighted(weighted, options, (2, 2, 2))
        assert plain.calls == weighted.calls == [(0, 2, roll)]
    with pytest.raises(ValueError):
        choose_weighted(ScriptedRng([]), options, (0, 0, 0))


def test_the_grid_keys_are_gone_the_grid_is_per_map_T_DATA_6(tmp_path: Path):
    """T-DATA-6: the grid is a map parameter; tactics_units.toml no longer takes grid_width / grid_height."""
    path = changed_copy(tmp_path, "max_squads_per_side = 4\n", "grid_width = 10\nmax_squads_per_side = 4\n")
    with pytest.raises(CatalogError, match=rf"{COPY_NAME}.*battle.*unknown key 'grid_width'"):
        load_catalog(path)


FEATURE_ROW = '{ kind = "physical", weight = 1 }'
CHEST_ROW = '{ bonus = "rum_15", weight = 1 }'
REFUSED = [
    ("unknown key in a variant", FEATURE_ROW, '{ kind = "physical", weight = 1, x = 5 }',
     "random_features[0]", "x"),
    ("unknown variant kind", FEATURE_ROW, '{ kind = "random", weight = 1 }', "random_features[0]", "kind"),
    ("variant listed twice", FEATURE_ROW, '{ kind = "magical", weight = 1 }', "random_features[1]", "kind"),
    ("negative weight", FEATURE_ROW, '{ kind = "physical", weight = -1 }', "random_features[0]", "weight"),
    ("missing weight", CHEST_ROW, '{ bonus = "rum_15" }', "chest_bonuses[1]", "weight"),
    ("unknown key in a bonus", CHEST_ROW, '{ bonus = "rum_15", weight = 1, count = 2 }', "chest_bonuses[1]",
     "count"),
    ("bonus id not an id", CHEST_ROW, '{ bonus = "Rum 15", weight = 1 }', "chest_bonuses[1]", "bonus"),
    ("bonus listed twice", CHEST_ROW, '{ bonus = "supply_1", weight = 1 }', "chest_bonuses[1]", "bonus"),
    ("bonus over 100", "random_feature_bonus = 20 ", "random_feature_bonus = 120 ", "battle",
     "random_feature_bonus"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("old", "new", "entry", "key"), [r[1:] for r in REFUSED], ids=[r[0] for r in REFUSED]
)
def test_malformed_random_tables_are_refused_T_DATA_5(
    tmp_path: Path, old: str, new: str, entry: str, key: str
):
    """T-DATA-5 tables are validated like the rest of the catalog: the message names file, entry, key."""
    with pytest.raises(CatalogError) as info:
        load_catalog(changed_copy(tmp_path, old, new))
    message = str(info.value)
    assert COPY_NAME in message and entry in message, message
    assert re.search(rf"\b{re.escape(key)}\b", message), message


def test_all_zero_weights_are_refused_T_DATA_5(tmp_path: Path):
    """T-DATA-5: some outcome must be possible."""
    text = SHIPPED.read_text(encoding="utf-8")
    block = text[text.index("random_features = [") : text.index("]\n", text.index("random_features = ["))]
    path = changed_copy(tmp_path, block, block.replace("weight = 1", "weight = 0"))
    with pytest.raises(CatalogError, match=r"random_features.*must not all be 0"):
        load_catalog(path)
