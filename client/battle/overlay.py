"""The end-of-battle overlay: victory, defeat or draw, how it was decided, efficiency, units lost and
killed, chests collected; buttons to play again or go back to the menu, and "Save replay" for a
battle on a map file (see :mod:`client.battle.replay_hook`). A scene may add lines of its own below
the summary (``extra_lines``: the arena's rewards) and leave out "Play again" (``offer_again``).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pygame
import pygame_gui

from client.battle import replay_hook
from client.battle.log import result_title, team_name
from client.battle.session import BattleRecord
from client.i18n import key as i18n_key
from client.i18n import language, tr, tr_count
from client.render import text
from client.render.board_view import BoardView
from client.ui import BAD, GOLD, GOOD, MUTED_TEXT_COLOUR, PANEL_EDGE, TEXT_COLOUR
from client.ui.fonts import font
from client.ui.scale import current as current_scale
from client.ui.scale import px
from rules.core.teams import other_team
from rules.tactics import events as ev
from rules.tactics.outcome import DECISIVE_REASONS
from rules.tactics.state import BattleState

PANEL_W = 560  # design pixels (client.ui.scale), like every size here
BUTTON_W, BUTTON_H, BUTTON_GAP = 170, 44, 12
LINE_SIZE = 19
MIN_LINE_SIZE = 12  # a long list of lines (extra_lines) is set smaller, down to this, to fit the window
WIDE_PANEL_W = 780  # the panel's width when a scene adds lines of its own (the window permitting)
Line = tuple[str, tuple]


def efficiency_help(event: ev.BattleEnded, view: BoardView, state: BattleState, team: int) -> list[str]:
    """What efficiency is and how this battle's figure for ``team`` came about (M-EFF-1..4, T-END-6)."""
    eff = f"{float(event.efficiency[team]):.3f}"
    lines = [tr("result.efficiency_help")]
    if event.winner == team and event.reason in DECISIVE_REASONS:
        lines.append(tr("result.efficiency_decisive", eff=eff))
        return lines
    killed, total = event.kills[team], state.board.start_units[other_team(team)]
    key = "result.efficiency_share" if view.mission else "result.efficiency_share_team"
    team_text = team_name(team, view, "plural")
    lines.append(tr_count(key, total, team=team_text, killed=killed, total=total, eff=eff))
    return lines


def summary_lines(event: ev.BattleEnded, view: BoardView, state: BattleState) -> list[tuple[str, tuple]]:
    """The overlay's lines below the title, with their colours."""
    return [line for line, _team in _summary(event, view, state)]


def _summary(event: ev.BattleEnded, view: BoardView, state: BattleState) -> list[tuple[Line, int]]:
    """The lines below the title, each with the team whose efficiency it shows (0: none)."""
    lines: list[tuple[Line, int]] = [((tr(f"result.{event.reason}"), MUTED_TEXT_COLOUR), 0)]
    lost = {
        team: sum(s.info.start_count - s.count for s in state.squads if s.info.team == team)
        for team in (1, 2)
    }
    if view.mission:
        lines.append(((tr("result.efficiency", n=f"{float(event.efficiency[1]):.3f}"), GOLD), 1))
        lines.append(((tr("result.killed", n=event.kills[1]), TEXT_COLOUR), 0))
        lines.append(((tr("result.lost", n=lost[1]), TEXT_COLOUR), 0))
        bonuses = view.chests_taken[1]
        if bonuses:
            names = ", ".join(tr(f"bonus.{b}") for b in bonuses)
            colour = GOOD if event.winner == 1 else MUTED_TEXT_COLOUR
            lines.append(((tr("result.chests", list=names), colour), 0))
        else:
            lines.append(((tr("result.chests_none"), MUTED_TEXT_COLOUR), 0))
    else:
        for team in (1, 2):
            line = tr(
                "result.team_line",
                team=team_name(team, view),
                eff=f"{float(event.efficiency[team]):.3f}",
                killed=event.kills[team],
                lost=lost[team],
            )
            lines.append(((line, TEXT_COLOUR), team))
    return lines


