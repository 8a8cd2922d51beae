"""Unit sprites in team colours: the body plus the team layer tinted, team 2 facing left.

The PNGs come from ``tools/make_sprites.py`` (``assets/sprites/units``). A unit without a
picture gets a plain token, so a new catalog unit never crashes the game.
"""

from __future__ import annotations

from functools import cache

import pygame

from client.context import ASSETS_DIR
from client.ui import TEAM_COLOURS

UNITS_DIR = ASSETS_DIR / "sprites" / "units"


def _token(unit_id: str, size: int) -> pygame.Surface:
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(surface, (200, 200, 200), (size // 2, size // 2), size // 3)
    pygame.draw.circle(surface, (30, 30, 36), (size // 2, size // 2), size // 3, 3)
    return surface


@cache
def unit_sprite(unit_id: str, team: int, size: int = 64) -> pygame.Surface:
    """The unit's picture for ``team``: tinted team parts, team 2 mirrored to face left."""
    body_path = UNITS_DIR / f"{unit_id}.png"
    team_path = UNITS_DIR / f"{unit_id}_team.png"
    if not body_path.exists():
        return _token(unit_id, size)
    body = pygame.image.load(str(body_path)).convert_alpha()
    if team_path.exists():
        tint = pygame.image.load(str(team_path)).convert_alpha()
        tint.fill((*TEAM_COLOURS.get(team, (200, 200, 200)), 255), special_flags=pygame.BLEND_RGBA_MULT)
        body.blit(tint, (0, 0))
    if body.get_width() != size:
        body = pygame.transform.smoothscale(body, (size, size))
    return pygame.transform.flip(body, True, False) if team == 2 else body


@cache
def portrait(unit_id: str, team: int, size: int) -> pygame.Surface:
    """A smaller copy of the sprite for lists and tooltips."""
    return pygame.transform.smoothscale(unit_sprite(unit_id, team), (size, size))


def team_marker(surface: pygame.Surface, team: int, centre: tuple[int, int], radius: int = 7) -> None:
    """The team's shape in its colour with a white rim: a circle for team 1, a diamond for team 2."""
    colour = TEAM_COLOURS.get(team, (200, 200, 200))
    x, y = centre
    if team == 2:
        r = radius + 1
        points = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
        pygame.draw.polygon(surface, colour, points)
        pygame.draw.polygon(surface, (250, 250, 250), points, 2)
    else:
        pygame.draw.circle(surface, colour, centre, radius)
        pygame.draw.circle(surface, (250, 250, 250), centre, radius, 2)
