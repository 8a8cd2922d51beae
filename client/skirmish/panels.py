"""The skirmish HUD's slow-changing panels drawn once into layers and blitted while what they show is
unchanged: the top bar with the turn order, the action bar and the combat log.

Most frames change none of them (the mouse moves, the camera walks, pop-ups fly), so painting them
from scratch (text, rounded rectangles, a translucent strip allocated anew) was over a third of the
frame. Each panel keys its layer on everything its painter in :mod:`client.skirmish.hud` reads, the
rectangle, the UI scale and the language included, and paints anew when the key changes.

Layers are opaque in the screen's format wherever the panel covers the screen whole (a plain copy
when blitted), so the frame is the same pixels as when painted straight onto the screen.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import replace

import pygame

from client.i18n import language
from client.skirmish import hud
from client.skirmish.view import SkirmishBoard
from client.ui.scale import px

CHIP_KEY = (255, 0, 255)  # the action bar's transparent colour: no chip's fill, edge or text blends to it


def _opaque(size: tuple[int, int]) -> pygame.Surface:
    layer = pygame.Surface(size)
    return layer.convert() if pygame.display.get_surface() is not None else layer


def _moved(spots: list[hud.Spot], by: tuple[int, int]) -> list[hud.Spot]:
    return [replace(spot, rect=spot.rect.move(by)) for spot in spots]


class Layer:
    """One cached drawing: ``paint()`` runs only when ``key`` differs from the last one."""

    def __init__(self) -> None:
        self.key: Hashable | None = None
        self.value: tuple | None = None
        self.fresh = False  # painted anew by the last get()

    def get(self, key: Hashable, paint: Callable[[], tuple]) -> tuple:
        self.fresh = self.value is None or key != self.key
        if self.value is None or self.fresh:
            self.value, self.key = paint(), key
        return self.value

    @property
    def surface(self) -> pygame.Surface | None:
        """The layer's picture now (for tests: it must change when what it shows does)."""
        return None if self.value is None else self.value[0]


class TopStrip(Layer):
    """The top bar (round, melee mode, whose turn) and the round's order strip in it."""

    def draw(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        view: SkirmishBoard,
        turn: str,
        team: int,
        kept: pygame.Rect | None = None,
    ) -> list[hud.Spot]:
        """Blit the bar. ``kept``: the screen still shows the bar of the last frame, and this is the
        map's rectangle, drawn anew: an unchanged layer is not blitted again, only the part of its
        edge row that lies on the map's first row."""
        order = view.order or tuple(view.heroes)
        shown = tuple(
            (i, h.hero.id, h.loadout, h.team, i == view.acting, i in view.done, h.out)
            for i in order
            for h in (view.heroes[i],)
        )
        key: tuple = (tuple(rect), px(100), language(), turn, team, view.round_no, view.round_limit)
        key += (view.melee_mode, shown)
        layer, spots = self.get(key, lambda: self._paint(rect, view, turn, team))
        if kept is not None and not self.fresh:
            edge = pygame.Rect(rect.x, rect.bottom, rect.w, 1).clip(kept)
            surface.blit(layer, edge.topleft, pygame.Rect(edge.x - rect.x, rect.h, edge.w, 1))
        else:
            surface.blit(layer, rect.topleft)
        return list(spots)

    @staticmethod
    def _paint(rect: pygame.Rect, view: SkirmishBoard, turn: str, team: int) -> tuple:
        # one row taller than the bar: its edge line is drawn just under it, on the map's first row
        layer = _opaque((rect.w, rect.h + 1))
        local = pygame.Rect((0, 0), rect.size)
        left, right = hud.draw_top_bar(layer, local, view, turn, team)
        spots = hud.draw_order(layer, local, view, left, right)
        return layer, _moved(spots, rect.topleft)


class ActionBar(Layer):
    """The acting hero's chips along the bottom of the map, over a translucent strip.

    The strip is a cached translucent surface; the chips are an opaque layer whose corners and gaps
    are the colour key, so both blit to the very pixels the painter made on the screen."""

    def draw(self, surface: pygame.Surface, area: pygame.Rect, chips: list[hud.Chip]) -> list[hud.Spot]:
        if not chips:
            return []
        key = (tuple(area), px(100), language(), tuple(chips))
        back, layer, at, spots = self.get(key, lambda: self._paint(area, chips))
        surface.blit(back, at)
        surface.blit(layer, at)
        return list(spots)

    @staticmethod
    def _paint(area: pygame.Rect, chips: list[hud.Chip]) -> tuple:
        strip = hud.action_bar_strip(area, chips)
        layer = _opaque(strip.size)
        layer.fill(CHIP_KEY)
        local = pygame.Rect(area.x - strip.x, area.y - strip.y, area.w, area.h)
        spots = hud.draw_action_bar(layer, local, chips, back=False)
        layer.set_colorkey(CHIP_KEY, pygame.RLEACCEL)
        back = pygame.Surface(strip.size, pygame.SRCALPHA)
        back.fill(hud.ACTION_BAR_BACK)
        return back, layer, strip.topleft, _moved(spots, strip.topleft)


class LogPanel(Layer):
    """The combat log under the hero cards, on the side panel's colour: the layer covers ``room``, the
    panel from where the cards end to its bottom, and the log is in ``area`` inside it."""

    def draw(
        self,
        surface: pygame.Surface,
        area: pygame.Rect,
        lines: list[tuple[int, str]],
        room: pygame.Rect,
        kept: bool = False,
    ) -> None:
        """Blit the log; ``kept``: the screen still shows the log of the last frame (see TopStrip)."""
        shown = tuple(lines[-hud.LOG_LINES :])
        key = (tuple(area), tuple(room), px(100), language(), shown)
        (layer,) = self.get(key, lambda: self._paint(area, shown, room))
        if not kept or self.fresh:
            surface.blit(layer, room.topleft)

    @staticmethod
    def _paint(area: pygame.Rect, lines: tuple[tuple[int, str], ...], room: pygame.Rect) -> tuple:
        layer = _opaque(room.size)
        layer.fill(hud.PANEL_COLOUR)
        hud.draw_log(layer, area.move(-room.x, -room.y), list(lines))
        return (layer,)
