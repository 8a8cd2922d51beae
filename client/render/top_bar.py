"""The battle's top bar: the round on the left, whose turn in the middle (with the AI's thinking
indicator), the objective counters on the right, laid out so that nothing overlaps.

:func:`top_bar_layout` places the parts for a bar width: the chips from the right edge, the
round from the left, and the turn block (team marker, label, thinking dots) centred on the bar
if it fits between them, else moved into the free span between them, else in a smaller font,
else cut short with "…". When the chips leave the turn block too little room they are drawn in
a smaller font first. At the game's minimum window (``client.app.MIN_SIZE``) every shipped
label in both languages fits whole.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from client.i18n import language, tr
from client.render import text
from client.render.board_view import BoardView
from client.render.hud import TurnInfo, objective_chips
from client.render.sprites import team_marker
from client.ui import GOLD, PANEL, PANEL_EDGE, TEAM_LIGHT, TEXT_COLOUR
from client.ui.fonts import font
from client.ui.scale import current as current_scale
from client.ui.scale import px

ROUND_SIZE = 20  # design pixels (client.ui.scale), like every size here
LABEL_SIZES = (22, 20, 18, 16)  # the turn label, largest first
CHIP_SIZES = (17, 15, 14)  # the objective chips, largest first
MARGIN = 16  # from the bar's ends
GAP = 16  # between the round, the turn block and the chips
CHIP_GAP = 8
MARKER_W = 24  # the team marker left of the label
DOTS_W = 40  # the thinking dots right of the label
MIN_TURN_SPAN = 200  # below this the chips shrink first


@dataclass(frozen=True)
class ChipPlace:
    """One objective counter: its text, the team it counts for (0: both), its box and font size."""

    label: str
    team: int
    box: pygame.Rect
    size: int


@dataclass(frozen=True)
class TopBarLayout:
    """Where each part of the top bar goes, in bar coordinates."""

    round_rect: pygame.Rect
    label: str  # the turn label as drawn (cut short only if nothing else made room)
    label_size: int
    label_rect: pygame.Rect
    turn_rect: pygame.Rect  # marker, label and (when thinking) the dots
    chips: tuple[ChipPlace, ...]

    @property
    def marker_centre(self) -> tuple[int, int]:
        return self.label_rect.left - px(16), self.label_rect.centery

    @property
    def dots_x(self) -> int:
        """The first thinking dot's centre."""
        return self.label_rect.right + px(14)


def _width(string: str, size: int) -> int:
    """``string``'s width in screen pixels in the bold face of design size ``size``."""
    return font(px(size), True).size(string)[0]


def _place_chips(chips: list[tuple[str, int]], size: int, width: int, mid: int) -> list[ChipPlace]:
    placed: list[ChipPlace] = []
    x = width - px(MARGIN)
    height = font(px(size), True).get_height() + px(10)
    for label, team in reversed(chips):
        box_w = _width(label, size) + px(20) + (px(16) if team else 0)
        box = pygame.Rect(x - box_w, mid - height // 2, box_w, height)
        placed.append(ChipPlace(label, team, box, px(size)))
        x = box.left - px(CHIP_GAP)
    return placed[::-1]


def top_bar_layout(
    size: tuple[int, int], round_label: str, turn: TurnInfo, chips: list[tuple[str, int]]
) -> TopBarLayout:
    """Lay the bar out for ``size`` (its width and height) without overlaps."""
    width, height = size
    mid = height // 2
    round_w, round_h = font(px(ROUND_SIZE), True).size(round_label)
    round_rect = pygame.Rect(px(MARGIN), mid - round_h // 2, round_w, round_h)
    for chip_size in CHIP_SIZES:
        placed = _place_chips(chips, chip_size, width, mid)
        right = (placed[0].box.left if placed else width - px(MARGIN)) - px(GAP)
        left = round_rect.right + px(GAP)
        if right - left >= px(MIN_TURN_SPAN):
            break
    marker_w = px(MARKER_W)
    extra = marker_w + (px(DOTS_W) if turn.thinking else 0)
    room = max(0, right - left - extra)
    label, label_size = turn.label, LABEL_SIZES[-1]
    for candidate in LABEL_SIZES:
        if _width(turn.label, candidate) <= room:
            label_size = candidate
            break
    else:
        label = text.fit(turn.label, px(label_size), room, True)
    label_w, label_h = font(px(label_size), True).size(label)
    block_w = extra + label_w
    centred = width // 2 - (marker_w + label_w) // 2  # marker and label centred, the dots hang right
    block_left = max(left, min(centred, right - block_w))
    label_rect = pygame.Rect(block_left + marker_w, mid - label_h // 2, label_w, label_h)
    turn_rect = pygame.Rect(block_left, label_rect.top, block_w, label_h)
    return TopBarLayout(round_rect, label, px(label_size), label_rect, turn_rect, tuple(placed))


class TopBar:
    """Draws the bar into a cached surface, redrawn only when what it shows changes."""

    def __init__(self) -> None:
        self._key: tuple | None = None
        self._surface: pygame.Surface | None = None
        self.layout: TopBarLayout | None = None

    def _render(self, rect: pygame.Rect, view: BoardView, turn: TurnInfo) -> pygame.Surface:
        round_label = tr("battle.round", n=view.round_no, total=view.round_limit)
        layout = top_bar_layout(rect.size, round_label, turn, objective_chips(view))
        self.layout = layout
        surface = pygame.Surface(rect.size)
        surface.fill(PANEL)
        pygame.draw.line(surface, PANEL_EDGE, (0, rect.h - 1), (rect.w, rect.h - 1))
        surface.blit(text.text(round_label, px(ROUND_SIZE), TEXT_COLOUR, True), layout.round_rect)
        team_marker(surface, turn.team, layout.marker_centre, px(8))
        label = text.text(layout.label, layout.label_size, TEAM_LIGHT.get(turn.team, GOLD), True)
        surface.blit(label, layout.label_rect)
        for chip in layout.chips:
            chip_text = text.text(chip.label, chip.size, TEAM_LIGHT.get(chip.team, TEXT_COLOUR), True)
            pygame.draw.rect(surface, (40, 46, 60), chip.box, border_radius=px(8))
            pygame.draw.rect(surface, PANEL_EDGE, chip.box, 1, border_radius=px(8))
            if chip.team:
                team_marker(surface, chip.team, (chip.box.x + px(14), chip.box.centery), px(5))
            surface.blit(chip_text, chip_text.get_rect(midright=(chip.box.right - px(10), chip.box.centery)))
        return surface.convert()

    def draw(
        self, surface: pygame.Surface, rect: pygame.Rect, view: BoardView, turn: TurnInfo, clock: float
    ) -> None:
        key = (
            rect.size,
            current_scale(),
            language(),
            view.round_no,
            turn,
            tuple(view.flag_count),
            tuple(view.exit_count),
            len(view.chests_taken[1]) + len(view.chests_taken[2]),
            len(view.living(1)),
        )
        if key != self._key or self._surface is None or self.layout is None:
            self._surface = self._render(rect, view, turn)
            self._key = key
        surface.blit(self._surface, rect.topleft)
        if turn.thinking and self.layout is not None:
            x, y = rect.x + self.layout.dots_x, rect.y + self.layout.label_rect.centery
            for i in range(3):
                phase = math.sin(clock * 6 - i * 0.8)
                pygame.draw.circle(surface, GOLD, (x + i * px(10), y + round(phase * px(3))), px(3))
