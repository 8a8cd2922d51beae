"""The battle scene's pygame-gui widgets: the bottom-bar buttons (a :class:`ButtonBar`, which the
replay viewer's controls reuse), the pause panel, and the confirmations to surrender and to leave
(one look for all three). Labels are set here (with the bound key shown) and again whenever the
language or the key bindings change. Sizes are design pixels (:mod:`client.ui.scale`); each
widget group has a ``layout`` that places it again for the window and the scale in use.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui

from client.i18n import key as i18n_key
from client.i18n import key_label as key_text
from client.i18n import team_colour, tr
from client.render.text import label_width
from client.settings import Settings
from client.ui.fonts import font
from client.ui.scale import px

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

    A label longer than its least width widens its button (both languages fit). Subclasses say
    what the buttons read in :meth:`labels`; when the full labels would leave the hint left of them
    less than :data:`HINT_ROOM` pixels (a narrow window, the longer Russian labels), the bar shows
    the compact ones (no key names, the speed alone).
    """

    def __init__(self, ui: pygame_gui.UIManager, widths: dict[str, int], prefix: str = "battle") -> None:
        self.widths = dict(widths)
        self.bar: pygame.Rect | None = None
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {
            name: pygame_gui.elements.UIButton(
                pygame.Rect(0, 0, px(width), px(BUTTON_H)), "", manager=ui, object_id=f"#{prefix}_{name}"
            )
            for name, width in self.widths.items()
        }
        self._shown_for: tuple[Settings, bool] | None = None

    def labels(self, settings: Settings, mid_turn: bool, *, compact: bool) -> dict[str, str]:
        """The buttons' labels, translated (``mid_turn``: a squad has moved and may still act)."""
        raise NotImplementedError

    def relabel(self, settings: Settings, mid_turn: bool = False) -> None:
        """Show the labels for ``settings``, compact if the full ones leave the hint too little room."""
        self._shown_for = (settings, mid_turn)
        labels = self.labels(settings, mid_turn, compact=False)
        if self.bar is not None and self.room_left(labels) < px(HINT_ROOM):
            labels = self.labels(settings, mid_turn, compact=True)
        self.set_labels(labels)

    def __getitem__(self, name: str) -> pygame_gui.elements.UIButton:
        return self.buttons[name]

    def get(self, name: str) -> pygame_gui.elements.UIButton | None:
        """The button called ``name``, or None when this bar has none."""
        return self.buttons.get(name)

    def layout(self, bar: pygame.Rect) -> None:
        self.bar = bar
        if self._shown_for is not None:
            self.relabel(*self._shown_for)  # the room for the hint depends on the bar's width
        self._place()

    def _place(self) -> None:
        """Right-align the buttons in the bar, in order, at their widths for their labels."""
        bar = self.bar
        if bar is None:
            return
        x = bar.right - px(GAP)
        height = px(BUTTON_H)
        for name in reversed(list(self.widths)):
            button = self.buttons[name]
            size = (self.width_for(name, button.text), height)
            if button.rect.size != size:
                button.set_dimensions(size)
                button.rebuild()
            x -= button.rect.w
            button.set_relative_position((x, bar.y + (bar.h - height) // 2))
            x -= px(GAP)

    @property
    def left_edge(self) -> int:
        return min(b.rect.left for b in self.buttons.values())

    def width_for(self, name: str, label: str) -> int:
        """The width of button ``name`` showing ``label``: its least width, or wider for a long label."""
        return max(px(self.widths[name]), font(px(20), True).size(label)[0] + px(28))

    def room_left(self, labels: dict[str, str]) -> int:
        """How much of the bar (laid out already) these labels would leave free left of the buttons."""
        if self.bar is None:
            return 0
        used = sum(self.width_for(name, label) + px(GAP) for name, label in labels.items()) + px(GAP)
        return self.bar.w - used

    def set_labels(self, labels: dict[str, str]) -> None:
        """Show ``labels`` (already translated), widening buttons whose label needs it."""
        changed = False
        for name, label in labels.items():
            if self.buttons[name].text != label:
                width = self.width_for(name, label)
                button = self.buttons[name]
                button.set_text(label)
                button.set_dimensions((width, px(BUTTON_H)))
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
    """Defend («Защита»), Skip / End turn, Surrender, animation speed and Menu, right-aligned."""

    def __init__(self, ui: pygame_gui.UIManager) -> None:
        super().__init__(ui, WIDTHS)

    def labels(self, settings: Settings, mid_turn: bool, *, compact: bool) -> dict[str, str]:
        return battle_labels(settings, mid_turn, compact=compact)


HINT_ROOM = 280  # least width left for the bottom bar's hint (two lines of it)


def speed_label(settings: Settings, *, compact: bool) -> str:
    """The speed button's label: the speed alone ("Instant") when compact, else "Speed: instant"
    (the value in its in-sentence form: «Скорость: мгновенно», not «Скорость Мгновенно»)."""
    if compact:
        return tr(f"speed.{settings.speed}")
    return tr("battle.speed", speed=tr(f"speed_in_label.{settings.speed}"))


def battle_labels(settings: Settings, mid_turn: bool, *, compact: bool) -> dict[str, str]:
    """The battle buttons' labels, translated; ``compact`` drops the key names and the word "Speed"."""
    keys = (lambda action: "") if compact else (lambda action: key_label(settings, action))
    return {
        "defend": tr("battle.defend") + keys("defend"),
        "skip": tr("battle.end_turn" if mid_turn else "battle.skip") + keys("skip"),
        "surrender": tr("battle.surrender"),
        "speed": speed_label(settings, compact=compact),
        "menu": tr("battle.menu"),
    }


WHY_H = 36


class MapButton:
    """A button on the map's lower left edge, not in the bottom bar, so the bar's hint keeps its
    room in the narrowest window: the "Why?" toggle and Undo. ``label`` gives its text for the
    settings in use (its key may be rebound); it can read as pressed (a toggle's open state)."""

    def __init__(
        self, ui: pygame_gui.UIManager, object_id: str, label: Callable[[Settings], str], width: int = 110
    ) -> None:
        self.button = pygame_gui.elements.UIButton(
            pygame.Rect(0, 0, px(width), px(WHY_H)), "", manager=ui, object_id=object_id
        )
        self._label_of = label
        self._label = ""
        self._tip = ""

    def layout(self, viewport: pygame.Rect, settings: Settings, left: int = 0) -> None:
        """Label it for ``settings`` and place it in the lower left of ``viewport``, ``left`` pixels
        right of the corner (beside another map button)."""
        label = self._label_of(settings)
        size = (label_width(label) + px(10), px(WHY_H))
        if label != self._label:
            self.button.set_text(label)
            self._label = label
        if self.button.rect.size != size:
            self.button.set_dimensions(size)
            self.button.rebuild()
        place = (viewport.x + px(8) + left, viewport.bottom - px(8) - size[1])
        if self.button.rect.topleft != place:
            self.button.set_relative_position(place)

    @property
    def rect(self) -> pygame.Rect:
        return self.button.rect

    def tip(self, text: str) -> None:
        """The hover text (empty: none), set only when it changes."""
        if text != self._tip:
            self.button.set_tooltip(text or None)
            self._tip = text

    def disabled_tip_at(self, mouse: tuple[int, int] | None) -> str:
        """The hover text when the mouse is on the button while it is shown but disabled (pygame-gui
        shows no tooltip on a disabled button, and that is when the text says why), else ""."""
        button = self.button
        if mouse is None or not button.visible or button.is_enabled or not button.rect.collidepoint(mouse):
            return ""
        return self._tip

    def show(self, available: bool, enabled: bool, open_: bool = False) -> None:
        """Shown only where it applies; pressed while ``open_``."""
        if available and not self.button.visible:
            self.button.show()
        elif not available and self.button.visible:
            self.button.hide()
        if enabled and not self.button.is_enabled:
            self.button.enable()
        elif not enabled and self.button.is_enabled:
            self.button.disable()
        if open_ and not self.button.is_selected:
            self.button.select()
        elif not open_ and self.button.is_selected:
            self.button.unselect()


class WhyButton(MapButton):
    """The "Why?" toggle («Почему?») with its key: it opens the panel explaining the computer's
    last move; it reads as pressed while the panel is open."""

    def __init__(self, ui: pygame_gui.UIManager) -> None:
        super().__init__(ui, "#battle_why", lambda settings: tr("why.button") + key_label(settings, "why"))


class StandingButton(MapButton):
    """"Where to stand" («Куда встать?», H): shades the selected squad's reachable sectors by the
    expected losses there; it reads as pressed while the shading is on."""

    def __init__(self, ui: pygame_gui.UIManager) -> None:
        super().__init__(
            ui, "#battle_standing", lambda settings: tr("standing.button") + key_label(settings, "standing")
        )


class UndoButton(MapButton):
    """Undo («Отменить ход», Ctrl+Z): takes back the player's last action when the rules allow it;
    disabled otherwise, its hover text saying why."""

    def __init__(self, ui: pygame_gui.UIManager) -> None:
        super().__init__(ui, "#battle_undo", lambda settings: tr("undo.button") + " [Ctrl+Z]")


PANEL_ID = "#battle_panel"  # the pause menu and the confirmations share one look (theme.json)


PAUSE_W, PAUSE_H = 300, 236


class PausePanel:
    """Resume, Settings, Leave battle; shown over the dimmed battle."""

    def __init__(self, ui: pygame_gui.UIManager, size: tuple[int, int]) -> None:
        self.panel = pygame_gui.elements.UIPanel(
            pygame.Rect(0, 0, PAUSE_W, PAUSE_H), starting_height=5, manager=ui, object_id=PANEL_ID
        )
        self.title = pygame_gui.elements.UILabel(
            pygame.Rect(0, 0, px(PAUSE_W), px(36)), i18n_key("pause.title"), manager=ui, container=self.panel
        )
        self.buttons = {}
        for name in ("resume", "settings", "leave"):
            self.buttons[name] = pygame_gui.elements.UIButton(
                pygame.Rect(0, 0, px(236), px(44)),
                i18n_key(f"pause.{name}"),
                manager=ui,
                container=self.panel,
                object_id=f"#pause_{name}",
            )
        self.layout(size)

    def layout(self, size: tuple[int, int]) -> None:
        """Centre the panel in a window of ``size`` at the scale in use."""
        rect = pygame.Rect(0, 0, px(PAUSE_W), px(PAUSE_H))
        rect.center = (size[0] // 2, size[1] // 2)
        _place(self.panel, rect)
        _place(self.title, pygame.Rect(0, px(12), px(PAUSE_W - 4), px(36)))
        for i, button in enumerate(self.buttons.values()):
            _place(button, pygame.Rect(px(30), px(60 + i * 54), px(236), px(44)))

    def kill(self) -> None:
        self.panel.kill()


def _place(element: pygame_gui.core.UIElement, rect: pygame.Rect) -> None:
    """Give ``element`` the position and size of ``rect`` (in its container)."""
    if element.rect.size != rect.size:
        element.set_dimensions(rect.size)
    element.set_relative_position(rect.topleft)


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
        self.panel = pygame_gui.elements.UIPanel(
            pygame.Rect(0, 0, CONFIRM_W, CONFIRM_H), starting_height=8, manager=ui, object_id=PANEL_ID
        )
        self.title = pygame_gui.elements.UILabel(
            pygame.Rect(0, 0, px(CONFIRM_W), px(36)),
            i18n_key(f"battle.{purpose}_title"),
            manager=ui,
            container=self.panel,
        )
        self.text = pygame_gui.elements.UITextBox(
            i18n_key(text_key),
            pygame.Rect(0, 0, px(CONFIRM_W - 52), px(96)),
            manager=ui,
            container=self.panel,
            object_id="#confirm_text",
            text_kwargs=dict(text_params),
        )
        self.buttons = {}
        for name in ("yes", "no"):
            self.buttons[name] = pygame_gui.elements.UIButton(
                pygame.Rect(0, 0, px(180), px(44)),
                i18n_key(f"battle.{purpose}_{name}"),
                manager=ui,
                container=self.panel,
                object_id=f"#confirm_{name}",
            )
        self.layout(size)

    def layout(self, size: tuple[int, int]) -> None:
        """Centre the panel in a window of ``size`` at the scale in use."""
        rect = pygame.Rect(0, 0, px(CONFIRM_W), px(CONFIRM_H))
        rect.center = (size[0] // 2, size[1] // 2)
        _place(self.panel, rect)
        inner = px(CONFIRM_W - 4)
        side, gap = px(24), px(12)
        _place(self.title, pygame.Rect(0, px(12), inner, px(36)))
        _place(self.text, pygame.Rect(side, px(54), inner - 2 * side, px(96)))
        button_w = (inner - 2 * side - gap) // 2
        for i, button in enumerate(self.buttons.values()):
            _place(button, pygame.Rect(side + i * (button_w + gap), px(CONFIRM_H - 70), button_w, px(44)))

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
