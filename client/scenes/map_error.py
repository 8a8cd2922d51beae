"""A map that does not validate, shown on screen: every MapError (file, layer, object, what to fix)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pygame
import pygame_gui

from client.context import Context
from client.debug import write_debug_state
from client.i18n import key as i18n_key
from client.i18n import tr
from client.render import text
from client.scenes.base import Pop, Size, Transition, UIScene
from client.ui import BAD, MUTED_TEXT_COLOUR, TEXT_COLOUR
from client.ui.scale import px


class MapErrorScene(UIScene):
    """Lists ``errors`` of ``path``; ``watching`` adds the hint that saving the map retries."""

    def __init__(
        self, ctx: Context, size: Size, path: Path, errors: Sequence[object], watching: bool = False
    ) -> None:
        self.path = path
        self.errors = [str(e) for e in errors]
        self.watching = watching
        super().__init__(ctx, size)

    def build(self) -> None:
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(0, 0, px(200), px(48)), i18n_key("common.back"), manager=self.ui, object_id="#back"
        )

    def layout(self, size: Size) -> None:
        w, h = size
        self.back.set_dimensions((px(200), px(48)))
        self.back.set_relative_position(((w - px(200)) // 2, h - px(80)))

    def on_button(self, button: pygame_gui.core.UIElement) -> Transition | None:
        return Pop() if button is self.back else None

    def on_event(self, ev: pygame.event.Event) -> Transition | None:
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            return Pop()
        return None

    def update(self, dt: float) -> None:
        super().update(dt)
        write_debug_state("map_error", path=str(self.path), errors=self.errors)

    def draw_scene(self, surface: pygame.Surface) -> None:
        w, h = self.size
        x, y = px(48), px(40)
        title = text.text(tr("watch.title"), px(34), BAD, True)
        surface.blit(title, (x, y))
        y += title.get_height() + px(8)
        if self.watching:
            for line in (tr("watch.watching", path=str(self.path)), tr("watch.hint")):
                image = text.text(line, px(17), MUTED_TEXT_COLOUR)
                surface.blit(image, (x, y))
                y += image.get_height() + px(2)
            y += px(10)
        for error in self.errors:
            for part in text.wrap(error, px(17), w - 2 * x):
                if y > h - px(120):
                    return
                image = text.text(part, px(17), TEXT_COLOUR)
                surface.blit(image, (x, y))
                y += image.get_height()
            y += px(8)
