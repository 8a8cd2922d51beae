"""Draw the unit sprites of the battle scene: ``assets/sprites/units/<unit>.png`` and ``<unit>_team.png``.

Run ``SDL_VIDEODRIVER=dummy .venv/bin/python tools/make_sprites.py`` after changing a drawing.
Each unit is painted at 128 px with pygame's primitives (the figures are in
``tools/make_sprites_units.py``), outlined, and scaled down smoothly to 64 px, facing right.
Two layers per unit: the body, and a greyscale *team layer* (tunic, banner, cloak) that the game
multiplies by the team colour at load time, so one drawing serves both teams without colour fringes.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "assets" / "sprites" / "units"
CANVAS = 128
SIZE = 64
OUTLINE = (28, 24, 30, 255)
CLEAR = (0, 0, 0, 0)

# Greys of the team layer: multiplied by the team colour in the game.
TEAM_LIGHT = (255, 255, 255, 255)
TEAM_MID = (205, 205, 205, 255)
TEAM_SHADE = (150, 150, 150, 255)

Point = tuple[float, float]
Colour = tuple[int, ...]


class Painter:
    """Draws on the body layer or the team layer; body shapes drawn later hide team shapes below them."""

    def __init__(self) -> None:
        self.body = pygame.Surface((CANVAS, CANVAS), pygame.SRCALPHA)
        self.team = pygame.Surface((CANVAS, CANVAS), pygame.SRCALPHA)

    def _both(self, colour: Colour, team: bool, draw: Callable[[pygame.Surface, Colour], object]) -> None:
        if team:
            draw(self.team, colour)
            draw(self.body, (90, 90, 90, 255))  # keeps the silhouette solid under the team layer
        else:
            draw(self.body, colour)
            draw(self.team, CLEAR)

    def poly(self, colour: Colour, points: Sequence[Point], team: bool = False) -> None:
        self._both(colour, team, lambda s, c: pygame.draw.polygon(s, c, points))

    def circle(self, colour: Colour, centre: Point, radius: float, team: bool = False) -> None:
        self._both(colour, team, lambda s, c: pygame.draw.circle(s, c, centre, radius))

    def ellipse(self, colour: Colour, rect: tuple[float, float, float, float], team: bool = False) -> None:
        self._both(colour, team, lambda s, c: pygame.draw.ellipse(s, c, pygame.Rect(rect)))

    def rect(
        self, colour: Colour, rect: tuple[float, float, float, float], team: bool = False, radius: int = 0
    ) -> None:
        self._both(colour, team, lambda s, c: pygame.draw.rect(s, c, pygame.Rect(rect), border_radius=radius))

    def line(self, colour: Colour, a: Point, b: Point, width: int, team: bool = False) -> None:
        def draw(s: pygame.Surface, c: Colour) -> None:
            pygame.draw.line(s, c, a, b, width)
            for end in (a, b):
                pygame.draw.circle(s, c, end, max(1, width // 2))

        self._both(colour, team, draw)

    def arc(
        self, colour: Colour, rect: tuple[float, float, float, float], start: float, stop: float, width: int
    ) -> None:
        self._both(colour, False, lambda s, c: pygame.draw.arc(s, c, pygame.Rect(rect), start, stop, width))


def outlined(painter: Painter, thickness: int = 3) -> tuple[pygame.Surface, pygame.Surface]:
    """The body with a dark outline around the whole figure, and the team layer, both at CANVAS size."""
    silhouette = pygame.mask.from_surface(painter.body, 8)
    silhouette.draw(pygame.mask.from_surface(painter.team, 8), (0, 0))
    ring = silhouette.to_surface(setcolor=OUTLINE, unsetcolor=CLEAR)
    body = pygame.Surface((CANVAS, CANVAS), pygame.SRCALPHA)
    for dx in range(-thickness, thickness + 1):
        for dy in range(-thickness, thickness + 1):
            if dx * dx + dy * dy <= thickness * thickness:
                body.blit(ring, (dx, dy))
    body.blit(painter.body, (0, 0))
    return body, painter.team


def shadow_free_scale(surface: pygame.Surface) -> pygame.Surface:
    return pygame.transform.smoothscale(surface, (SIZE, SIZE))


def main(argv: list[str]) -> int:
    from make_sprites_units import UNITS  # tools/ is first on sys.path when run as a script

    pygame.display.init()
    pygame.display.set_mode((1, 1))
    OUT.mkdir(parents=True, exist_ok=True)
    only = set(argv)
    for unit_id, draw in UNITS.items():
        if only and unit_id not in only:
            continue
        painter = Painter()
        draw(painter)
        body, team = outlined(painter)
        pygame.image.save(shadow_free_scale(body), OUT / f"{unit_id}.png")
        pygame.image.save(shadow_free_scale(team), OUT / f"{unit_id}_team.png")
        print(f"wrote {unit_id}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
