"""The shipped unit catalog (rules/data/tactics_units.toml) and the loader's refusal of broken copies.

The roster, level coefficients and battle constants are checked number by number
against tactics.md §11 (T-DATA-1..4). Broken copies are written to a temporary
file whose name the error must repeat, together with the entry and the key.
"""

from __future__ import annotations

import dataclasses
import re
from fractions import Fraction
from pathlib import Path

import pytest

from rules.core.toml_reader import DATA_DIR, CatalogError
from rules.tactics.catalog import (
    MOVE_ZONES,
    AttackType,
    Catalog,
    DamageType,
    UnitProperty,
    default_catalog,
    load_catalog,
)
from rules.tactics.landing import MELEE_ZONE, RANGED_ZONE, dedicated_zone
from rules.tactics.setup import RuneKind

ATTACK_TYPES, DAMAGE_TYPES, PROPERTY_NAMES = tuple(AttackType), tuple(DamageType), tuple(UnitProperty)

SHIPPED = DATA_DIR / "tactics_units.toml"
BROKEN_NAME = "broken_units.toml"

# T-DATA-2: move, attack, damage type, HP, min, max, phys def, mag def, hit, dodge, crit, properties.
ROSTER = {
    "swordsman": (1, "melee", "physical", 100, 18, 24, 20, 0, 0, 5, 5, {"counterstrike": 40, "stun": 10}),
    "archer": (
        1, "shooter", "physical", 60, 14, 20, 5, 5, 10, 10, 10, {"melee_penalty": 50, "distance_penalty": 25}
    ),
    "mage": (1, "shooter", "magical", 55, 20, 28, 0, 25, 0, 5, 5, {"melee_penalty": 50}),
    "assassin": (2, "melee", "physical", 70, 16, 26, 10, 10, 10, 25, 25, {"backstab": 50}),
    "catapult": (0, "line", "physical", 150, 10, 14, 30, 0, -10, 0, 0, {}),
}  # fmt: skip
STAT_FIELDS = (
    "move", "attack", "damage_type", "hp", "min_damage", "max_damage",
    "phys_defense", "mag_defense", "hit_mod", "dodge_mod", "crit_mod",
)  # fmt: skip


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


# ---- the shipped data ---------------------------------------------------------------------------


@pytest.mark.parametrize("unit_id", sorted(ROSTER))
def test_starter_roster_has_exactly_the_spec_numbers_T_DATA_2(catalog: Catalog, unit_id: str) -> None:
    *stats, properties = ROSTER[unit_id]
    unit = catalog.unit(unit_id)
    assert tuple(getattr(unit, name) for name in STAT_FIELDS) == tuple(stats)
    assert {name: getattr(unit, name) for name in PROPERTY_NAMES if getattr(unit, name)} == properties


def test_level_coefficients_are_exact_fractions_T_STAT_2_T_DATA_1(catalog: Catalog) -> None:
    assert catalog.level_coefs == tuple(Fraction(100 + 10 * i, 100) for i in range(10))
    assert all(type(coef) is Fraction for coef in catalog.level_coefs)
    assert catalog.max_level == 10
    assert catalog.level_coef(1) == 1 and catalog.level_coef(3) == Fraction(6, 5)
    assert catalog.level_coef(10) == Fraction(19, 10)
    for level in (0, 11):
        with pytest.raises(CatalogError):
            catalog.level_coef(level)


def test_battle_constants_T_DATA_3_T_DEF_2_T_STAT_4(catalog: Catalog) -> None:
    battle = catalog.battle
    assert battle.max_squads_per_side == 4
    assert battle.round_limit == 20  # T-TURN-5
    assert battle.defense_bonus == 25  # T-DEF-2 / T-STAT-4: the «Защита» bonus


def test_trap_damage_range_T_TRAP_1(catalog: Catalog) -> None:
    assert (catalog.battle.trap_damage_min, catalog.battle.trap_damage_max) == (430, 530)


def test_rune_bonuses_T_RUNE_3(catalog: Catalog) -> None:
    expected = {"damage": 25, "phys_defense": 20, "mag_defense": 20, "dodge": 20, "crit": 20}
    assert dict(catalog.battle.rune_bonus) == expected
    assert {kind: catalog.battle.rune(kind) for kind in RuneKind} == expected


def test_formula_constants_T_DMG_2_T_FEAT_2_T_FEAT_3_T_PROP_4(catalog: Catalog) -> None:
    assert catalog.battle.crit_factor_pct == 175  # T-DMG-2
    assert catalog.battle.escalation_step == 10  # T-FEAT-2
    assert catalog.battle.random_feature_bonus == 20  # T-FEAT-3 5a/5b
    assert catalog.battle.distance_penalty_range == 5  # T-PROP-4(c): Chebyshev distance >= 5


