"""The player's zoom of a map board, mixed into the tactical battle and the hero skirmish scenes.

The board is drawn at the zoom that fits the map to the viewport (:func:`client.render.camera.
board_zoom`) times the player's own zoom (50% .. 200%, :data:`client.render.camera.ZOOM_LEVELS`),
changed with the mouse wheel about the cursor or with the Settings' zoom keys. Each level's map
is rescaled once and kept (:class:`~client.render.zoom.ZoomedArt`). The scene provides ``spec.art``
(the map at its own size), ``rects.viewport``, ``camera``, ``pointer``, ``view`` (its ``size`` in
sectors) and :meth:`_draw_at`, which makes the rest of its drawing follow a new sector size.
"""

from __future__ import annotations

from typing import Any

import pygame

from client.render.camera import board_zoom, zoom_step
from client.render.map_layers import MapArt
from client.render.zoom import ZoomedArt
from client.ui import scale as ui_scale

ZOOM_KEYS = ("zoom_in", "zoom_out", "zoom_reset")


class BoardZooming:
    """Zoom by wheel and keys; the map spot under the cursor stays under it."""

    spec: Any
    rects: Any
    camera: Any
    pointer: Any
    view: Any
    art: MapArt

    def _start_zoom(self) -> MapArt:
        """The art to draw first (call once, before the camera is made): fitted, the player's zoom 1."""
        self.zoom = 1.0  # the player's zoom, 0.5..2 times the board fitted to the window
        self.arts = ZoomedArt(self.spec.art)
        return self.arts.at(self._board_zoom())

    def _board_zoom(self) -> float:
        """The zoom the board is drawn at: fitted to this window times the player's own zoom."""
        art = self.spec.art
        world = (art.size[0] * art.tile, art.size[1] * art.tile)
        return board_zoom(world, self.rects.viewport.size, ui_scale.current()) * self.zoom

    def zoom_by(self, steps: int, anchor: tuple[int, int] | None = None) -> None:
        """Zoom ``steps`` notches in (positive) or out, keeping the map spot under ``anchor`` (the mouse;
        the viewport's centre when None) where it is."""
        self.set_zoom(zoom_step(self.zoom, steps), anchor)

    def set_zoom(self, level: float, anchor: tuple[int, int] | None = None) -> None:
        """Draw the board at the player's zoom ``level`` (1: fitted to the window)."""
        self.zoom = level
        self._follow_board_zoom(anchor)

    def _zoom_anchor(self) -> tuple[int, int] | None:
        """The mouse, when it is over the map (zooming keeps the spot under it)."""
        mouse = self.pointer.mouse
        return mouse if mouse is not None and self.rects.viewport.collidepoint(mouse) else None

    def _follow_board_zoom(self, anchor: tuple[int, int] | None = None) -> None:
        """Draw the board larger or smaller when the window, the UI scale or the player's zoom asks for
        another zoom; the map spot at ``anchor`` (default: the viewport's centre) stays in place."""
        art = self.arts.at(self._board_zoom())
        if art.tile == self.art.tile:
            return
        self.art = art
        self._draw_at(art)
        size = self.view.size
        self.camera.set_world((size[0] * art.tile, size[1] * art.tile), art.tile, anchor)

    def _draw_at(self, art: MapArt) -> None:
        """The scene's own drawing follows ``art``'s sector size (its view, sprites, board painter)."""
        raise NotImplementedError

    def zoom_wheel(self, event: pygame.event.Event) -> None:
        """A wheel notch over the map zooms about the cursor."""
        anchor = self._zoom_anchor()
        if anchor is not None and event.y:
            self.zoom_by(1 if event.y > 0 else -1, anchor)

    def zoom_key(self, key: int, keys: dict[str, int]) -> bool:
        """The Settings' zoom keys (and the keypad's + and -); True when ``key`` was one of them."""
        if key in (keys.get("zoom_in"), pygame.K_KP_PLUS):
            self.zoom_by(1, self._zoom_anchor())
        elif key in (keys.get("zoom_out"), pygame.K_KP_MINUS):
            self.zoom_by(-1, self._zoom_anchor())
        elif key == keys.get("zoom_reset"):
            self.set_zoom(1.0, self._zoom_anchor())
        else:
            return False
        return True
