"""The camera: which part of the (pre-rendered) map the viewport shows, and screen <-> map coordinates.

A map smaller than the viewport is centred; a larger one can be panned (keys, dragging, the
window edge) but never beyond its edges. Offsets are whole pixels, so the map is blitted at any
sub-tile offset without resampling.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

Pos = tuple[int, int]
# The player's zoom steps (wheel, keys): 1 is the board as :func:`board_zoom` fits it to the window.
ZOOM_LEVELS = (0.5, 0.75, 1.0, 1.25, 1.5, 2.0)


def zoom_step(level: float, steps: int) -> float:
    """The zoom level ``steps`` notches from ``level`` (positive: closer), kept within 50%..200%."""
    nearest = min(range(len(ZOOM_LEVELS)), key=lambda i: abs(ZOOM_LEVELS[i] - level))
    return ZOOM_LEVELS[min(len(ZOOM_LEVELS) - 1, max(0, nearest + steps))]


def _middle(points: Sequence[tuple[float, float]]) -> tuple[float, float]:
    """The centre of the box around ``points``."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2


def board_zoom(map_size: tuple[int, int], viewport: tuple[int, int], ui_scale: float) -> float:
    """How much larger than the map's own tiles the board is drawn: up to the UI scale (a 4K window's
    board grows with its text), no more than lets the whole map fit the viewport, in quarter steps,
    never below 1. ``map_size``: the map in pixels at its own tile size."""
    fit = min(viewport[0] / max(1, map_size[0]), viewport[1] / max(1, map_size[1]))
    quarters = int(min(ui_scale, fit) * 4 + 1e-9) / 4
    return max(1.0, quarters)


