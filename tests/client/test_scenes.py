"""Settings, mission select and hot-seat setup, driven with synthetic clicks and keys."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame
import pytest

from client import i18n
from client.app import App
from client.battle.scene import TacticsScene
from client.battle.session import HUMAN
from client.context import MAPS_DIR, Context
from client.scenes.base import Push
from client.scenes.hotseat import HotseatScene
from client.scenes.menu import MenuScene
from client.scenes.missions import MissionsScene
from client.scenes.settings import SettingsScene
from client.settings import DEFAULT_KEYS, SettingsStore
from rules.tactics.ai import PLAYERS
from rules.tactics.setup import Mode
from tests.client.ui_events import click_at, press, steps


@pytest.fixture
def settings_scene(app: App, ctx: Context) -> SettingsScene:
    app.stack.apply(Push(MenuScene(ctx, app.size)))
    scene = SettingsScene(ctx, app.size)
    app.stack.apply(Push(scene))
    app.step()
    return scene


def test_language_applies_at_once_and_is_saved(app: App, ctx: Context, settings_scene: SettingsScene) -> None:
    click_at(settings_scene.buttons["language"].rect.center)
    steps(app, 2)
    assert ctx.settings.language == "ru" and i18n.language() == "ru"
    assert settings_scene.buttons["language"].text == "Русский"
    assert SettingsStore(ctx.store.path).load().language == "ru"
    click_at(settings_scene.back.rect.center)
    steps(app, 2)
    menu = app.stack.top
    assert isinstance(menu, MenuScene) and menu.ui.get_locale() == "ru"


def test_speed_and_opponent_cycle(app: App, ctx: Context, settings_scene: SettingsScene) -> None:
    click_at(settings_scene.buttons["speed"].rect.center)
    steps(app, 2)
    assert ctx.settings.speed == "2x"
    click_at(settings_scene.buttons["ai_level"].rect.center)
    steps(app, 2)
    assert ctx.settings.ai_level == "hard"  # Normal is the default; the next level is Hard


def test_fullscreen_toggles_the_window(app: App, ctx: Context, settings_scene: SettingsScene) -> None:
    click_at(settings_scene.buttons["fullscreen"].rect.center)
    steps(app, 2)
    assert ctx.settings.fullscreen
    click_at(settings_scene.buttons["fullscreen"].rect.center)
    steps(app, 2)
    assert not ctx.settings.fullscreen


def test_rebinding_a_key_swaps_with_its_old_owner(
    app: App, ctx: Context, settings_scene: SettingsScene
) -> None:
    click_at(settings_scene.buttons["key_defend"].rect.center)
    steps(app, 2)
    assert settings_scene.waiting_for == "defend"
    press(pygame.K_SPACE)  # skip's key
    steps(app, 2)
    assert ctx.settings.keys["defend"] == "space" and ctx.settings.keys["skip"] == "d"
    bar = settings_scene.rows.vert_scroll_bar
    if bar is not None:  # the key list may be taller than the window: Reset is at its foot
        bar.set_scroll_from_start_percentage(1.0)
        steps(app, 2)
    assert settings_scene.rows.rect.collidepoint(settings_scene.reset.rect.center)
    click_at(settings_scene.reset.rect.center)
    steps(app, 2)
    assert ctx.settings.keys == DEFAULT_KEYS


def test_missions_list_only_missions_with_their_details(app: App, ctx: Context) -> None:
    scene = MissionsScene(ctx, app.size)
    app.stack.apply(Push(scene))
    app.step()
    assert scene.entries and all(e.setup.mode is Mode.MISSION for e in scene.entries)
    assert scene.entries[0].name == "First Blood"  # the easiest enemy first
    names = [e.name for e in scene.entries]
    click_at(scene.map_buttons[names.index("Breakout")].rect.center)
    steps(app, 2)
    lines = [line for line, *_ in scene.detail_lines(scene.entry)]
    assert "Breakout" in lines and "Bring all your squads to the exit." in lines
    assert "Magical damage in battle: -20%" in lines and "Round limit: 15" in lines
    assert any("9 × Orc brute" in line for line in lines)


def test_play_starts_the_chosen_mission_against_the_settings_level(app: App, ctx: Context) -> None:
    scene = MissionsScene(ctx, app.size)
    app.stack.apply(Push(scene))
    app.step()
    click_at(scene.start.rect.center)
    steps(app, 2)
    battle = app.stack.top
    assert isinstance(battle, TacticsScene)
    assert battle.session.controllers == {1: HUMAN, 2: PLAYERS.resolve(ctx.settings.ai_level)}


def test_a_broken_map_is_listed_with_its_error(app: App, ctx: Context, tmp_path: Path) -> None:
    shutil.copy(MAPS_DIR / "tutorial.tmx", tmp_path / "tutorial.tmx")
    shutil.copytree(MAPS_DIR / "tilesets", tmp_path / "tilesets")
    (tmp_path / "zz_broken.tmx").write_text("<map>", encoding="utf-8")
    ctx.maps_dir = tmp_path
    scene = MissionsScene(ctx, app.size)
    app.stack.apply(Push(scene))
    app.step()
    broken = scene.entries[-1]
    assert broken.setup is None and "zz_broken.tmx" in (broken.error or "")
    click_at(scene.map_buttons[-1].rect.center)
    steps(app, 2)
    assert not scene.start.is_enabled


def test_hot_seat_offers_pvp_maps_and_the_flag_mode(app: App, ctx: Context) -> None:
    scene = HotseatScene(ctx, app.size)
    app.stack.apply(Push(scene))
    app.step()
    assert {"Red and Blue", "Crown Field"} <= {e.name for e in scene.entries}
    assert all(e.setup is None or e.setup.mode is Mode.PVP for e in scene.entries)
    chosen = [e.name for e in scene.entries].index("Red and Blue")
    click_at(scene.map_buttons[chosen].rect.center)
    steps(app, 2)
    assert scene.flag_mode == 1 and scene.flag_buttons[1].visible
    click_at(scene.flag_buttons[2].rect.center)
    steps(app, 2)
    assert scene.flag_mode == 2
    assert "Shared red flags" in [line for line, *_ in scene.detail_lines(scene.entry)][2]
    click_at(scene.start.rect.center)
    steps(app, 2)
    battle = app.stack.top
    assert isinstance(battle, TacticsScene) and battle.session.hotseat
    assert battle.session.setup.flag_mode == 2 and all(f.team is None for f in battle.session.setup.flags)
