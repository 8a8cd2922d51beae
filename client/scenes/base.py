"""The scene protocol, the transitions a scene asks for, and a base class for scenes with widgets.

A scene answers input with a transition (``Push``, ``Pop``, ``Replace``, ``Quit``) or
None; the :class:`client.app.SceneStack` applies it, in that one place. ``update(dt)``
advances time, ``draw(surface)`` paints and never changes state. ``resize(size)`` is
called whenever the scene becomes the top one and whenever the window changes size.

Constructors: every scene takes ``(ctx, size, ...)``, in that order: ``ctx`` the
:class:`client.context.Context` (settings, maps folder, display), ``size`` the window size, then
the scene's own arguments (``TacticsScene(ctx, size, spec, seed)``, ``MapErrorScene(ctx, size,
path, errors)``). A scene opening another hands on its own ``self.ctx`` and ``self.size``.

Text: widget labels are translation keys (see :mod:`client.i18n`); a :class:`UIScene` notices
a change of language in ``update`` and re-translates its widgets and lays itself out again.

UI managers: each :class:`UIScene` owns its own pygame-gui ``UIManager``. Only the top
scene gets events, updates and draws, so a covered scene's widgets need no hiding, and
dropping a scene drops its widgets with it. A manager costs one theme load (tens of ms).

Scale: a scene lays itself out in design pixels through :func:`client.ui.scale.px`. It takes the
scale for its window and the player's choice (:func:`client.ui.scale.for_window`) whenever it is
laid out, and when that scale changes (a resize, or the choice in Settings) its widgets are
laid out again and then restyled with the theme at the new scale.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Protocol

import pygame
import pygame_gui

from client import i18n
from client.context import Context
from client.render.backdrop import backdrop
from client.ui import BACKGROUND
from client.ui import scale as ui_scale

Size = tuple[int, int]
WHEEL_STEP = 0.25  # one notch of the mouse wheel scrolls a quarter of what a box shows


class Scene(Protocol):
    """What the app loop needs from a scene."""

    def resize(self, size: Size) -> None: ...

    def handle_event(self, ev: pygame.event.Event) -> Transition | None: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...


@dataclass(frozen=True)
class Push:
    """Put ``scene`` on top; the current scene waits under it."""

    scene: Scene


@dataclass(frozen=True)
class Pop:
    """Drop the top scene and go back to the one below (none left: the game ends)."""


@dataclass(frozen=True)
class Home:
    """Go back to the main menu: drop every scene above the bottom one."""


@dataclass(frozen=True)
class Replace:
    """Swap the top scene for ``scene``."""

    scene: Scene


@dataclass(frozen=True)
class Quit:
    """End the game: every scene is dropped and the main loop returns."""


Transition = Push | Pop | Home | Replace | Quit


class UIScene:
    """A scene with pygame-gui widgets: subclasses create them in ``build`` and place them in ``layout``.

    It keeps ``ctx`` and ``size`` (the window size) as ``self.ctx`` and ``self.size``, both set
    before ``build`` and ``layout`` run. Events go to the UI first; a button press goes to
    ``on_button``; events the UI did not consume go to ``on_event``. ``draw_scene`` paints under
    the widgets.
    """

    background: tuple[int, int, int] = BACKGROUND
    use_backdrop = True  # the darkened battlefield behind menus (see client.render.backdrop)
    music: str | None = "menu"  # the loop this scene type plays (client.audio); None keeps the one playing

    def __init__(self, ctx: Context, size: Size) -> None:
        self.ctx = ctx
        self.size: Size = size
        self.scale = self.wanted_scale(size)
        ui_scale.use(self.scale)
        i18n.install()
        self.ui = pygame_gui.UIManager(
            size,
            theme_path=ui_scale.theme(self.scale),
            enable_live_theme_updates=False,
            starting_language=i18n.language(),
        )
        self.build()
        self.layout(size)

    def wanted_scale(self, size: Size) -> float:
        """The UI scale for a window of ``size`` and the player's choice in Settings."""
        return ui_scale.for_window(size, self.ctx.settings.ui_scale)

    def build(self) -> None:
        """Create the widgets (any rect; ``layout`` places them)."""

    def layout(self, size: Size) -> None:
        """Place the widgets for a window of ``size``."""

    def on_button(self, button: pygame_gui.core.UIElement) -> Transition | None:
        """React to a press of one of this scene's buttons."""
        return None

    def on_event(self, ev: pygame.event.Event) -> Transition | None:
        """React to an event the UI did not consume (keys, clicks on the board)."""
        return None

    def draw_scene(self, surface: pygame.Surface) -> None:
        """Paint what lies under the widgets."""

    def resize(self, size: Size) -> None:
        ui_scale.use(self.scale)  # this scene is on top now: its scale is the one in use
        if size == self.size and self.wanted_scale(size) == self.scale:
            return
        self.size = size
        self.ui.set_window_resolution(size)
        if not self._follow_scale():
            self.layout(size)

    def _follow_scale(self) -> bool:
        """If the scale for this window and choice changed, lay the scene out at the new one and restyle
        its widgets (sized first, so no text is laid into a box too small for it); True if it did."""
        wanted = self.wanted_scale(self.size)
        if wanted == self.scale:
            return False
        self.scale = wanted
        ui_scale.use(wanted)
        self.ui.get_theme().update_theming(json.dumps(ui_scale.theme(wanted)))
        self.layout(self.size)
        self.ui.rebuild_all_from_changed_theme_data()
        for element in self.ui.get_sprite_group().sprites():  # a rebuild draws every button as normal:
            if isinstance(element, pygame_gui.elements.UIButton) and element.is_selected:
                element.select()  # the chosen deck, hero, tab... are shown chosen again
        return True

    def handle_event(self, ev: pygame.event.Event) -> Transition | None:
        if ev.type == pygame_gui.UI_BUTTON_PRESSED:
            self.ui.process_events(ev)  # windows (dialogs) react to their own buttons here
            self.ctx.audio.play("click")
            return self.on_button(ev.ui_element)
        if self.ui.process_events(ev):
            return None
        if ev.type == pygame.MOUSEWHEEL and self._scroll_box_under_mouse(ev.y):
            return None
        before = self.selection()
        transition = self.on_event(ev)
        after = self.selection()
        if after is not None and after != before:
            self.ctx.audio.play("select")
        return transition

    def selection(self) -> object:
        """What the player has chosen on the board or table now (a new choice plays a sound)."""
        return None

    def _scroll_box_under_mouse(self, notches: int) -> bool:
        """Scroll the box under the mouse by ``notches`` of the wheel. pygame-gui scrolls a box only
        when a widget in it can be hovered, and the chosen entry of a list (a selected button) cannot."""
        mouse = self.ui.get_mouse_position()
        for element in self.ui.get_sprite_group().sprites():
            if not isinstance(element, pygame_gui.elements.UIScrollingContainer) or not element.visible:
                continue
            bar = element.vert_scroll_bar
            if bar is None or not bar.is_enabled or not element.rect.collidepoint(mouse):
                continue
            step = WHEEL_STEP * bar.visible_percentage
            bar.set_scroll_from_start_percentage(min(1.0, max(0.0, bar.start_percentage - notches * step)))
            return True
        return False

    def refresh_language(self) -> None:
        """Follow a change of language made elsewhere (e.g. in Settings): widgets and drawn text."""
        self._follow_scale()
        if self.ui.get_locale() != i18n.language():
            self.ui.set_locale(i18n.language())
            self.layout(self.size)

    def update(self, dt: float) -> None:
        self.refresh_language()
        self.ui.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        picture = backdrop(self.size) if self.use_backdrop else None
        if picture is not None:
            surface.blit(picture, (0, 0))
        else:
            surface.fill(self.background)
        self.draw_scene(surface)
        self.ui.draw_ui(surface)