class Camera:
    """``x``, ``y``: the map pixel shown at the viewport's top-left corner (negative when centred)."""

    def __init__(self, world_size: tuple[int, int], viewport: pygame.Rect, tile: int = 64) -> None:
        self.world_w, self.world_h = world_size
        self.viewport = pygame.Rect(viewport)
        self.tile = tile
        self.x = 0.0
        self.y = 0.0
        self.goal: tuple[float, float] | None = None  # where a glide is heading (camera x, y)
        self.clamp()

    def set_world(self, world_size: tuple[int, int], tile: int, anchor: Pos | None = None) -> None:
        """The board is drawn at another zoom: the spot of the map at screen point ``anchor`` (the
        viewport's centre when None) stays there, as far as the map's edges allow."""
        if anchor is None:
            ax, ay = self.viewport.w / 2, self.viewport.h / 2
        else:
            ax, ay = anchor[0] - self.viewport.x, anchor[1] - self.viewport.y
        ratio = tile / self.tile
        spot = (self.x + ax) * ratio, (self.y + ay) * ratio
        self.world_w, self.world_h = world_size
        self.tile = tile
        self.goal = None
        self.x = spot[0] - ax
        self.y = spot[1] - ay
        self.clamp()

    def set_viewport(self, viewport: pygame.Rect) -> None:
        """The screen area for the map changed (window resized)."""
        centre = self.x + self.viewport.w / 2, self.y + self.viewport.h / 2
        self.viewport = pygame.Rect(viewport)
        self.x = centre[0] - self.viewport.w / 2
        self.y = centre[1] - self.viewport.h / 2
        self.clamp()

    def clamp(self) -> None:
        """Keep the map inside the viewport (centred along an axis where it is smaller)."""
        if self.world_w <= self.viewport.w:
            self.x = -(self.viewport.w - self.world_w) / 2
        else:
            self.x = min(max(self.x, 0.0), float(self.world_w - self.viewport.w))
        if self.world_h <= self.viewport.h:
            self.y = -(self.viewport.h - self.world_h) / 2
        else:
            self.y = min(max(self.y, 0.0), float(self.world_h - self.viewport.h))

    def pan(self, dx: float, dy: float) -> None:
        """Move by a number of pixels at once (the player's pan; it cancels a glide)."""
        self.goal = None
        self.x += dx
        self.y += dy
        self.clamp()

    def centre_on(self, world: tuple[float, float]) -> None:
        self.x = world[0] - self.viewport.w / 2
        self.y = world[1] - self.viewport.h / 2
        self.clamp()

    def fits(self, points: Sequence[tuple[float, float]], margin: int = 48) -> bool:
        """Whether the viewport can show all ``points`` at once, ``margin`` pixels inside its edges."""
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        width, height = max(xs) - min(xs), max(ys) - min(ys)
        return width <= self.viewport.w - 2 * margin and height <= self.viewport.h - 2 * margin

    def frame(self, tiers: Sequence[Sequence[tuple[float, float]]], margin: int = 48) -> None:
        """Centre on as many of the point groups ``tiers`` (most important first) as fit in view
        together; when not even the first group fits, on the middle of the first."""
        shown = list(tiers[0]) if tiers else []
        for group in tiers[1:]:
            trial = shown + list(group)
            if not self.fits(trial, margin):
                break
            shown = trial
        if shown:
            self.centre_on(_middle(shown))

    def glide_to_show(self, *points: tuple[float, float], margin: int = 96) -> None:
        """Start a smooth pan that brings ``points`` into view (only the first, what the action is
        about, when they do not all fit)."""
        if not points:
            return
        if not self.fits(points, margin):
            points = points[:1]
        here = (self.x, self.y)
        for point in points:
            self.show(point, margin)
        goal = (self.x, self.y)
        self.x, self.y = here
        self.goal = goal if goal != here else None

    def update(self, dt: float) -> None:
        """Advance a glide: most of the way in about a quarter of a second, then stop."""
        if self.goal is None:
            return
        k = min(1.0, dt * 9.0)
        self.x += (self.goal[0] - self.x) * k
        self.y += (self.goal[1] - self.y) * k
        if abs(self.goal[0] - self.x) < 0.5 and abs(self.goal[1] - self.y) < 0.5:
            self.x, self.y = self.goal
            self.goal = None
        self.clamp()

    def show(self, world: tuple[float, float], margin: int = 96) -> None:
        """Pan just enough that ``world`` is at least ``margin`` pixels inside the viewport."""
        sx, sy = world[0] - self.x, world[1] - self.y
        if sx < margin:
            self.x -= margin - sx
        elif sx > self.viewport.w - margin:
            self.x += sx - (self.viewport.w - margin)
        if sy < margin:
            self.y -= margin - sy
        elif sy > self.viewport.h - margin:
            self.y += sy - (self.viewport.h - margin)
        self.clamp()

    @property
    def origin(self) -> Pos:
        """Screen position of map pixel (0, 0), in whole pixels."""
        return self.viewport.x - round(self.x), self.viewport.y - round(self.y)

    def to_screen(self, world: tuple[float, float]) -> Pos:
        ox, oy = self.origin
        return round(world[0]) + ox, round(world[1]) + oy

    def to_world(self, screen: tuple[int, int]) -> tuple[int, int]:
        ox, oy = self.origin
        return screen[0] - ox, screen[1] - oy

    def tile_rect(self, pos: Pos) -> pygame.Rect:
        """Screen rectangle of sector ``pos``."""
        ox, oy = self.origin
        return pygame.Rect(ox + pos[0] * self.tile, oy + pos[1] * self.tile, self.tile, self.tile)

    def tile_centre(self, pos: Pos) -> Pos:
        return self.tile_rect(pos).center

    def sector_at(self, screen: tuple[int, int], size: tuple[int, int]) -> Pos | None:
        """The sector under a screen point inside the viewport, or None (``size`` is the map in sectors)."""
        if not self.viewport.collidepoint(screen):
            return None
        wx, wy = self.to_world(screen)
        if wx < 0 or wy < 0:
            return None
        x, y = wx // self.tile, wy // self.tile
        return (x, y) if x < size[0] and y < size[1] else None

    def source_rect(self) -> tuple[pygame.Rect, Pos]:
        """The part of the map surface to blit and where it goes on screen (clipped to both)."""
        ox, oy = self.origin
        src = pygame.Rect(0, 0, self.world_w, self.world_h)
        dest = pygame.Rect(ox, oy, self.world_w, self.world_h).clip(self.viewport)
        src = pygame.Rect(dest.x - ox, dest.y - oy, dest.w, dest.h)
        return src, dest.topleft
