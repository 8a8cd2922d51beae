"""Sector names as players see them: columns lettered A, B, … (AA after Z), rows numbered from 1,
like a chessboard, so "C4" is the third column, fourth row. The rulers along the map viewport's top
and left edges show them; the battle log and the tooltips use the same names.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from client.render import text
from client.render.camera import Camera
from client.ui.scale import px

RULER = 16  # design pixels (client.ui.scale): the depth of each ruler strip
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
    depth, side, font_size = px(RULER), px(RULER + 8), px(12)  # the rulers are read like the UI
    map_rect = pygame.Rect(ox, oy, size[0] * camera.tile, size[1] * camera.tile)
    top = max(view.y, oy - depth)  # hugging the map where it is smaller than the viewport
    left = max(view.x, ox - side)
    clip = surface.get_clip()
    surface.set_clip(view)
    surface.blit(_strip((min(view.right, map_rect.right) - left, depth)), (left, top))
    surface.blit(_strip((side, min(view.bottom, map_rect.bottom) - top - depth)), (left, top + depth))
    for x in range(size[0]):
        centre = camera.tile_rect((x, 0)).centerx
        if left + side <= centre <= view.right:
            label = text.text(column_name(x), font_size, RULER_TEXT, True)
            surface.blit(label, label.get_rect(center=(centre, top + depth // 2)))
    for y in range(size[1]):
        centre = camera.tile_rect((0, y)).centery
        if top + depth <= centre <= view.bottom:
            label = text.text(str(y + 1), font_size, RULER_TEXT, True)
            surface.blit(label, label.get_rect(center=(left + side // 2, centre)))
    surface.set_clip(clip)