def test_barricade_T_DATA_4(catalog: Catalog) -> None:
    barricade = catalog.barricade
    assert (barricade.hp, barricade.phys_defense, barricade.mag_defense, barricade.dodge_mod) == (
        400,
        0,
        0,
        0,
    )
    assert barricade.name_ru == "Баррикада"


def test_every_unit_has_exactly_one_known_damage_type_T_DTYPE_1_T_DTYPE_2(catalog: Catalog) -> None:
    for unit in catalog.units.values():
        assert isinstance(unit.damage_type, str) and unit.damage_type in DAMAGE_TYPES, unit.id
        assert unit.move in MOVE_ZONES and unit.attack in ATTACK_TYPES, unit.id


def test_every_variant_appears_in_at_least_two_unit_types(catalog: Catalog) -> None:
    units = list(catalog.units.values())
    for attack in ATTACK_TYPES:
        assert sum(u.attack == attack for u in units) >= 2, attack
    for damage_type in DAMAGE_TYPES:
        assert sum(u.damage_type == damage_type for u in units) >= 2, damage_type
    for zone in MOVE_ZONES:
        assert sum(u.move == zone for u in units) >= 2, zone
    for name in PROPERTY_NAMES:
        assert sum(getattr(u, name) > 0 for u in units) >= 2, name


def test_property_parameters_are_per_unit_type_T_PROP_6(catalog: Catalog) -> None:
    """Each parameter lives on the unit type, and unit types holding one property may differ in it."""
    fields = {f.name for f in dataclasses.fields(type(catalog.unit("swordsman")))}
    assert set(PROPERTY_NAMES) <= fields
    for name in PROPERTY_NAMES:
        values = {getattr(u, name) for u in catalog.units.values() if getattr(u, name)}
        assert len(values) >= 2, f"every unit type with {name} has the same parameter {values}"
        assert all(0 < v <= 100 for v in values)


def test_distance_penalty_only_on_shooters_T_PROP_4(catalog: Catalog) -> None:
    holders = [u for u in catalog.units.values() if u.distance_penalty]
    assert holders and all(u.attack == "shooter" for u in holders)


def test_ranged_classification_for_landing_T_LAND_5(catalog: Catalog) -> None:
    """Shooters and line attackers are ranged; an immobile unit counts by its attack type."""
    for unit in catalog.units.values():
        assert unit.is_ranged == (unit.attack in ("shooter", "line")), unit.id
        assert dedicated_zone(unit) == (RANGED_ZONE if unit.is_ranged else MELEE_ZONE)
    assert catalog.unit("catapult").move == 0 and catalog.unit("catapult").is_ranged
    assert catalog.unit("stone_guardian").move == 0 and not catalog.unit("stone_guardian").is_ranged


def test_catalog_objects_are_frozen_and_the_default_is_loaded_once(catalog: Catalog) -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        catalog.unit("mage").hp = 1  # type: ignore[misc]
    assert default_catalog() is default_catalog()
    assert default_catalog().units == catalog.units
    assert re.fullmatch(r"[0-9a-f]{16}", catalog.version)


def test_unknown_unit_lookup_names_the_known_ones(catalog: Catalog) -> None:
    with pytest.raises(CatalogError, match=r"known: .*swordsman"):
        catalog.unit("dragon")


def test_starter_army_uses_catalog_units(catalog: Catalog) -> None:
    starter = catalog.armies["starter"]
    assert [(e.unit, e.count, e.level) for e in starter] == [
        ("swordsman", 10, 1), ("archer", 8, 1), ("mage", 6, 1), ("assassin", 6, 1),
    ]  # fmt: skip


def test_the_version_follows_the_file_contents(tmp_path: Path, catalog: Catalog) -> None:
    copy = tmp_path / "tactics_units.toml"
    copy.write_text(SHIPPED.read_text(encoding="utf-8"), encoding="utf-8")
    assert load_catalog(copy).version == catalog.version
    copy.write_text(SHIPPED.read_text(encoding="utf-8") + "\n# a comment\n", encoding="utf-8")
    assert load_catalog(copy).version != catalog.version


@pytest.mark.parametrize("name", ["units.toml", "renamed.toml"])
def test_the_version_ignores_the_file_name(tmp_path: Path, catalog: Catalog, name: str) -> None:
    """The data file was units.toml when older replays were saved: its contents, not its name, make the
    version a replay records, so renaming the file keeps those replays valid."""
    copy = tmp_path / name
    copy.write_bytes(SHIPPED.read_bytes())
    assert load_catalog(copy).version == catalog.version


# ---- broken copies ------------------------------------------------------------------------------


def write_broken(tmp_path: Path, old: str, new: str) -> Path:
    """A copy of the shipped file with the first ``old`` replaced by ``new`` (``old`` must be there)."""
    text = SHIPPED.read_text(encoding="utf-8")
    assert old in text, f"the shipped file no longer contains {old!r}; update the test"
    path = tmp_path / BROKEN_NAME
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


