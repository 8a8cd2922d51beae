"""The map's look: its Tiled tile layers and permanent objects pre-rendered once, object sprites by sector.

:func:`build_map_art` blits every visible tile (and image) layer in file order into one converted
surface, then the permanent objects the rules never remove (rune circles, exit zones). Objects
that come and go (flags, chests, barricades, revealed traps) are drawn each frame from the
board view, with the image the author stamped in Tiled or, for plain rectangles and points, the
image of the shipped ``objects`` tileset. Drop zones are not shown (T-LAND-4); hidden traps never.

A flag is drawn as the rules' state says it is, not as the map was stamped: hot-seat may change
the flag mode (P-MODE-3), so a stamped red pennant may be a shared flag in the battle, or a shared
flag may belong to team 2. Each flag stamp remembers the team its tile shows, and a flag whose
team differs gets the shipped picture of its team instead (T-FLAG-3: team 1 red, team 2 blue,
shared red).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import pygame
import pytmx

from client.context import MAPS_DIR
from client.tiled import LoadedMap
from rules.tactics.setup import BattleSetup, Pos

BACKDROP = (24, 30, 40)
OBJECTS_SHEET = MAPS_DIR / "tilesets" / "objects.png"
# Index of each object's picture in the shipped objects tileset (4 columns of 64 px).
SHEET_INDEX = {
    ("trap", False): 0,
    ("trap", True): 1,
    ("rune", "damage"): 2,
    ("rune", "phys_defense"): 3,
    ("rune", "mag_defense"): 4,
    ("rune", "dodge"): 5,
    ("rune", "crit"): 6,
    ("exit_zone", 1): 13,
    ("exit_zone", 2): 14,
    ("flag", 1): 15,
    ("flag", 2): 16,
    ("flag", None): 17,
    ("chest", None): 18,
    ("barricade", None): 19,
}


@cache
def _sheet(path: Path) -> pygame.Surface:
    return pygame.image.load(str(path)).convert_alpha()


def sheet_image(key: tuple[str, object], tile: int = 64, sheet: Path = OBJECTS_SHEET) -> pygame.Surface:
    """The shipped tileset's picture for an object kind (scaled to ``tile`` pixels)."""
    index = SHEET_INDEX[key]
    image = _sheet(sheet).subsurface(pygame.Rect((index % 4) * 64, (index // 4) * 64, 64, 64))
    return image if tile == 64 else pygame.transform.smoothscale(image, (tile, tile))


@dataclass
class MapArt:
    """The pre-rendered map and the pictures of its objects."""

    background: pygame.Surface
    tile: int
    size: tuple[int, int]  # in sectors
    stamped: dict[tuple[str, Pos], pygame.Surface] = field(default_factory=dict)
    # What a stamp shows where it can differ from the battle's object: a flag tile's team (None: shared).
    stamped_variants: dict[tuple[str, Pos], object] = field(default_factory=dict)

    def zoomed(self, factor: float) -> MapArt:
        """This art with sectors ``factor`` times as large (itself at 1): the background and the author's
        stamps smoothly scaled once, the shipped object pictures drawn at the new size."""
        tile = max(1, round(self.tile * factor))
        if tile == self.tile:
            return self
        world = (self.size[0] * tile, self.size[1] * tile)
        return MapArt(
            pygame.transform.smoothscale(self.background, world),
            tile,
            self.size,
            {key: pygame.transform.smoothscale(image, (tile, tile)) for key, image in self.stamped.items()},
            dict(self.stamped_variants),
        )

    def object_image(self, kind: str, pos: Pos, variant: object = None) -> pygame.Surface:
        """The picture of the ``kind`` object at ``pos`` in ``variant`` (a flag's team, None shared):
        the author's stamp if it shows that variant, else the shipped one."""
        key = (kind, pos)
        found = self.stamped.get(key)
        if found is not None and self.stamped_variants.get(key, variant) == variant:
            return found
        return sheet_image((kind, variant), self.tile)


def _object_kind(obj: pytmx.TiledObject) -> str:
    return str(obj.type or obj.properties.get("type") or obj.properties.get("class") or "")


def _stamps(tmap: pytmx.TiledMap, tile: int) -> dict[tuple[str, Pos], pygame.Surface]:
    """Tile objects' images by (kind, sector of their centre)."""
    found: dict[tuple[str, Pos], pygame.Surface] = {}
    for obj in tmap.objects:
        image = getattr(obj, "image", None)
        if image is None or not obj.gid:
            continue
        if image.get_size() != (tile, tile):
            image = pygame.transform.smoothscale(image, (tile, tile))
        found[(_object_kind(obj), _centre_sector(obj, tile))] = image
    return found


def _centre_sector(obj: pytmx.TiledObject, tile: int) -> Pos:
    return int((obj.x + obj.width / 2) // tile), int((obj.y + obj.height / 2) // tile)


def _flag_team(value: object) -> int | None:
    return None if str(value) == "shared" else int(str(value))


def _stamped_flag_teams(tmap: pytmx.TiledMap, setup: BattleSetup, tile: int) -> dict[tuple[str, Pos], object]:
    """The team each flag stamp's tile shows: its tile's own ``team`` property (the shipped tileset
    has one per flag tile), else the team the map gives that flag (an author's own art)."""
    map_teams = {flag.pos: flag.team for flag in setup.flags}
    shown: dict[tuple[str, Pos], object] = {}
    for obj in tmap.objects:
        if not obj.gid or getattr(obj, "image", None) is None or _object_kind(obj) != "flag":
            continue
        pos = _centre_sector(obj, tile)
        tile_props = tmap.get_tile_properties_by_gid(obj.gid) or {}
        try:
            shown[("flag", pos)] = _flag_team(tile_props["team"]) if "team" in tile_props else map_teams[pos]
        except (KeyError, ValueError):
            continue  # not a flag the setup knows: nothing to compare, the stamp stands
    return shown


def _paint_layers(surface: pygame.Surface, tmap: pytmx.TiledMap) -> None:
    tw, th = tmap.tilewidth, tmap.tileheight
    for layer in tmap.visible_layers:
        opacity = float(getattr(layer, "opacity", 1.0) or 1.0)
        if isinstance(layer, pytmx.TiledTileLayer):
            target = surface
            if opacity < 1.0:
                target = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            for x, y, image in layer.tiles():
                target.blit(image, (x * tw, y * th + th - image.get_height()))
            if target is not surface:
                target.set_alpha(round(255 * opacity))
                surface.blit(target, (0, 0))
        elif isinstance(layer, pytmx.TiledImageLayer) and getattr(layer, "image", None) is not None:
            surface.blit(layer.image, (int(getattr(layer, "offsetx", 0)), int(getattr(layer, "offsety", 0))))


def _paint_permanent_objects(art: MapArt, setup: BattleSetup) -> None:
    tile = art.tile
    for exit_sector in setup.exits:
        image = art.object_image("exit_zone", exit_sector.pos, exit_sector.team).copy()
        image.set_alpha(190)
        art.background.blit(image, (exit_sector.pos[0] * tile, exit_sector.pos[1] * tile))
    for rune in setup.runes:
        image = art.object_image("rune", rune.pos, str(rune.kind))
        art.background.blit(image, (rune.pos[0] * tile, rune.pos[1] * tile))


def paint_grid(surface: pygame.Surface, size: tuple[int, int], tile: int) -> None:
    """Faint sector lines, so squares are countable on plain terrain."""
    w, h = size
    grid = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    colour = (0, 0, 0, 34)
    for x in range(1, w):
        pygame.draw.line(grid, colour, (x * tile, 0), (x * tile, h * tile))
    for y in range(1, h):
        pygame.draw.line(grid, colour, (0, y * tile), (w * tile, y * tile))
    surface.blit(grid, (0, 0))


def build_map_art(loaded: LoadedMap) -> MapArt:
    """Pre-render a loaded map (its tiles must be loaded with pytmx's pygame image loader)."""
    tmap = loaded.tiled
    setup = loaded.setup
    tile = tmap.tilewidth
    surface = pygame.Surface((setup.width * tile, setup.height * tile)).convert()
    surface.fill(loaded.background[:3] if loaded.background else BACKDROP)
    _paint_layers(surface, tmap)
    paint_grid(surface, (setup.width, setup.height), tile)
    art = MapArt(
        surface,
        tile,
        (setup.width, setup.height),
        _stamps(tmap, tile),
        _stamped_flag_teams(tmap, setup, tile),
    )
    _paint_permanent_objects(art, setup)
    return art


def load_map_art(path: Path) -> tuple[LoadedMap, MapArt]:
    """Load a .tmx map with images and pre-render it (raises MapError for a bad map)."""
    from pytmx.util_pygame import pygame_image_loader

    from client.tiled import load_map

    loaded = load_map(path, image_loader=pygame_image_loader)
    return loaded, build_map_art(loaded)
