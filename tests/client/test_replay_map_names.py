"""A replay names a shipped map by its name, so it plays wherever the game is installed or started.

Before, a replay held the map's path as given ("maps/tutorial.tmx" or an absolute path into one
checkout), so moving the game or starting it from another folder made every replay "missing".
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from client.context import MAPS_DIR
from client.replays import load_replay, map_reference, resolve_map, save_replay, verify_file
from client.tiled import load_setup
from rules.tactics.ai import make_player
from rules.tactics.match import play_match
from rules.tactics.replay import ReplayError

TUTORIAL = MAPS_DIR / "tutorial.tmx"


@pytest.fixture(scope="module")
def finished():
    setup = load_setup(TUTORIAL)
    result = play_match(setup, {1: make_player("greedy", 1), 2: make_player("greedy", 2)}, seed=5)
    return setup, result


def save(path: Path, finished, map_path: Path = TUTORIAL) -> dict:
    setup, result = finished
    save_replay(path, setup, map_path, result.seed, result.actions, result.state)
    return json.loads(path.read_text())


def test_a_shipped_map_is_saved_by_its_name_and_found_from_any_folder(
    tmp_path: Path, finished, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "battle.json"
    assert save(path, finished)["map_path"] == "tutorial.tmx"
    monkeypatch.chdir(tmp_path)  # started somewhere else
    replay, _ = load_replay(path)
    assert Path(replay.map_path) == TUTORIAL  # the viewer opens the file found on this machine
    assert verify_file(path).outcome is not None


def test_another_map_is_saved_by_its_absolute_path_and_refused_in_words_once_gone(
    tmp_path: Path, finished
) -> None:
    own = tmp_path / "mine" / "my_map.tmx"
    own.parent.mkdir()
    shutil.copy(TUTORIAL, own)
    shutil.copytree(MAPS_DIR / "tilesets", own.parent / "tilesets")
    path = tmp_path / "battle.json"
    assert save(path, finished, own)["map_path"] == str(own.resolve())
    assert load_replay(path)[0].map_path == str(own.resolve())
    own.unlink()
    with pytest.raises(ReplayError, match=f"its map {own.resolve()} is missing$"):
        load_replay(path)


@pytest.mark.parametrize("old_reference", [str(TUTORIAL), "maps/tutorial.tmx"])
def test_old_replays_with_a_path_keep_loading_where_the_map_is(
    tmp_path: Path, finished, old_reference: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "old.json"
    data = save(path, finished)
    data["map_path"] = old_reference
    path.write_text(json.dumps(data))
    monkeypatch.chdir(tmp_path)
    replay, _ = load_replay(path)
    assert Path(replay.map_path) == TUTORIAL


def test_map_reference_and_resolve_map_round_trip(tmp_path: Path) -> None:
    assert map_reference(TUTORIAL) == "tutorial.tmx"
    assert resolve_map("tutorial.tmx") == TUTORIAL
    assert resolve_map("no_such_map.tmx") is None
    assert resolve_map(str(tmp_path / "gone.tmx")) is None
