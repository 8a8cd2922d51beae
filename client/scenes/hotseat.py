"""Hot-seat setup: two people on one machine pick a PvP map and, on a flags map, the flag mode (P-MODE-3)."""

from __future__ import annotations

import pygame
import pygame_gui

from client.battle.missions import MapEntry
from client.battle.scene import TacticsScene
from client.battle.setup_override import with_flag_mode
from client.battle.spec import load_spec
from client.i18n import key as i18n_key
from client.i18n import tr
from client.render import text
from client.scenes.base import Push, Size, Transition
from client.scenes.map_list import MapListScene
from client.tiled import MapError
from client.ui import MUTED_TEXT_COLOUR
from client.ui.scale import px
from rules.tactics.setup import BattleSetup, Mode, Objective


class HotseatScene(MapListScene):
    mode = Mode.PVP
    title_key = "hotseat.title"
    start_key = "hotseat.start"
    empty_key = "hotseat.empty"

    def build_extra(self) -> None:
        self.flag_mode: int | None = None
        self.flag_buttons = {
            mode: pygame_gui.elements.UIButton(
                pygame.Rect(0, 0, 280, 40),
                i18n_key(f"hotseat.flag_mode_{mode}"),
                manager=self.ui,
                object_id=f"#flag_mode_{mode}",
            )
            for mode in (1, 2)
        }

    def has_flags(self) -> bool:
        entry = self.entry
        return entry is not None and entry.setup is not None and entry.setup.objective is Objective.FLAGS

    def layout_extra(self, size: Size) -> None:
        entry = self.entry
        if self.flag_mode is None and entry is not None and entry.setup is not None:
            self.flag_mode = entry.setup.flag_mode
        gap, button_h = px(12), px(40)
        half = (self.detail.w - gap) // 2
        labels = [tr(f"hotseat.flag_mode_{mode}") for mode in self.flag_buttons]
        side_by_side = all(text.label_width(label) <= half for label in labels)
        rows = 1 if side_by_side else len(labels)  # one under the other when a label is too long for half
        if self.has_flags():  # room under the description for the flag mode choice
            self.detail.h = max(px(120), self.detail.h - px(44) - rows * (button_h + px(8)))
        y = self.detail.bottom + px(32)
        for i, (mode, button) in enumerate(self.flag_buttons.items()):
            if side_by_side:
                rect = pygame.Rect(self.detail.x + i * (half + gap), y, half, button_h)
            else:
                rect = pygame.Rect(self.detail.x, y + i * (button_h + px(8)), self.detail.w, button_h)
            if button.rect.size != rect.size:
                button.set_dimensions(rect.size)
            button.set_relative_position(rect.topleft)
            if self.has_flags():
                button.show()
                button.select() if mode == self.flag_mode else button.unselect()
            else:
                button.hide()

    def played_setup(self, setup: BattleSetup) -> BattleSetup:
        return with_flag_mode(setup, self.flag_mode)

    def on_button(self, button: pygame_gui.core.UIElement) -> Transition | None:
        if button in self.map_buttons:
            self.flag_mode = None
        return super().on_button(button)

    def on_extra_button(self, button: pygame_gui.core.UIElement) -> Transition | None:
        for mode, flag_button in self.flag_buttons.items():
            if button is flag_button:
                self.flag_mode = mode
                self.layout(self.size)
        return None

    def start_battle(self, entry: MapEntry) -> Transition | None:
        try:
            spec = load_spec(entry.path, self.ctx.settings, hotseat=True, flag_mode=self.flag_mode)
        except MapError as exc:
            self.message = str(exc)
            return None
        return Push(TacticsScene(self.ctx, self.size, spec))

    def draw_scene(self, surface: pygame.Surface) -> None:
        super().draw_scene(surface)
        left = self.list_x + px(220)  # right of the title
        intro = text.wrap(tr("hotseat.intro"), px(15), max(px(200), self.size[0] - left - self.list_x))
        y = px(32)
        for line in intro[:2]:
            image = text.text(line, px(15), MUTED_TEXT_COLOUR)
            surface.blit(image, (left, y))
            y += image.get_height()
        if self.has_flags():
            label = text.text(tr("hotseat.flag_mode"), px(15), MUTED_TEXT_COLOUR, True)
            surface.blit(label, (self.detail.x, self.detail.bottom + px(8)))
