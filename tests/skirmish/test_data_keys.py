"""The skirmish's battle constants are live: change one in skirmish_battle.toml, and the battle follows.

Each test changes one value of the shipped catalog's ``battle`` rules (``dataclasses.replace``,
or a modified copy of the TOML text loaded through the catalog loader) and checks an ASCII-board
scenario with scripted rolls.
"""

from __future__ import annotations

import inspect
import shutil
from dataclasses import replace
from pathlib import Path

from skirmish.helpers import act_now, play, scenario

from rules.core.toml_reader import DATA_DIR
from rules.skirmish import events as ev
from rules.skirmish.actions import Attack, EndActivation
from rules.skirmish.catalog import SkirmishCatalog, default_skirmish_catalog, load_skirmish_catalog
from rules.skirmish.engine import check
from rules.skirmish.formulas import ranged_attacks_per_round, start_fatigue


def with_battle(catalog: SkirmishCatalog, **changes: object) -> SkirmishCatalog:
    return replace(catalog, battle=replace(catalog.battle, **changes))


def test_ranged_agility_divisor_sets_the_shots_per_round_S_ACT_6_S_DATA_7():
    """S-ACT-6 / S-DATA-7: shots per round = max(1, floor(Agility / ranged_agility_divisor)): a bowman
    of Agility 2 shoots once with the shipped 2, twice with 1 (the activation ends after the second)."""
    shipped = default_skirmish_catalog()
    assert shipped.hero("hilda").attr("agility") == 2
    state, h = scenario("S....v", {"S": "hilda", "v": "voron"}, actor="S", catalog=shipped)
    assert state.act.shots_left == 1
    catalog = with_battle(shipped, ranged_agility_divisor=1)
    state, h = scenario("S....v", {"S": "hilda", "v": "voron"}, actor="S", catalog=catalog)
    assert state.act.shots_left == 2
    shot = Attack(h["S"], h["v"], "long_bow")
    play(state, shot, 99)  # a miss
    assert state.act.hero == h["S"] and check(state, shot) is None
    play(state, shot, 99)
    assert state.act.hero == h["v"]


def test_ranged_agility_divisor_from_a_toml_copy_S_DATA_7(tmp_path: Path):
    """S-DATA-7: the loader's value is the one the battle uses: a copy with divisor 1 gives Hilda
    (Agility 2) two shots."""
    for path in DATA_DIR.glob("skirmish_*.toml"):
        shutil.copy(path, tmp_path / path.name)
    battle = tmp_path / "skirmish_battle.toml"
    text = battle.read_text(encoding="utf-8")
    assert "ranged_agility_divisor = 2 " in text
    battle.write_text(
        text.replace("ranged_agility_divisor = 2 ", "ranged_agility_divisor = 1 "), encoding="utf-8"
    )
    catalog = load_skirmish_catalog(tmp_path)
    assert catalog.battle.ranged_agility_divisor == 1
    state, _ = scenario("S....v", {"S": "hilda", "v": "voron"}, actor="S", catalog=catalog)
    assert state.act.shots_left == 2


def detailed_bjorn(catalog: SkirmishCatalog):
    state, h = scenario("Ba", {"B": "bjorn", "a": "aldric"}, mode="detailed", catalog=catalog, actor="B")
    return state, h, state.heroes[h["B"]]


def test_fatigue_limit_and_its_message_S_MODEL_5_ML_DATA_7():
    """S-MODEL-5 / ML-DATA-7: no melee attack at or above skirmish_battle.toml's fatigue_limit (100
    shipped, here 80); the refusal names 80."""
    shipped = default_skirmish_catalog()
    state, h, bjorn = detailed_bjorn(shipped)
    bjorn.fatigue = 80
    assert check(state, Attack(h["B"], h["a"], "sword")) is None
    state, h, bjorn = detailed_bjorn(with_battle(shipped, fatigue_limit=80))
    bjorn.fatigue = 80
    reason = check(state, Attack(h["B"], h["a"], "sword"))
    assert reason == "at 80 fatigue or more a hero cannot make melee attacks (S-MODEL-5, ML-DATA-7)"


def test_fatigue_recovery_S_MODEL_5_ML_DATA_7():
    """S-MODEL-5 / ML-DATA-7: an activation without a melee attack takes fatigue_recovery off (5
    shipped, here 8): 20 -> 12."""
    state, h, bjorn = detailed_bjorn(with_battle(default_skirmish_catalog(), fatigue_recovery=8))
    bjorn.fatigue = 20
    act_now(state, h["B"])
    events = play(state, EndActivation(h["B"]))
    assert ev.FatigueChanged(h["B"], 12) in events


def test_formula_defaults_are_the_shipped_values_S_DATA_7_S_MODEL_3():
    """S-DATA-7, S-MODEL-3: a formula's data-driven keyword defaults to what skirmish_battle.toml ships."""
    battle = default_skirmish_catalog().battle
    divisor = inspect.signature(ranged_attacks_per_round).parameters["divisor"].default
    assert divisor == battle.ranged_agility_divisor
    assert inspect.signature(start_fatigue).parameters["table"].default == battle.start_fatigue
