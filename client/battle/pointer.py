"""Mouse and keyboard for the map: clicks on sectors, dragging to pan, edge scrolling and pan keys.

A press that moves more than :data:`DRAG_SLOP` pixels before release is a drag (the camera
follows the mouse) and never a click; otherwise the release is a click on the sector under it.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

import pygame

from client.render.camera import Camera
from client.settings import Settings

DRAG_SLOP = 6
EDGE = 14  # pixels from the window edge that scroll the map
PAN_SPEED = 720.0  # pixels per second


@dataclass
class Click:
    """A finished click: ``button`` 1 left, 3 right; ``pos`` in screen pixels."""

    button: int
    pos: tuple[int, int]


class Pointer:
    """Turns raw mouse events into clicks and camera moves; remembers where the mouse is."""

    def __init__(self, camera: Camera) -> None:
        self.camera = camera
        self.mouse: tuple[int, int] | None = None  # last known position (None until the mouse moves)
        self._down: dict[int, tuple[int, int]] = {}
        self._dragging: set[int] = set()

    @property
    def dragging(self) -> bool:
        return bool(self._dragging)

    def handle(self, ev: pygame.event.Event) -> Click | None:
        if ev.type == pygame.MOUSEMOTION:
            self.mouse = ev.pos
            for button, start in list(self._down.items()):
                if button not in self._dragging:
                    if abs(ev.pos[0] - start[0]) + abs(ev.pos[1] - start[1]) > DRAG_SLOP:
                        self._dragging.add(button)
                if button in self._dragging:
                    self.camera.pan(-ev.rel[0], -ev.rel[1])
            return None
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button in (1, 2, 3):
            self.mouse = ev.pos
            if self.camera.viewport.collidepoint(ev.pos):
                self._down[ev.button] = ev.pos
            return None
        if ev.type == pygame.MOUSEBUTTONUP and ev.button in (1, 2, 3):
            self.mouse = ev.pos
            start = self._down.pop(ev.button, None)
            dragged = ev.button in self._dragging
            self._dragging.discard(ev.button)
            if start is None or dragged:
                return None
            return Click(ev.button, ev.pos)
        if ev.type == pygame.WINDOWLEAVE:
            self.mouse = None
        return None

    def update(
        self,
        dt: float,
        settings: Settings,
        window: pygame.Rect,
        focused: bool,
        ignored_keys: Collection[int] = (),
    ) -> None:
        """Pan with the bound keys (not ``ignored_keys``) and when the mouse rests at the window's edge."""
        dx = dy = 0.0
        pressed = pygame.key.get_pressed()
        for action, (sx, sy) in (
            ("pan_left", (-1, 0)),
            ("pan_right", (1, 0)),
            ("pan_up", (0, -1)),
            ("pan_down", (0, 1)),
        ):
            code = pygame.key.key_code(settings.keys[action])
            if code not in ignored_keys and pressed[code]:
                dx += sx
                dy += sy
        if focused and self.mouse is not None and not self._down:
            x, y = self.mouse
            if x <= window.left + EDGE:
                dx -= 1
            elif x >= window.right - 1 - EDGE:
                dx += 1
            if y <= window.top + EDGE:
                dy -= 1
            elif y >= window.bottom - 1 - EDGE:
                dy += 1
        if dx or dy:
            self.camera.pan(dx * PAN_SPEED * dt, dy * PAN_SPEED * dt)