class EndOverlay:
    """Drawn over the dimmed battle; owns its buttons in the scene's UI manager.

    The panel is as tall as its text (a long replay file name wraps inside it), and hovering an
    efficiency line explains the figure (:func:`efficiency_help`).
    """

    def __init__(
        self,
        ui: pygame_gui.UIManager,
        size: tuple[int, int],
        event: ev.BattleEnded,
        record: BattleRecord,
        offer_save: bool = True,
        extra_lines: Sequence[Line] = (),
        offer_again: bool = True,
    ) -> None:
        self.event = event
        self.size = size
        self.rect = pygame.Rect(0, 0, PANEL_W, 380)
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.note = ""
        self.extra_lines = list(extra_lines)  # (text, colour) after the summary: e.g. the rewards paid
        can_save = offer_save and replay_hook.replayable(record)
        names = (["again"] if offer_again else []) + ["menu"] + (["save_replay"] if can_save else [])
        for name in names:
            self.buttons[name] = pygame_gui.elements.UIButton(
                pygame.Rect(0, 0, BUTTON_W, BUTTON_H),
                i18n_key(f"result.{name}"),
                manager=ui,
                object_id=f"#end_{name}",
            )
        self._language = ""
        self._scale = 0.0
        self.efficiency_rects: dict[int, pygame.Rect] = {}  # team -> its efficiency line, on screen
        self._key: tuple | None = None
        self._panel: pygame.Surface | None = None
        self.layout(size)

    def layout(self, size: tuple[int, int]) -> None:
        """Centre the panel in the window and put the buttons along its bottom edge, each as wide as
        its label needs (the Russian ones are longer), the panel as wide as the row of them."""
        if self.size != size or self._scale != current_scale():
            self._key = None  # the panel is drawn again at the new size
        self.size = size
        self._fit_buttons()
        widths = [button.rect.w for button in self.buttons.values()]
        row = sum(widths) + px(BUTTON_GAP) * (len(widths) - 1)
        if self.extra_lines:
            self.rect.w = max(min(px(WIDE_PANEL_W), size[0] - px(16)), row + px(48))
        else:
            self.rect.w = max(px(PANEL_W), row + px(48))
        self.rect.center = (size[0] // 2, size[1] // 2)
        self.rect.clamp_ip(pygame.Rect((0, 0), size))
        x = self.rect.centerx - row // 2
        for button in self.buttons.values():
            button.set_relative_position((x, self.rect.bottom - px(64)))
            x += button.rect.w + px(BUTTON_GAP)

    def _fit_buttons(self) -> None:
        if self._language == language() and self._scale == current_scale():
            return
        self._language, self._scale = language(), current_scale()
        for name, button in self.buttons.items():
            width = max(px(BUTTON_W), font(px(20), True).size(tr(f"result.{name}"))[0] + px(32))
            if button.rect.size != (width, px(BUTTON_H)):
                button.set_dimensions((width, px(BUTTON_H)))
                button.rebuild()

    @property
    def button_rects(self) -> list[pygame.Rect]:
        return [button.rect for button in self.buttons.values()]

    def saved(self, path: Path | None) -> None:
        """Say where the replay went (or that it could not be written) and disable the button."""
        self.note = tr("result.saved", path=path.name) if path is not None else tr("result.not_saved")
        self.buttons["save_replay"].disable()
        self._key = None

    def kill(self) -> None:
        for button in self.buttons.values():
            button.kill()

    def help_at(self, mouse: tuple[int, int], view: BoardView, state: BattleState) -> list[str]:
        """The efficiency explanation when ``mouse`` is over an efficiency line, else nothing."""
        for team, rect in self.efficiency_rects.items():
            if rect.collidepoint(mouse):
                return efficiency_help(self.event, view, state, team)
        return []

    def _lines(
        self, lines: list[tuple[Line, int]], size: int, y: int
    ) -> tuple[list[tuple[pygame.Surface, int, int]], int]:
        """The lines as (image, y, team) from ``y`` down, wrapped to the panel, and the y below them."""
        images: list[tuple[pygame.Surface, int, int]] = []
        for (line, line_colour), team in lines:
            for part in text.wrap(line, size, self.rect.w - px(60)):
                image = text.text(part, size, line_colour)
                images.append((image, y, team))
                y += image.get_height() + px(2)
            y += px(4) * size // px(LINE_SIZE)
        return images, y

    def _render(self, view: BoardView, state: BattleState) -> pygame.Surface:
        winner = self.event.winner
        good = winner is None or not view.mission or winner == 1
        colour = GOLD if winner is not None and good else (BAD if not good else TEXT_COLOUR)
        title = text.outlined(result_title(self.event, view), px(52), colour, width=px(3))
        lines = _summary(self.event, view, state) + [(line, 0) for line in self.extra_lines]
        if self.note:
            lines.append(((self.note, MUTED_TEXT_COLOUR), 0))
        for line_size in range(LINE_SIZE, MIN_LINE_SIZE - 1, -1):  # smaller text until it fits the window
            images, y = self._lines(lines, px(line_size), px(40) + title.get_height())
            height = y + px(24 + BUTTON_H + 20)
            if height <= self.size[1] - px(8):
                break
        panel = pygame.Surface((self.rect.w, height), pygame.SRCALPHA)
        pygame.draw.rect(panel, (20, 23, 31, 246), panel.get_rect(), border_radius=px(14))
        pygame.draw.rect(panel, PANEL_EDGE, panel.get_rect(), px(2), border_radius=px(14))
        panel.blit(title, title.get_rect(midtop=(self.rect.w // 2, px(22))))
        if self.rect.h != height:
            self.rect.h = height
            self.layout(self.size)
        self.efficiency_rects = {}
        for image, line_y, team in images:
            place = image.get_rect(midtop=(self.rect.w // 2, line_y))
            panel.blit(image, place)
            if team:
                rect = place.move(self.rect.topleft)
                found = self.efficiency_rects.get(team)
                self.efficiency_rects[team] = rect if found is None else found.union(rect)
        return panel.convert_alpha()

    def draw(self, surface: pygame.Surface, view: BoardView, state: BattleState) -> None:
        if self._language != language() or self._scale != current_scale():
            self.layout(self.size)
        key = (language(), current_scale(), surface.get_size(), self.rect.topleft)
        if key != self._key or self._panel is None:
            self._panel = self._render(view, state)
            self._key = (language(), current_scale(), surface.get_size(), self.rect.topleft)
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill((6, 8, 12, 150))
        surface.blit(dim, (0, 0))
        surface.blit(self._panel, self.rect)
