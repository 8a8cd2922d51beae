"""Settings: language, animation speed, fullscreen, interface size, the computer opponent, key bindings.

Every change is applied at once through :meth:`client.context.Context.apply` (the language
switches, the window changes, the file is saved). A value button cycles through its choices;
the three volumes are sliders (0-100%, its arrows 5% a click) with the value beside them;
a key button waits for the next key press and binds it. The rows sit in a scrolling box between
the title and Back, so a small window (or a large interface size) scrolls them, with the wheel too.
"""

from __future__ import annotations

import pygame
import pygame_gui

from client.context import Context
from client.i18n import LANGUAGES, tr
from client.i18n import key as i18n_key
from client.render import text
from client.scenes.base import Pop, Size, Transition, UIScene
from client.settings import DEFAULT_KEYS, SPEEDS, VOLUMES, Settings
from client.ui import MUTED_TEXT_COLOUR, TITLE_COLOUR
from client.ui import scale as ui_scale
from client.ui.scale import px
from rules.core.players import LEVELS

ROW_H = 40  # design pixels (client.ui.scale)
KEY_ROW_H = 36
GAP = 8
LABEL_W = 230
VALUE_W = 230
BACK_W, BACK_H = 200, 48
SCROLLBAR_W = 20
GENERAL = (
    "language", "speed", "fullscreen", "ui_scale", "ai_level",
    "master_volume", "effects_volume", "music_volume", "mute",
)  # fmt: skip
VOLUME_STEP = 5  # percent a click on a volume slider's arrow moves it
PERCENT_W = 60  # design pixels: the "80%" beside a volume slider
ARROW_W = 30  # design pixels: a volume slider's arrow and sliding buttons (pygame-gui's: 20 at any scale)


def ai_name(level: str) -> str:
    """An AI level's name for people ("normal" -> "Normal" / "Обычный"); unknown levels by their id."""
    name = tr(f"ai.{level}")
    return level.capitalize() if name.endswith(f"ai.{level}") else name


def key_display(name: str) -> str:
    """A bound key as players call it, in the current language ("Space" / «Пробел», "Up arrow")."""
    from client.i18n import key_label

    return key_label(name)


def cycle(values: list[str] | tuple[str, ...], current: str) -> str:
    return values[(values.index(current) + 1) % len(values)] if current in values else values[0]


class VolumeSlider(pygame_gui.elements.UIHorizontalSlider):
    """A 0-100% slider whose arrow and sliding buttons are :data:`ARROW_W` design pixels wide at any
    interface size (pygame-gui builds them 20 pixels wide, and a new theme sets them back)."""

    def rebuild_from_changed_theme_data(self) -> None:
        super().rebuild_from_changed_theme_data()
        self.fit_buttons()

    def fit_buttons(self) -> None:
        width = px(ARROW_W)
        if (self.default_button_width, self.sliding_button_width) == (width, width):
            return
        self.default_button_width = self.sliding_button_width = width
        for button in (self.left_button, self.right_button):  # the arrows are only built when missing
            if button is not None:
                button.kill()
        self.left_button = self.right_button = None
        self.rebuild()


