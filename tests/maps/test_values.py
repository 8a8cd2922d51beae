"""Army strings, typed property values and the Tiled project files generated from the schema."""

from __future__ import annotations

import sys
from xml.etree import ElementTree

import pytest

from client.tiled.schema import KINDS, MAP_PROPS, Prop
from client.tiled.values import ValueProblem, parse_army, typed
from rules.tactics.catalog import default_catalog
from rules.tactics.setup import SquadSpec

from .conftest import MAPS, ROOT


def test_army_string_reads_unit_count_and_optional_level() -> None:
    army = parse_army("goblin:12:1, orc_brute:6:2\n troll:1", default_catalog(), unique_units=False)
    assert army == (SquadSpec("goblin", 12, 1), SquadSpec("orc_brute", 6, 2), SquadSpec("troll", 1, 1))


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "is empty"),
        ("goblin", "must be unit:count or unit:count:level"),
        ("goblin:0", "unit count must be a whole number from 1"),
        ("goblin:3:11", "level must be a whole number from 1 to 10"),
        ("dragon:1", "unknown unit type 'dragon'"),
        ("archer:1, archer:2", "appears twice"),
        ("goblin:1, troll:1, wisp:1, orc_brute:1, shaman:1", "at most 4 per side"),
    ],
)
def test_bad_army_strings_say_what_is_wrong(text: str, words: str) -> None:
    with pytest.raises(ValueProblem, match=words):
        parse_army(text, default_catalog(), unique_units=True)


def test_typed_values_accept_plain_text_of_the_right_type() -> None:
    hp = KINDS["barricade"].prop("hp")
    assert hp is not None and typed(hp, "250") == 250 and typed(hp, 250) == 250
    assert typed(Prop("b", "bool", False, ""), "true") is True
    for bad in (True, "2.5", "ten", -1):
        with pytest.raises(ValueProblem):
            typed(hp, bad)


def test_project_files_match_the_schema() -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import make_project
    finally:
        sys.path.remove(str(ROOT / "tools"))
    for name, make in make_project.FILES.items():
        assert (MAPS / name).read_text() == make(), f"maps/{name} is stale: run python tools/make_project.py"


def test_object_tiles_are_complete_map_objects() -> None:
    root = ElementTree.parse(MAPS / "tilesets" / "objects.tsx").getroot()
    for tile in root.findall("tile"):
        kind = KINDS[tile.get("type")]
        for prop in tile.iter("property"):
            declared = kind.prop(prop.get("name"))
            assert declared is not None, (tile.get("id"), prop.get("name"))
            typed(declared, prop.get("value"))
    assert {p.name for p in MAP_PROPS} >= {"mode", "objective", "enemy_army", "player_army", "flag_mode"}
