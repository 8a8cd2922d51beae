"""Write the map tilesets: ``maps/tilesets/{terrain,objects}.png`` and their Tiled ``.tsx`` files.

No free art fitted (64 px sectors, every map object of tactics.md section 7 with a
shape of its own), so the tiles are drawn by ``tiles_terrain.py`` and
``tiles_objects.py`` with pygame-ce. Run from the repository root::

    SDL_VIDEODRIVER=dummy python tools/make_tiles.py

Terrain tiles carry the bool property ``blocked``; object tiles carry a Tiled type and
default properties, so an object placed from a tile is already a complete map object.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from xml.sax.saxutils import quoteattr

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent))

import pygame
from tiles_objects import OBJECTS
from tiles_terrain import TERRAIN, TILE, Draw

OUT = Path(__file__).resolve().parent.parent / "maps" / "tilesets"
COLUMNS = 4


def sheet(draws: list[Draw], path: Path) -> tuple[int, int]:
    """Draw every tile into one PNG sheet; return its pixel size."""
    rows = (len(draws) + COLUMNS - 1) // COLUMNS
    surface = pygame.Surface((COLUMNS * TILE, rows * TILE), pygame.SRCALPHA)
    for i, draw in enumerate(draws):
        tile = pygame.Surface((TILE, TILE), pygame.SRCALPHA)
        draw(tile)
        surface.blit(tile, ((i % COLUMNS) * TILE, (i // COLUMNS) * TILE))
    pygame.image.save(surface, str(path))
    return surface.get_size()


def tsx(name: str, image: str, size: tuple[int, int], tiles: list[str]) -> str:
    """A Tiled 1.8 tileset file; ``tiles`` are the ``<tile>`` elements."""
    count = (size[0] // TILE) * (size[1] // TILE)
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<tileset version="1.8" tiledversion="1.8.2" name="{name}" tilewidth="{TILE}" '
        f'tileheight="{TILE}" tilecount="{count}" columns="{COLUMNS}">\n'
        f' <image source="{image}" width="{size[0]}" height="{size[1]}"/>\n' + "".join(tiles) + "</tileset>\n"
    )


def prop(name: str, kind: str, custom: str, value: str) -> str:
    custom_attr = f" propertytype={quoteattr(custom)}" if custom else ""
    return f'   <property name="{name}" type="{kind}"{custom_attr} value={quoteattr(value)}/>\n'


def main() -> None:
    pygame.font.init()
    OUT.mkdir(parents=True, exist_ok=True)
    size = sheet([draw for _, draw, _ in TERRAIN], OUT / "terrain.png")
    tiles = []
    for i, (name, _, blocked) in enumerate(TERRAIN):
        tiles.append(
            f' <tile id="{i}">\n  <properties>\n'
            + prop("blocked", "bool", "", "true" if blocked else "false")
            + prop("terrain", "string", "", name)
            + "  </properties>\n </tile>\n"
        )
    (OUT / "terrain.tsx").write_text(tsx("terrain", "terrain.png", size, tiles))

    size = sheet([draw for _, draw, _, _ in OBJECTS], OUT / "objects.png")
    tiles = []
    for i, (_, _, kind, props) in enumerate(OBJECTS):
        body = "".join(prop(k, *v) for k, v in props.items())
        tiles.append(f' <tile id="{i}" type="{kind}">\n  <properties>\n{body}  </properties>\n </tile>\n')
    (OUT / "objects.tsx").write_text(tsx("objects", "objects.png", size, tiles))
    print(f"wrote {len(TERRAIN)} terrain and {len(OBJECTS)} object tiles to {OUT}")


if __name__ == "__main__":
    main()
