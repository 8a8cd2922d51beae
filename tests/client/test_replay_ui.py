"""The end-of-battle overlay saves a replay that verifies; the replay scene plays it back exactly."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from client.app import App
from client.battle import replay_hook
from client.replays import load_replay, verify_file
from client.scenes.replay_player import ReplayScene, replay_spec
from rules.tactics.replay import state_hash
from tests.client.ui_events import click_at, press, steps, until


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(replay_hook.DATA_DIR_VAR, str(tmp_path / "data"))


def finish_by_skipping(app: App, scene) -> None:
    def skip_when_ready() -> bool:
        if scene.overlay is not None:
            return True
        state = scene.session.state
        if scene._input_allowed() and scene.controls.selectable(state, scene.controls.squad(state)):
            press(pygame.K_SPACE)
        return False

    until(app, skip_when_ready, limit=4000)


def test_save_replay_writes_a_file_that_verifies_and_plays_back(app: App, battle, ctx) -> None:
    scene = battle(seed=5)
    finish_by_skipping(app, scene)
    steps(app, 2)
    click_at(scene.overlay.buttons["save_replay"].rect.center)
    steps(app, 2)
    saved = list(replay_hook.replays_dir().glob("*.json"))
    assert len(saved) == 1 and not scene.overlay.buttons["save_replay"].is_enabled
    assert "Replay saved as" in scene.overlay.note
    final = verify_file(saved[0])
    assert state_hash(final) == state_hash(scene.session.state)

    replay, setup = load_replay(saved[0])
    viewer = ReplayScene(
        ctx, app.size, replay_spec(Path(replay.map_path), setup), replay.seed, list(replay.actions)
    )
    from client.scenes.base import Push

    app.stack.apply(Push(viewer))
    until(app, lambda: viewer.overlay is not None, limit=4000)
    assert viewer.session.record.actions == list(replay.actions)
    assert state_hash(viewer.session.state) == replay.final_hash
    assert viewer.turn_info().label in ("Defeat", "Victory", "Draw")


def test_a_hot_seat_battle_with_a_changed_flag_mode_is_not_offered_for_saving(app: App, battle) -> None:
    from client.battle.session import BattleRecord
    from client.context import MAPS_DIR
    from client.tiled import load_setup

    setup = load_setup(MAPS_DIR / "arena_red_blue.tmx")
    assert replay_hook.replayable(BattleRecord(setup, 1, MAPS_DIR / "arena_red_blue.tmx"))
    assert not replay_hook.replayable(
        BattleRecord(setup, 1, MAPS_DIR / "arena_red_blue.tmx", setup_from_map=False)
    )
    assert not replay_hook.replayable(BattleRecord(setup, 1, None))
