"""Loader details: Tiled 1.9 ``class=``, layer encodings, defaults, geometry, document order, colours, rules.

Each test edits the small valid map of tests/maps/bad/valid_base.tmx and writes it into
a scratch copy of maps/, where its tilesets resolve.
"""

from __future__ import annotations

import base64
import gzip
import zlib
from pathlib import Path

import pytest

from client.tiled import MapError, load_map, load_setup, parse_color, validate_map
from client.tiled.build import ordered_layers
from client.tiled.values import ValueProblem
from client.tiled.xmlcheck import check_map
from rules.tactics.setup import (
    Chest,
    DropSector,
    ExitSector,
    Flag,
    Mode,
    Objective,
    RuneCircle,
    RuneKind,
    Trap,
)

from .conftest import BASE, with_objects, write

OBJECTS_FIRSTGID = 17
CHEST_TILE, RUNE_CRIT_TILE = 18, 6


def test_tiled_19_class_attribute_reads_like_type(scratch_maps: Path) -> None:
    obj = '  <object id="3" name="r" class="rune" x="128" y="128" width="64" height="64"/>\n'
    setup = load_setup(write(scratch_maps, with_objects(obj)))
    assert setup.runes == (RuneCircle((2, 2), RuneKind.DAMAGE),)  # the project's default kind


def test_tile_object_is_anchored_bottom_left_and_inherits_the_tile(scratch_maps: Path) -> None:
    gid = OBJECTS_FIRSTGID + RUNE_CRIT_TILE
    obj = f'  <object id="3" gid="{gid}" x="128" y="192" width="64" height="64"/>\n'
    assert load_setup(write(scratch_maps, with_objects(obj))).runes == (RuneCircle((2, 2), RuneKind.CRIT),)


def test_defaults_apply_when_tiled_left_a_property_out(scratch_maps: Path) -> None:
    objs = (
        '  <object id="3" type="trap" x="128" y="128" width="64" height="64"/>\n'
        '  <object id="4" type="exit_zone" x="192" y="128"><point/></object>\n'
    )
    setup = load_setup(write(scratch_maps, with_objects(objs, annihilation="exit")))
    assert setup.traps == (Trap((2, 2), visible=False),)
    assert setup.exits == (ExitSector((3, 2), 1),)
    assert DropSector((5, 0), 2, 2) in setup.drop_zones  # mob landing has no zone_type: 2


def test_rectangles_cover_every_sector_and_snap_within_an_eighth(scratch_maps: Path) -> None:
    obj = '  <object id="3" type="exit_zone" x="133" y="60" width="122" height="136"/>\n'
    setup = load_setup(write(scratch_maps, with_objects(obj, annihilation="exit")))
    assert {e.pos for e in setup.exits} == {(x, y) for x in (2, 3) for y in (1, 2)}


@pytest.mark.parametrize("compression", [None, "zlib", "gzip"])
def test_base64_layers_read_like_csv(scratch_maps: Path, compression: str | None) -> None:
    gids = [1] * 30
    gids[2 * 6 + 3] = 8  # rock at (3, 2)
    raw = b"".join(g.to_bytes(4, "little") for g in gids)
    raw = {None: raw, "zlib": zlib.compress(raw), "gzip": gzip.compress(raw)}[compression]
    attrs = 'encoding="base64"' + (f' compression="{compression}"' if compression else "")
    data = f"<data {attrs}>\n   {base64.b64encode(raw).decode()}\n  </data>"
    text = BASE[: BASE.index('<data encoding="csv">')] + data + BASE[BASE.index("</data>") + len("</data>") :]
    assert load_setup(write(scratch_maps, text)).blocked == frozenset({(3, 2)})


def test_layers_are_read_in_document_order_inside_groups(scratch_maps: Path) -> None:
    flag = '  <object id="3" type="flag" x="128" y="128" width="64" height="64"/>\n'
    text = with_objects("", annihilation="flags").replace(
        ' <objectgroup id="2" name="zones">',
        f' <group id="5" name="extras">\n  <objectgroup id="6" name="flags">\n{flag}'
        "  </objectgroup>\n </group>\n"
        ' <objectgroup id="2" name="zones">',
    )
    loaded = load_map(write(scratch_maps, text))
    assert loaded.setup.flags == (Flag((2, 2), 1),)
    assert [layer.name for layer in loaded.tiled.layers][:2] == ["extras", "ground"]  # pytmx: groups first
    checked = check_map(scratch_maps / "case.tmx", "case.tmx")
    order = [layer.name for layer in ordered_layers(loaded.tiled, checked)]
    assert order == ["ground", "extras", "flags", "zones", "objects"]
    second = flag.replace('id="3"', 'id="4"')
    clash = text.replace(
        ' <objectgroup id="3" name="objects">\n', f' <objectgroup id="3" name="objects">\n{second}'
    )
    with pytest.raises(MapError) as caught:
        load_setup(write(scratch_maps, clash))
    assert caught.value.layer == "objects"  # the later layer in the file is the one that clashes


