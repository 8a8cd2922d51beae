"""A list of maps with the chosen one described on the right: the shared shape of Missions and Hot-seat.

Left: one button per map, in a column that scrolls when it is longer than the window. Right:
a thumbnail of the pre-rendered map, then the name, objective, battle feature, round limit and
both armies. Subclasses add their own widgets and decide what the start button does; the
Replays list (:mod:`client.scenes.replays`) lists replay files the same way.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui

from client.battle.missions import MapEntry, army_lines, objective_text, scan_maps
from client.context import Context
from client.debug import write_debug_state
from client.i18n import key as i18n_key
from client.i18n import language, tr
from client.render import text
from client.render.map_layers import load_map_art
from client.scenes.base import Pop, Size, Transition, UIScene
from client.ui import MUTED_TEXT_COLOUR, PANEL, PANEL_EDGE, TEXT_COLOUR, TITLE_COLOUR
from client.ui.scale import px
from rules.tactics.features import feature_text
from rules.tactics.setup import BattleSetup, Mode

LIST_W = 280  # design pixels (client.ui.scale)
BUTTON_H = 44
ROW_H = BUTTON_H + 8
SCROLLBAR_W = 20
MARGIN = 40  # left of the list and below the title
TOP = 96  # the list's and the panel's top
FOOT = 96  # below them: the Back and start buttons
START_W, BACK_W, FOOT_BUTTON_H = 200, 160, 48


class MapListScene(UIScene):
    """Pick a map of ``mode``; ``title_key`` heads the screen, ``start_key`` labels the start button."""

    mode = Mode.MISSION
    title_key = "missions.title"
    start_key = "common.play"
    empty_key = "missions.empty"
    list_w = LIST_W

    def __init__(self, ctx: Context, size: Size) -> None:
        self.entries: list = self.scan(ctx)
        self.chosen = next((i for i, e in enumerate(self.entries) if e.setup is not None), 0)
        self._thumbs: dict[str, pygame.Surface | None] = {}
        self.message = ""
        super().__init__(ctx, size)

    def scan(self, ctx: Context) -> list:
        """The entries to list: here the maps of ``mode`` in ``ctx``'s maps folder (broken ones included)."""
        return scan_maps(ctx.maps_dir, self.mode)

    def entry_text(self, entry: MapEntry) -> str:
        """The whole text of an entry's button (the map's title)."""
        return entry.name

    def entry_label(self, entry: MapEntry) -> str:
        """The text of an entry's button: :meth:`entry_text`, cut with "…" if the button is too narrow
        (``layout`` sets it again when the scale changes)."""
        return text.fit_label(self.entry_text(entry), self.list_w)

    def entry_tooltip(self, entry: MapEntry) -> str | None:
        """The whole text when the button's label is cut, shown on hover (None when nothing was cut)."""
        whole = self.entry_text(entry)
        return whole if self.entry_label(entry) != whole else None

    def relabel_entry(self, index: int) -> None:
        """Rewrite entry ``index``'s button (its label and tooltip) after the entry changed."""
        button, entry = self.map_buttons[index], self.entries[index]
        button.set_text(self.entry_label(entry))
        button.set_tooltip(self.entry_tooltip(entry))

    def build(self) -> None:
        self.list_box = pygame_gui.elements.UIScrollingContainer(
            pygame.Rect(0, 0, self.list_w + SCROLLBAR_W, ROW_H),
            manager=self.ui,
            allow_scroll_x=False,
            object_id="#map_list",
        )
        self.map_buttons = [
            pygame_gui.elements.UIButton(
                pygame.Rect(0, i * ROW_H, self.list_w, BUTTON_H),
                self.entry_label(entry),
                manager=self.ui,
                container=self.list_box,
                tool_tip_text=self.entry_tooltip(entry),
                object_id=f"#map_{i}",
            )
            for i, entry in enumerate(self.entries)
        ]
        self.start = pygame_gui.elements.UIButton(
            pygame.Rect(0, 0, START_W, FOOT_BUTTON_H),
            i18n_key(self.start_key),
            manager=self.ui,
            object_id="#start",
        )
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(0, 0, BACK_W, FOOT_BUTTON_H),
            i18n_key("common.back"),
            manager=self.ui,
            object_id="#back",
        )
        self.build_extra()

    def build_extra(self) -> None:
        """Subclasses add widgets here."""

    @property
    def entry(self) -> MapEntry | None:
        return self.entries[self.chosen] if self.entries else None

    def layout(self, size: Size) -> None:
        w, h = size
        self.list_x, self.top = px(MARGIN), px(TOP)
        list_w, row_h = px(self.list_w), px(ROW_H)
        list_h = max(row_h, h - self.top - px(FOOT))
        self.list_box.set_relative_position((self.list_x, self.top))
        self.list_box.set_dimensions((list_w + px(SCROLLBAR_W), list_h))
        rows_h = max(1, len(self.entries) * row_h)  # a gap below the last button too
        self.list_box.set_scrollable_area_dimensions((list_w, rows_h))
        for i, (entry, button) in enumerate(zip(self.entries, self.map_buttons, strict=True)):
            button.set_relative_position((0, i * row_h))
            if button.rect.size != (list_w, px(BUTTON_H)):
                button.set_dimensions((list_w, px(BUTTON_H)))
            if button.text != self.entry_label(entry):
                self.relabel_entry(i)
            button.select() if i == self.chosen else button.unselect()
        self.detail = pygame.Rect(
            self.list_x + list_w + px(30), self.top, w - list_w - px(110), h - self.top - px(FOOT)
        )
        foot_y = h - px(72)
        for button, width in ((self.back, BACK_W), (self.start, START_W)):
            button.set_dimensions((px(width), px(FOOT_BUTTON_H)))
        self.back.set_relative_position((self.list_x, foot_y))
        self.start.set_relative_position((self.detail.right - px(START_W), foot_y))
        if self.entry is None or self.entry.setup is None:
            self.start.disable()
        else:
            self.start.enable()
        self.layout_extra(size)

    def layout_extra(self, size: Size) -> None:
        """Subclasses place their widgets here."""

    def thumbnail_source(self, entry: MapEntry) -> Path:
        """The map file an entry's thumbnail is drawn from."""
        return entry.path

    def thumbnail(self, entry: MapEntry, box: tuple[int, int]) -> pygame.Surface | None:
        source = self.thumbnail_source(entry)
        key = f"{source}:{box}"
        if key not in self._thumbs:
            try:
                _, art = load_map_art(source)
                image = art.background
                scale = min(box[0] / image.get_width(), box[1] / image.get_height())
                size = (max(1, round(image.get_width() * scale)), max(1, round(image.get_height() * scale)))
                self._thumbs[key] = pygame.transform.smoothscale(image, size)
            except Exception:  # a picture is a nicety: a map that fails here says why when played
                self._thumbs[key] = None
        return self._thumbs[key]

    def detail_lines(self, entry: MapEntry) -> list[tuple[str, int, tuple, bool]]:
        """(text, size in design pixels, colour, bold) lines describing the map."""
        setup = entry.setup
        if setup is None:
            return [
                (entry.name, 28, TITLE_COLOUR, True),
                (tr("missions.broken"), 18, TEXT_COLOUR, False),
                (entry.error or "", 15, MUTED_TEXT_COLOUR, False),
            ]
        lines = [(entry.name, 28, TITLE_COLOUR, True)]
        lines.append((tr("missions.objective"), 15, MUTED_TEXT_COLOUR, True))
        lines.append((objective_text(self.played_setup(setup)), 18, TEXT_COLOUR, False))
        lines.append((tr("missions.feature"), 15, MUTED_TEXT_COLOUR, True))
        lines.append((feature_text(setup.feature, language()), 18, TEXT_COLOUR, False))
        if setup.round_limit:
            lines.append((tr("missions.round_limit", n=setup.round_limit), 16, TEXT_COLOUR, False))
        sides = ((2, "missions.enemy"), (1, "missions.yours"))
        if self.mode is Mode.PVP:
            sides = ((1, "team.red"), (2, "team.blue"))
        for team, heading in sides:
            lines.append((tr(heading), 15, MUTED_TEXT_COLOUR, True))
            lines.append(("   ".join(army_lines(setup.army(team))), 17, TEXT_COLOUR, False))
        return lines

    def played_setup(self, setup: BattleSetup) -> BattleSetup:
        """The setup as it will be played (hot-seat may change the flag mode)."""
        return setup

    def on_button(self, button: pygame_gui.core.UIElement) -> Transition | None:
        if button is self.back:
            return Pop()
        if button in self.map_buttons:
            self.chosen = self.map_buttons.index(button)
            self.message = ""
            self.layout(self.size)
            return None
        if button is self.start and self.entry is not None and self.entry.setup is not None:
            return self.start_battle(self.entry)
        return self.on_extra_button(button)

    def on_extra_button(self, button: pygame_gui.core.UIElement) -> Transition | None:
        return None

    def start_battle(self, entry: MapEntry) -> Transition | None:
        raise NotImplementedError

    def empty_text(self) -> str:
        """The line shown when there is nothing to list."""
        return tr(self.empty_key, path=str(self.ctx.maps_dir))

    def on_event(self, ev: pygame.event.Event) -> Transition | None:
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            return Pop()
        return None

    def update(self, dt: float) -> None:
        super().update(dt)
        buttons = {"start": self.start.rect.center, "back": self.back.rect.center}
        maps = [
            [entry.name, button.rect.center]
            for entry, button in zip(self.entries, self.map_buttons, strict=True)
        ]
        write_debug_state(type(self).__name__, buttons=buttons, maps=maps, chosen=self.chosen)

    def draw_scene(self, surface: pygame.Surface) -> None:
        title = text.text(tr(self.title_key), px(40), TITLE_COLOUR, True)
        surface.blit(title, (self.list_x, px(28)))
        if not self.entries:
            y = self.top
            for line in text.wrap(self.empty_text(), px(18), max(px(200), self.size[0] - 2 * self.list_x)):
                note = text.text(line, px(18), MUTED_TEXT_COLOUR)
                surface.blit(note, (self.list_x, y))
                y += note.get_height() + px(2)
            return
        pygame.draw.rect(surface, PANEL, self.detail, border_radius=px(10))
        pygame.draw.rect(surface, PANEL_EDGE, self.detail, 1, border_radius=px(10))
        entry = self.entries[self.chosen]
        x, y = self.detail.x + px(20), self.detail.y + px(16)
        width = self.detail.w - px(40)
        images = []  # the description first: the thumbnail gets the room it leaves
        for line, design_size, colour, bold in self.detail_lines(entry):
            size = px(design_size)
            images.extend(text.text(part, size, colour, bold) for part in text.wrap(line, size, width, bold))
            images.append(None)  # a small gap after each line
        text_h = sum(image.get_height() if image is not None else px(4) for image in images)
        room = self.detail.h - px(16 + 8 + 12) - text_h
        thumb_h = min(max(px(80), self.detail.h * 2 // 5 - px(30)), room)
        thumb = self.thumbnail(entry, (width, thumb_h)) if entry.setup and thumb_h >= px(48) else None
        if thumb is not None:
            surface.blit(thumb, thumb.get_rect(midtop=(self.detail.centerx, y)))
            y += thumb.get_height() + px(12)
        for image in images:
            if image is None:
                y += px(4)
                continue
            if y + image.get_height() > self.detail.bottom - px(8):
                return
            surface.blit(image, (x, y))
            y += image.get_height()
        if self.message:
            note = text.text(self.message, px(16), (240, 120, 110))
            corner = (self.start.rect.left - px(12), self.start.rect.bottom - px(12))
            surface.blit(note, note.get_rect(bottomright=corner))
