"""Unit sprites in team colours: the body plus the team layer tinted, team 2 facing left.

The PNGs come from ``tools/make_sprites.py`` (``assets/sprites/units``, shipped in the
``runetide_assets`` package). Every unit needs both pictures: :func:`missing_unit_art` lists the
files that are not there, so the game refuses to start naming them (``runetide play`` checks every
catalog unit), and :func:`unit_sprite` raises :class:`MissingArt` rather than draw a stand-in.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import Path

import pygame

from client.context import ASSETS_DIR
from client.ui import TEAM_COLOURS

UNITS_DIR = ASSETS_DIR / "sprites" / "units"


class MissingArt(FileNotFoundError):
    """A unit's picture is not where the game looks for it."""


def unit_art_files(unit_id: str) -> tuple[Path, Path]:
    """The unit's body picture and its team layer (tinted in the team colour)."""
    return UNITS_DIR / f"{unit_id}.png", UNITS_DIR / f"{unit_id}_team.png"


def missing_unit_art(unit_ids: Iterable[str]) -> list[Path]:
    """The picture files of ``unit_ids`` that do not exist, in order."""
    return [path for unit_id in unit_ids for path in unit_art_files(unit_id) if not path.is_file()]


@cache
def unit_sprite(unit_id: str, team: int, size: int = 64) -> pygame.Surface:
    """The unit's picture for ``team``: tinted team parts, team 2 mirrored to face left.

    MissingArt naming the file when a picture is missing.
    """
    missing = missing_unit_art([unit_id])
    if missing:
        raise MissingArt(f"missing unit art: {missing[0]}")
    body_path, team_path = unit_art_files(unit_id)
    body = pygame.image.load(str(body_path)).convert_alpha()
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
