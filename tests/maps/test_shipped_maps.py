"""Every shipped map validates, and loads into a BattleSetup whose objects, zones and armies match the file.

The expected values are read from the .tmx here with a deliberately naive reader (the
shipped maps use rectangles for zones and tiles from objects.tsx for everything else),
independent of the loader under test.
"""

from __future__ import annotations

from pathlib import Path
from xml.etree import ElementTree

import pytest

from client.tiled import load_setup, validate_map
from rules.tactics.catalog import default_catalog
from rules.tactics.setup import FeatureKind, Mode, Objective, RuneKind

from .conftest import MAPS, SHIPPED

TILE = 64


def tile_kinds() -> dict[int, tuple[str, dict[str, str]]]:
    """objects.tsx tile id -> (type, properties)."""
    root = ElementTree.parse(MAPS / "tilesets" / "objects.tsx").getroot()
    kinds = {}
    for tile in root.findall("tile"):
        props = {p.get("name"): p.get("value") for p in tile.iter("property")}
        kinds[int(tile.get("id"))] = (tile.get("type"), props)
    return kinds


def expected(path: Path) -> dict[str, set]:
    """(kind) -> set of (sector, properties...) as the file states them."""
    root = ElementTree.parse(path).getroot()
    first = {Path(t.get("source")).stem: int(t.get("firstgid")) for t in root.findall("tileset")}
    tiles = tile_kinds()
    found: dict[str, set] = {}
    for obj in root.iter("object"):
        props = {p.get("name"): p.get("value") for p in obj.iter("property")}
        x, y = float(obj.get("x")) / TILE, float(obj.get("y")) / TILE
        w, h = float(obj.get("width")) / TILE, float(obj.get("height")) / TILE
        if obj.get("gid"):
            kind, tile_props = tiles[int(obj.get("gid")) - first["objects"]]
            props = {**tile_props, **props}
            y -= h  # tile objects are anchored bottom-left
        else:
            kind = obj.get("type")
        for sy in range(int(y), int(y + h)):
            for sx in range(int(x), int(x + w)):
                found.setdefault(kind, set()).add(((sx, sy), tuple(sorted(props.items()))))
    return found


def army(text: str | None) -> tuple[tuple[str, int, int], ...]:
    if not text:
        return tuple((e.unit, e.count, e.level) for e in default_catalog().armies["starter"])
    return tuple((u, int(c), int(lv)) for u, c, lv in (e.strip().split(":") for e in text.split(",")))


def test_at_least_seven_maps_ship_in_every_size() -> None:
    assert len(SHIPPED) >= 7
    sizes = [load_setup(p) for p in SHIPPED]
    assert min((s.width, s.height) for s in sizes) <= (10, 8)
    assert any(s.width >= 24 and s.height >= 18 for s in sizes)


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_shipped_map_is_valid(path: Path) -> None:
    assert validate_map(path) == []


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_shipped_map_loads_what_the_file_says(path: Path) -> None:
    setup = load_setup(path)
    root = ElementTree.parse(path).getroot()
    props = {p.get("name"): p.get("value") for p in root.find("properties")}
    assert (setup.width, setup.height) == (int(root.get("width")), int(root.get("height")))
    assert setup.name == props["name"]
    assert setup.mode is Mode(props["mode"])
    assert setup.objective is Objective(props["objective"])
    assert setup.feature.kind is FeatureKind(props.get("feature", "none"))
    assert setup.feature.x == int(props.get("feature_x", 0))
    assert setup.round_limit == (int(props.get("round_limit", 0)) or None)
    got_armies = tuple(tuple((s.unit, s.count, s.level) for s in a) for a in setup.armies)
    assert got_armies == (army(props.get("player_army")), army(props["enemy_army"]))

    want = expected(path)
    sectors = lambda kind: {pos for pos, _ in want.get(kind, set())}  # noqa: E731
    props_of = lambda kind: {pos: dict(p) for pos, p in want.get(kind, set())}  # noqa: E731
    assert {d.pos: (str(d.team), str(d.drop_type)) for d in setup.drop_zones} == {
        pos: (p["team"], p["zone_type"]) for pos, p in props_of("drop_zone").items()
    }
    assert {e.pos: str(e.team) for e in setup.exits} == {
        pos: p["team"] for pos, p in props_of("exit_zone").items()
    }
    assert {f.pos: "shared" if f.team is None else str(f.team) for f in setup.flags} == {
        pos: p["team"] for pos, p in props_of("flag").items()
    }
    assert {r.pos: r.kind.value for r in setup.runes} == {
        pos: p["kind"] for pos, p in props_of("rune").items()
    }
    assert {t.pos: t.visible for t in setup.traps} == {
        pos: p["revealed"] == "true" for pos, p in props_of("trap").items()
    }
    assert {c.pos for c in setup.chests} == sectors("chest")
    assert {b.pos for b in setup.barricades} == sectors("barricade")
    assert all(b.hp is None for b in setup.barricades)  # hp 0 = the catalog's barricade HP


def test_the_missions_cover_every_objective_and_object() -> None:
    setups = {p.stem: load_setup(p) for p in SHIPPED}
    tutorial = setups["tutorial"]
    assert (tutorial.width, tutorial.height, tutorial.objective) == (10, 8, Objective.ANNIHILATION)
    assert setups["banner_hunt"].objective is Objective.FLAGS and len(setups["banner_hunt"].flags) == 3
    assert setups["breakout"].objective is Objective.EXIT and len(setups["breakout"].exits) == 8
    cove = setups["smugglers_cove"]
    assert {r.kind for r in cove.runes} == set(RuneKind)
    assert len(cove.chests) >= 3 and {t.visible for t in cove.traps} == {True, False}
    ridge = setups["ballista_ridge"]
    assert len(ridge.barricades) >= 10
    assert all(default_catalog().unit(s.unit).is_ranged for s in ridge.army(2))
    red_blue, crown = setups["arena_red_blue"], setups["arena_crown_field"]
    assert (red_blue.mode, red_blue.flag_mode, crown.mode, crown.flag_mode) == (Mode.PVP, 1, Mode.PVP, 2)
    assert {f.team for f in red_blue.flags} == {1, 2}
    assert {f.team for f in crown.flags} == {None}
    for pvp in (red_blue, crown):
        assert {d.team for d in pvp.drop_zones} == {1, 2}
