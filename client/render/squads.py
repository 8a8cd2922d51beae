"""Squads on the map: sprite, team ring and shape marker, unit-count badge, top-unit HP bar, status marks.

A squad's look depends on a handful of values, so each combination is composed once into a
cached surface; a frame blits one surface per squad (plus a flash or fade while animating).
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from client.render import text
from client.render.board_view import SquadView
from client.render.camera import Camera
from client.render.sprites import team_marker, unit_sprite
from client.ui import TEAM_COLOURS

RUNE_DOTS = {
    "damage": (255, 120, 80),
    "phys_defense": (225, 225, 235),
    "mag_defense": (170, 120, 255),
    "dodge": (110, 230, 150),
    "crit": (255, 210, 90),
}
AURA_ORDER = tuple(RUNE_DOTS)
PAD = 6  # the composed picture reaches this far beyond the sector on each side (at 64 px tiles)
ART_TILE = 64  # the sector size the sizes here are drawn for; a zoomed board scales them with it


def at_tile(n: float, tile: int) -> int:
    """A size drawn for 64 px sectors, for sectors of ``tile`` pixels."""
    return max(1, round(n * tile / ART_TILE))


def pad(tile: int) -> int:
    """How far the composed picture reaches beyond a ``tile``-pixel sector on each side."""
    return at_tile(PAD, tile)


def hp_colour(ratio: float) -> tuple[int, int, int]:
    if ratio > 0.6:
        return (96, 206, 104)
    if ratio > 0.3:
        return (236, 196, 64)
    return (232, 84, 70)


def _shield(surface: pygame.Surface, x: int, y: int, tile: int) -> None:
    def z(n: float) -> int:
        return at_tile(n, tile)

    points = [(x, y), (x + z(12), y), (x + z(12), y + z(7)), (x + z(6), y + z(14)), (x, y + z(7))]
    pygame.draw.polygon(surface, (214, 226, 246), points)
    pygame.draw.polygon(surface, (40, 48, 70), points, z(2))


@lru_cache(maxsize=512)
def compose(
    unit_id: str,
    team: int,
    tile: int,
    count: int,
    top_hp: int,
    max_hp: int,
    defending: bool,
    auras: frozenset[str],
    acted: bool,
) -> pygame.Surface:
    """The squad's full picture, ``tile + 2 * pad(tile)`` pixels square."""

    def z(n: float) -> int:
        return at_tile(n, tile)

    edge = pad(tile)
    size = tile + 2 * edge
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    colour = TEAM_COLOURS.get(team, (200, 200, 200))
    ring = pygame.Rect(edge + tile * 0.12, edge + tile * 0.70, tile * 0.76, tile * 0.24)
    pygame.draw.ellipse(surface, (*colour, 90), ring)
    pygame.draw.ellipse(surface, colour, ring, z(3))
    sprite = unit_sprite(unit_id, team, tile)
    if acted:
        sprite = sprite.copy()
        sprite.fill((150, 150, 150, 255), special_flags=pygame.BLEND_RGBA_MULT)
    surface.blit(sprite, (edge, edge - tile // 16))
    team_marker(surface, team, (edge + z(8), edge + z(8)), z(7))
    # HP bar of the top unit (T-HP-1)
    bar = pygame.Rect(edge + z(2), edge + tile - z(4), tile * 0.56, z(6))
    pygame.draw.rect(surface, (20, 20, 24), bar.inflate(2, 2), border_radius=z(2))
    ratio = top_hp / max_hp if max_hp else 0
    if ratio > 0:
        fill = pygame.Rect(bar.x, bar.y, max(1, round(bar.w * ratio)), bar.h)
        pygame.draw.rect(surface, hp_colour(ratio), fill, border_radius=z(2))
    # unit count badge
    label = text.text(str(count), z(15), (255, 255, 255), bold=True)
    badge = pygame.Rect(0, 0, max(z(22), label.get_width() + z(10)), z(20))
    badge.bottomright = (edge + tile + z(3), edge + tile + z(3))
    pygame.draw.rect(surface, (24, 24, 30), badge, border_radius=z(6))
    pygame.draw.rect(surface, colour, badge, z(2), border_radius=z(6))
    surface.blit(label, label.get_rect(center=badge.center))
    if defending:
        _shield(surface, edge + tile - z(14), edge + z(1), tile)
    for i, kind in enumerate(k for k in AURA_ORDER if k in auras):
        centre = (edge + tile - z(3), edge + z(24) + i * z(9))
        pygame.draw.circle(surface, (20, 20, 24), centre, z(5))
        pygame.draw.circle(surface, RUNE_DOTS[kind], centre, z(4))
    return surface.convert_alpha()


def _stars(surface: pygame.Surface, centre: tuple[int, int], clock: float, tile: int) -> None:
    for i in range(3):
        angle = clock * 3.0 + i * 2 * math.pi / 3
        x = centre[0] + math.cos(angle) * at_tile(14, tile)
        y = centre[1] + math.sin(angle) * at_tile(5, tile)
        pygame.draw.circle(surface, (40, 30, 10), (x, y), at_tile(4, tile))
        pygame.draw.circle(surface, (255, 226, 90), (x, y), at_tile(3, tile))


def squad_picture(squad: SquadView, tile: int) -> pygame.Surface:
    return compose(
        squad.unit.id,
        squad.team,
        tile,
        squad.count,
        squad.top_hp,
        squad.max_hp,
        squad.defending,
        frozenset(squad.auras),
        squad.acted,
    )


def draw_squad(surface: pygame.Surface, squad: SquadView, camera: Camera, tile: int, clock: float) -> None:
    """Blit one squad where its (tweened) sprite is, with its flash, fade and stun stars."""
    if squad.alpha <= 0:
        return
    picture = squad_picture(squad, tile)
    if squad.flash > 0 or squad.alpha < 1:
        picture = picture.copy()
        if squad.flash > 0:
            level = round(160 * squad.flash / 0.25)
            picture.fill((level, level // 3, level // 3, 0), special_flags=pygame.BLEND_RGBA_ADD)
        if squad.alpha < 1:
            picture.set_alpha(round(255 * squad.alpha))
    edge = pad(tile)
    corner = (squad.world[0] + squad.offset[0] - edge, squad.world[1] + squad.offset[1] - edge)
    x, y = camera.to_screen(corner)
    surface.blit(picture, (x, y))
    if squad.stunned and squad.alive:
        _stars(surface, (x + edge + tile // 2, y + edge + at_tile(2, tile)), clock, tile)


def draw_squads(
    surface: pygame.Surface, squads: list[SquadView], camera: Camera, tile: int, clock: float
) -> None:
    """All squads, back to front (lower on the map drawn later)."""
    clip = surface.get_clip()
    surface.set_clip(camera.viewport)
    for squad in sorted(squads, key=lambda s: s.world[1] + s.offset[1]):
        draw_squad(surface, squad, camera, tile, clock)
    surface.set_clip(clip)
