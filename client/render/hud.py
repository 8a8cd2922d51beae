"""The battle HUD's pieces: whose turn the top bar announces, the objective counters, the
battle-feature banner, and the hint line of the bottom bar (the top bar itself is
:mod:`client.render.top_bar`).

Each bar is drawn into a cached surface that is redrawn only when what it shows changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from client.i18n import language, tr
from client.render import text
from client.render.board_view import BoardView
from client.ui import GOLD, MUTED_TEXT_COLOUR, PANEL, PANEL_EDGE
from client.ui.scale import current as current_scale
from client.ui.scale import px
from rules.tactics.setup import Mode, Objective


@dataclass(frozen=True)
class TurnInfo:
    """Whose turn the screen announces."""

    team: int
    label: str  # already translated
    thinking: bool = False


def objective_chips(view: BoardView) -> list[tuple[str, int]]:
    """The counters the objective needs, with the team they count for (0: both).

    Flags x/y (per team in PvP), exit x/y, chests taken (paid on victory).
    """
    chips: list[tuple[str, int]] = []
    setup = view.setup
    if setup.objective is Objective.FLAGS:
        if setup.mode is Mode.MISSION:
            chips.append((tr("battle.flags", n=view.flag_count[1], total=view.flags_required[1]), 1))
        else:
            for team in (1, 2):
                total = view.flags_required[team]
                if setup.flag_mode == 2:  # shared flags: more than half wins (T-FLAG-4)
                    label = tr("battle.flags_majority", n=view.flag_count[team], need=total // 2 + 1)
                else:
                    label = tr("battle.flags", n=view.flag_count[team], total=total)
                chips.append((label, team))
    elif setup.objective is Objective.EXIT:
        chips.append((tr("battle.exit", n=view.exit_count[1], total=view.exit_target(1)), 1))
    if setup.chests:
        chips.append((tr("battle.chests", n=len(view.chests_taken[1]) + len(view.chests_taken[2])), 0))
    return chips


class FeatureBanner:
    """The battle feature's spec text in a pill at the top of the map."""

    def __init__(self) -> None:
        self._key: tuple | None = None
        self._surface: pygame.Surface | None = None
        self.rect: pygame.Rect | None = None  # where the pill was last drawn (its rule shows on hover)

    def draw(self, surface: pygame.Surface, viewport: pygame.Rect, view: BoardView) -> None:
        _, text_ru, text_en = view.feature
        string = text_ru if language() == "ru" else text_en
        self.rect = None
        if not string:
            return
        key = (string, current_scale())
        if key != self._key or self._surface is None:
            label = text.text(string, px(17), (250, 236, 200), True)
            pill = pygame.Surface((label.get_width() + px(28), label.get_height() + px(10)), pygame.SRCALPHA)
            pygame.draw.rect(pill, (16, 18, 24, 200), pill.get_rect(), border_radius=px(12))
            pygame.draw.rect(pill, (*GOLD, 200), pill.get_rect(), 1, border_radius=px(12))
            pill.blit(label, label.get_rect(center=pill.get_rect().center))
            self._surface, self._key = pill.convert_alpha(), key
        self.rect = self._surface.get_rect(midtop=(viewport.centerx, viewport.y + px(8)))
        surface.blit(self._surface, self.rect)


HINT_FONTS = (
    (16, 22, 2),
    (14, 18, 3),
)  # (size, step in design px, lines): smaller if cut


def hint_lines(hint: str, width: int, height: int) -> tuple[int, int, list[str]]:
    """The hint wrapped into ``width``: (font size, line step, lines) at the first size whose lines all
    fit (as many as ``height`` holds, at most that size's count); cut at the smallest size otherwise."""
    for design_size, design_step, most_lines in HINT_FONTS:
        size, step = px(design_size), px(design_step)
        most = max(1, min(most_lines, (height - px(6)) // step))
        lines = text.wrap(hint, size, width)
        if len(lines) <= most:
            return size, step, lines
    return size, step, lines[:most]


class BottomBar:
    """The bar under the map: a hint of what the player can do now (the buttons are widgets on top)."""

    def __init__(self) -> None:
        self._key: tuple | None = None
        self._surface: pygame.Surface | None = None

    def draw(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        hint: str,
        right: int,
        kept: Sequence[pygame.Rect] | None = None,
    ) -> None:
        """``right``: where the buttons begin; the hint wraps into two lines before it if needed.
        ``kept``: the screen still shows this bar from the last frame and these are the widgets drawn
        over it; an unchanged bar is blitted only under them (they are drawn over it again)."""
        key = (rect.size, current_scale(), hint, right)
        fresh = key != self._key or self._surface is None
        if fresh:
            bar = pygame.Surface(rect.size)
            bar.fill(PANEL)
            pygame.draw.line(bar, PANEL_EDGE, (0, 0), (rect.w, 0))
            size, step, lines = hint_lines(hint, max(px(80), right - rect.x - px(16)), rect.h)
            y = rect.h // 2 - len(lines) * step // 2
            for line in lines:
                label = text.text(line, size, MUTED_TEXT_COLOUR)
                bar.blit(label, (px(16), y))
                y += step
            self._surface, self._key = bar.convert(), key
        assert self._surface is not None
        if kept is None or fresh:
            surface.blit(self._surface, rect.topleft)
            return
        if kept:  # one blit over them all: a blit per button cost more than the whole bar
            under = kept[0].unionall(kept[1:]).clip(rect)
            surface.blit(self._surface, under.topleft, under.move(-rect.x, -rect.y))
