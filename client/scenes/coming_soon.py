"""A placeholder screen for parts of the game not built yet: a heading, "Coming soon" and Back."""

from __future__ import annotations

import pygame
import pygame_gui

from client.context import Context
from client.i18n import key as i18n_key
from client.i18n import tr
from client.scenes.base import Pop, Size, Transition, UIScene
from client.ui import MUTED_TEXT_COLOUR, TITLE_COLOUR


class ComingSoonScene(UIScene):
    """Says that ``heading`` is coming soon; Back or Escape returns to the scene below."""

    def __init__(self, ctx: Context, size: Size, heading: str) -> None:
        self.heading = heading
        super().__init__(ctx, size)

    def build(self) -> None:
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(0, 0, 200, 48), i18n_key("common.back"), manager=self.ui, object_id="#back"
        )

    def layout(self, size: Size) -> None:
        w, h = size
        self.back.set_relative_position(((w - 200) // 2, int(h * 0.62)))
        heading_font = pygame.font.Font(None, max(40, h // 10))
        self.heading_text = heading_font.render(self.heading, True, TITLE_COLOUR)
        note_font = pygame.font.Font(None, max(24, h // 24))
        self.note_text = note_font.render(tr("common.coming_soon"), True, MUTED_TEXT_COLOUR)

    def on_button(self, button: pygame_gui.core.UIElement) -> Transition | None:
        return Pop() if button is self.back else None

    def on_event(self, ev: pygame.event.Event) -> Transition | None:
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            return Pop()
        return None

    def draw_scene(self, surface: pygame.Surface) -> None:
        w, h = self.size
        surface.blit(self.heading_text, self.heading_text.get_rect(center=(w // 2, int(h * 0.35))))
        surface.blit(self.note_text, self.note_text.get_rect(center=(w // 2, int(h * 0.47))))
