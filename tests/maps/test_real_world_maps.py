"""What maps made outside this project (real-world Tiled files) exposed: each gets one clear MapError.

JSON maps, tilesets sized by margin and spacing, tileset images without a size, layer
offsets and parallax, other tile sizes, and maps that are not battle maps at all. The tests
write their maps (mostly edits of the valid base of tests/maps/bad/) into a scratch copy of
maps/, where the shipped tilesets resolve.
"""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path

import pytest

from client.commands.validate import run as validate_run
from client.tiled import MapError, load_setup, validate_map

from .conftest import BASE, MAPS, write

JSON_MAPS = "Tiled JSON maps are not read; save the map as .tmx (File > Save As)"
JSON_MAP = {"type": "map", "orientation": "orthogonal", "width": 6, "height": 5, "layers": []}


@pytest.mark.parametrize("name", ["cove.tmj", "cove.json"])
def test_a_json_map_is_told_to_be_saved_as_tmx(scratch_maps: Path, name: str) -> None:
    path = write(scratch_maps, json.dumps(JSON_MAP), name)
    with pytest.raises(MapError) as caught:
        load_setup(path)
    assert str(caught.value) == f"{path}: {JSON_MAPS}"


def test_json_saved_under_a_tmx_name_gets_the_same_message(scratch_maps: Path) -> None:
    path = write(scratch_maps, json.dumps(JSON_MAP), "renamed.tmx")
    assert [e.message for e in validate_map(path)] == [JSON_MAPS]


