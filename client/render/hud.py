"""The battle HUD bars: round, whose turn (with the AI's thinking indicator), objective counters,
the battle-feature banner, and the hint line of the bottom bar.

Each bar is drawn into a cached surface that is redrawn only when what it shows changes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from client.i18n import language, tr
from client.render import text
from client.render.board_view import BoardView
from client.render.sprites import team_marker
from client.ui import GOLD, MUTED_TEXT_COLOUR, PANEL, PANEL_EDGE, TEAM_LIGHT, TEXT_COLOUR
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
            chips.append((tr("battle.flags", n=view.flag_count[1], total=view.flags_required[0]), 1))
        else:
            for team in (1, 2):
                total = view.flags_required[team - 1]
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


class TopBar:
    """Round on the left, whose turn in the middle, objective counters on the right."""

    def __init__(self) -> None:
        self._key: tuple | None = None
        self._surface: pygame.Surface | None = None

    def _render(self, rect: pygame.Rect, view: BoardView, turn: TurnInfo) -> pygame.Surface:
        surface = pygame.Surface(rect.size)
        surface.fill(PANEL)
        pygame.draw.line(surface, PANEL_EDGE, (0, rect.h - 1), (rect.w, rect.h - 1))
        round_text = text.text(
            tr("battle.round", n=view.round_no, total=view.round_limit), 20, TEXT_COLOUR, True
        )
        surface.blit(round_text, round_text.get_rect(midleft=(16, rect.h // 2)))
        label = text.text(turn.label, 22, TEAM_LIGHT.get(turn.team, GOLD), True)
        centre = rect.w // 2
        label_rect = label.get_rect(center=(centre + 12, rect.h // 2))
        team_marker(surface, turn.team, (label_rect.left - 16, rect.h // 2), 8)
        surface.blit(label, label_rect)
        x = rect.w - 16
        for chip, team in reversed(objective_chips(view)):
            chip_text = text.text(chip, 17, TEAM_LIGHT.get(team, TEXT_COLOUR), True)
            marker = 16 if team else 0
            box = chip_text.get_rect(midright=(x - 10, rect.h // 2)).inflate(20 + marker, 10)
            box.right = x
            pygame.draw.rect(surface, (40, 46, 60), box, border_radius=8)
            pygame.draw.rect(surface, PANEL_EDGE, box, 1, border_radius=8)
            if team:
                team_marker(surface, team, (box.x + 14, box.centery), 5)
            surface.blit(chip_text, chip_text.get_rect(midright=(box.right - 10, box.centery)))
            x = box.left - 8
        return surface.convert()

    def draw(
        self, surface: pygame.Surface, rect: pygame.Rect, view: BoardView, turn: TurnInfo, clock: float
    ) -> None:
        key = (
            rect.size,
            language(),
            view.round_no,
            turn,
            tuple(view.flag_count),
            tuple(view.exit_count),
            len(view.chests_taken[1]) + len(view.chests_taken[2]),
            len(view.living(1)),
        )
        if key != self._key or self._surface is None:
            self._surface = self._render(rect, view, turn)
            self._key = key
        surface.blit(self._surface, rect.topleft)
        if turn.thinking:
            label_w = text.text(turn.label, 22, GOLD, True).get_width()
            x = rect.centerx + 12 + label_w // 2 + 14
            for i in range(3):
                phase = math.sin(clock * 6 - i * 0.8)
                pygame.draw.circle(surface, GOLD, (x + i * 10, rect.centery + round(phase * 3)), 3)


class FeatureBanner:
    """The battle feature's spec text in a pill at the top of the map."""

    def __init__(self) -> None:
        self._key: tuple | None = None
        self._surface: pygame.Surface | None = None

    def draw(self, surface: pygame.Surface, viewport: pygame.Rect, view: BoardView) -> None:
        _, text_ru, text_en = view.feature
        string = text_ru if language() == "ru" else text_en
        if not string:
            return
        key = (string,)
        if key != self._key or self._surface is None:
            label = text.text(string, 17, (250, 236, 200), True)
            pill = pygame.Surface((label.get_width() + 28, label.get_height() + 10), pygame.SRCALPHA)
            pygame.draw.rect(pill, (16, 18, 24, 200), pill.get_rect(), border_radius=12)
            pygame.draw.rect(pill, (*GOLD, 200), pill.get_rect(), 1, border_radius=12)
            pill.blit(label, label.get_rect(center=pill.get_rect().center))
            self._surface, self._key = pill.convert_alpha(), key
        surface.blit(self._surface, self._surface.get_rect(midtop=(viewport.centerx, viewport.y + 8)))


class BottomBar:
    """The bar under the map: a hint of what the player can do now (the buttons are widgets on top)."""

    def __init__(self) -> None:
        self._key: tuple | None = None
        self._surface: pygame.Surface | None = None

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, hint: str, right: int) -> None:
        """``right``: where the buttons begin; the hint wraps into two lines before it if needed."""
        key = (rect.size, hint, right)
        if key != self._key or self._surface is None:
            bar = pygame.Surface(rect.size)
            bar.fill(PANEL)
            pygame.draw.line(bar, PANEL_EDGE, (0, 0), (rect.w, 0))
            lines = text.wrap(hint, 16, max(80, right - 16))[:2]
            y = rect.h // 2 - len(lines) * 11
            for line in lines:
                label = text.text(line, 16, MUTED_TEXT_COLOUR)
                bar.blit(label, (16, y))
                y += 22
            self._surface, self._key = bar.convert(), key
        surface.blit(self._surface, rect.topleft)
