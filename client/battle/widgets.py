"""The battle scene's pygame-gui widgets: the bottom-bar buttons (a :class:`ButtonBar`, which the
replay viewer's controls reuse), the pause panel, and the confirmations to surrender and to leave
(one look for all three). Labels are set here (with the bound key shown) and again whenever the
language or the key bindings change.
"""

from __future__ import annotations

import pygame
import pygame_gui

from client.i18n import key as i18n_key
from client.i18n import key_label as key_text
from client.i18n import team_colour, tr
from client.settings import Settings
from client.ui.fonts import font

BUTTON_H = 40
GAP = 8
WIDTHS = {"defend": 128, "skip": 128, "surrender": 118, "speed": 118, "menu": 92}


SHORT_KEY_NAMES = {"escape": "Esc"}


def key_name_label(name: str) -> str:
    """ " [Space]" for a pygame key name as the buttons show it ("" for no key)."""
    if not name:
        return ""
    shown = SHORT_KEY_NAMES.get(name) or key_text(name)
    return f" [{shown}]"


def key_label(settings: Settings, action: str) -> str:
    return key_name_label(settings.keys.get(action, ""))


class ButtonBar:
    """A row of buttons right-aligned in the bottom bar, ``widths`` their least widths, in order.

    A label longer than its least width widens its button (both languages fit).
    """

    def __init__(self, ui: pygame_gui.UIManager, widths: dict[str, int], prefix: str = "battle") -> None:
        self.widths = dict(widths)
        self.bar: pygame.Rect | None = None
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {
            name: pygame_gui.elements.UIButton(
                pygame.Rect(0, 0, width, BUTTON_H), "", manager=ui, object_id=f"#{prefix}_{name}"
            )
            for name, width in self.widths.items()
        }

    def __getitem__(self, name: str) -> pygame_gui.elements.UIButton:
        return self.buttons[name]

    def get(self, name: str) -> pygame_gui.elements.UIButton | None:
        """The button called ``name``, or None when this bar has none."""
        return self.buttons.get(name)

    def layout(self, bar: pygame.Rect) -> None:
        self.bar = bar
        self._place()

    def _place(self) -> None:
        """Right-align the buttons in the bar, in order, at their current widths."""
        bar = self.bar
        if bar is None:
            return
        x = bar.right - GAP
        for name in reversed(list(self.widths)):
            button = self.buttons[name]
            x -= button.rect.w
            button.set_relative_position((x, bar.y + (bar.h - BUTTON_H) // 2))
            x -= GAP

    @property
    def left_edge(self) -> int:
        return min(b.rect.left for b in self.buttons.values())

    def width_for(self, name: str, label: str) -> int:
        """The width of button ``name`` showing ``label``: its least width, or wider for a long label."""
        return max(self.widths[name], font(20, True).size(label)[0] + 28)

    def room_left(self, labels: dict[str, str]) -> int:
        """How much of the bar (laid out already) these labels would leave free left of the buttons."""
        if self.bar is None:
            return 0
        used = sum(self.width_for(name, label) + GAP for name, label in labels.items()) + GAP
        return self.bar.w - used

    def set_labels(self, labels: dict[str, str]) -> None:
        """Show ``labels`` (already translated), widening buttons whose label needs it."""
        changed = False
        for name, label in labels.items():
            if self.buttons[name].text != label:
                width = self.width_for(name, label)
                button = self.buttons[name]
                button.set_text(label)
                button.set_dimensions((width, BUTTON_H))
                button.rebuild()  # pygame-gui lays the text out for the old width otherwise
                changed = True
        if changed:
            self._place()

    def enable(self, name: str, on: bool) -> None:
        button = self.buttons[name]
        if on and not button.is_enabled:
            button.enable()
        elif not on and button.is_enabled:
            button.disable()


class BattleButtons(ButtonBar):
    """Defend («Защита»), Skip / End turn, Surrender, animation speed and Menu, right-aligned.

    When the full labels would leave the hint less than :data:`HINT_ROOM` pixels (a narrow window,
    the longer Russian labels), the buttons go compact: no key names, the speed alone.
    """

    def __init__(self, ui: pygame_gui.UIManager) -> None:
        super().__init__(ui, WIDTHS)
        self._shown_for: tuple[Settings, bool] | None = None

    def relabel(self, settings: Settings, mid_turn: bool) -> None:
        self._shown_for = (settings, mid_turn)
        labels = battle_labels(settings, mid_turn, compact=False)
        if self.bar is not None and self.room_left(labels) < HINT_ROOM:
            labels = battle_labels(settings, mid_turn, compact=True)
        self.set_labels(labels)

    def layout(self, bar: pygame.Rect) -> None:
        self.bar = bar
        if self._shown_for is not None:
            self.relabel(*self._shown_for)  # the room for the hint depends on the bar's width
        self._place()


HINT_ROOM = 280  # least width left for the bottom bar's hint (two lines of it)


def battle_labels(settings: Settings, mid_turn: bool, *, compact: bool) -> dict[str, str]:
    """The battle buttons' labels, translated; ``compact`` drops the key names and the word "Speed"."""
    keys = (lambda action: "") if compact else (lambda action: key_label(settings, action))
    speed = tr(f"speed.{settings.speed}")
    return {
        "defend": tr("battle.defend") + keys("defend"),
        "skip": tr("battle.end_turn" if mid_turn else "battle.skip") + keys("skip"),
        "surrender": tr("battle.surrender"),
        "speed": speed if compact else tr("battle.speed", speed=speed),
        "menu": tr("battle.menu"),
    }


PANEL_ID = "#battle_panel"  # the pause menu and the confirmations share one look (theme.json)


class PausePanel:
    """Resume, Settings, Leave battle; shown over the dimmed battle."""

    def __init__(self, ui: pygame_gui.UIManager, size: tuple[int, int]) -> None:
        rect = pygame.Rect(0, 0, 300, 236)
        rect.center = (size[0] // 2, size[1] // 2)
        self.panel = pygame_gui.elements.UIPanel(rect, starting_height=5, manager=ui, object_id=PANEL_ID)
        pygame_gui.elements.UILabel(
            pygame.Rect(0, 12, 296, 36), i18n_key("pause.title"), manager=ui, container=self.panel
        )
        self.buttons = {}
        for i, name in enumerate(("resume", "settings", "leave")):
            self.buttons[name] = pygame_gui.elements.UIButton(
                pygame.Rect(30, 60 + i * 54, 236, 44),
                i18n_key(f"pause.{name}"),
                manager=ui,
                container=self.panel,
                object_id=f"#pause_{name}",
            )

    def kill(self) -> None:
        self.panel.kill()


CONFIRM_W, CONFIRM_H = 460, 230


class ConfirmPanel:
    """A yes / no question in the pause menu's look: a title, a line of text, two buttons.

    ``purpose`` says what the question is for ("surrender", "leave"); the scene reads it when
    ``buttons["yes"]`` is pressed. ``buttons["no"]`` (or Esc) closes the panel.
    """

    def __init__(
        self,
        ui: pygame_gui.UIManager,
        size: tuple[int, int],
        purpose: str,
        text_key: str,
        **text_params: str,
    ) -> None:
        self.purpose = purpose
        rect = pygame.Rect(0, 0, CONFIRM_W, CONFIRM_H)
        rect.center = (size[0] // 2, size[1] // 2)
        self.panel = pygame_gui.elements.UIPanel(rect, starting_height=8, manager=ui, object_id=PANEL_ID)
        inner = CONFIRM_W - 4
        pygame_gui.elements.UILabel(
            pygame.Rect(0, 12, inner, 36),
            i18n_key(f"battle.{purpose}_title"),
            manager=ui,
            container=self.panel,
        )
        self.text = pygame_gui.elements.UITextBox(
            i18n_key(text_key),
            pygame.Rect(24, 54, inner - 48, 96),
            manager=ui,
            container=self.panel,
            object_id="#confirm_text",
            text_kwargs=dict(text_params),
        )
        self.buttons = {}
        for i, name in enumerate(("yes", "no")):
            self.buttons[name] = pygame_gui.elements.UIButton(
                pygame.Rect(24 + i * (inner - 48 + 12) // 2, CONFIRM_H - 70, (inner - 48 - 12) // 2, 44),
                i18n_key(f"battle.{purpose}_{name}"),
                manager=ui,
                container=self.panel,
                object_id=f"#confirm_{name}",
            )

    def kill(self) -> None:
        self.panel.kill()


def surrender_panel(
    ui: pygame_gui.UIManager, size: tuple[int, int], team: int, mission: bool
) -> ConfirmPanel:
    """«Сдаться?»: names the side that would lose by its colour ("your army (Red)" in a mission)."""
    key = "battle.surrender_text_mission" if mission else "battle.surrender_text_hotseat"
    return ConfirmPanel(ui, size, "surrender", key, side=team_colour(team, "genitive"))


def leave_panel(ui: pygame_gui.UIManager, size: tuple[int, int]) -> ConfirmPanel:
    """«Покинуть бой?»: leaving a battle that is not over ends it for good."""
    return ConfirmPanel(ui, size, "leave", "battle.leave_text")
