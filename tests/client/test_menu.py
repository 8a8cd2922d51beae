"""The main menu, driven headless with synthetic mouse clicks through pygame-gui."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pygame_gui
import pytest

from client.app import App
from client.scenes.base import Push
from client.scenes.coming_soon import ComingSoonScene
from client.scenes.menu import MenuScene
from client.ui import TITLE_COLOUR


@pytest.fixture
def app() -> Iterator[App]:
    app = App((1280, 720))
    yield app
    app.close()


@pytest.fixture
def menu(app: App) -> MenuScene:
    scene = MenuScene(app.size)
    app.stack.apply(Push(scene))
    return scene


def click(button: pygame_gui.elements.UIButton) -> None:
    """Queue a left click at the button's centre, as the mouse would."""
    pos = button.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def test_menu_has_the_four_buttons_in_order(menu: MenuScene) -> None:
    assert [b.text for b in menu.buttons.values()] == ["Missions", "Hot-seat", "Settings", "Quit"]
    tops = [b.rect.top for b in menu.buttons.values()]
    assert tops == sorted(tops)


def test_clicking_quit_ends_the_loop(app: App, menu: MenuScene) -> None:
    app.step()
    click(menu.buttons["quit"])
    app.run(max_frames=30)
    assert not app.running
    assert app.frames < 30


@pytest.mark.parametrize("key", ["missions", "hotseat", "settings"])
def test_unbuilt_modes_open_coming_soon_and_back_returns(app: App, menu: MenuScene, key: str) -> None:
    app.step()
    click(menu.buttons[key])
    for _ in range(3):
        app.step()
    placeholder = app.stack.top
    assert isinstance(placeholder, ComingSoonScene)
    assert placeholder.heading == menu.buttons[key].text
    click(placeholder.back)
    for _ in range(3):
        app.step()
    assert app.stack.top is menu


def test_escape_leaves_the_placeholder(app: App, menu: MenuScene) -> None:
    app.stack.apply(Push(ComingSoonScene("Settings", app.size)))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b"))
    app.step()
    assert app.stack.top is menu


@pytest.mark.parametrize("size", [(800, 600), (640, 360), (1920, 1080)])
def test_resizing_lays_the_buttons_out_again(menu: MenuScene, size: tuple[int, int]) -> None:
    menu.resize(size)
    window = pygame.Rect((0, 0), size)
    for button in menu.buttons.values():
        assert button.rect.centerx == size[0] // 2
        assert window.contains(button.rect), (button.text, button.rect)
    title = menu.title_text.get_rect(center=menu.title_centre)
    assert title.bottom < menu.buttons["missions"].rect.top


def test_the_title_is_drawn(app: App, menu: MenuScene) -> None:
    app.step()
    title = menu.title_text.get_rect(center=menu.title_centre)
    colours = {tuple(app.screen.get_at((x, title.centery)))[:3] for x in range(title.left, title.right)}
    assert TITLE_COLOUR in colours
