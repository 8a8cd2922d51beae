"""Settings: language, animation speed, fullscreen, the computer opponent, and key bindings.

Every change is applied at once through :meth:`client.context.Context.apply` (the language
switches, the window changes, the file is saved). A value button cycles through its choices;
a key button waits for the next key press and binds it.
"""

from __future__ import annotations

import pygame
import pygame_gui

from client.battle.opponent import AUTO, strongest_level
from client.context import Context
from client.i18n import LANGUAGES, tr
from client.i18n import key as i18n_key
from client.render import text
from client.scenes.base import Pop, Size, Transition, UIScene
from client.settings import DEFAULT_KEYS, SPEEDS, Settings
from client.ui import MUTED_TEXT_COLOUR, TITLE_COLOUR
from rules.tactics.ai import player_names

ROW_H = 40
GAP = 8
LABEL_W = 230
VALUE_W = 230
GENERAL = ("language", "speed", "fullscreen", "ai_level")


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


class SettingsScene(UIScene):
    """Two columns: general settings on the left, key bindings on the right; Back below."""

    def __init__(self, ctx: Context, size: Size) -> None:
        self.waiting_for: str | None = None  # the action whose key is being rebound
        super().__init__(ctx, size)

    def build(self) -> None:
        def row(
            name: str, label_key: str
        ) -> tuple[pygame_gui.elements.UILabel, pygame_gui.elements.UIButton]:
            label = pygame_gui.elements.UILabel(
                pygame.Rect(0, 0, LABEL_W, ROW_H),
                i18n_key(label_key),
                manager=self.ui,
                object_id="#settings_label",
            )
            button = pygame_gui.elements.UIButton(
                pygame.Rect(0, 0, VALUE_W, ROW_H), "", manager=self.ui, object_id=f"#settings_{name}"
            )
            return label, button

        self.general = {name: row(name, f"settings.{name}") for name in GENERAL}
        self.keys = {action: row(f"key_{action}", f"key.{action}") for action in DEFAULT_KEYS}
        self.reset = pygame_gui.elements.UIButton(
            pygame.Rect(0, 0, VALUE_W, ROW_H),
            i18n_key("settings.reset_keys"),
            manager=self.ui,
            object_id="#reset_keys",
        )
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(0, 0, 200, 48), i18n_key("common.back"), manager=self.ui, object_id="#back"
        )

    @property
    def buttons(self) -> dict[str, pygame_gui.elements.UIButton]:
        found = {name: button for name, (_, button) in self.general.items()}
        found.update({f"key_{action}": button for action, (_, button) in self.keys.items()})
        return found

    def layout(self, size: Size) -> None:
        w, h = size
        column_w = LABEL_W + VALUE_W + GAP
        two_columns = w >= 2 * column_w + 80
        top = max(90, h // 7)
        if two_columns:
            left_x = w // 2 - column_w - 30
            right_x = w // 2 + 30
            key_top = top
        else:
            left_x = right_x = (w - column_w) // 2
            key_top = top + len(GENERAL) * (ROW_H + GAP) + 24
        for i, (label, button) in enumerate(self.general.values()):
            y = top + i * (ROW_H + GAP)
            label.set_relative_position((left_x, y))
            button.set_relative_position((left_x + LABEL_W + GAP, y))
        for i, (label, button) in enumerate(self.keys.values()):
            y = key_top + i * (ROW_H - 4 + GAP // 2)
            label.set_relative_position((right_x, y))
            button.set_relative_position((right_x + LABEL_W + GAP, y))
        rows = len(DEFAULT_KEYS)
        self.reset.set_relative_position(
            (right_x + LABEL_W + GAP, key_top + rows * (ROW_H - 4 + GAP // 2) + 6)
        )
        self.back.set_relative_position(
            ((w - 200) // 2, min(h - 64, max(self.reset.rect.bottom + 16, h - 80)))
        )
        self.title_text = text.text(tr("settings.title"), max(36, min(56, h // 14)), TITLE_COLOUR, True)
        self.note_text = text.text(tr("settings.saved"), 16, MUTED_TEXT_COLOUR)
        self.refresh_values()

    def value_text(self, name: str, settings: Settings) -> str:
        if name == "language":
            return tr(f"language.{settings.language}")
        if name == "speed":
            return tr(f"speed.{settings.speed}")
        if name == "fullscreen":
            return tr("settings.on" if settings.fullscreen else "settings.off")
        if settings.ai_level == AUTO or settings.ai_level not in player_names():
            return tr("ai.auto", name=ai_name(strongest_level()))
        return ai_name(settings.ai_level)

    def refresh_values(self) -> None:
        settings = self.ctx.settings
        for name, (_, button) in self.general.items():
            button.set_text(self.value_text(name, settings))
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
            else:
                self.change(ai_level=cycle([AUTO, *player_names()], settings.ai_level))
            return None
        for action, (_, key_button) in self.keys.items():
            if button is key_button:
                self.waiting_for = None if self.waiting_for == action else action
                self.refresh_values()
        return None

    def on_event(self, ev: pygame.event.Event) -> Transition | None:
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
        w, h = self.size
        surface.blit(self.title_text, self.title_text.get_rect(midtop=(w // 2, max(16, h // 7 - 80))))
        surface.blit(self.note_text, self.note_text.get_rect(midbottom=(w // 2, self.back.rect.top - 8)))
