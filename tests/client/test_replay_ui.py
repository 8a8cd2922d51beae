"""The end-of-battle overlay saves a replay that verifies (also for a hot-seat battle whose flag mode
was changed); the replay scene plays it back exactly."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from client.app import App
from client.battle import replay_hook
from client.battle.scene import TacticsScene
from client.battle.session import BattleRecord
from client.battle.spec import load_spec
from client.context import MAPS_DIR, Context
from client.replays import load_replay, verify_file
from client.scenes.base import Push
from client.scenes.replay_player import ReplayScene, replay_scene, replay_spec
from client.tiled import load_setup
from rules.tactics.ai import decide, make_player
from rules.tactics.replay import ReplayError, state_hash
from tests.client.replay_files import AI
from tests.client.ui_events import click_at, press, steps, until


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(replay_hook.DATA_DIR_VAR, str(tmp_path / "data"))


def finish_by_skipping(app: App, scene) -> None:
    def skip_when_ready() -> bool:
        if scene.overlay is not None:
            return True
        state = scene.session.state
        if scene.input_allowed() and scene.controls.selectable(state, scene.controls.squad(state)):
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
    app.stack.apply(Push(viewer))
    until(app, lambda: viewer.overlay is not None, limit=4000)
    assert viewer.session.record.actions == list(replay.actions)
    assert state_hash(viewer.session.state) == replay.final_hash
    assert viewer.presentation.turn_info().label in ("Defeat", "Victory", "Draw")


def test_a_hot_seat_battle_with_a_changed_flag_mode_saves_a_replay_that_plays_back(
    app: App, ctx: Context
) -> None:
    ctx.settings.speed = "instant"
    map_path = MAPS_DIR / "arena_red_blue.tmx"  # its own flags (mode 1); played with shared flags
    spec = load_spec(map_path, ctx.settings, hotseat=True, flag_mode=2)
    assert spec.loaded.setup.flag_mode == 1 and spec.setup.flag_mode == 2
    scene = TacticsScene(ctx, app.size, spec, seed=11)
    app.stack.apply(Push(scene))
    players = {team: make_player(AI, team) for team in (1, 2)}

    def play_when_ready() -> bool:  # both seats played by the AI through the scene
        if scene.overlay is not None:
            return True
        if scene.input_allowed():
            scene._act(decide(players[scene.session.state.active_team], scene.session.state))
        return False

    until(app, play_when_ready, limit=6000)
    assert "save_replay" in scene.overlay.buttons  # no longer withheld for a changed flag mode
    click_at(scene.overlay.buttons["save_replay"].rect.center)
    steps(app, 2)
    saved = list(replay_hook.replays_dir().glob("*.json"))
    assert len(saved) == 1, scene.overlay.note
    assert json.loads(saved[0].read_text())["setup_override"] == {"flag_mode": 2}

    final = verify_file(saved[0])
    assert state_hash(final) == state_hash(scene.session.state)
    replay, setup = load_replay(saved[0])
    assert replay.flag_mode == 2 and setup == spec.setup
    viewer = replay_scene(ctx, app.size, replay, setup)
    app.stack.apply(Push(viewer))
    until(app, lambda: viewer.overlay is not None, limit=6000)
    assert state_hash(viewer.session.state) == replay.final_hash == state_hash(scene.session.state)

    data = json.loads(saved[0].read_text())  # without the override the battle is another one
    data["setup_override"] = {}
    saved[0].write_text(json.dumps(data))
    with pytest.raises(ReplayError):
        verify_file(saved[0])


def test_a_battle_without_a_map_file_is_not_offered_for_saving() -> None:
    setup = load_setup(MAPS_DIR / "arena_red_blue.tmx")
    assert replay_hook.replayable(BattleRecord(setup, 1, MAPS_DIR / "arena_red_blue.tmx"))
    assert not replay_hook.replayable(BattleRecord(setup, 1, None))
