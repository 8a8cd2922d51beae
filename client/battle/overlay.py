"""The end-of-battle overlay: victory, defeat or draw, how it was decided, efficiency, units lost and
killed, chests collected; buttons to play again or go back to the menu, and "Save replay" for a
battle on a map file (see :mod:`client.battle.replay_hook`).
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui

from client.battle import replay_hook
from client.battle.log import result_title, team_name
from client.battle.session import BattleRecord
from client.i18n import key as i18n_key
from client.i18n import language, tr
from client.render import text
from client.render.board_view import BoardView
from client.ui import BAD, GOLD, GOOD, MUTED_TEXT_COLOUR, PANEL_EDGE, TEXT_COLOUR
from rules.tactics import events as ev
from rules.tactics.state import BattleState

PANEL_W, PANEL_H = 560, 380


def summary_lines(event: ev.BattleEnded, view: BoardView, state: BattleState) -> list[tuple[str, tuple]]:
    """The overlay's lines below the title, with their colours."""
    lines: list[tuple[str, tuple]] = [(tr(f"result.{event.reason}"), MUTED_TEXT_COLOUR)]
    lost = {
        team: sum(s.info.start_count - s.count for s in state.squads if s.info.team == team)
        for team in (1, 2)
    }
    if view.mission:
        lines.append((tr("result.efficiency", n=f"{float(event.efficiency[1]):.3f}"), GOLD))
        lines.append((tr("result.killed", n=event.kills[1]), TEXT_COLOUR))
        lines.append((tr("result.lost", n=lost[1]), TEXT_COLOUR))
        bonuses = view.chests_taken[1]
        if bonuses:
            names = ", ".join(tr(f"bonus.{b}") for b in bonuses)
            lines.append((tr("result.chests", list=names), GOOD if event.winner == 1 else MUTED_TEXT_COLOUR))
        else:
            lines.append((tr("result.chests_none"), MUTED_TEXT_COLOUR))
    else:
        for team in (1, 2):
            lines.append(
                (
                    tr(
                        "result.team_line",
                        team=team_name(team, view),
                        eff=f"{float(event.efficiency[team]):.3f}",
                        killed=event.kills[team],
                        lost=lost[team],
                    ),
                    TEXT_COLOUR,
                )
            )
    return lines


class EndOverlay:
    """Drawn over the dimmed battle; owns its buttons in the scene's UI manager."""

    def __init__(
        self,
        ui: pygame_gui.UIManager,
        size: tuple[int, int],
        event: ev.BattleEnded,
        record: BattleRecord,
        offer_save: bool = True,
    ) -> None:
        self.event = event
        self.rect = pygame.Rect(0, 0, PANEL_W, PANEL_H)
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.note = ""
        can_save = offer_save and replay_hook.replayable(record)
        names = ["again", "menu"] + (["save_replay"] if can_save else [])
        for name in names:
            self.buttons[name] = pygame_gui.elements.UIButton(
                pygame.Rect(0, 0, 170, 44), i18n_key(f"result.{name}"), manager=ui, object_id=f"#end_{name}"
            )
        self._key: tuple | None = None
        self._panel: pygame.Surface | None = None
        self.layout(size)

    def layout(self, size: tuple[int, int]) -> None:
        self.rect.center = (size[0] // 2, size[1] // 2)
        count = len(self.buttons)
        x = self.rect.centerx - (count * 170 + (count - 1) * 12) // 2
        for i, button in enumerate(self.buttons.values()):
            button.set_relative_position((x + i * 182, self.rect.bottom - 64))

    def saved(self, path: Path | None) -> None:
        """Say where the replay went (or that it could not be written) and disable the button."""
        self.note = tr("result.saved", path=path.name) if path is not None else tr("result.not_saved")
        self.buttons["save_replay"].disable()
        self._key = None

    def kill(self) -> None:
        for button in self.buttons.values():
            button.kill()

    def _render(self, view: BoardView, state: BattleState) -> pygame.Surface:
        panel = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (20, 23, 31, 246), panel.get_rect(), border_radius=14)
        pygame.draw.rect(panel, PANEL_EDGE, panel.get_rect(), 2, border_radius=14)
        winner = self.event.winner
        good = winner is None or not view.mission or winner == 1
        colour = GOLD if winner is not None and good else (BAD if not good else TEXT_COLOUR)
        title = text.outlined(result_title(self.event, view), 52, colour, width=3)
        panel.blit(title, title.get_rect(midtop=(PANEL_W // 2, 22)))
        y = 40 + title.get_height()
        lines = summary_lines(self.event, view, state)
        if self.note:
            lines.append((self.note, MUTED_TEXT_COLOUR))
        for line, line_colour in lines:
            for part in text.wrap(line, 19, PANEL_W - 60):
                image = text.text(part, 19, line_colour)
                panel.blit(image, image.get_rect(midtop=(PANEL_W // 2, y)))
                y += image.get_height() + 2
            y += 4
        return panel.convert_alpha()

    def draw(self, surface: pygame.Surface, view: BoardView, state: BattleState) -> None:
        key = (language(), surface.get_size())
        if key != self._key or self._panel is None:
            self._panel = self._render(view, state)
            self._key = key
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill((6, 8, 12, 150))
        surface.blit(dim, (0, 0))
        surface.blit(self._panel, self.rect)