def test_validating_a_folder_names_each_json_map_it_skips(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copytree(MAPS / "tilesets", tmp_path / "tilesets")
    good = write(tmp_path, BASE, "good.tmx")
    tmj = write(tmp_path, json.dumps(JSON_MAP), "old.tmj")
    (tmp_path / "nested").mkdir()
    json_map = write(tmp_path / "nested", json.dumps(JSON_MAP), "older.json")
    write(tmp_path, json.dumps({"type": "tileset", "name": "t"}), "tiles.json")  # not a map: not named
    write(tmp_path, "{ not json", "notes.json")
    assert validate_run(argparse.Namespace(paths=[tmp_path])) == 0  # the .tmx maps are fine
    assert sorted(capsys.readouterr().out.splitlines()) == sorted(
        [f"OK {good}", f"SKIPPED {tmj}: {JSON_MAPS}", f"SKIPPED {json_map}: {JSON_MAPS}"]
    )


def test_a_folder_of_only_json_maps_fails_and_names_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tmj = write(tmp_path, json.dumps(JSON_MAP), "only.tmj")
    assert validate_run(argparse.Namespace(paths=[tmp_path])) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == [f"{tmp_path}: no .tmx maps in this folder", f"SKIPPED {tmj}: {JSON_MAPS}"]


def spaced_tileset(folder: Path, name: str, columns: int, rows: int, margin: int, spacing: int) -> str:
    """A 64 px tileset without tilecount/columns (older Tiled wrote none); its last tile is blocked.

    The image is a placeholder file: validation only checks that it exists."""
    (folder / "tilesets" / f"{name}.png").write_bytes(b"")
    width = 2 * margin + columns * 64 + (columns - 1) * spacing
    height = 2 * margin + rows * 64 + (rows - 1) * spacing
    (folder / "tilesets" / f"{name}.tsx").write_text(
        f'<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<tileset version="1.8" name="{name}" tilewidth="64" tileheight="64" '
        f'spacing="{spacing}" margin="{margin}">\n'
        f' <image source="{name}.png" width="{width}" height="{height}"/>\n'
        f' <tile id="{columns * rows - 1}">\n'
        '  <properties><property name="blocked" type="bool" value="true"/></properties>\n'
        " </tile>\n</tileset>\n"
    )
    return f"tilesets/{name}.tsx"


def two_spaced_tilesets(folder: Path, row: str) -> str:
    """BASE on two spacing-2 tilesets: 40x2 tiles (ids 1..80) and 33x1 tiles with margin 3 (81..113);
    ``row`` is the second row of the ground layer."""
    wide = spaced_tileset(folder, "wide", columns=40, rows=2, margin=0, spacing=2)
    framed = spaced_tileset(folder, "framed", columns=33, rows=1, margin=3, spacing=2)
    return BASE.replace(
        ' <tileset firstgid="1" source="tilesets/terrain.tsx"/>\n'
        ' <tileset firstgid="17" source="tilesets/objects.tsx"/>\n',
        f' <tileset firstgid="1" source="{wide}"/>\n <tileset firstgid="81" source="{framed}"/>\n',
    ).replace("1,1,1,1,1,1,\n1,1,1,1,1,1,\n", f"1,1,1,1,1,1,\n{row},\n", 1)


def test_a_tileset_without_tilecount_is_sized_with_margin_and_spacing_as_tiled_does(
    scratch_maps: Path,
) -> None:
    # Tiled: columns = (imagewidth - 2*margin + spacing) // (tilewidth + spacing), rows likewise.
    # Sized by imagewidth // tilewidth instead, the tilesets would hold 82 and 34 tiles and overlap.
    setup = load_setup(write(scratch_maps, two_spaced_tilesets(scratch_maps, "1,80,1,113,81,1")))
    assert setup.blocked == frozenset({(1, 1), (3, 1)})  # the last tile of each tileset


def test_the_tile_after_the_last_spaced_tileset_is_out_of_range(scratch_maps: Path) -> None:
    errors = validate_map(write(scratch_maps, two_spaced_tilesets(scratch_maps, "1,1,1,1,114,1")))
    assert [(e.layer, e.message.split(";")[0]) for e in errors] == [
        ("ground", "tile id 114 at sector (4, 1) is out of range (the tilesets hold 1..113)")
    ]


def test_a_negative_tileset_spacing_is_refused_by_name(scratch_maps: Path) -> None:
    text = two_spaced_tilesets(scratch_maps, "1,1,1,1,1,1")
    tsx = scratch_maps / "tilesets" / "wide.tsx"
    tsx.write_text(tsx.read_text().replace('spacing="2"', 'spacing="-2"'))
    assert [e.message for e in validate_map(write(scratch_maps, text))] == [
        "tileset 'tilesets/wide.tsx': margin and spacing must not be negative; fix them in the tileset"
    ]


@pytest.mark.parametrize(
    ("drop", "missing"),
    [
        (' width="256" height="256"', "width and height"),
        (' width="256"', "width"),
        (' height="256"', "height"),
    ],
)
def test_a_tileset_image_without_its_size_names_the_tileset_and_the_attribute(
    scratch_maps: Path, drop: str, missing: str
) -> None:
    tsx = (scratch_maps / "tilesets" / "terrain.tsx").read_text()
    assert drop in tsx
    (scratch_maps / "tilesets" / "unsized.tsx").write_text(tsx.replace(drop, "", 1))
    path = write(scratch_maps, BASE.replace("tilesets/terrain.tsx", "tilesets/unsized.tsx"))
    with pytest.raises(MapError) as caught:
        load_setup(path)  # pytmx itself would fail with a bare TypeError
    assert caught.value.message == (
        f"tileset 'tilesets/unsized.tsx': its image 'terrain.png' has no {missing}; open the tileset "
        'in Tiled and save it again, or add the image\'s size in pixels (width="..." height="...") '
        "to its <image>"
    )


OFFSET_FIX = "set Layer Properties > Offset to 0, 0"
PARALLAX_FIX = "set Layer Properties > Parallax Factor to 1, 1"


@pytest.mark.parametrize(
    ("old", "new", "layer", "words"),
    [
        (
            '<layer id="1" name="ground"',
            '<layer id="1" name="ground" offsetx="32"',
            "ground",
            f"tile layer has an offset (offsetx=32, offsety=0): the game draws its tiles on the grid, "
            f"away from where Tiled shows them; {OFFSET_FIX}",
        ),
        (
            '<objectgroup id="2" name="zones"',
            '<objectgroup id="2" name="zones" offsety="-12.5"',
            "zones",
            f"object layer has an offset (offsetx=0, offsety=-12.5): the game places its objects on "
            f"the grid, away from where Tiled shows them; {OFFSET_FIX}",
        ),
        (
            '<objectgroup id="2" name="zones"',
            '<objectgroup id="2" name="zones" parallaxx="0.5"',
            "zones",
            f"object layer has a parallax factor (0.5, 1): the game scrolls every layer alike, so its "
            f"objects would not be where Tiled shows them; {PARALLAX_FIX}",
        ),
        (
            '<layer id="1" name="ground"',
            '<layer id="1" name="ground" parallaxy="2"',
            "ground",
            f"tile layer has a parallax factor (1, 2): the game scrolls every layer alike, so its "
            f"tiles would not be where Tiled shows them; {PARALLAX_FIX}",
        ),
    ],
)
def test_layer_offsets_and_parallax_are_refused_with_the_layer_named(
    scratch_maps: Path, old: str, new: str, layer: str, words: str
) -> None:
    assert old in BASE
    with pytest.raises(MapError) as caught:
        load_setup(write(scratch_maps, BASE.replace(old, new)))
    assert (caught.value.layer, caught.value.obj, caught.value.message) == (layer, None, words)


def test_a_group_offset_moves_the_layers_in_it_and_is_refused(scratch_maps: Path) -> None:
    text = BASE.replace(
        ' <objectgroup id="3" name="objects">\n </objectgroup>\n',
        ' <group id="5" name="props" offsetx="64">\n  <objectgroup id="3" name="objects">\n'
        "  </objectgroup>\n </group>\n",
    )
    with pytest.raises(MapError) as caught:
        load_setup(write(scratch_maps, text))
    assert caught.value.layer == "props"
    assert caught.value.message.startswith("group layer has an offset (offsetx=64, offsety=0)")


def test_zero_offsets_parallax_one_and_image_layer_offsets_are_fine(scratch_maps: Path) -> None:
    text = BASE.replace(
        '<objectgroup id="2" name="zones"',
        '<objectgroup id="2" name="zones" offsetx="0" offsety="0" parallaxx="1" parallaxy="1.0"',
    ).replace(
        ' <objectgroup id="2"',
        ' <imagelayer id="5" name="sky" offsetx="20" offsety="8">\n'
        '  <image source="tilesets/terrain.png" width="256" height="256"/>\n </imagelayer>\n'
        ' <objectgroup id="2"',
    )
    assert validate_map(write(scratch_maps, text)) == []  # the renderer draws image layers offset


@pytest.mark.parametrize(("width", "height"), [(32, 32), (64, 48)])
def test_a_map_tile_size_other_than_64_px_names_both_sizes(
    scratch_maps: Path, width: int, height: int
) -> None:
    text = BASE.replace(
        'tilewidth="64" tileheight="64" infinite', f'tilewidth="{width}" tileheight="{height}" infinite'
    )
    assert [str(e) for e in validate_map(write(scratch_maps, text))] == [
        f"{scratch_maps / 'case.tmx'}: map tiles are {width}x{height} px, but the game's sectors "
        "and tilesets are 64x64 px; set Map > Map Properties > Tile Width and Tile Height to 64"
    ]


GUIDE = 'see the map author\'s guide in README.md, section "Making maps"'
GROUND = BASE[BASE.index(" <layer id") : BASE.index(" <objectgroup")]
OTHER_GAME = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<map version="1.10" orientation="orthogonal" renderorder="right-down" width="6" height="5" '
    'tilewidth="64" tileheight="64" infinite="0" nextlayerid="3" nextobjectid="4">\n'
    '{properties} <tileset firstgid="1" source="tilesets/terrain.tsx"/>\n'
    f"{GROUND}{{objects}}</map>\n"
)
RPG_OBJECTS = (
    ' <objectgroup id="2" name="Collisions">\n'
    '  <object id="1" name="door" type="warp" x="0" y="0" width="64" height="64"/>\n'
    '  <object id="2" name="npc" x="64" y="0" width="64" height="64">\n'
    '   <properties><property name="dialog" value="hello"/></properties>\n  </object>\n'
    '  <object id="3" name="spawn" class="player_start" x="128" y="64"><point/></object>\n'
    " </objectgroup>\n"
)