def test_colours_are_tiled_argb(scratch_maps: Path) -> None:
    assert parse_color("#80ff0000") == (255, 0, 0, 128)
    assert parse_color("#00ff00") == (0, 255, 0, 255)
    with pytest.raises(ValueProblem):
        parse_color("#12")
    text = BASE.replace('infinite="0"', 'infinite="0" backgroundcolor="#ff336699"')
    assert load_map(write(scratch_maps, text)).background == (0x33, 0x66, 0x99, 255)


def test_images_are_only_checked_to_exist(scratch_maps: Path) -> None:
    calls: list[str] = []

    def loader(filename: str, colorkey=None, **kwargs):
        calls.append(Path(filename).name)
        return lambda rect=None, flags=None: None

    load_map(write(scratch_maps, BASE), image_loader=loader)
    assert set(calls) == {"terrain.png", "objects.png"}


@pytest.mark.parametrize(
    ("objects", "props", "words"),
    [
        ('type="flag"', {"annihilation": "flags"}, None),
        (
            'type="flag"',
            {"annihilation": "annihilation"},
            "flags only count when the map's objective is flags",
        ),
        ('type="exit_zone"', {}, "exit zones only count when the map's objective is exit"),
        (
            'type="flag"',
            {"annihilation": "flags", '"mission"': '"pvp"'},
            "needs the map property 'flag_mode'",
        ),
    ],
)
def test_objective_and_objects_must_agree(
    scratch_maps: Path, objects: str, props: dict, words: str | None
) -> None:
    obj = f'  <object id="3" {objects} x="128" y="128" width="64" height="64"/>\n'
    errors = validate_map(write(scratch_maps, with_objects(obj, **props)))
    if words is None:
        assert errors == []
    else:
        assert any(words in e.message for e in errors), errors


def test_a_drop_zone_may_also_be_an_exit_zone(scratch_maps: Path) -> None:
    obj = '  <object id="3" type="exit_zone" x="0" y="0" width="64" height="64"/>\n'
    assert load_setup(write(scratch_maps, with_objects(obj, annihilation="exit"))).exits == (
        ExitSector((0, 0), 1),
    )


def test_mission_flags_belong_to_the_player(scratch_maps: Path) -> None:
    obj = (
        '  <object id="3" type="flag" x="128" y="128" width="64" height="64">\n'
        '   <properties><property name="team" value="shared"/></properties>\n  </object>\n'
    )
    errors = validate_map(write(scratch_maps, with_objects(obj, annihilation="flags")))
    assert [(e.obj, e.message.split(";")[0]) for e in errors] == [
        ("object 3", "in a mission flags belong to team 1 (the player, T-FLAG-2)")
    ]


def test_tiled_19_tiles_with_class_give_objects_their_kind(scratch_maps: Path) -> None:
    tsx = (scratch_maps / "tilesets" / "objects.tsx").read_text().replace(" type=", " class=")
    (scratch_maps / "tilesets" / "objects19.tsx").write_text(tsx)
    gid = OBJECTS_FIRSTGID + CHEST_TILE
    obj = f'  <object id="3" gid="{gid}" x="128" y="192" width="64" height="64"/>\n'
    text = with_objects(obj).replace("tilesets/objects.tsx", "tilesets/objects19.tsx")
    assert load_setup(write(scratch_maps, text)).chests == (Chest((2, 2)),)


def test_a_map_without_mode_and_objective_is_an_annihilation_mission(scratch_maps: Path) -> None:
    text = BASE.replace('  <property name="mode" value="mission"/>\n', "").replace(
        '  <property name="objective" value="annihilation"/>\n', ""
    )
    setup = load_setup(write(scratch_maps, text))
    assert (setup.mode, setup.objective) == (Mode.MISSION, Objective.ANNIHILATION)
