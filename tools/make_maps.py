"""Write the shipped maps (``maps/*.tmx``) from the ASCII layouts in ``tools/map_layouts.py``.

This bootstrapped the shipped maps; once a map is edited in Tiled, the .tmx file is
the source of truth (re-running this overwrites such edits, so do not). The output
is what Tiled 1.8 itself saves: ``type=`` on objects, CSV layers, external .tsx
tilesets, no templates, finite maps. Run from the repository root::

    python tools/make_maps.py [NAME ...]

Layers: ``ground`` (terrain), ``obstacles`` (rocks, trees, walls over the ground),
``team 1 zones`` and ``team 2 zones`` (drop-zone and exit-zone rectangles, red and blue) and
``objects`` (tile objects placed from the objects tileset, inheriting type and properties from the tile).
"""

from __future__ import annotations

import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_tiles import COLUMNS
from map_layouts import MAPS, Layout
from tiles_objects import OBJECTS
from tiles_terrain import TERRAIN

OUT = Path(__file__).resolve().parent.parent / "maps"
TILE = 64
TERRAIN_IDS = {name: i for i, (name, _, _) in enumerate(TERRAIN)}
OBJECT_FIRSTGID = 1 + -(-len(TERRAIN) // COLUMNS) * COLUMNS  # after every cell of the terrain sheet
GROUND = {
    ".": "grass",
    ",": "meadow",
    "d": "dirt",
    "s": "sand",
    "f": "stone floor",
    "p": "deck planks",
    "~": "water",
    "=": "bridge",
    "r": "road",
    "H": "ship hull",
}
OBSTACLE = {"^": "rock", "T": "tree", "#": "wall"}
THING = {
    "t": "trap (hidden)",
    "v": "trap (revealed)",
    "D": "rune circle (damage)",
    "P": "rune circle (physical defense)",
    "M": "rune circle (magical defense)",
    "O": "rune circle (dodge)",
    "C": "rune circle (crit)",
    "F": "flag team 1 (red pennant)",
    "B": "flag team 2 (blue swallowtail)",
    "S": "flag shared (red, ringed)",
    "c": "chest",
    "x": "barricade",
}
OBJECT_GID = {name: OBJECT_FIRSTGID + i for i, (name, _, _, _) in enumerate(OBJECTS)}
ENUM_OF = {
    "mode": "Mode",
    "objective": "Objective",
    "feature": "Feature",
    "flag_mode": "FlagMode",
    "team": "Team",
    "zone_type": "ZoneType",
}


def prop_xml(name: str, value: object, indent: str) -> str:
    if isinstance(value, bool):
        return f'{indent}<property name="{name}" type="bool" value="{str(value).lower()}"/>\n'
    if isinstance(value, int):
        return f'{indent}<property name="{name}" type="int" value="{value}"/>\n'
    enum = f' propertytype="{ENUM_OF[name]}"' if name in ENUM_OF else ""
    return f'{indent}<property name="{name}"{enum} value={quoteattr(str(value))}/>\n'


def props_xml(props: dict[str, object], indent: str) -> str:
    if not props:
        return ""
    body = "".join(prop_xml(k, props[k], indent + " ") for k in sorted(props))
    return f"{indent}<properties>\n{body}{indent}</properties>\n"


def csv(rows: list[list[int]]) -> str:
    return ",\n".join(",".join(str(v) for v in row) for row in rows) + "\n"


def tmx(layout: Layout) -> str:
    height = len(layout.terrain)
    width = len(layout.terrain[0])
    assert all(len(r) == width for r in layout.terrain), f"{layout.file}: ragged terrain"
    assert len(layout.things) == height and all(len(r) == width for r in layout.things), (
        f"{layout.file}: things"
    )
    ground, obstacles = [], []
    for row in layout.terrain:
        ground.append([1 + TERRAIN_IDS[GROUND.get(c, layout.under)] for c in row])
        obstacles.append([1 + TERRAIN_IDS[OBSTACLE[c]] if c in OBSTACLE else 0 for c in row])
    objects = []
    next_id = 1
    for x, y, w, h, kind, props, name in layout.zones:
        objects.append(
            (
                f"team {props['team']} zones",
                f'  <object id="{next_id}" name={quoteattr(name)} type="{kind}" x="{x * TILE}" '
                f'y="{y * TILE}" width="{w * TILE}" height="{h * TILE}">\n'
                + props_xml(props, "   ")
                + "  </object>\n",
            )
        )
        next_id += 1
    for y, row in enumerate(layout.things):
        for x, c in enumerate(row):
            if c == ".":
                continue
            tile = THING[c]
            objects.append(
                (
                    "objects",
                    f'  <object id="{next_id}" name={quoteattr(f"{tile} {x},{y}")} '
                    f'gid="{OBJECT_GID[tile]}" x="{x * TILE}" y="{(y + 1) * TILE}" '
                    f'width="{TILE}" height="{TILE}"/>\n',
                )
            )
            next_id += 1
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>\n',
        f'<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" '
        f'width="{width}" height="{height}" tilewidth="{TILE}" tileheight="{TILE}" infinite="0" '
        f'nextlayerid="6" nextobjectid="{next_id}">\n',
        props_xml(layout.props, " "),
        ' <tileset firstgid="1" source="tilesets/terrain.tsx"/>\n',
        f' <tileset firstgid="{OBJECT_FIRSTGID}" source="tilesets/objects.tsx"/>\n',
        f' <layer id="1" name="ground" width="{width}" height="{height}">\n  <data encoding="csv">\n',
        csv(ground),
        "</data>\n </layer>\n",
        f' <layer id="2" name="obstacles" width="{width}" height="{height}">\n  <data encoding="csv">\n',
        csv(obstacles),
        "</data>\n </layer>\n",
    ]
    for layer_id, name, color in (
        (3, "team 1 zones", "#d02828"),
        (4, "team 2 zones", "#2860d0"),
        (5, "objects", "#ffffff"),
    ):
        out.append(f' <objectgroup id="{layer_id}" name="{name}" color="{color}">\n')
        out.extend(text for layer, text in objects if layer == name)
        out.append(" </objectgroup>\n")
    out.append("</map>\n")
    return "".join(out)


def main(names: list[str]) -> None:
    for layout in MAPS:
        if names and layout.file not in names:
            continue
        (OUT / layout.file).write_text(tmx(layout))
        print("wrote", OUT / layout.file)


if __name__ == "__main__":
    main(sys.argv[1:])