@pytest.mark.parametrize(
    ("properties", "objects", "missing"),
    [
        (
            "",
            RPG_OBJECTS,
            "no drop zones, none of its 3 objects is of a Runetide kind (trap, rune, drop_zone, "
            "exit_zone, flag, chest, barricade), no map property 'enemy_army'",
        ),
        ("", "", "no drop zones, no objects layer, no map property 'enemy_army'"),
        (
            ' <properties>\n  <property name="enemy_army" value="goblin:5:1"/>\n </properties>\n',
            ' <objectgroup id="2" name="objects"/>\n',
            "no drop zones, no objects on its object layers",
        ),
    ],
    ids=["another_games_map", "terrain_only", "empty_object_layer"],
)
def test_a_map_without_battle_objects_is_told_once_it_is_not_a_battle_map(
    scratch_maps: Path, properties: str, objects: str, missing: str
) -> None:
    path = write(scratch_maps, OTHER_GAME.format(properties=properties, objects=objects))
    assert [str(e) for e in validate_map(path)] == [
        f"{path}: this is not a Runetide battle map: {missing}; {GUIDE}"
    ]


def test_one_battle_object_makes_it_a_battle_map_with_each_problem_listed(scratch_maps: Path) -> None:
    zone = '  <object id="4" type="drop_zone" x="0" y="128" width="64" height="64"/>\n'
    objects = RPG_OBJECTS.replace(" </objectgroup>\n", f"{zone} </objectgroup>\n")
    errors = validate_map(write(scratch_maps, OTHER_GAME.format(properties="", objects=objects)))
    assert [(e.obj, e.message.split(";")[0]) for e in errors][:4] == [
        (None, "map property 'enemy_army' is missing"),
        ("object 1 'door'", "unknown object kind 'warp'"),
        ("object 2 'npc'", "object has no type"),
        ("object 3 'spawn'", "unknown object kind 'player_start'"),
    ]