class SettingsScene(UIScene):
    """Two columns: general settings on the left, key bindings on the right; Back below."""

    music = None  # opened from a paused battle too: its loop goes on

    def __init__(self, ctx: Context, size: Size) -> None:
        self.waiting_for: str | None = None  # the action whose key is being rebound
        super().__init__(ctx, size)

    def build(self) -> None:
        def row(
            name: str, label_key: str
        ) -> tuple[pygame_gui.elements.UILabel, pygame_gui.elements.UIButton]:
            label = pygame_gui.elements.UILabel(
                pygame.Rect(0, 0, px(LABEL_W), px(ROW_H)),
                i18n_key(label_key),
                manager=self.ui,
                container=self.rows,
                object_id="#settings_label",
            )
            button = pygame_gui.elements.UIButton(
                pygame.Rect(0, 0, px(VALUE_W), px(ROW_H)),
                "",
                manager=self.ui,
                container=self.rows,
                object_id=f"#settings_{name}",
            )
            return label, button

        self.rows = pygame_gui.elements.UIScrollingContainer(
            pygame.Rect(0, 0, 400, 300), manager=self.ui, allow_scroll_x=False, object_id="#settings_rows"
        )
        self.general = {name: row(name, f"settings.{name}") for name in GENERAL if name not in VOLUMES}
        self.volumes = {name: self._volume_row(name) for name in VOLUMES}
        self.keys = {action: row(f"key_{action}", f"key.{action}") for action in DEFAULT_KEYS}
        self.reset = pygame_gui.elements.UIButton(
            pygame.Rect(0, 0, px(VALUE_W), px(ROW_H)),
            i18n_key("settings.reset_keys"),
            manager=self.ui,
            container=self.rows,
            object_id="#reset_keys",
        )
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(0, 0, BACK_W, BACK_H), i18n_key("common.back"), manager=self.ui, object_id="#back"
        )

    def _volume_row(
        self, name: str
    ) -> tuple[pygame_gui.elements.UILabel, VolumeSlider, pygame_gui.elements.UILabel]:
        """A volume's label, its slider and the percentage shown beside it."""
        label = pygame_gui.elements.UILabel(
            pygame.Rect(0, 0, px(LABEL_W), px(ROW_H)),
            i18n_key(f"settings.{name}"),
            manager=self.ui,
            container=self.rows,
            object_id="#settings_label",
        )
        slider = VolumeSlider(
            pygame.Rect(0, 0, px(VALUE_W - PERCENT_W), px(ROW_H)),
            getattr(self.ctx.settings, name),
            (0, 100),
            manager=self.ui,
            container=self.rows,
            object_id=f"#settings_{name}",
            click_increment=VOLUME_STEP,
        )
        percent = pygame_gui.elements.UILabel(
            pygame.Rect(0, 0, px(PERCENT_W), px(ROW_H)), "", manager=self.ui, container=self.rows
        )
        return label, slider, percent

    @property
    def sliders(self) -> dict[str, VolumeSlider]:
        """The volume sliders by setting name."""
        return {name: slider for name, (_, slider, _) in self.volumes.items()}

    @property
    def buttons(self) -> dict[str, pygame_gui.elements.UIButton]:
        found = {name: button for name, (_, button) in self.general.items()}
        found.update({f"key_{action}": button for action, (_, button) in self.keys.items()})
        return found

    def layout(self, size: Size) -> None:
        w, h = size
        label_w, value_w, gap = px(LABEL_W), px(VALUE_W), px(GAP)
        row_h, key_row_h = px(ROW_H), px(KEY_ROW_H)
        column_w = label_w + value_w + gap
        two_columns = w >= 2 * column_w + px(80)
        self.title_text = text.text(
            tr("settings.title"), px(max(36, min(56, h / self.scale // 14))), TITLE_COLOUR, True
        )
        self.note_text = text.text(tr("settings.saved"), px(16), MUTED_TEXT_COLOUR)
        self.title_top = max(px(16), h // 7 - px(80))
        top = max(self.title_top + self.title_text.get_height() + px(12), h // 7)
        back_y = h - px(BACK_H) - px(24)
        bottom = back_y - self.note_text.get_height() - px(16)  # the rows end above the note
        general_h = len(GENERAL) * (row_h + gap)
        keys_h = len(DEFAULT_KEYS) * (key_row_h + gap // 2) + px(6) + row_h + gap  # a gap below Reset
        if two_columns:
            box_x, box_w = w // 2 - column_w - px(30), 2 * column_w + px(60)
            left_x, right_x, key_top = 0, column_w + px(60), 0
            content_h = max(general_h, keys_h)
        else:
            box_w = column_w + px(SCROLLBAR_W) + gap
            box_x = (w - box_w) // 2
            left_x = right_x = 0
            key_top = general_h + px(24)
            content_h = key_top + keys_h
        box_h = max(row_h, min(content_h, bottom - top))
        self.rows.set_relative_position((box_x, top))
        self.rows.set_dimensions((box_w + px(SCROLLBAR_W), box_h))
        self.rows.set_scrollable_area_dimensions((box_w, content_h))
        for i, name in enumerate(GENERAL):
            y = i * (row_h + gap)
            if name in self.volumes:
                label, slider, percent = self.volumes[name]
                slider_h, percent_w = px(ROW_H - 12), px(PERCENT_W)
                slider.fit_buttons()
                self._place(label, (left_x, y), (label_w, row_h))
                self._place(
                    slider,
                    (left_x + label_w + gap, y + (row_h - slider_h) // 2),
                    (value_w - percent_w, slider_h),
                )
                self._place(percent, (left_x + label_w + gap + value_w - percent_w, y), (percent_w, row_h))
                continue
            label, button = self.general[name]
            self._place(label, (left_x, y), (label_w, row_h))
            self._place(button, (left_x + label_w + gap, y), (value_w, row_h))
        for i, (label, button) in enumerate(self.keys.values()):
            y = key_top + i * (key_row_h + gap // 2)
            self._place(label, (right_x, y), (label_w, key_row_h))
            self._place(button, (right_x + label_w + gap, y), (value_w, key_row_h))
        reset_y = key_top + len(DEFAULT_KEYS) * (key_row_h + gap // 2) + px(6)
        self._place(self.reset, (right_x + label_w + gap, reset_y), (value_w, row_h))
        self._place(self.back, ((w - px(BACK_W)) // 2, back_y), (px(BACK_W), px(BACK_H)))
        self.refresh_values()

    @staticmethod
    def _place(element: pygame_gui.core.UIElement, where: tuple[int, int], size: tuple[int, int]) -> None:
        if element.rect.size != size:
            element.set_dimensions(size)
        element.set_relative_position(where)

    def value_text(self, name: str, settings: Settings) -> str:
        if name == "language":
            return tr(f"language.{settings.language}")
        if name == "speed":
            return tr(f"speed.{settings.speed}")
        if name == "fullscreen":
            return tr("settings.on" if settings.fullscreen else "settings.off")
        if name == "ui_scale":
            return self.scale_text(settings.ui_scale)
        if name == "mute":
            return tr("settings.on" if settings.mute else "settings.off")
        return ai_name(settings.ai_level)

    def scale_text(self, choice: str) -> str:
        """ "Auto (150%)", "125%", or "200% (150% in this window)" when the window has no room for it."""
        used = ui_scale.percent(ui_scale.for_window(self.size, choice))
        factor = ui_scale.chosen_factor(choice)
        if factor is None:
            return tr("settings.scale_auto", n=used)
        chosen = ui_scale.percent(factor)
        return chosen if chosen == used else tr("settings.scale_capped", chosen=chosen, used=used)

    def refresh_values(self) -> None:
        settings = self.ctx.settings
        for name, (_, button) in self.general.items():
            button.set_text(self.value_text(name, settings))
        for name, (_, slider, percent) in self.volumes.items():
            level = getattr(settings, name)
            if slider.current_value != level:
                slider.set_current_value(level)
            percent.set_text(f"{level}%")
        for action, (_, button) in self.keys.items():
            label = (
                tr("settings.press_key") if action == self.waiting_for else key_display(settings.keys[action])
            )
            button.set_text(label)

    def change(self, **changes: object) -> None:
        settings = self.ctx.settings.copy()
        for name, value in changes.items():
            setattr(settings, name, value)
        self.ctx.apply(settings)
        self.refresh_language()
        self.refresh_values()

    def on_button(self, button: pygame_gui.core.UIElement) -> Transition | None:
        settings = self.ctx.settings
        if button is self.back:
            return Pop()
        if button is self.reset:
            self.waiting_for = None
            self.change(keys=dict(DEFAULT_KEYS))
            return None
        general = {b: name for name, (_, b) in self.general.items()}
        if button in general:
            name = general[button]
            if name == "language":
                self.change(language=cycle(LANGUAGES, settings.language))
            elif name == "speed":
                self.change(speed=cycle(SPEEDS, settings.speed))
            elif name == "fullscreen":
                self.change(fullscreen=not settings.fullscreen)
            elif name == "ui_scale":
                self.change(ui_scale=cycle(ui_scale.CHOICES, settings.ui_scale))
            elif name == "mute":
                self.change(mute=not settings.mute)
            else:
                self.change(ai_level=cycle(LEVELS, settings.ai_level))
            return None
        for action, (_, key_button) in self.keys.items():
            if button is key_button:
                self.waiting_for = None if self.waiting_for == action else action
                self.refresh_values()
        return None

    def on_event(self, ev: pygame.event.Event) -> Transition | None:
        if ev.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
            name = next((n for n, slider in self.sliders.items() if slider is ev.ui_element), None)
            level = max(0, min(100, round(ev.value)))
            if name is not None and level != getattr(self.ctx.settings, name):
                self.change(**{name: level})  # heard at once, saved with the other settings
            return None
        if ev.type != pygame.KEYDOWN:
            return None
        if self.waiting_for is not None:
            name = pygame.key.name(ev.key)
            if name and pygame.key.key_code(name) == ev.key:
                keys = dict(self.ctx.settings.keys)
                for action, bound in keys.items():  # a key does one thing: swap with its old owner
                    if bound == name and action != self.waiting_for:
                        keys[action] = keys[self.waiting_for]
                keys[self.waiting_for] = name
                self.waiting_for = None
                self.change(keys=keys)
            return None
        if ev.key == pygame.K_ESCAPE:
            return Pop()
        return None

    def draw_scene(self, surface: pygame.Surface) -> None:
        w = self.size[0]
        surface.blit(self.title_text, self.title_text.get_rect(midtop=(w // 2, self.title_top)))
        surface.blit(self.note_text, self.note_text.get_rect(midbottom=(w // 2, self.back.rect.top - px(8))))
