"""Check a .tmx file (and its .tsx tilesets) before pytmx sees it.

pytmx fails on some inputs with bare exceptions or silently misreads them (ragged
CSV, zstd, chunks of infinite maps, templates, missing files, entity bombs). This
pass reads the XML itself, rejects what the game does not support with a
:class:`MapError` that says what to do in Tiled, and returns the facts the loader
needs: layers in document order and the tile id range.

The XML is parsed with defusedxml with every DTD forbidden, so an entity bomb or an
external entity fails at once, in any file encoding, before pytmx parses the same
files; Tiled 1.x never writes a DTD.
"""

from __future__ import annotations

import base64
import binascii
import math
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree import ElementTree

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring as defused_fromstring

from client.tiled.errors import MapError, object_label

MAX_FILE_BYTES = 16 * 1024 * 1024
MAX_SECTORS = 256  # per side; the game's maps are ~10..40
SECTOR_PX = 64  # the map's tile size: the game's sectors, tilesets, sprites and renderer are 64 px
GID_FLAGS = 0xF0000000  # flip and rotation bits of a tile reference

# Attributes pytmx casts with int()/float()/its bool parser, so a bad value must stop here.
INT_ATTRS = {
    "columns",
    "firstgid",
    "gid",
    "id",
    "margin",
    "nextobjectid",
    "offsetx",
    "offsety",
    "spacing",
    "tile",
    "tilecount",
    "tileheight",
    "tileid",
    "tilewidth",
    "duration",
}
FLOAT_ATTRS = {
    "height",
    "width",
    "x",
    "y",
    "rotation",
    "opacity",
    "hexsidelength",
    "pixelsize",
    "probability",
}
BOOL_ATTRS = {"bold", "italic", "kerning", "strikeout", "underline", "visible", "wrap"}
PROPERTY_TYPES = ("string", "int", "float", "bool", "color", "file", "object", "class")
LAYER_TAGS = ("layer", "objectgroup", "imagelayer", "group")
# Layers the game draws or reads on the sector grid: an offset or parallax would move their content
# away from where Tiled shows it. Image layers are drawn at their offset, so they may have one.
GRID_LAYERS = {
    "layer": ("tile layer", "draws", "tiles"),
    "objectgroup": ("object layer", "places", "objects"),
    "group": ("group layer", "places", "layers"),
}
DETACH = "select the objects in Tiled and use 'Detach Templates' (right-click), then save"
JSON_MAPS = "Tiled JSON maps are not read; save the map as .tmx (File > Save As)"
JSON_SUFFIXES = (".tmj", ".json")


@dataclass
class Checked:
    """What the pre-check learned about a valid map file."""

    width: int
    height: int
    tile_width: int
    tile_height: int
    max_gid: int
    layer_order: list[tuple[str, str, str]] = field(default_factory=list)  # (tag, id, name) in document order


