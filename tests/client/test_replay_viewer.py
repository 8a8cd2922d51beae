"""The replay viewer's controls: pause, step, speed, the position indicator, Menu and Play again."""

from __future__ import annotations

import itertools
from pathlib import Path

import pygame
import pytest

from client.app import App
from client.context import Context
from client.replays import load_replay
from client.scenes.base import Push
from client.scenes.replay_player import ReplayScene, replay_scene
from rules.tactics.replay import state_hash
from tests.client.replay_files import write_replay
from tests.client.ui_events import click_at, press, steps, until


@pytest.fixture
def viewer(app: App, ctx: Context, tmp_path: Path):
    """``viewer(speed)``: a ReplayScene on the stack watching a short tutorial battle."""

    def make(speed: str = "instant") -> ReplayScene:
        ctx.settings.speed = speed
        replay, setup = load_replay(write_replay(tmp_path / "battle.json"))
        scene = replay_scene(ctx, app.size, replay, setup)
        app.stack.apply(Push(scene))
        app.step()
        return scene

    return make


def test_the_bar_holds_the_replay_controls_with_their_keys(viewer) -> None:
    scene = viewer("1x")
    assert list(scene.buttons.buttons) == ["pause", "step", "speed", "menu"]
    labels = [b.text for b in scene.buttons.buttons.values()]
    assert labels == ["Pause [Space]", "Step [Right arrow]", "Speed: 1x [F]", "Menu [Esc]"]
    rects = [b.rect for b in scene.buttons.buttons.values()]
    assert all(a.right < b.left for a, b in itertools.pairwise(rects))  # in a row, apart
    assert all(scene.rects.bottom.contains(r) for r in rects)


def test_pause_stops_the_replay_and_play_resumes_it(app: App, viewer) -> None:
    scene = viewer()
    until(app, lambda: scene.played >= 3)
    press(pygame.K_SPACE)
    steps(app, 2)
    assert scene.paused and scene.buttons["pause"].text == "Play [Space]"
    held = scene.played
    steps(app, 60)
    assert scene.played == held
    click_at(scene.buttons["pause"].rect.center)  # the button does the same as the key
    until(app, lambda: scene.played > held)
    assert not scene.paused and scene.buttons["pause"].text == "Pause [Space]"


def test_step_while_paused_plays_exactly_one_action(app: App, viewer) -> None:
    scene = viewer("1x")
    press(pygame.K_SPACE)
    steps(app, 2)
    assert scene.paused and scene.played == 0
    for key, expected in ((pygame.K_RIGHT, 1), (pygame.K_n, 2)):
        press(key)
        until(app, lambda: scene.played == expected and scene.player.idle)  # noqa: B023
        steps(app, 40)
        assert scene.played == expected and scene.paused
    click_at(scene.buttons["step"].rect.center)
    until(app, lambda: scene.played == 3 and scene.player.idle)
    steps(app, 40)
    assert scene.played == 3 and scene.paused
    assert scene.session.record.actions == scene.recorded[:3]


def test_step_while_playing_pauses_after_the_next_action(app: App, viewer) -> None:
    scene = viewer("1x")
    steps(app, 2)
    assert not scene.paused
    before = scene.played
    press(pygame.K_RIGHT)
    until(app, lambda: scene.played == before + 1 and scene.player.idle)
    steps(app, 40)
    assert scene.paused and scene.played == before + 1


def test_the_step_key_does_not_pan_the_map(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    from client.battle.pointer import Pointer
    from client.render.camera import Camera
    from client.settings import Settings

    right = pygame.key.key_code("right")
    monkeypatch.setattr(pygame.key, "get_pressed", lambda: _Held(right))
    camera = Camera((4000, 4000), pygame.Rect(0, 0, 800, 600))
    pointer = Pointer(camera)
    window = pygame.Rect(0, 0, 1280, 720)
    pointer.update(0.1, Settings(), window, False, ReplayScene.unpanned_keys)
    assert camera.x == 0.0
    pointer.update(0.1, Settings(), window, False)  # the live battle pans with it
    assert camera.x > 0.0


class _Held:
    """What pygame.key.get_pressed() returns while one key is held."""

    def __init__(self, code: int) -> None:
        self.code = code

    def __getitem__(self, code: int) -> bool:
        return code == self.code


def test_speed_cycles_through_every_speed(app: App, ctx: Context, viewer) -> None:
    scene = viewer("1x")
    seen = []
    for _ in range(4):
        press(pygame.K_f)
        steps(app, 2)
        seen.append(ctx.settings.speed)
    assert seen == ["2x", "4x", "instant", "1x"]
    click_at(scene.buttons["speed"].rect.center)
    steps(app, 2)
    assert ctx.settings.speed == "2x" and scene.buttons["speed"].text == "Speed: 2x [F]"


def test_the_position_indicator_counts_the_actions_and_names_the_turn(app: App, viewer) -> None:
    scene = viewer("1x")
    press(pygame.K_SPACE)
    steps(app, 2)
    total = len(scene.recorded)
    assert scene.hint() == f"Action 0 / {total}  ·  Your turn  ·  Paused"
    press(pygame.K_RIGHT)
    until(app, lambda: scene.played == 1 and scene.player.idle)
    assert scene.hint().startswith(f"Action 1 / {total}  ·  ")
    assert scene.hint().endswith("Paused")


def test_menu_opens_the_pause_panel_and_leave_goes_back(app: App, viewer) -> None:
    below = app.stack.top
    scene = viewer("1x")
    press(pygame.K_ESCAPE)
    steps(app, 2)
    assert scene.pause is not None
    press(pygame.K_SPACE)  # the controls wait while the menu is open
    steps(app, 2)
    assert not scene.paused
    click_at(scene.pause.buttons["leave"].rect.center)
    steps(app, 2)
    assert app.stack.top is below


def test_the_end_overlay_appears_and_play_again_replays_from_the_start(app: App, viewer, tmp_path) -> None:
    scene = viewer()
    until(app, lambda: scene.overlay is not None)
    assert state_hash(scene.session.state) == load_replay(tmp_path / "battle.json")[0].final_hash
    assert scene.played == len(scene.recorded) and scene.hint() == ""
    assert "save_replay" not in scene.overlay.buttons  # watching is not a battle to save
    assert not scene.buttons["pause"].is_enabled and not scene.buttons["step"].is_enabled
    click_at(scene.overlay.buttons["again"].rect.center)
    steps(app, 2)
    again = app.stack.top
    assert isinstance(again, ReplayScene) and again is not scene
    assert again.recorded == scene.recorded and again.played < len(scene.recorded)
    until(app, lambda: again.overlay is not None)
    assert state_hash(again.session.state) == state_hash(scene.session.state)


def test_the_viewer_in_russian(app: App, ctx: Context, viewer) -> None:
    from client import i18n

    i18n.set_language("ru")
    ctx.settings.language = "ru"
    scene = viewer("1x")
    press(pygame.K_SPACE)
    steps(app, 3)
    labels = [b.text for b in scene.buttons.buttons.values()]
    assert labels == ["Пуск [Пробел]", "Шаг [Стрелка вправо]", "Скорость: 1x [F]", "Меню [Esc]"]
    assert scene.hint().startswith("Действие 0 / ") and scene.hint().endswith("Пауза")
