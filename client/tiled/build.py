"""Turn a pre-checked pytmx map into a :class:`BattleSetup`, collecting every problem on the way.

Geometry: a rectangle (or ellipse, or scaled tile object) covers every sector its
box covers; a point, the sector containing it. Tile objects are anchored
bottom-left in Tiled; pytmx moves them to top-left, so all boxes are read alike.
Box edges within 1/8 of a sector of a grid line snap to it; farther off is an
error ("off the grid"). Rotated objects, polygons and polylines are refused.
A map with no object of a game kind at all (made for another game, say) gets one
problem saying it is not a battle map, not one per object.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pytmx

from client.tiled.errors import Problems, object_label
from client.tiled.rules_check import check_setup
from client.tiled.schema import KINDS, MAP_PROPS, TILE_ATTRIBUTES, TITLE_LANGUAGES, TITLE_PREFIX, Prop
from client.tiled.sharing import Occupancy
from client.tiled.values import ValueProblem, parse_army, starter_army, typed
from client.tiled.xmlcheck import Checked
from rules.tactics.catalog import Catalog
from rules.tactics.setup import (
    Barricade,
    BattleFeature,
    BattleSetup,
    Chest,
    DropSector,
    ExitSector,
    FeatureKind,
    Flag,
    Mode,
    Objective,
    Pos,
    RuneCircle,
    RuneKind,
    Trap,
)

SNAP = 1 / 8  # of a sector
LAYER_TAG = {
    pytmx.TiledTileLayer: "layer",
    pytmx.TiledObjectGroup: "objectgroup",
    pytmx.TiledImageLayer: "imagelayer",
    pytmx.pytmx.TiledGroupLayer: "group",
}


def ordered_layers(tmap: pytmx.TiledMap, checked: Checked) -> list:
    """pytmx lists layers grouped by kind; put them back in the file's document order."""
    free = list(enumerate(checked.layer_order))
    keyed = []
    for layer in tmap.layers:
        tag = LAYER_TAG.get(type(layer), "")
        layer_id = str(layer.__dict__.get("id", ""))
        name = layer.__dict__.get("name") or ""
        for slot, (index, (t, i, n)) in enumerate(free):
            if t == tag and (i == layer_id if layer_id else n == name):
                keyed.append((index, layer))
                del free[slot]
                break
        else:
            keyed.append((len(checked.layer_order), layer))
    return [layer for _, layer in sorted(keyed, key=lambda pair: pair[0])]


