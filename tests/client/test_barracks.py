"""The barracks, headless with synthetic clicks: hire until the price doubles, refusals, healing,
every change saved; both languages at 960x600 and 4K without overflow."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from client import i18n
from client.app import App
from client.context import Context
from client.meta import barracks
from client.meta.state import meta_of
from client.scenes.barracks import BarracksScene
from client.scenes.base import Push
from client.scenes.menu import MenuScene
from rules.meta.profile import from_json, wound
from tests.client.test_window_sizes import assert_laid_out
from tests.client.ui_events import click_at, steps


@pytest.fixture
def scene(app: App, ctx: Context) -> BarracksScene:
    meta = meta_of(ctx)
    meta.profile = replace(meta.profile, cards={"mage": 0, "assassin": 0, "swordsman": 200, "archer": 0})
    s = BarracksScene(ctx, app.size)
    app.stack.apply(Push(s))
    steps(app, 2)
    return s


def saved(ctx: Context):
    return from_json(meta_of(ctx).store.path.read_bytes())


def click(app: App, button) -> None:
    click_at(button.rect.center)
    steps(app, 3)


def test_hire_one_at_a_time_until_the_price_doubles_M_HIRE_1_M_HIRE_4(app, ctx, scene):
    """M-HIRE-4 / M-EX-2: the first ten swordsmen cost 1+2+...+10 = 55 cards, the 11th costs 12, and the
    price shown is the next hire's; each click hires one and is saved at once."""
    start = next(s.count for s in meta_of(ctx).profile.roster if s.unit == "swordsman")
    prices = []
    for _ in range(11):
        prices.append(next(r.price for r in barracks.rows(meta_of(ctx).profile) if r.unit == "swordsman"))
        click(app, scene.hire_buttons["swordsman"])
        assert next(s.count for s in saved(ctx).roster if s.unit == "swordsman") == start + len(prices)
    assert prices == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12]
    assert saved(ctx).cards["swordsman"] == 200 - 67 and saved(ctx).hire_counters["swordsman"] == 12
    assert "Hired one Swordsman" in scene.message and "14 cards" in scene.message


def test_a_hire_short_of_cards_is_refused_with_the_reason_M_HIRE_7(app, ctx, scene):
    before = meta_of(ctx).profile
    click(app, scene.hire_buttons["mage"])
    after = replace(meta_of(ctx).profile, supplies_clock=before.supplies_clock)  # the clock runs while full
    assert after == before and not scene.message_good
    assert scene.message == "Not enough Mage cards: the hire costs 1 card, you have 0."


def test_healing_one_type_and_all_with_its_cost_M_HEAL_2(app, ctx, scene):
    """M-HEAL-2 / M-DATA-3: 4 swordsmen fallen in a defeat heal at 75%: ceil(4 x 5 x 0.75) = 15."""
    meta = meta_of(ctx)
    meta.profile = replace(wound(meta.profile, {0: 4, 1: 2}, 75), piastres=16)
    scene.layout(scene.size)
    row = next(r for r in barracks.rows(meta.profile) if r.unit == "swordsman")
    assert (row.wounded, row.heal_cost) == (4, 15)
    assert scene.heal_all.text == "Heal all: 23 piastres"  # 4 x 3.75 + 2 x 3.75 = 22.5 -> 23
    click(app, scene.heal_all)
    assert not scene.message_good and "healing costs 23, you have 16" in scene.message
    click(app, scene.heal_buttons["swordsman"])
    p = saved(ctx)
    assert p.piastres == 1 and next(s for s in p.roster if s.unit == "swordsman").wounded == 0
    assert scene.message == "Healed 4 wounded for 15 piastres."
    assert not scene.heal_buttons["swordsman"].is_enabled and scene.heal_buttons["archer"].is_enabled


def test_back_returns_to_the_menu_which_shows_the_new_numbers(app, ctx):
    menu = MenuScene(ctx, app.size)
    app.stack.apply(Push(menu))
    steps(app, 2)
    click(app, menu.buttons["barracks"])
    assert isinstance(app.stack.top, BarracksScene)
    meta_of(ctx).change(lambda p: replace(p, piastres=77))
    click(app, app.stack.top.back)
    assert app.stack.top is menu
    steps(app, 2)


@pytest.mark.parametrize("size", [(960, 600), (3840, 2160)])
@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_barracks_fit_in_both_languages(ctx, size, language, tmp_path):
    ctx.settings.language = language
    i18n.set_language(language)
    app = App(size, fps=0, context=ctx)
    try:
        meta = meta_of(ctx)
        meta.profile = wound(meta.profile, {0: 3, 2: 1}, 75)
        scene = BarracksScene(ctx, size)
        app.stack.apply(Push(scene))
        click(app, scene.hire_buttons["mage"])  # a refusal: the longest message
        assert_laid_out(scene, size)
        window = pygame.Rect((0, 0), size)
        assert window.contains(scene.table) and scene.table.bottom < scene.back.rect.top
        heal_all = scene.heal_all
        assert heal_all.image.get_size() == heal_all.rect.size, "the button is drawn at its new width"
        assert "…" not in heal_all.text and window.contains(heal_all.rect)
        pair = scene.back.rect.union(heal_all.rect)
        assert abs(pair.centerx - size[0] // 2) <= 1, "Back and Heal all centred as a pair"
        pygame.image.save(app.screen, str(tmp_path / f"barracks_{language}_{size[0]}.png"))
    finally:
        app.close()
