"""The main menu: the title, the player's profile, and a button per thing to do.

The buttons are laid out generically from :data:`BUTTONS`: one centred column when it fits under
the title and the profile strip, else two (or more) columns filled row by row (a short last row
centred), so ten buttons still fit at 960x600.
Labels are translation keys, so a change of language in Settings shows here at once. The profile
strip (name, league badge, cups, piastres, rum, supplies; P-MODE-1) comes from
:mod:`client.meta.view`; a notice about a repaired profile file is shown once, under it.
"""

from __future__ import annotations

import math
import time

import pygame
import pygame_gui

from client.debug import write_debug_state
from client.i18n import key as i18n_key
from client.i18n import tr
from client.render import text
from client.scenes.base import Push, Quit, Size, Transition, UIScene
from client.ui import MUTED_TEXT_COLOUR, TITLE_COLOUR, WARN
from client.ui.scale import current, px

# Read row by row: the two ways to play a battle, the ladder, the two hero games, then the rest;
# Quit always last (alone on the last row, centred, when the count is odd).
BUTTONS = ("missions", "hotseat", "arena", "barracks", "duel", "skirmish", "replays", "settings", "quit")
BUTTON_WIDTH = 280
MAX_COLUMNS = 3


def grid(count: int, rows_fit: int) -> tuple[int, int]:
    """(columns, rows) for ``count`` buttons when ``rows_fit`` rows fit: the fewest columns."""
    columns = min(MAX_COLUMNS, max(1, math.ceil(count / max(1, rows_fit))))
    return columns, math.ceil(count / columns)


class MenuScene(UIScene):
    """The first scene: choose what to play, or quit."""

    def build(self) -> None:
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {
            key: pygame_gui.elements.UIButton(
                pygame.Rect(0, 0, BUTTON_WIDTH, 48),
                i18n_key(f"menu.{key}"),
                manager=self.ui,
                object_id=f"#menu_{key}",
            )
            for key in BUTTONS
        }
        from client.meta.state import meta_of
        from client.meta.view import notice_text

        found = meta_of(self.ctx).take_notice()  # the profile is loaded here, on the first menu
        self.notice = notice_text(found) if found is not None else ""

    def layout(self, size: Size) -> None:
        w, h = size
        design_h = h / current()  # the window's height in design pixels
        title_size = px(max(44, min(150, design_h // 7)))
        self.title_text = text.text("Runetide", title_size, TITLE_COLOUR, True)
        self.tagline_text = text.text(tr("menu.tagline"), px(max(16, design_h // 36)), MUTED_TEXT_COLOUR)
        self.title_centre = (w // 2, px(8) + self.title_text.get_height() // 2)
        y = self.title_centre[1] + self.title_text.get_height() // 2 + px(4) + self.tagline_text.get_height()
        self.strip = self._strip(w)
        self.strip_top = y + px(10)
        y = self.strip_top + (self.strip.get_height() if self.strip is not None else 0) + px(8)
        self.notice_lines = (
            [text.text(line, px(16), WARN) for line in text.wrap(self.notice, px(16), w - px(80))]
            if self.notice
            else []
        )
        self.notice_top = y
        y += sum(i.get_height() + px(2) for i in self.notice_lines) + px(10)
        button_h = px(max(28, min(52, design_h // 16)))
        gap = button_h // 4
        rows_fit = max(1, (h - y - px(16) + gap) // (button_h + gap))
        columns, rows = grid(len(self.buttons), rows_fit)
        button_w = min(px(BUTTON_WIDTH), (w - px(40) - (columns - 1) * px(16)) // columns)
        column_h = rows * button_h + (rows - 1) * gap
        top = max(y, min(y + (h - y - column_h) // 3, h - column_h - px(16)))
        left = (w - columns * button_w - (columns - 1) * px(16)) // 2
        for i, button in enumerate(self.buttons.values()):
            row, col = divmod(i, columns)  # filled row by row, so the order reads left to right
            in_row = min(columns, len(self.buttons) - row * columns)
            row_left = left + (columns - in_row) * (button_w + px(16)) // 2  # a short last row is centred
            button.set_dimensions((button_w, button_h))
            button.set_relative_position((row_left + col * (button_w + px(16)), top + row * (button_h + gap)))

    def _strip(self, width: int) -> pygame.Surface | None:
        if self.ctx.meta is None:
            return None
        from client.meta.view import profile_strip

        meta = self.ctx.meta
        return profile_strip(meta.refresh(), meta.now(), width - px(40), 18)

    def on_button(self, button: pygame_gui.core.UIElement) -> Transition | None:
        if button is self.buttons["quit"]:
            return Quit()
        if button is self.buttons["missions"]:
            from client.scenes.missions import MissionsScene

            return Push(MissionsScene(self.ctx, self.size))
        if button is self.buttons["arena"]:
            from client.scenes.arena import ArenaScene

            return Push(ArenaScene(self.ctx, self.size))
        if button is self.buttons["barracks"]:
            from client.scenes.barracks import BarracksScene

            return Push(BarracksScene(self.ctx, self.size))
        if button is self.buttons["duel"]:
            from client.scenes.duel_setup import DuelSetupScene

            return Push(DuelSetupScene(self.ctx, self.size))
        if button is self.buttons["skirmish"]:
            from client.scenes.skirmish_setup import SkirmishSetupScene

            return Push(SkirmishSetupScene(self.ctx, self.size))
        if button is self.buttons["hotseat"]:
            from client.scenes.hotseat import HotseatScene

            return Push(HotseatScene(self.ctx, self.size))
        if button is self.buttons["replays"]:
            from client.scenes.replays import ReplaysScene

            return Push(ReplaysScene(self.ctx, self.size))
        if button is self.buttons["settings"]:
            from client.scenes.settings import SettingsScene

            return Push(SettingsScene(self.ctx, self.size))
        return None

    def resize(self, size: Size) -> None:
        """Back on top (after the barracks or a battle): the profile may have changed."""
        super().resize(size)
        self.layout(self.size)

    def update(self, dt: float) -> None:
        super().update(dt)
        now = int(time.monotonic())
        if self.ctx.meta is not None and now != getattr(self, "_strip_second", None):
            self._strip_second = now  # the supplies may have grown: the strip is redrawn once a second
            self.strip = self._strip(self.size[0])
        write_debug_state("menu", buttons={k: b.rect.center for k, b in self.buttons.items()})

    def draw_scene(self, surface: pygame.Surface) -> None:
        title_rect = self.title_text.get_rect(center=self.title_centre)
        surface.blit(self.title_text, title_rect)
        tagline_rect = self.tagline_text.get_rect(midtop=(title_rect.centerx, title_rect.bottom + px(4)))
        surface.blit(self.tagline_text, tagline_rect)
        if self.strip is not None:
            surface.blit(self.strip, self.strip.get_rect(midtop=(self.size[0] // 2, self.strip_top)))
        y = self.notice_top
        for line in self.notice_lines:
            surface.blit(line, line.get_rect(midtop=(self.size[0] // 2, y)))
            y += line.get_height() + px(2)
