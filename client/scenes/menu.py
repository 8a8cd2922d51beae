"""The main menu: the game's title and the Missions, Hot-seat, Settings and Quit buttons.

Missions, Hot-seat and Settings open a "Coming soon" placeholder until their scenes exist.
The buttons form a centred column that is placed again whenever the window is resized.
"""

from __future__ import annotations

import pygame
import pygame_gui

from client.scenes.base import Push, Quit, Size, Transition, UIScene
from client.scenes.coming_soon import ComingSoonScene
from client.ui import MUTED_TEXT_COLOUR, TITLE_COLOUR

BUTTONS = (("missions", "Missions"), ("hotseat", "Hot-seat"), ("settings", "Settings"), ("quit", "Quit"))
BUTTON_WIDTH = 280
TAGLINE = "Grid tactics  ·  Hero duels  ·  Arena ladder"


class MenuScene(UIScene):
    """The first scene: choose what to play, or quit."""

    def build(self) -> None:
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {
            key: pygame_gui.elements.UIButton(
                pygame.Rect(0, 0, BUTTON_WIDTH, 48), label, manager=self.ui, object_id=f"#menu_{key}"
            )
            for key, label in BUTTONS
        }

    def layout(self, size: Size) -> None:
        w, h = size
        button_h = max(36, min(56, h // 13))
        gap = button_h // 4
        column_h = len(BUTTONS) * button_h + (len(BUTTONS) - 1) * gap
        top = min(int(h * 0.42), h - column_h - 24)
        x = (w - BUTTON_WIDTH) // 2
        for i, button in enumerate(self.buttons.values()):
            button.set_dimensions((BUTTON_WIDTH, button_h))
            button.set_relative_position((x, top + i * (button_h + gap)))
        title_font = pygame.font.Font(None, max(56, min(160, h // 5)))
        self.title_text = title_font.render("Runetide", True, TITLE_COLOUR)
        self.tagline_text = pygame.font.Font(None, max(20, h // 30)).render(TAGLINE, True, MUTED_TEXT_COLOUR)
        self.title_centre = (w // 2, max(self.title_text.get_height() // 2 + 8, int(top * 0.45)))

    def on_button(self, button: pygame_gui.core.UIElement) -> Transition | None:
        if button is self.buttons["quit"]:
            return Quit()
        for key, label in BUTTONS:
            if button is self.buttons[key]:
                return Push(ComingSoonScene(label, self.size))
        return None

    def draw_scene(self, surface: pygame.Surface) -> None:
        title_rect = self.title_text.get_rect(center=self.title_centre)
        surface.blit(self.title_text, title_rect)
        tagline_rect = self.tagline_text.get_rect(midtop=(title_rect.centerx, title_rect.bottom + 4))
        surface.blit(self.tagline_text, tagline_rect)
