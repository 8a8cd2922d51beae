"""The side panel: both sides' squads (count, top-unit HP, who has acted this round, status) and the
combat log of the last events, newest at the bottom, each line wrapped to fit.

A long unit name is cut with "…" to fit its row; :meth:`SidePanel.squad_at` says which squad's row
is under the mouse, so the battle shows that squad's tooltip (full name and stats) there.
"""

from __future__ import annotations

import pygame

from client.battle.log import CombatLog, team_name
from client.i18n import language, tr, unit_name
from client.render import text
from client.render.board_view import BoardView, SquadView
from client.render.sprites import portrait, team_marker
from client.render.squads import hp_colour
from client.ui import MUTED_TEXT_COLOUR, PANEL, PANEL_EDGE, TEAM_LIGHT, TEXT_COLOUR, TITLE_COLOUR

ROW = 30
LOG_COLOURS = {
    "round": TITLE_COLOUR,
    "crit": (250, 206, 96),
    "miss": (170, 176, 190),
    "death": (240, 120, 110),
    "result": TITLE_COLOUR,
}


def _row(surface: pygame.Surface, squad: SquadView, y: int, width: int, current: bool) -> None:
    dim = squad.acted or not squad.alive
    if current:
        pygame.draw.rect(surface, (50, 56, 72), (6, y, width - 12, ROW - 2), border_radius=6)
    picture = portrait(squad.unit.id, squad.team, 26).copy()
    if dim:
        picture.set_alpha(110)
    surface.blit(picture, (10, y + 1))
    team_marker(surface, squad.team, (44, y + ROW // 2 - 1), 5)
    colour = MUTED_TEXT_COLOUR if dim else TEXT_COLOUR
    count = text.text(f"×{squad.count}" if squad.alive else "†", 15, colour, True)
    count_rect = count.get_rect(topright=(width - 70, y + 5))
    label = text.fit(unit_name(squad.unit), 15, count_rect.left - 60, bold=not dim)
    surface.blit(text.text(label, 15, colour, bold=not dim), (54, y + 5))
    surface.blit(count, count_rect)
    bar = pygame.Rect(width - 62, y + 11, 44, 6)
    pygame.draw.rect(surface, (16, 16, 20), bar.inflate(2, 2))
    if squad.alive and squad.max_hp:
        ratio = squad.top_hp / squad.max_hp
        pygame.draw.rect(surface, hp_colour(ratio), (bar.x, bar.y, max(1, round(bar.w * ratio)), bar.h))
    marks = ""
    if squad.stunned:
        marks += "*"
    if squad.defending:
        marks += "+"
    if marks and squad.alive:
        mark = text.text(marks, 14, (255, 226, 90), True)
        surface.blit(mark, (width - 16, y + 4))


class SidePanel:
    """Roster on top, log below; redrawn when a squad, the log or the language changes."""

    def __init__(self, view: BoardView, log: CombatLog) -> None:
        self.view = view
        self.log = log
        self._key: tuple | None = None
        self._surface: pygame.Surface | None = None
        self._rows: dict[int, pygame.Rect] = {}  # squad id -> its roster row, on screen

    def _roster_key(self) -> tuple:
        return tuple(
            (s.count, s.top_hp, s.alive, s.acted, s.stunned, s.defending) for s in self.view.squads.values()
        )

    def _render(self, rect: pygame.Rect, current: int | None) -> pygame.Surface:
        surface = pygame.Surface(rect.size)
        surface.fill(PANEL)
        self._rows = {}
        pygame.draw.line(surface, PANEL_EDGE, (0, 0), (0, rect.h))
        y = 8
        for team in (1, 2):
            heading = (
                tr("battle.roster_you" if team == 1 else "battle.roster_enemy")
                if self.view.mission
                else team_name(team, self.view)
            )
            label = text.text(heading, 16, TEAM_LIGHT[team], True)
            team_marker(surface, team, (16, y + label.get_height() // 2), 6)
            surface.blit(label, (28, y))
            y += label.get_height() + 2
            for squad in (s for s in self.view.squads.values() if s.team == team):
                _row(surface, squad, y, rect.w, squad.id == current)
                self._rows[squad.id] = pygame.Rect(rect.x, rect.y + y, rect.w, ROW)
                y += ROW
            y += 6
        pygame.draw.line(surface, PANEL_EDGE, (10, y), (rect.w - 10, y))
        y += 6
        title = text.text(tr("battle.log"), 16, TITLE_COLOUR, True)
        surface.blit(title, (12, y))
        y += title.get_height() + 4
        self._draw_log(surface, pygame.Rect(10, y, rect.w - 20, rect.h - y - 8))
        return surface.convert()

    def _draw_log(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Newest lines at the bottom; as many as fit."""
        size = 14
        line_h = text.text("Ag", size, TEXT_COLOUR).get_height()
        blocks: list[tuple[int, list[str], tuple[int, int, int]]] = []
        used = 0
        for entry in reversed(self.log.entries):
            lines = text.wrap(entry.text, size, area.w - 14)
            height = len(lines) * line_h + 3
            if used + height > area.h:
                break
            colour = LOG_COLOURS.get(entry.kind, TEAM_LIGHT.get(entry.team, TEXT_COLOUR))
            blocks.append((entry.team, lines, colour))
            used += height
        y = area.y
        for team, lines, colour in reversed(blocks):
            if team:
                team_marker(surface, team, (area.x + 4, y + line_h // 2), 4)
            for line in lines:
                surface.blit(text.text(line, size, colour), (area.x + 12, y))
                y += line_h
            y += 3

    def row_of(self, squad_id: int) -> pygame.Rect | None:
        """Where squad ``squad_id``'s roster row was last drawn, on screen."""
        return self._rows.get(squad_id)

    def squad_at(self, point: tuple[int, int]) -> int | None:
        """The squad whose roster row is under ``point`` (screen coordinates), if any."""
        return next((squad for squad, row in self._rows.items() if row.collidepoint(point)), None)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, current: int | None) -> None:
        key = (rect.topleft, rect.size, language(), self.log.version, current, self._roster_key())
        if key != self._key or self._surface is None:
            self._surface = self._render(rect, current)
            self._key = key
        surface.blit(self._surface, rect.topleft)
