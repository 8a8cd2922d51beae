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
from client.ui.scale import current as current_scale
from client.ui.scale import px

ROW = 30  # design pixels (client.ui.scale), like every size here
LOG_COLOURS = {
    "round": TITLE_COLOUR,
    "crit": (250, 206, 96),
    "miss": (170, 176, 190),
    "death": (240, 120, 110),
    "result": TITLE_COLOUR,
}


def _row(surface: pygame.Surface, squad: SquadView, y: int, width: int, current: bool) -> None:
    dim = squad.acted or not squad.alive
    row = px(ROW)
    if current:
        pygame.draw.rect(surface, (50, 56, 72), (px(6), y, width - px(12), row - px(2)), border_radius=px(6))
    picture = portrait(squad.unit.id, squad.team, px(26)).copy()
    if dim:
        picture.set_alpha(110)
    surface.blit(picture, (px(10), y + px(1)))
    team_marker(surface, squad.team, (px(44), y + row // 2 - 1), px(5))
    colour = MUTED_TEXT_COLOUR if dim else TEXT_COLOUR
    size = px(15)
    count = text.text(f"×{squad.count}" if squad.alive else "†", size, colour, True)
    count_rect = count.get_rect(topright=(width - px(70), y + px(5)))
    label = text.fit(unit_name(squad.unit), size, count_rect.left - px(60), bold=not dim)
    surface.blit(text.text(label, size, colour, bold=not dim), (px(54), y + px(5)))
    surface.blit(count, count_rect)
    bar = pygame.Rect(width - px(62), y + px(11), px(44), px(6))
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
        mark = text.text(marks, px(14), (255, 226, 90), True)
        surface.blit(mark, (width - px(16), y + px(4)))


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
        y = px(8)
        for team in (1, 2):
            heading = (
                tr("battle.roster_you" if team == 1 else "battle.roster_enemy")
                if self.view.mission
                else team_name(team, self.view)
            )
            label = text.text(heading, px(16), TEAM_LIGHT[team], True)
            team_marker(surface, team, (px(16), y + label.get_height() // 2), px(6))
            surface.blit(label, (px(28), y))
            y += label.get_height() + px(2)
            for squad in (s for s in self.view.squads.values() if s.team == team):
                _row(surface, squad, y, rect.w, squad.id == current)
                self._rows[squad.id] = pygame.Rect(rect.x, rect.y + y, rect.w, px(ROW))
                y += px(ROW)
            y += px(6)
        pygame.draw.line(surface, PANEL_EDGE, (px(10), y), (rect.w - px(10), y))
        y += px(6)
        title = text.text(tr("battle.log"), px(16), TITLE_COLOUR, True)
        surface.blit(title, (px(12), y))
        y += title.get_height() + px(4)
        self._draw_log(surface, pygame.Rect(px(10), y, rect.w - px(20), rect.h - y - px(8)))
        return surface.convert()

    def _draw_log(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Newest lines at the bottom; as many as fit."""
        size = px(14)
        line_h = text.text("Ag", size, TEXT_COLOUR).get_height()
        blocks: list[tuple[int, list[str], tuple[int, int, int]]] = []
        used = 0
        for entry in reversed(self.log.entries):
            lines = text.wrap(entry.text, size, area.w - px(14))
            height = len(lines) * line_h + px(3)
            if used + height > area.h:
                break
            colour = LOG_COLOURS.get(entry.kind, TEAM_LIGHT.get(entry.team, TEXT_COLOUR))
            blocks.append((entry.team, lines, colour))
            used += height
        y = area.y
        for team, lines, colour in reversed(blocks):
            if team:
                team_marker(surface, team, (area.x + px(4), y + line_h // 2), px(4))
            for line in lines:
                surface.blit(text.text(line, size, colour), (area.x + px(12), y))
                y += line_h
            y += px(3)

    def row_of(self, squad_id: int) -> pygame.Rect | None:
        """Where squad ``squad_id``'s roster row was last drawn, on screen."""
        return self._rows.get(squad_id)

    def squad_at(self, point: tuple[int, int]) -> int | None:
        """The squad whose roster row is under ``point`` (screen coordinates), if any."""
        return next((squad for squad, row in self._rows.items() if row.collidepoint(point)), None)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, current: int | None) -> None:
        key = (
            rect.topleft,
            rect.size,
            current_scale(),
            language(),
            self.log.version,
            current,
            self._roster_key(),
        )
        if key != self._key or self._surface is None:
            self._surface = self._render(rect, current)
            self._key = key
        surface.blit(self._surface, rect.topleft)
