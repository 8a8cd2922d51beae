"""The main menu: the game's title and the Missions, Hero Duel, Hot-seat, Replays, Settings and Quit buttons.

The buttons form a centred column that is placed again whenever the window is resized; their
labels are translation keys, so a change of language in Settings shows here at once.
"""

from __future__ import annotations

import pygame
import pygame_gui

from client.debug import write_debug_state
from client.i18n import key as i18n_key
from client.i18n import tr
from client.render import text
from client.scenes.base import Push, Quit, Size, Transition, UIScene
from client.ui import MUTED_TEXT_COLOUR, TITLE_COLOUR
from client.ui.scale import current, px

BUTTONS = ("missions", "duel", "skirmish", "hotseat", "replays", "settings", "quit")
BUTTON_WIDTH = 280


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

    def layout(self, size: Size) -> None:
        w, h = size
        design_h = h / current()  # the window's height in design pixels
        button_h = px(max(24, min(56, design_h // (2 * len(BUTTONS)))))  # fits under the title at 360 px
        button_w = px(BUTTON_WIDTH)
        gap = button_h // 4
        column_h = len(BUTTONS) * button_h + (len(BUTTONS) - 1) * gap
        top = min(int(h * 0.42), h - column_h - px(24))
        x = (w - button_w) // 2
        for i, button in enumerate(self.buttons.values()):
            button.set_dimensions((button_w, button_h))
            button.set_relative_position((x, top + i * (button_h + gap)))
        self.title_text = text.text("Runetide", px(max(56, min(160, design_h // 5))), TITLE_COLOUR, True)
        self.tagline_text = text.text(tr("menu.tagline"), px(max(16, design_h // 36)), MUTED_TEXT_COLOUR)
        self.title_centre = (w // 2, max(self.title_text.get_height() // 2 + px(8), int(top * 0.45)))

    def on_button(self, button: pygame_gui.core.UIElement) -> Transition | None:
        if button is self.buttons["quit"]:
            return Quit()
        if button is self.buttons["missions"]:
            from client.scenes.missions import MissionsScene

            return Push(MissionsScene(self.ctx, self.size))
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

    def update(self, dt: float) -> None:
        super().update(dt)
        write_debug_state("menu", buttons={k: b.rect.center for k, b in self.buttons.items()})

    def draw_scene(self, surface: pygame.Surface) -> None:
        title_rect = self.title_text.get_rect(center=self.title_centre)
        surface.blit(self.title_text, title_rect)
        tagline_rect = self.tagline_text.get_rect(midtop=(title_rect.centerx, title_rect.bottom + px(4)))
        surface.blit(self.tagline_text, tagline_rect)
