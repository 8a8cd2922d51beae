"""Sector highlights: the selected squad's movement zone and attack targets, a hovered squad's reach,
the line-attack cross, the sector under the mouse and the selection ring.

Fills are translucent so the terrain stays readable; targets also get corner brackets, so the
two kinds differ by shape as well as colour.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import lru_cache

import pygame

from client.render.camera import Camera
from client.ui import GOLD

Colour = tuple[int, int, int]


@lru_cache(maxsize=64)
def tile_overlay(colour: Colour, tile: int, fill: int, border: int, brackets: bool) -> pygame.Surface:
    """One sector's overlay: a translucent fill, a thin border and, for targets, corner brackets."""
    surface = pygame.Surface((tile, tile), pygame.SRCALPHA)
    inner = pygame.Rect(2, 2, tile - 4, tile - 4)
    pygame.draw.rect(surface, (*colour, fill), inner, border_radius=6)
    if border:
        pygame.draw.rect(surface, (*colour, border), inner, 2, border_radius=6)
    if brackets:
        arm = tile // 4
        for cx, cy, dx, dy in (
            (3, 3, 1, 1),
            (tile - 4, 3, -1, 1),
            (3, tile - 4, 1, -1),
            (tile - 4, tile - 4, -1, -1),
        ):
            pygame.draw.line(surface, (*colour, 255), (cx, cy), (cx + dx * arm, cy), 4)
            pygame.draw.line(surface, (*colour, 255), (cx, cy), (cx, cy + dy * arm), 4)
    return surface.convert_alpha()


def draw_tiles(
    surface: pygame.Surface,
    camera: Camera,
    sectors: Iterable[tuple[int, int]],
    colour: Colour,
    fill: int = 64,
    border: int = 150,
    brackets: bool = False,
) -> None:
    overlay = tile_overlay(colour, camera.tile, fill, border, brackets)
    ox, oy = camera.origin
    tile = camera.tile
    surface.blits([(overlay, (ox + x * tile, oy + y * tile)) for x, y in sectors], doreturn=False)


def draw_hover(surface: pygame.Surface, camera: Camera, pos: tuple[int, int]) -> None:
    """A white frame on the sector under the mouse."""
    pygame.draw.rect(surface, (250, 250, 250), camera.tile_rect(pos).inflate(-2, -2), 2, border_radius=6)


def draw_selection(surface: pygame.Surface, camera: Camera, world: tuple[float, float], clock: float) -> None:
    """A gold frame round the selected squad's sector (``world``: its top-left in map pixels)."""
    tile = camera.tile
    x, y = camera.to_screen(world)
    surface.blit(tile_overlay(GOLD, tile, 40, 0, False), (x, y))
    shade = 0.75 + 0.25 * math.sin(clock * 5)
    colour = (round(GOLD[0] * shade), round(GOLD[1] * shade), round(GOLD[2] * shade))
    width = max(3, round(3 * tile / 64))
    pygame.draw.rect(surface, colour, pygame.Rect(x + 1, y + 1, tile - 2, tile - 2), width, border_radius=7)


def draw_pointer(surface: pygame.Surface, camera: Camera, world: tuple[float, float], clock: float) -> None:
    """A bobbing gold arrow over the selected squad's head."""
    tile = camera.tile
    x, y = camera.to_screen(world)
    z = tile / 64  # drawn for 64 px sectors; a zoomed board scales it
    bob = round(4 * z * math.sin(clock * 4))
    cx, top = x + tile // 2, y - round(16 * z) + bob
    points = [(cx - round(8 * z), top), (cx + round(8 * z), top), (cx, top + round(10 * z))]
    pygame.draw.polygon(surface, (40, 30, 10), [(px, py + 2) for px, py in points])
    pygame.draw.polygon(surface, GOLD, points)