@dataclass
class Builder:
    """Reads one map; :meth:`build` returns the setup, or None when ``problems`` holds errors."""

    tmap: pytmx.TiledMap
    checked: Checked
    problems: Problems
    catalog: Catalog
    records: dict[str, list] = field(default_factory=dict)
    where: dict[tuple[str, Pos], tuple[str, str]] = field(default_factory=dict)

    def build(self) -> BattleSetup | None:
        layers = ordered_layers(self.tmap, self.checked)
        if not self.is_battle_map(layers):
            return None
        settings = self.map_settings()
        blocked = self.blocked_sectors(layers)
        occupancy = Occupancy(blocked)
        for layer in layers:
            if isinstance(layer, pytmx.TiledObjectGroup):
                for obj in layer:
                    self.read_object(layer.name or "unnamed layer", obj, occupancy)
        if self.problems.errors or settings is None:
            return None
        setup = BattleSetup(
            width=self.checked.width,
            height=self.checked.height,
            blocked=frozenset(blocked),
            traps=tuple(self.records.get("trap", ())),
            runes=tuple(self.records.get("rune", ())),
            drop_zones=tuple(self.records.get("drop_zone", ())),
            exits=tuple(self.records.get("exit_zone", ())),
            flags=tuple(self.records.get("flag", ())),
            chests=tuple(self.records.get("chest", ())),
            barricades=tuple(self.records.get("barricade", ())),
            **settings,
        )
        check_setup(setup, self.catalog, self.problems, self.where)
        return None if self.problems.errors else setup

    def is_battle_map(self, layers: list) -> bool:
        """False, with one problem saying what is missing, when no object is of a game kind:
        a map made for something else would otherwise get a page of per-object errors."""
        groups = [layer for layer in layers if isinstance(layer, pytmx.TiledObjectGroup)]
        objects = [obj for group in groups for obj in group]
        if any(str(object_kind(obj)) in KINDS for obj in objects):
            return True
        missing = ["no drop zones"]
        if not groups:
            missing.append("no objects layer")
        elif not objects:
            missing.append("no objects on its object layers")
        else:
            kinds = ", ".join(KINDS)
            none = "its one object is not" if len(objects) == 1 else f"none of its {len(objects)} objects is"
            missing.append(f"{none} of a Runetide kind ({kinds})")
        if "enemy_army" not in self.tmap.properties:
            missing.append("no map property 'enemy_army'")
        self.problems.add(
            f"this is not a Runetide battle map: {', '.join(missing)}; "
            'see the map author\'s guide in README.md, section "Making maps"'
        )
        return False

    # ---- map properties ------------------------------------------------------------------------

    def map_settings(self) -> dict | None:
        raw = dict(self.tmap.properties)
        values: dict[str, object] = {}
        for prop in MAP_PROPS:
            value = self.prop_value(prop, raw.pop(prop.name, None), "map property", None, None)
            values[prop.name] = value
        for name in raw:
            if name == f"{TITLE_PREFIX}en":
                self.problems.add(f"map property {name!r}: the English title is the map property 'name'")
                continue
            if name.startswith(TITLE_PREFIX):
                langs = ", ".join(f"{TITLE_PREFIX}{lang}" for lang in TITLE_LANGUAGES)
                self.problems.add(
                    f"map property {name!r} is a title for a language the game does not have; "
                    f"the titles are 'name' (English and the default) and {langs}"
                )
                continue
            known = ", ".join(p.name for p in MAP_PROPS)
            self.problems.add(f"unknown map property {name!r}; the map's properties are: {known}")
        if any(value is None for value in values.values()):
            return None  # missing or mistyped: already reported
        feature = FeatureKind(values["feature"])
        x = values["feature_x"]
        if x and feature not in (FeatureKind.PHYSICAL, FeatureKind.MAGICAL):
            self.problems.add(
                f"map property 'feature_x' is {x} but only the physical and magical features "
                "use X; set it to 0 or change 'feature'"
            )
        mode = Mode(values["mode"])
        armies = []
        for team, name in ((1, "player_army"), (2, "enemy_army")):
            text = str(values[name])
            if team == 1 and not text.strip():
                armies.append(starter_army(self.catalog))
                continue
            try:
                armies.append(parse_army(text, self.catalog, unique_units=team == 1 or mode is Mode.PVP))
            except ValueProblem as exc:
                self.problems.add(f"map property {name!r} {exc}")
        if len(armies) != 2:
            return None
        flag_mode = values["flag_mode"]
        return {
            "armies": (armies[0], armies[1]),
            "feature": BattleFeature(feature, x),  # type: ignore[arg-type]
            "mode": mode,
            "objective": Objective(values["objective"]),
            "objective_target": values["objective_target"] or None,
            "flag_mode": None if flag_mode == "none" else int(flag_mode),  # type: ignore[arg-type]
            "round_limit": values["round_limit"] or None,
            "name": values["name"],
            "names": tuple(
                (lang, str(values[f"{TITLE_PREFIX}{lang}"]))
                for lang in TITLE_LANGUAGES
                if values[f"{TITLE_PREFIX}{lang}"]
            ),
        }

    def prop_value(self, prop: Prop, value: object, what: str, layer: str | None, obj: str | None) -> object:
        if value is None:
            if prop.default is None:
                choices = f" ({', '.join(prop.type.values)})" if hasattr(prop.type, "values") else ""
                self.problems.add(
                    f"{what} {prop.name!r} is missing; add it{choices}: {prop.help}", layer, obj
                )
            return prop.default
        try:
            return typed(prop, value)
        except ValueProblem as exc:
            self.problems.add(f"{what} {prop.name!r} {exc}", layer, obj)
            return None

    # ---- terrain -------------------------------------------------------------------------------

    def blocked_sectors(self, layers: list) -> set[Pos]:
        """Sectors whose tile, on any tile layer, has the tile property ``blocked`` = true."""
        blocked: set[Pos] = set()
        flag = Prop("blocked", "bool", False, "")
        verdict: dict[int, bool] = {}
        for layer in layers:
            if not isinstance(layer, pytmx.TiledTileLayer):
                continue
            for x, y, gid in layer.iter_data():
                if not gid:
                    continue
                if gid not in verdict:
                    props = self.tmap.get_tile_properties_by_gid(gid) or {}
                    verdict[gid] = bool(
                        self.prop_value(flag, props.get("blocked"), "tile property", layer.name, None)
                    )
                if verdict[gid]:
                    blocked.add((x, y))
        return blocked

    # ---- objects -------------------------------------------------------------------------------

    def read_object(self, layer: str, obj: pytmx.TiledObject, occupancy: Occupancy) -> None:
        label = object_label(obj.id, obj.name)
        props = dict(obj.properties)
        own_kind = object_kind(obj)
        if obj.gid:
            props = {k: v for k, v in props.items() if k not in TILE_ATTRIBUTES}
        known = ", ".join(KINDS)
        if not own_kind:
            self.problems.add(
                f"object has no type; set its Type (Tiled 1.8) or Class to one of: {known}", layer, label
            )
            return
        kind = KINDS.get(str(own_kind))
        if kind is None:
            self.problems.add(f"unknown object kind {own_kind!r}; use one of: {known}", layer, label)
            return
        sectors = self.sectors(obj, layer, label)
        values = {}
        for prop in kind.props:
            values[prop.name] = self.prop_value(prop, props.pop(prop.name, None), "property", layer, label)
        for name in props:
            has = ", ".join(p.name for p in kind.props) or "no properties"
            self.problems.add(f"unknown property {name!r} on a {kind.name}; it has: {has}", layer, label)
        if sectors is None or any(v is None for v in values.values()):
            return
        team = values.get("team")
        for pos in sectors:
            if not occupancy.place(pos, kind.name, team, label, self.problems, layer):  # type: ignore[arg-type]
                return
            self.records.setdefault(kind.name, []).append(record(kind.name, pos, values))
            self.where.setdefault((kind.name, pos), (layer, label))

    def sectors(self, obj: pytmx.TiledObject, layer: str, label: str) -> list[Pos] | None:
        if obj.rotation:
            self.problems.add("rotated objects are not supported; set Rotation to 0", layer, label)
            return None
        if "points" in obj.__dict__:
            self.problems.add(
                "polygons and polylines cannot be map objects; draw a rectangle or a point", layer, label
            )
            return None
        tw, th = self.checked.tile_width, self.checked.tile_height
        width, height = self.checked.width, self.checked.height
        if obj.width == 0 and obj.height == 0:
            cells = [(math.floor(obj.x / tw), math.floor(obj.y / th))]
        else:
            edges = [obj.x / tw, (obj.x + obj.width) / tw, obj.y / th, (obj.y + obj.height) / th]
            snapped = [round(e) for e in edges]
            if any(abs(e - s) > SNAP for e, s in zip(edges, snapped, strict=True)):
                self.problems.add(
                    f"object is off the grid (x={obj.x:g}, y={obj.y:g}, {obj.width:g}x{obj.height:g} px with "
                    f"{tw}x{th} px sectors); turn on View > Snapping > Snap to Grid and move or resize it",
                    layer,
                    label,
                )
                return None
            x0, x1 = sorted(snapped[:2])
            y0, y1 = sorted(snapped[2:])
            if x1 == x0 or y1 == y0:
                self.problems.add(
                    "object is smaller than one sector; make it at least one sector big", layer, label
                )
                return None
            # Clamp before listing, so a huge box cannot make a huge list; its corner is reported.
            inside_x = range(max(x0, 0), min(x1, width))
            inside_y = range(max(y0, 0), min(y1, height))
            cells = [(x, y) for y in inside_y for x in inside_x]
            if len(cells) < (x1 - x0) * (y1 - y0):
                cells.append(
                    (x0 if x0 < 0 or x0 >= width else x1 - 1, y0 if y0 < 0 or y0 >= height else y1 - 1)
                )
        outside = [c for c in cells if not (0 <= c[0] < width and 0 <= c[1] < height)]
        if outside:
            self.problems.add(
                f"object is outside the map: sector {outside[0]} is not within the map's "
                f"{width}x{height} sectors; move it inside",
                layer,
                label,
            )
            return None
        return cells


def object_kind(obj: pytmx.TiledObject) -> object:
    """An object's Type (Tiled 1.8) or Class (1.9), else, for a tile object, its tile's; None if none."""
    kind = obj.__dict__.get("type") or obj.__dict__.get("class")
    if obj.gid:
        kind = kind or obj.properties.get("type") or obj.properties.get("class")
    return kind or None


def record(kind: str, pos: Pos, values: dict) -> object:
    """The rules record for one sector of an object."""
    if kind == "trap":
        return Trap(pos, visible=bool(values["revealed"]))
    if kind == "rune":
        return RuneCircle(pos, RuneKind(values["kind"]))
    if kind == "drop_zone":
        return DropSector(pos, int(values["team"]), int(values["zone_type"]))
    if kind == "exit_zone":
        return ExitSector(pos, int(values["team"]))
    if kind == "flag":
        return Flag(pos, None if values["team"] == "shared" else int(values["team"]))
    if kind == "chest":
        return Chest(pos)
    return Barricade(pos, values["hp"] or None)