SWORDSMAN_PROPS = "properties = { counterstrike = 40, stun = 10 }"
STARTER_MAGE = '{ unit = "mage", count = 6 }'

# (id, old text, new text, entry the message must name, key the message must name)
BROKEN = [
    ("unknown key", "crit_mod = 5\n" + SWORDSMAN_PROPS, "crit_mod = 5\nspeed = 3\n" + SWORDSMAN_PROPS,
     "units.swordsman", "speed"),
    ("unknown property", SWORDSMAN_PROPS, "properties = { counterstrike = 40, flying = 10 }",
     "units.swordsman.properties", "flying"),
    ("unknown rune kind", "crit = 20\n", "crit = 20\nluck = 5\n", "battle.rune_bonus", "luck"),
    ("missing key", "hp = 100\n", "", "units.swordsman", "hp"),
    ("missing battle key", "round_limit = 20\n", "", "battle", "round_limit"),
    ("wrong type", "hp = 100\n", 'hp = "100"\n', "units.swordsman", "hp"),
    ("bool for int", "hp = 100\n", "hp = true\n", "units.swordsman", "hp"),
    ("bad choice", 'attack = "melee"\n', 'attack = "magic"\n', "units.swordsman", "attack"),
    ("property over 100", SWORDSMAN_PROPS, "properties = { counterstrike = 140 }",
     "units.swordsman.properties", "counterstrike"),
    ("negative property", SWORDSMAN_PROPS, "properties = { stun = -5 }",
     "units.swordsman.properties", "stun"),
    ("min above max", "min_damage = 18\n", "min_damage = 30\n", "units.swordsman", "min_damage"),
    ("distance penalty on a non-shooter", SWORDSMAN_PROPS,
     "properties = { counterstrike = 40, distance_penalty = 10 }", "units.swordsman", "distance_penalty"),
    ("distance penalty on a line attacker", "properties = {}\n", "properties = { distance_penalty = 5 }\n",
     "units.catapult", "distance_penalty"),
    ("unknown unit in an army", STARTER_MAGE, '{ unit = "dragon", count = 6 }', "armies.starter[2]", "unit"),
    ("army count below 1", STARTER_MAGE, '{ unit = "mage", count = 0 }', "armies.starter[2]", "count"),
    ("unknown army key", STARTER_MAGE, '{ unit = "mage", count = 6, hero = 1 }', "armies.starter[2]", "hero"),
    ("bad level string", '"1.20"', '"1.2x"', "levels", "level_coef"),
    ("level not a string", '"1.20"', "1.2", "levels", "level_coef"),
    ("trap range reversed", "trap_damage_min = 430", "trap_damage_min = 630", "battle", "trap_damage_min"),
]  # fmt: skip


@pytest.mark.parametrize(("old", "new", "entry", "key"), [b[1:] for b in BROKEN], ids=[b[0] for b in BROKEN])
def test_broken_copy_names_file_entry_and_key(
    tmp_path: Path, old: str, new: str, entry: str, key: str
) -> None:
    path = write_broken(tmp_path, old, new)
    with pytest.raises(CatalogError) as info:
        load_catalog(path)
    message = str(info.value)
    assert BROKEN_NAME in message
    assert re.search(rf"(^|[\s:]){re.escape(entry)}([\s:]|$)", message), message
    assert re.search(rf"\b{re.escape(key)}\b", message), message


def test_not_toml_names_the_file_and_the_place(tmp_path: Path) -> None:
    path = write_broken(tmp_path, "[battle]\n", "[battle\n")
    with pytest.raises(CatalogError) as info:
        load_catalog(path)
    assert BROKEN_NAME in str(info.value) and "not valid TOML" in str(info.value)
    assert re.search(r"line \d+", str(info.value))


def test_unknown_top_level_table_is_refused(tmp_path: Path) -> None:
    path = write_broken(tmp_path, "[levels]\n", "[heroes]\nx = 1\n\n[levels]\n")
    with pytest.raises(CatalogError, match=rf"{BROKEN_NAME}.*unknown key 'heroes'"):
        load_catalog(path)


def test_army_level_beyond_the_level_table_is_refused_at_load_T_STAT_2(tmp_path: Path) -> None:
    path = write_broken(tmp_path, STARTER_MAGE, '{ unit = "mage", count = 6, level = 11 }')
    with pytest.raises(CatalogError, match=rf"{BROKEN_NAME}.*armies\.starter\[2\].*level"):
        load_catalog(path)


@pytest.mark.parametrize("coef", ['"0"', '"-1.00"'])
def test_non_positive_level_coefficient_is_refused_T_STAT_2(tmp_path: Path, coef: str) -> None:
    path = write_broken(tmp_path, '"1.20"', coef)
    with pytest.raises(CatalogError, match=rf"{BROKEN_NAME}.*level_coef"):
        load_catalog(path)