def read_xml(path: Path, what: str, file_label: str) -> ElementTree.Element:
    """Read and parse one XML file safely, or raise MapError naming ``file_label``."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        name = "" if Path(file_label) == path else f" {path.name!r}"  # the map itself is named once
        raise MapError(file_label, f"cannot read {what}{name}: {exc.strerror or exc}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise MapError(file_label, f"{what} {path.name!r} is larger than {MAX_FILE_BYTES // 2**20} MiB")
    if what == "map file" and raw[:64].lstrip()[:1] == b"{":  # a JSON map saved under a .tmx name
        raise MapError(file_label, JSON_MAPS)
    try:
        return defused_fromstring(raw, forbid_dtd=True)
    except DefusedXmlException:  # a ValueError, so before the encoding case
        raise MapError(
            file_label,
            f"{what} {path.name!r} declares a DTD or entities, which are not allowed; re-save it from Tiled",
        ) from None
    except (LookupError, ValueError) as exc:  # an unknown encoding="..." in the XML declaration
        raise MapError(
            file_label, f"{what} {path.name!r} cannot be decoded ({exc}); save it as UTF-8"
        ) from None
    except ElementTree.ParseError as exc:
        line, col = exc.position
        raise MapError(
            file_label,
            f"{what} {path.name!r} is not well-formed XML (line {line}, column {col}): "
            f"{exc}; re-save it from Tiled",
        ) from None


def tiles_along(image_size: str, tile: int, margin: int, spacing: int) -> int:
    """Tiles across (or down) a tileset image, as Tiled counts them when a tileset has no tilecount:
    ``(size - 2*margin + spacing) // (tile + spacing)``. pytmx cuts the image with the margin and
    spacing too, but never counts tiles, so the id range of such a tileset is ours to get right."""
    return max(0, (int(float(image_size)) - 2 * margin + spacing) // (tile + spacing))


def _number(value: str, kind: str) -> bool:
    try:
        if kind == "int":
            int(value)
            return True
        return math.isfinite(float(value))
    except (TypeError, ValueError):
        return False


class _Walker:
    """Walks one map document, tracking the current layer and object for messages."""

    def __init__(self, path: Path, file_label: str) -> None:
        self.path = path
        self.file = file_label
        self.layer: str | None = None
        self.obj: str | None = None

    def fail(self, message: str) -> MapError:
        return MapError(self.file, message, self.layer, self.obj)

    def attrs(self, node: ElementTree.Element, where: str) -> None:
        for key, value in node.items():
            if key in INT_ATTRS and not _number(value, "int"):
                raise self.fail(f"{where}: attribute {key}={value!r} must be a whole number")
            if key in FLOAT_ATTRS and not _number(value, "float"):
                raise self.fail(f"{where}: attribute {key}={value!r} must be a number")
            if key in BOOL_ATTRS and value.strip().lower()[:1] not in ("0", "1", "t", "f", "y", "n", "-", ""):
                raise self.fail(f"{where}: attribute {key}={value!r} must be true or false (0 or 1)")

    def on_the_grid(self, node: ElementTree.Element) -> None:
        """Refuse a layer offset or parallax factor, which the game would not show as Tiled does."""
        kind, verb, content = GRID_LAYERS[node.tag]

        def number(key: str, default: float) -> float:
            value = node.get(key, "")
            return float(value) if _number(value, "float") else default  # a bad one: attrs() says so

        ox, oy = number("offsetx", 0.0), number("offsety", 0.0)
        if ox or oy:
            raise self.fail(
                f"{kind} has an offset (offsetx={ox:g}, offsety={oy:g}): the game {verb} its {content} "
                "on the grid, away from where Tiled shows them; set Layer Properties > Offset to 0, 0"
            )
        px, py = number("parallaxx", 1.0), number("parallaxy", 1.0)
        if (px, py) != (1.0, 1.0):
            raise self.fail(
                f"{kind} has a parallax factor ({px:g}, {py:g}): the game scrolls every layer alike, so "
                f"its {content} would not be where Tiled shows them; set Layer Properties > Parallax "
                "Factor to 1, 1"
            )

    def properties(self, node: ElementTree.Element) -> None:
        for props in node.findall("properties"):
            for prop in props.findall("property"):
                name, kind, value = prop.get("name"), prop.get("type", "string"), prop.get("value")
                where = f"property {name!r}"
                if not name:
                    raise self.fail("a property has no name; remove it in Tiled")
                if kind not in PROPERTY_TYPES:
                    raise self.fail(
                        f"{where} has unknown type {kind!r}; use one of {', '.join(PROPERTY_TYPES)}"
                    )
                if kind == "class":
                    raise self.fail(
                        f"{where} is class-typed, which the game does not read; use plain properties"
                    )
                if kind in ("int", "object") and not _number(value or "", "int"):
                    raise self.fail(f"{where} must be a whole number, got {value!r}")
                if kind == "float" and not _number(value or "", "float"):
                    raise self.fail(f"{where} must be a number, got {value!r}")
                if kind == "bool" and (value or "").strip().lower() not in ("true", "false", "1", "0"):
                    raise self.fail(f"{where} must be true or false, got {value!r}")

    def tileset(self, node: ElementTree.Element, base: Path) -> tuple[int, int]:
        """Check one tileset reference; return its tile id range [first, end)."""
        self.attrs(node, "tileset")
        firstgid = int(node.get("firstgid", "0"))
        if firstgid < 1:
            raise self.fail("a tileset has no valid firstgid; re-add the tileset in Tiled")
        source = node.get("source")
        if source:
            where = f"tileset {source!r}"
            if not source.lower().endswith(".tsx"):
                raise self.fail(f"{where}: only .tsx (XML) tilesets are supported; export it as .tsx")
            tsx = base / source
            if not tsx.is_file():
                raise self.fail(f"tileset file {source!r} not found (looked at {tsx}); fix the path in Tiled")
            node = read_xml(tsx, "tileset file", self.file)
            if node.tag != "tileset":
                raise self.fail(f"{where} is not a Tiled tileset (root element <{node.tag}>)")
            base = tsx.parent
        else:
            where = f"tileset {node.get('name', '')!r}"
        self.attrs(node, where)
        tw, th = int(node.get("tilewidth", "0")), int(node.get("tileheight", "0"))
        if tw <= 0 or th <= 0:
            raise self.fail(f"{where}: tile size must be positive")
        margin, spacing = int(node.get("margin", "0")), int(node.get("spacing", "0"))
        if margin < 0 or spacing < 0:
            raise self.fail(f"{where}: margin and spacing must not be negative; fix them in the tileset")
        self.properties(node)
        count = int(node.get("tilecount", "0"))
        image = node.find("image")
        if image is not None:
            self.image(image, base, where)
            self.attrs(image, where)
            missing = " and ".join(key for key in ("width", "height") if image.get(key) is None)
            if missing:  # pytmx would int(None): a bare TypeError naming nothing
                raise self.fail(
                    f"{where}: its image {image.get('source')!r} has no {missing}; open the tileset in "
                    "Tiled and save it again, or add the image's size in pixels "
                    '(width="..." height="...") to its <image>'
                )
            if not count:
                count = tiles_along(image.get("width", "0"), tw, margin, spacing) * tiles_along(
                    image.get("height", "0"), th, margin, spacing
                )
        for tile in node.findall("tile"):
            self.attrs(tile, f"{where} tile")
            self.properties(tile)
            tile_image = tile.find("image")
            if tile_image is not None:
                self.image(tile_image, base, f"{where} tile {tile.get('id')}")
            count = max(count, int(tile.get("id", "0")) + 1)
        return firstgid, firstgid + count

    def image(self, image: ElementTree.Element, base: Path, where: str) -> None:
        source = image.get("source")
        if not source:
            raise self.fail(f"{where}: image has no source file")
        if not (base / source).is_file():
            raise self.fail(f"{where}: image file {source!r} not found (looked at {base / source})")

    def layer_data(self, node: ElementTree.Element, width: int, height: int, max_gid: int) -> None:
        data = node.find("data")
        if data is None:
            raise self.fail("tile layer has no data; re-save the map in Tiled")
        if data.find("chunk") is not None:
            raise self.fail("infinite maps are not supported; uncheck Map > Map Properties > Infinite")
        encoding, compression = data.get("encoding"), data.get("compression")
        fix = "set Map > Map Properties > Tile Layer Format to CSV and save"
        if encoding is None:
            raise self.fail(f"the XML tile layer format is not supported; {fix}")
        if encoding not in ("csv", "base64"):
            raise self.fail(f"unsupported layer encoding {encoding!r}; {fix}")
        if encoding == "csv" and compression:
            raise self.fail(f"CSV layers cannot be compressed; {fix}")
        if compression not in (None, "gzip", "zlib"):
            raise self.fail(f"unsupported layer compression {compression!r} (zstd is not read); {fix}")
        text = (data.text or "").strip()
        cells = width * height
        if encoding == "csv":
            rows = [row for row in text.replace("\r", "").split("\n") if row.strip()]
            values = [v.strip() for v in text.replace("\n", "").split(",")]
            if text.endswith(","):
                values.pop()
            if len(values) != cells or (
                len(rows) > 1 and any(len(r.rstrip(",").split(",")) != width for r in rows)
            ):
                raise self.fail(
                    f"ragged layer data: expected {height} rows of {width} tiles ({cells} in all), "
                    f"got {len(values)} values; re-save the map in Tiled"
                )
            try:
                gids = [int(v) for v in values]
            except ValueError:
                raise self.fail(
                    "layer data holds something that is not a tile number; re-save in Tiled"
                ) from None
        else:
            try:
                raw = base64.b64decode(text, validate=False)
                if compression:
                    wbits = 16 + zlib.MAX_WBITS if compression == "gzip" else zlib.MAX_WBITS
                    raw = zlib.decompressobj(wbits).decompress(raw, 4 * cells + 1)
            except (binascii.Error, ValueError, zlib.error):
                raise self.fail(f"layer data is not valid base64/{compression or 'raw'}; {fix}") from None
            if len(raw) != 4 * cells:
                raise self.fail(f"ragged layer data: expected {cells} tiles, got {len(raw) / 4:g}; {fix}")
            gids = [int.from_bytes(raw[i : i + 4], "little") for i in range(0, len(raw), 4)]
        for i, raw_gid in enumerate(gids):
            gid = raw_gid & ~GID_FLAGS
            if raw_gid < 0 or gid >= max_gid:
                raise self.fail(
                    f"tile id {gid} at sector ({i % width}, {i // width}) is out of range "
                    f"(the tilesets hold 1..{max_gid - 1}); repaint it in Tiled"
                )

    def objects(self, node: ElementTree.Element, max_gid: int) -> None:
        for obj in node.findall("object"):
            self.obj = object_label(obj.get("id", "?"), obj.get("name"))
            if obj.get("template"):
                raise self.fail(
                    f"object uses template {obj.get('template')!r}; templates are not read: {DETACH}"
                )
            self.attrs(obj, "object")
            self.properties(obj)
            gid = obj.get("gid")
            if gid is not None and not 0 < (int(gid) & ~GID_FLAGS) < max_gid:
                raise self.fail(f"object tile id {int(gid) & ~GID_FLAGS} is out of range (1..{max_gid - 1})")
        self.obj = None


def check_map(path: Path, file_label: str) -> Checked:
    """Pre-check a map file; raise :class:`MapError` on anything pytmx or the game cannot use."""
    if path.suffix.lower() in JSON_SUFFIXES:
        raise MapError(file_label, JSON_MAPS)
    walker = _Walker(path, file_label)
    root = read_xml(path, "map file", file_label)
    if root.tag != "map":
        raise MapError(file_label, f"not a Tiled map (root element is <{root.tag}>, expected <map>)")
    walker.attrs(root, "map")
    walker.properties(root)
    if root.get("infinite", "0") not in ("0", ""):
        raise MapError(file_label, "infinite maps are not supported; uncheck Map > Map Properties > Infinite")
    if root.get("orientation", "orthogonal") != "orthogonal":
        raise MapError(file_label, f"only orthogonal maps are supported, not {root.get('orientation')!r}")
    size = [int(float(root.get(k, "0"))) for k in ("width", "height", "tilewidth", "tileheight")]
    if not (0 < size[0] <= MAX_SECTORS and 0 < size[1] <= MAX_SECTORS) or size[2] <= 0 or size[3] <= 0:
        raise MapError(
            file_label,
            f"map size {size[0]}x{size[1]} sectors of {size[2]}x{size[3]} px is not usable "
            f"(1..{MAX_SECTORS} sectors per side, positive tile size)",
        )
    if (size[2], size[3]) != (SECTOR_PX, SECTOR_PX):
        raise MapError(
            file_label,
            f"map tiles are {size[2]}x{size[3]} px, but the game's sectors and tilesets are "
            f"{SECTOR_PX}x{SECTOR_PX} px; set Map > Map Properties > Tile Width and Tile Height "
            f"to {SECTOR_PX}",
        )
    max_gid = 1
    ranges: list[tuple[int, int, str]] = []
    for tileset in root.findall("tileset"):
        first, end = walker.tileset(tileset, path.parent)
        name = tileset.get("source") or tileset.get("name", "")
        for other_first, other_end, other in ranges:
            if first < other_end and other_first < end:
                raise MapError(
                    file_label,
                    f"tilesets {other!r} and {name!r} overlap (tile ids {first}..{end - 1}); "
                    "remove and re-add one of them in Tiled",
                )
        ranges.append((first, end, name))
        max_gid = max(max_gid, end)
    checked = Checked(*size, max_gid=max_gid)
    _walk_layers(walker, root, checked, path.parent)
    return checked


def _walk_layers(walker: _Walker, parent: ElementTree.Element, checked: Checked, base: Path) -> None:
    for node in parent:
        if node.tag not in LAYER_TAGS:
            continue
        walker.layer = node.get("name") or f"unnamed {node.tag}"
        if node.tag in GRID_LAYERS:
            walker.on_the_grid(node)
        walker.attrs(node, node.tag)
        walker.properties(node)
        checked.layer_order.append((node.tag, node.get("id", ""), node.get("name", "")))
        if node.tag == "layer":
            if (
                int(float(node.get("width", "0"))) != checked.width
                or int(float(node.get("height", "0"))) != checked.height
            ):
                raise walker.fail(
                    f"layer size differs from the map's {checked.width}x{checked.height}; "
                    "resize the layer in Tiled (Map > Resize Map)"
                )
            walker.layer_data(node, checked.width, checked.height, checked.max_gid)
        elif node.tag == "objectgroup":
            walker.objects(node, checked.max_gid)
        elif node.tag == "imagelayer":
            image = node.find("image")
            if image is None:
                raise walker.fail("image layer has no image; remove the layer or pick an image")
            walker.image(image, base, "image layer")
        else:
            _walk_layers(walker, node, checked, base)
        walker.layer = None
