"""Sector names as players see them: columns lettered A, B, … (AA after Z), rows numbered from 1,
like a chessboard, so "C4" is the third column, fourth row. The rulers along the map viewport's top
and left edges show them; the battle log and the tooltips use the same names.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from client.render import text
from client.render.camera import Camera

RULER = 16  # pixels: the depth of each ruler strip
RULER_FILL = (10, 12, 18, 150)
RULER_TEXT = (214, 206, 180)


def column_name(x: int) -> str:
    """0 -> "A", 25 -> "Z", 26 -> "AA" (spreadsheet style)."""
    name = ""
    x += 1
    while x:
        x, rest = divmod(x - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


def sector_name(pos: tuple[int, int]) -> str:
    """The name of sector ``(x, y)``: ``(2, 3)`` is "C4"."""
    return f"{column_name(pos[0])}{pos[1] + 1}"


@lru_cache(maxsize=8)
def _strip(size: tuple[int, int]) -> pygame.Surface:
    """A translucent ruler background of ``size``, made once per size rather than every frame."""
    strip = pygame.Surface((max(1, size[0]), max(1, size[1])), pygame.SRCALPHA)
    strip.fill(RULER_FILL)
    return strip


def draw_rulers(surface: pygame.Surface, camera: Camera, size: tuple[int, int]) -> None:
    """Column letters along the viewport's top edge and row numbers down its left edge, for the
    sectors in view (``size`` is the map in sectors)."""
    view = camera.viewport
    ox, oy = camera.origin  # the map's top-left corner on screen
    map_rect = pygame.Rect(ox, oy, size[0] * camera.tile, size[1] * camera.tile)
    top = max(view.y, oy - RULER)  # hugging the map where it is smaller than the viewport
    left = max(view.x, ox - RULER - 8)
    clip = surface.get_clip()
    surface.set_clip(view)
    surface.blit(_strip((min(view.right, map_rect.right) - left, RULER)), (left, top))
    surface.blit(_strip((RULER + 8, min(view.bottom, map_rect.bottom) - top - RULER)), (left, top + RULER))
    for x in range(size[0]):
        centre = camera.tile_rect((x, 0)).centerx
        if left + RULER + 8 <= centre <= view.right:
            label = text.text(column_name(x), 12, RULER_TEXT, True)
            surface.blit(label, label.get_rect(center=(centre, top + RULER // 2)))
    for y in range(size[1]):
        centre = camera.tile_rect((0, y)).centery
        if top + RULER <= centre <= view.bottom:
            label = text.text(str(y + 1), 12, RULER_TEXT, True)
            surface.blit(label, label.get_rect(center=(left + (RULER + 8) // 2, centre)))
    surface.set_clip(clip)
