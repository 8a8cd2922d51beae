"""The main menu's Replays list: saved replays newest first, Watch opens the viewer, a replay that
cannot be played says why and leaves the list usable, an empty folder says how to save one."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from client import i18n
from client.app import App
from client.battle import replay_hook
from client.context import MAPS_DIR, Context
from client.scenes.base import Push
from client.scenes.menu import MenuScene
from client.scenes.replay_player import ReplayScene
from client.scenes.replays import ReplaysScene
from tests.client.replay_files import age, map_copy, write_duel_replay, write_replay, write_skirmish_replay
from tests.client.ui_events import click_at, press, steps


@pytest.fixture
def folder() -> Path:
    path = replay_hook.replays_dir()  # under the test's own RUNETIDE_DATA_DIR (conftest)
    path.mkdir(parents=True)
    return path


def open_list(app: App, ctx: Context) -> ReplaysScene:
    menu = MenuScene(ctx, app.size)
    app.stack.apply(Push(menu))
    app.step()
    click_at(menu.buttons["replays"].rect.center)
    steps(app, 2)
    scene = app.stack.top
    assert isinstance(scene, ReplaysScene)
    return scene


def detail(scene: ReplaysScene) -> list[str]:
    return [line for line, *_ in scene.detail_lines(scene.entry)]


def test_saved_replays_are_listed_newest_first_and_watch_opens_the_viewer(
    app: App, ctx: Context, folder: Path
) -> None:
    age(write_replay(folder / "old.json", seed=5), 3600)
    age(write_replay(folder / "older.json", seed=6), 7200)
    age(write_replay(folder / "new.json", MAPS_DIR / "arena_pit.tmx", seed=5), 60)
    scene = open_list(app, ctx)
    assert [e.path.name for e in scene.entries] == ["new.json", "old.json", "older.json"]
    assert [e.name for e in scene.entries][1:] == ["First Blood", "First Blood"]
    assert all(e.error is None for e in scene.entries)
    label = scene.map_buttons[1].text
    assert "First Blood" in label and ("Victory" in label or "Defeat" in label)
    click_at(scene.map_buttons[1].rect.center)
    steps(app, 2)
    lines = detail(scene)
    assert lines[0] == "First Blood" and lines[1].startswith("Saved ")
    assert any(" round" in line and " action" in line for line in lines)
    assert "File: old.json" in lines
    click_at(scene.start.rect.center)
    steps(app, 2)
    viewer = app.stack.top
    assert isinstance(viewer, ReplayScene)
    assert viewer.recorded == list(scene.entries[1].replay.actions)
    press(pygame.K_ESCAPE)
    steps(app, 2)
    click_at(viewer.pause.buttons["leave"].rect.center)
    steps(app, 2)
    assert app.stack.top is scene  # back to the list


def test_replays_that_cannot_be_played_say_why_and_the_list_stays_usable(
    app: App, ctx: Context, folder: Path, tmp_path: Path
) -> None:
    maps = tmp_path / "maps"
    changed, missing = map_copy(maps / "a"), map_copy(maps / "b")
    age(write_replay(folder / "changed_map.json", changed, battle_map=MAPS_DIR / "tutorial.tmx"), 10)
    age(write_replay(folder / "missing_map.json", missing, battle_map=MAPS_DIR / "tutorial.tmx"), 20)
    changed.write_text(changed.read_text().replace("First Blood", "First Blood (edited)"))
    missing.unlink()
    (folder / "corrupt.json").write_text("{not json")
    age(folder / "corrupt.json", 30)
    other_catalog = write_replay(folder / "catalog.json")
    data = json.loads(other_catalog.read_text())
    data["catalog_hash"] = "0" * 16
    other_catalog.write_text(json.dumps(data))
    age(other_catalog, 40)
    age(write_replay(folder / "good.json"), 50)
    before = sorted(p.name for p in folder.iterdir())

    scene = open_list(app, ctx)
    reasons = {e.path.name: e.error for e in scene.entries}
    assert "changed since this replay was saved" in reasons["changed_map.json"]
    assert "is missing" in reasons["missing_map.json"]
    assert "not a Runetide replay" in reasons["corrupt.json"]
    assert "unit catalog changed" in reasons["catalog.json"]
    assert reasons["good.json"] is None
    for i, entry in enumerate(scene.entries):
        click_at(scene.map_buttons[i].rect.center)
        steps(app, 2)
        if entry.error is not None:
            assert "cannot be played" in scene.map_buttons[i].text
            assert "This replay cannot be played:" in detail(scene) and entry.error in detail(scene)
            assert not scene.start.is_enabled
            click_at(scene.start.rect.center)
            steps(app, 2)
            assert app.stack.top is scene
    assert scene.entry.path.name == "good.json" and scene.start.is_enabled
    click_at(scene.start.rect.center)
    steps(app, 2)
    assert isinstance(app.stack.top, ReplayScene)
    assert sorted(p.name for p in folder.iterdir()) == before  # nothing deleted or rewritten


def test_a_replay_whose_map_changes_after_the_list_opened_is_refused_at_watch(
    app: App, ctx: Context, folder: Path, tmp_path: Path
) -> None:
    copy = map_copy(tmp_path / "maps")
    write_replay(folder / "battle.json", copy, battle_map=MAPS_DIR / "tutorial.tmx")
    scene = open_list(app, ctx)
    assert scene.entry.error is None
    copy.write_text(copy.read_text().replace("First Blood", "First Blood (edited)"))
    click_at(scene.start.rect.center)
    steps(app, 2)
    assert app.stack.top is scene and not scene.start.is_enabled
    assert "changed since this replay was saved" in (scene.entry.error or "")


def test_an_empty_folder_says_how_to_save_a_replay(app: App, ctx: Context) -> None:
    scene = open_list(app, ctx)  # the folder does not even exist yet
    steps(app, 2)
    assert scene.entries == [] and not scene.start.is_enabled
    assert "press Save replay" in scene.empty_text()
    click_at(scene.back.rect.center)
    steps(app, 2)
    assert isinstance(app.stack.top, MenuScene)


def test_a_long_list_scrolls(app: App, ctx: Context, folder: Path) -> None:
    for i in range(14):
        age(write_replay(folder / f"battle_{i:02}.json"), 100 + i)
    scene = open_list(app, ctx)
    assert len(scene.map_buttons) == 14
    box = scene.list_box.rect
    assert scene.list_box.vert_scroll_bar is not None
    last = scene.map_buttons[-1]
    assert last.rect.top > box.bottom  # below the fold until scrolled
    scene.list_box.vert_scroll_bar.set_scroll_from_start_percentage(1.0)  # what the wheel does
    steps(app, 3)
    assert box.contains(last.rect)
    click_at(last.rect.center)
    steps(app, 2)
    assert scene.entry is scene.entries[-1]


def test_the_list_in_russian(app: App, ctx: Context, folder: Path) -> None:
    write_replay(folder / "battle.json")
    i18n.set_language("ru")
    scene = open_list(app, ctx)
    steps(app, 2)
    lines = detail(scene)
    assert lines[1].startswith("Сохранена ") and "Итог" in lines
    assert "Победа" in scene.map_buttons[0].text or "Поражение" in scene.map_buttons[0].text


def test_duel_replays_are_watched_and_skirmish_replays_listed_with_their_game_only(
    app: App, ctx: Context, folder: Path
) -> None:
    from client.duel.replay_view import DuelReplayScene

    age(write_replay(folder / "tactics.json"), 10)
    age(write_duel_replay(folder / "duel.json"), 20)
    age(write_skirmish_replay(folder / "skirmish.json"), 30)
    scene = open_list(app, ctx)
    assert [e.game for e in scene.entries] == ["tactics", "duel", "skirmish"]
    labels = [button.text for button in scene.map_buttons]
    assert labels[1].endswith("  Duel · Starter v Sky Host") and labels[2].endswith("  Skirmish · Arena Pit")
    assert "Game: Tactics" in detail(scene) and scene.start.is_enabled
    click_at(scene.map_buttons[2].rect.center)  # the skirmish: the reason, and Watch stays off
    steps(app, 2)
    lines = detail(scene)
    assert "Game: Skirmish" in lines and "This replay cannot be played:" in lines
    assert "its viewer comes with the skirmish scene" in " ".join(lines)
    assert not scene.start.is_enabled
    click_at(scene.start.rect.center)
    steps(app, 2)
    assert app.stack.top is scene
    click_at(scene.map_buttons[1].rect.center)  # the duel: its result, and Watch opens the duel viewer
    steps(app, 2)
    lines = detail(scene)
    assert "Game: Duel" in lines and "This replay cannot be played:" not in lines
    assert scene.start.is_enabled
    click_at(scene.start.rect.center)
    steps(app, 2)
    assert isinstance(app.stack.top, DuelReplayScene)
