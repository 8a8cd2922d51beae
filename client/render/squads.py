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
PAD = 6  # the composed picture reaches this far beyond the sector on each side


def hp_colour(ratio: float) -> tuple[int, int, int]:
    if ratio > 0.6:
        return (96, 206, 104)
    if ratio > 0.3:
        return (236, 196, 64)
    return (232, 84, 70)


def _shield(surface: pygame.Surface, x: int, y: int) -> None:
    points = [(x, y), (x + 12, y), (x + 12, y + 7), (x + 6, y + 14), (x, y + 7)]
    pygame.draw.polygon(surface, (214, 226, 246), points)
    pygame.draw.polygon(surface, (40, 48, 70), points, 2)


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
    """The squad's full picture, ``tile + 2 * PAD`` pixels square."""
    size = tile + 2 * PAD
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    colour = TEAM_COLOURS.get(team, (200, 200, 200))
    ring = pygame.Rect(PAD + tile * 0.12, PAD + tile * 0.70, tile * 0.76, tile * 0.24)
    pygame.draw.ellipse(surface, (*colour, 90), ring)
    pygame.draw.ellipse(surface, colour, ring, 3)
    sprite = unit_sprite(unit_id, team, tile)
    if acted:
        sprite = sprite.copy()
        sprite.fill((150, 150, 150, 255), special_flags=pygame.BLEND_RGBA_MULT)
    surface.blit(sprite, (PAD, PAD - tile // 16))
    team_marker(surface, team, (PAD + 8, PAD + 8))
    # HP bar of the top unit (T-HP-1)
    bar = pygame.Rect(PAD + 2, PAD + tile - 4, tile * 0.56, 6)
    pygame.draw.rect(surface, (20, 20, 24), bar.inflate(2, 2), border_radius=2)
    ratio = top_hp / max_hp if max_hp else 0
    if ratio > 0:
        fill = pygame.Rect(bar.x, bar.y, max(1, round(bar.w * ratio)), bar.h)
        pygame.draw.rect(surface, hp_colour(ratio), fill, border_radius=2)
    # unit count badge
    label = text.text(str(count), 15, (255, 255, 255), bold=True)
    badge = pygame.Rect(0, 0, max(22, label.get_width() + 10), 20)
    badge.bottomright = (PAD + tile + 3, PAD + tile + 3)
    pygame.draw.rect(surface, (24, 24, 30), badge, border_radius=6)
    pygame.draw.rect(surface, colour, badge, 2, border_radius=6)
    surface.blit(label, label.get_rect(center=badge.center))
    if defending:
        _shield(surface, PAD + tile - 14, PAD + 1)
    for i, kind in enumerate(k for k in AURA_ORDER if k in auras):
        centre = (PAD + tile - 3, PAD + 24 + i * 9)
        pygame.draw.circle(surface, (20, 20, 24), centre, 5)
        pygame.draw.circle(surface, RUNE_DOTS[kind], centre, 4)
    return surface.convert_alpha()


def _stars(surface: pygame.Surface, centre: tuple[int, int], clock: float) -> None:
    for i in range(3):
        angle = clock * 3.0 + i * 2 * math.pi / 3
        x = centre[0] + math.cos(angle) * 14
        y = centre[1] + math.sin(angle) * 5
        pygame.draw.circle(surface, (40, 30, 10), (x, y), 4)
        pygame.draw.circle(surface, (255, 226, 90), (x, y), 3)


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
    x, y = camera.to_screen((squad.world[0] + squad.offset[0] - PAD, squad.world[1] + squad.offset[1] - PAD))
    surface.blit(picture, (x, y))
    if squad.stunned and squad.alive:
        _stars(surface, (x + PAD + tile // 2, y + PAD + 2), clock)


def draw_squads(
    surface: pygame.Surface, squads: list[SquadView], camera: Camera, tile: int, clock: float
) -> None:
    """All squads, back to front (lower on the map drawn later)."""
    clip = surface.get_clip()
    surface.set_clip(camera.viewport)
    for squad in sorted(squads, key=lambda s: s.world[1] + s.offset[1]):
        draw_squad(surface, squad, camera, tile, clock)
    surface.set_clip(clip)
