"""Small drawn icons of the duel table: the seven resources and the stats, each cached per size.

Every resource has its own shape as well as its colour (a log end, a drop, an ingot, a salt cube,
a crystal, a cut gem, a star of mana), so a cost reads at a glance and without colour vision.
"""

from __future__ import annotations

import math
from functools import cache

import pygame

from rules.duel.catalog_types import Resource

RIM = (22, 18, 24)

RESOURCE_COLOURS: dict[Resource, tuple[int, int, int]] = {
    Resource.WOOD: (168, 112, 60),
    Resource.MERCURY: (200, 204, 218),
    Resource.IRON: (128, 134, 148),
    Resource.SALT: (240, 236, 222),
    Resource.CRYSTALS: (110, 210, 240),
    Resource.GEMS: (220, 70, 160),
    Resource.MANA: (90, 130, 250),
}


def _star(cx: float, cy: float, r: float, points: int = 5, inner: float = 0.45) -> list[tuple[float, float]]:
    out = []
    for k in range(points * 2):
        a = math.pi * k / points - math.pi / 2
        rr = r if k % 2 == 0 else r * inner
        out.append((cx + math.cos(a) * rr, cy + math.sin(a) * rr))
    return out


def _shape(resource: Resource, s: int) -> list[tuple[float, float]] | None:
    """The polygon of a resource's icon in an ``s`` x ``s`` box (None: drawn as circles)."""
    c = s / 2
    if resource is Resource.MERCURY:
        return [(c, 1), (s - 3, s * 0.6), (c + s * 0.28, s - 2), (c - s * 0.28, s - 2), (3, s * 0.6)]
    if resource is Resource.IRON:
        return [(s * 0.22, s * 0.3), (s * 0.78, s * 0.3), (s - 1, s * 0.78), (1, s * 0.78)]
    if resource is Resource.SALT:
        return [(c, 1), (s - 2, s * 0.28), (s - 2, s * 0.72), (c, s - 1), (2, s * 0.72), (2, s * 0.28)]
    if resource is Resource.CRYSTALS:
        return [(c, 0), (s * 0.82, c), (c, s), (s * 0.18, c)]
    if resource is Resource.GEMS:
        q = s * 0.3
        return [
            (q, 1),
            (s - q, 1),
            (s - 1, q),
            (s - 1, s - q),
            (s - q, s - 1),
            (q, s - 1),
            (1, s - q),
            (1, q),
        ]
    if resource is Resource.MANA:
        return _star(c, c + 0.5, c - 0.5)
    return None


@cache
def resource_icon(resource: Resource, size: int) -> pygame.Surface:
    s = max(6, size)
    surf = pygame.Surface((s, s), pygame.SRCALPHA)
    colour = RESOURCE_COLOURS[resource]
    shade = tuple(int(v * 0.7) for v in colour)
    points = _shape(resource, s - 1)
    if points is None:  # wood: the end of a log, its rings
        pygame.draw.circle(surf, RIM, (s / 2, s / 2), s / 2)
        pygame.draw.circle(surf, colour, (s / 2, s / 2), s / 2 - 1)
        pygame.draw.circle(surf, shade, (s / 2, s / 2), s / 3.2, max(1, s // 10))
        pygame.draw.circle(surf, shade, (s / 2, s / 2), max(1, s / 10))
        return surf
    pygame.draw.polygon(surf, colour, points)
    if resource in (Resource.SALT, Resource.CRYSTALS, Resource.GEMS):  # a facet
        pygame.draw.polygon(surf, shade, [points[0], (s / 2, s / 2), points[-1]])
    pygame.draw.polygon(surf, RIM, points, max(1, s // 12))
    return surf


STAT_COLOURS = {
    "attack": (200, 60, 50),
    "defense": (60, 110, 200),
    "life": (200, 50, 70),
    "morale": (225, 180, 60),
}


@cache
def stat_icon(stat: str, size: int) -> pygame.Surface:
    """A sword (attack), a shield (defense), a heart (life) or a star (morale)."""
    s = max(8, size)
    surf = pygame.Surface((s, s), pygame.SRCALPHA)
    colour = STAT_COLOURS[stat]
    w = max(1, s // 12)
    if stat == "attack":
        blade = [(s * 0.82, s * 0.06), (s * 0.94, s * 0.18), (s * 0.4, s * 0.72), (s * 0.28, s * 0.6)]
        pygame.draw.polygon(surf, (225, 228, 236), blade)
        pygame.draw.polygon(surf, RIM, blade, w)
        pygame.draw.line(surf, colour, (s * 0.14, s * 0.5), (s * 0.5, s * 0.86), max(2, s // 7))
        pygame.draw.line(surf, (120, 80, 40), (s * 0.3, s * 0.7), (s * 0.1, s * 0.9), max(2, s // 7))
    elif stat == "defense":
        pts = [
            (s * 0.12, s * 0.1),
            (s * 0.88, s * 0.1),
            (s * 0.84, s * 0.58),
            (s / 2, s * 0.95),
            (s * 0.16, s * 0.58),
        ]
        pygame.draw.polygon(surf, colour, pts)
        pygame.draw.polygon(surf, (230, 230, 240), [pts[0], (s / 2, s * 0.1), (s / 2, s * 0.95), pts[4]])
        pygame.draw.polygon(surf, RIM, pts, w)
    elif stat == "life":
        r = s * 0.25
        pygame.draw.circle(surf, colour, (s * 0.3, s * 0.36), r)
        pygame.draw.circle(surf, colour, (s * 0.7, s * 0.36), r)
        pygame.draw.polygon(surf, colour, [(s * 0.07, s * 0.45), (s * 0.93, s * 0.45), (s / 2, s * 0.92)])
        pygame.draw.circle(surf, (255, 200, 200), (s * 0.28, s * 0.32), max(1, s * 0.07))
    else:
        pts = _star(s / 2, s / 2 + 0.5, s / 2 - 0.5)
        pygame.draw.polygon(surf, colour, pts)
        pygame.draw.polygon(surf, RIM, pts, w)
    return surf
