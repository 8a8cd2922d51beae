"""The main menu, driven headless with synthetic mouse clicks through pygame-gui."""

from __future__ import annotations

import pygame
import pytest

from client import i18n
from client.app import App
from client.context import Context
from client.scenes.base import Push
from client.scenes.hotseat import HotseatScene
from client.scenes.menu import MenuScene
from client.scenes.missions import MissionsScene
from client.scenes.replays import ReplaysScene
from client.scenes.settings import SettingsScene
from client.ui import TITLE_COLOUR
from tests.client.ui_events import click_at, steps


@pytest.fixture
def menu(app: App, ctx: Context) -> MenuScene:
    scene = MenuScene(ctx, app.size)
    app.stack.apply(Push(scene))
    return scene


def shown(button) -> str:
    return i18n.tr(button.text.removeprefix("runetide."))


def test_menu_has_its_buttons_in_order(menu: MenuScene) -> None:
    """P-MODE-1: the menu offers the Arena and the Barracks besides the other modes."""
    shown_labels = [shown(b) for b in menu.buttons.values()]
    assert shown_labels == [
        "Missions",
        "Hot-seat",
        "Arena",
        "Barracks",
        "Hero Duel",
        "Hero Skirmish",
        "Replays",
        "Settings",
        "Quit",
    ]
    order = [(b.rect.top, b.rect.left) for b in menu.buttons.values()]
    assert order == sorted(order)  # row by row, left to right
    quit_button = menu.buttons["quit"].rect
    if quit_button.top > menu.buttons["settings"].rect.top:  # alone on the last row: centred
        assert abs(quit_button.centerx - menu.size[0] // 2) <= 1


@pytest.mark.parametrize("size", [(960, 600), (640, 360)])
def test_ten_buttons_still_fit(app: App, ctx: Context, monkeypatch: pytest.MonkeyPatch, size) -> None:
    """The layout is generic: one more mode (ten buttons) still fit, apart, under the title."""
    from client.scenes import menu as menu_module

    monkeypatch.setattr(menu_module, "BUTTONS", (*menu_module.BUTTONS, "extra_1"))
    scene = MenuScene(ctx, size)
    rects = [b.rect for b in scene.buttons.values()]
    assert len(rects) == 10
    window = pygame.Rect((0, 0), size)
    title = scene.title_text.get_rect(center=scene.title_centre)
    for i, rect in enumerate(rects):
        assert window.contains(rect) and rect.top > title.bottom
        assert not any(rect.colliderect(other) for other in rects[i + 1 :])


def test_clicking_quit_ends_the_loop(app: App, menu: MenuScene) -> None:
    app.step()
    click_at(menu.buttons["quit"].rect.center)
    app.run(max_frames=30)
    assert not app.running
    assert app.frames < 30


@pytest.mark.parametrize(
    ("key", "scene_type"),
    [
        ("missions", MissionsScene),
        ("hotseat", HotseatScene),
        ("replays", ReplaysScene),
        ("settings", SettingsScene),
    ],
)
def test_each_button_opens_its_scene_and_back_returns(
    app: App, menu: MenuScene, key: str, scene_type: type
) -> None:
    app.step()
    click_at(menu.buttons[key].rect.center)
    steps(app)
    opened = app.stack.top
    assert isinstance(opened, scene_type)
    click_at(opened.back.rect.center)
    steps(app)
    assert app.stack.top is menu


@pytest.mark.parametrize("size", [(800, 600), (640, 360), (1920, 1080)])
def test_resizing_lays_the_buttons_out_again(menu: MenuScene, size: tuple[int, int]) -> None:
    menu.resize(size)
    window = pygame.Rect((0, 0), size)
    lefts = {button.rect.left for button in menu.buttons.values()}
    rights = {button.rect.right for button in menu.buttons.values()}
    assert min(lefts) - 0 == size[0] - max(rights) or abs(min(lefts) - (size[0] - max(rights))) <= 1
    for button in menu.buttons.values():
        assert window.contains(button.rect), (button.text, button.rect)
    title = menu.title_text.get_rect(center=menu.title_centre)
    assert title.bottom < menu.buttons["missions"].rect.top


def test_the_title_is_drawn(app: App, menu: MenuScene) -> None:
    app.step()
    title = menu.title_text.get_rect(center=menu.title_centre)
    colours = {tuple(app.screen.get_at((x, title.centery)))[:3] for x in range(title.left, title.right)}
    assert TITLE_COLOUR in colours


def test_the_menu_follows_a_language_change(app: App, menu: MenuScene) -> None:
    app.step()
    missions = menu.buttons["missions"]
    english = missions.drawable_shape.text_box_layout if hasattr(missions, "drawable_shape") else None
    i18n.set_language("ru")
    app.step()
    assert menu.ui.get_locale() == "ru"
    assert shown(missions) == "Миссии"
    assert english is None or missions.drawable_shape.text_box_layout is not english
