"""Every broken map in tests/maps/bad/ fails with its own MapError naming file, layer, object and the fix.

``valid_base.tmx`` is the small valid map each broken one was derived from, so each
file differs from a playable map by exactly the one fault its name says.
"""

from __future__ import annotations

import argparse
import time

import pytest

from client.commands.validate import run as validate_run
from client.tiled import MapError, load_setup, validate_map

from .conftest import BAD

# file stem -> (layer, object, words the message must contain)
CASES: dict[str, tuple[str | None, str | None, str]] = {
    "unknown_kind": ("objects", "object 3 'mystery'", "unknown object kind 'portal'; use one of: trap, rune"),
    "no_type": ("objects", "object 3 'untyped'", "object has no type; set its Type (Tiled 1.8) or Class"),
    "missing_property": (None, None, "map property 'enemy_army' is missing"),
    "mistyped_property": ("objects", "object 3 'gate'", "property 'hp' must be a whole number, got 'lots'"),
    "mistyped_int_attribute": (
        "objects",
        "object 3 'gate'",
        "property 'hp' must be a whole number, got '4x'",
    ),
    "bad_enum": ("objects", "object 3 'fire rune'", "property 'kind' must be one of damage, phys_defense"),
    "unknown_property": ("objects", "object 3 'chest'", "unknown property 'gold' on a chest"),
    "outside": ("objects", "object 3 'far chest'", "outside the map: sector (7, 2)"),
    "off_grid": ("objects", "object 3 'sloppy chest'", "off the grid (x=150, y=128"),
    "shared_sector": ("objects", "object 4 'rune b'", "shares sector (2, 2) with object 3 'rune a'"),
    "barricade_on_zone": (
        "objects",
        "object 3 'wall'",
        "a barricade blocks its sector and shares it with nothing",
    ),
    "on_blocked": ("objects", "object 3 'sunk chest'", "stands on blocked terrain"),
    "polygon": ("objects", "object 3 'odd zone'", "polygons and polylines cannot be map objects"),
    "few_drop_zones": (None, None, "too few drop-zone sectors for team 2: 1 of its 2 squads"),
    "unknown_unit": (None, None, "names an unknown unit type 'dragon'; known: archer"),
    "infinite": (None, None, "infinite maps are not supported; uncheck Map > Map Properties > Infinite"),
    "xml_tile_encoding": (
        "ground",
        None,
        "the XML tile layer format is not supported; set Map > Map Properties",
    ),
    "zstd": ("ground", None, "unsupported layer compression 'zstd'"),
    "tile_out_of_range": ("ground", None, "tile id 99 at sector (3, 2) is out of range"),
    "ragged": ("ground", None, "ragged layer data: expected 5 rows of 6 tiles"),
    "template": (
        "objects",
        "object 3 'stamped chest'",
        "templates are not read: select the objects in Tiled and use 'Detach Templates'",
    ),
    "missing_tileset": (None, None, "tileset file '../../../maps/tilesets/grassland.tsx' not found"),
    "missing_image": (None, None, "image file 'lost_tiles.png' not found"),
    "malformed": (None, None, "is not well-formed XML (line 34, column 2)"),
    "entity_bomb": (None, None, "declares a DTD or entities, which are not allowed"),
}


def test_the_base_of_the_broken_maps_is_valid() -> None:
    assert validate_map(BAD / "valid_base.tmx") == []


def test_every_broken_map_has_a_case() -> None:
    on_disk = {p.stem for p in BAD.glob("*.tmx")} - {"valid_base"}
    assert on_disk == set(CASES)


@pytest.mark.parametrize("stem", sorted(CASES))
def test_broken_map_raises_its_map_error(stem: str) -> None:
    layer, obj, words = CASES[stem]
    path = BAD / f"{stem}.tmx"
    with pytest.raises(MapError) as caught:
        load_setup(path)
    error = caught.value
    assert words in error.message
    assert (error.file, error.layer, error.obj) == (str(path), layer, obj)
    assert str(error) == ": ".join(part for part in (str(path), layer, obj, error.message) if part)
    assert ": -:" not in str(error)  # no filler for a missing layer or object


def test_entity_bomb_fails_fast() -> None:
    start = time.perf_counter()
    with pytest.raises(MapError):
        load_setup(BAD / "entity_bomb.tmx")
    assert time.perf_counter() - start < 1.0


def test_validate_command_lists_each_error_and_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    args = argparse.Namespace(paths=[BAD / "shared_sector.tmx", BAD / "valid_base.tmx"])
    assert validate_run(args) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"{BAD / 'shared_sector.tmx'}: objects: object 4 'rune b': rune circle shares")
    assert lines[1] == f"OK {BAD / 'valid_base.tmx'}"
