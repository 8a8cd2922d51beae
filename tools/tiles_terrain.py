"""Terrain tile drawings (64 px) for ``tools/make_tiles.py``: ground kinds, water, rock, trees, walls.

Tile ids are list positions in :data:`TERRAIN`; maps refer to them, so append, never reorder.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

import pygame

TILE = 64
Color = tuple[int, int, int]
Draw = Callable[[pygame.Surface], None]

RED: Color = (200, 40, 40)
BLUE: Color = (40, 90, 210)
INK: Color = (25, 20, 20)
WHITE: Color = (245, 245, 235)
GOLD: Color = (235, 190, 60)


def speckle(s: pygame.Surface, base: Color, spots: list[Color], n: int, seed: int, r: int = 2) -> None:
    """Fill with a base colour and sprinkle deterministic spots (texture without noise files)."""
    s.fill(base)
    rng = random.Random(seed)
    for _ in range(n):
        pygame.draw.circle(
            s, rng.choice(spots), (rng.randrange(TILE), rng.randrange(TILE)), rng.randint(1, r)
        )


# ---- terrain ------------------------------------------------------------------------------------


def grass(s: pygame.Surface) -> None:
    speckle(s, (92, 158, 70), [(80, 140, 60), (110, 175, 80)], 70, 1)
    rng = random.Random(11)
    for _ in range(14):
        x, y = rng.randrange(4, 60), rng.randrange(6, 60)
        pygame.draw.line(s, (60, 120, 50), (x, y), (x + rng.choice((-2, 2)), y - 5), 2)


def meadow(s: pygame.Surface) -> None:
    grass(s)
    rng = random.Random(12)
    for _ in range(6):
        x, y = rng.randrange(6, 58), rng.randrange(6, 58)
        color = rng.choice([(240, 230, 90), WHITE, (230, 130, 180)])
        for dx, dy in ((-2, 0), (2, 0), (0, -2), (0, 2)):
            pygame.draw.circle(s, color, (x + dx, y + dy), 2)
        pygame.draw.circle(s, (200, 150, 40), (x, y), 1)


def dirt(s: pygame.Surface) -> None:
    speckle(s, (140, 100, 62), [(120, 85, 50), (160, 120, 80), (105, 75, 45)], 90, 2, 3)


def sand(s: pygame.Surface) -> None:
    speckle(s, (226, 204, 140), [(210, 186, 120), (240, 220, 160)], 80, 3)
    for y in (16, 40):
        pygame.draw.arc(s, (200, 178, 115), (4, y, 56, 14), 0.3, 2.8, 2)


def stone_floor(s: pygame.Surface) -> None:
    s.fill((150, 150, 146))
    for row in range(4):
        off = 0 if row % 2 == 0 else 16
        for col in range(-1, 3):
            rect = pygame.Rect(col * 32 + off + 1, row * 16 + 1, 30, 14)
            shade = 140 + (row * 7 + col * 13) % 25
            pygame.draw.rect(s, (shade, shade, shade - 4), rect, border_radius=2)
    for y in range(0, TILE, 16):
        pygame.draw.line(s, (100, 100, 98), (0, y), (TILE, y))


def deck(s: pygame.Surface) -> None:
    s.fill((150, 104, 60))
    for i, y in enumerate(range(0, TILE, 16)):
        pygame.draw.rect(s, (165 + (i % 2) * 10, 118, 70), (0, y + 1, TILE, 14))
        pygame.draw.line(s, (95, 62, 35), (0, y), (TILE, y), 2)
        seam = 20 + (i * 23) % 40
        pygame.draw.line(s, (95, 62, 35), (seam, y), (seam, y + 15), 2)
        for x in (seam - 5, seam + 5):
            pygame.draw.circle(s, (70, 50, 30), (x, y + 8), 1)


def water(s: pygame.Surface) -> None:
    s.fill((40, 100, 170))
    for y in range(8, TILE, 16):
        for x in range(0, TILE, 32):
            off = 16 if (y // 16) % 2 else 0
            pygame.draw.arc(s, (120, 180, 230), (x + off - 8, y, 20, 10), 0.2, math.pi - 0.2, 2)


def rock(s: pygame.Surface) -> None:  # transparent around: drawn over the ground layer
    pygame.draw.ellipse(s, (0, 0, 0, 70), (6, 50, 54, 12))
    pts = [(6, 54), (12, 20), (30, 6), (50, 14), (60, 44), (44, 60), (16, 60)]
    pygame.draw.polygon(s, (128, 122, 116), pts)
    pygame.draw.polygon(s, (60, 56, 52), pts, 3)
    pygame.draw.line(s, (70, 66, 62), (30, 6), (28, 40), 2)
    pygame.draw.line(s, (70, 66, 62), (28, 40), (50, 50), 2)
    pygame.draw.polygon(s, (160, 156, 150), [(14, 22), (30, 9), (27, 28)])


def tree(s: pygame.Surface) -> None:  # transparent around: drawn over the ground layer
    pygame.draw.ellipse(s, (40, 70, 30), (8, 44, 48, 14))
    pygame.draw.rect(s, (100, 66, 36), (27, 36, 10, 18))
    for cx, cy, r in ((32, 22, 20), (20, 30, 13), (44, 30, 13)):
        pygame.draw.circle(s, (34, 104, 44), (cx, cy), r)
    pygame.draw.circle(s, (58, 140, 60), (26, 16), 8)
    pygame.draw.circle(s, (20, 70, 30), (32, 24), 20, 2)


def wall(s: pygame.Surface) -> None:
    s.fill((70, 60, 56))
    for row in range(4):
        off = 0 if row % 2 == 0 else 16
        for col in range(-1, 3):
            rect = pygame.Rect(col * 32 + off + 2, row * 16 + 2, 28, 12)
            pygame.draw.rect(s, (150, 96, 74), rect)
            pygame.draw.line(s, (185, 130, 100), rect.topleft, rect.topright, 2)
    pygame.draw.rect(s, INK, s.get_rect(), 2)


def bridge(s: pygame.Surface) -> None:
    water(s)
    for x in range(4, TILE - 4, 8):
        pygame.draw.rect(s, (160, 112, 64), (x, 2, 7, 60))
        pygame.draw.line(s, (95, 62, 35), (x, 2), (x, 62), 1)
    for y in (6, 58):
        pygame.draw.line(s, (80, 52, 30), (0, y), (TILE, y), 4)


def road(s: pygame.Surface) -> None:
    speckle(s, (170, 150, 118), [(150, 132, 100), (190, 170, 138)], 40, 4)
    rng = random.Random(5)
    for _ in range(12):
        x, y = rng.randrange(4, 56), rng.randrange(4, 56)
        pygame.draw.ellipse(s, (128, 120, 108), (x, y, 9, 6))
        pygame.draw.ellipse(s, (100, 94, 84), (x, y, 9, 6), 1)


def hull(s: pygame.Surface) -> None:
    water(s)
    pygame.draw.rect(s, (90, 56, 30), (0, 8, TILE, 48))
    for y in (16, 28, 40):
        pygame.draw.line(s, (60, 36, 20), (0, y), (TILE, y), 2)
    pygame.draw.rect(s, (50, 30, 16), (0, 8, TILE, 48), 3)


# (name, drawing, blocked)
TERRAIN: list[tuple[str, Draw, bool]] = [
    ("grass", grass, False),
    ("meadow", meadow, False),
    ("dirt", dirt, False),
    ("sand", sand, False),
    ("stone floor", stone_floor, False),
    ("deck planks", deck, False),
    ("water", water, True),
    ("rock", rock, True),
    ("tree", tree, True),
    ("wall", wall, True),
    ("bridge", bridge, False),
    ("road", road, False),
    ("ship hull", hull, True),
]
