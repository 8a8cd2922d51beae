"""Replay files of every game (client/replays.py): duel and skirmish replays are saved atomically and
verified by ``runetide replay --verify``; without --verify they say their viewer comes with their
game's scene; the Replays folder scan lists them with their game; a tactics replay saved before the
format named its game still verifies."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from client import replays
from client.replays import read_replay, save_skirmish_replay, scan_replays, verify_file
from rules.core.replay import ReplayError, state_hash
from tests.client.replay_files import (
    SKIRMISH_MAP,
    age,
    duel_played,
    map_copy,
    skirmish_played,
    skirmish_setup,
    write_duel_replay,
    write_replay,
    write_skirmish_replay,
)

ROOT = Path(__file__).resolve().parents[2]
FORMAT_2_REPLAY = Path(__file__).with_name("data") / "format2_arena_pit.json"


def runetide(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "client", *args], capture_output=True, text=True, cwd=ROOT, timeout=120
    )


def test_a_duel_replay_is_saved_verified_and_watched_from_the_menu_only_P_SAVE_1(tmp_path: Path) -> None:
    path = write_duel_replay(tmp_path / "duel.json")
    state, actions = duel_played("duel/1")
    data = json.loads(path.read_text())
    assert (data["format_version"], data["game"], data["decks"]) == (3, "duel", ["starter", "sky_host"])
    assert read_replay(path).actions == tuple(actions)
    assert state_hash(verify_file(path)) == state_hash(state)
    done = runetide("replay", "--verify", str(path))
    assert done.returncode == 0, done.stderr
    outcome = state.outcome
    assert (
        done.stdout
        == f"OK {path}: duel, winner {outcome.winner} by {outcome.reason}, {state.turn_no} turns\n"
    )
    done = runetide("replay", str(path))
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == (
        f"{path}: a duel replay is watched from the main menu's Replays list; use --verify to check it\n"
    )


def test_a_skirmish_replay_is_saved_on_its_map_verified_and_not_watched(tmp_path: Path) -> None:
    path = write_skirmish_replay(tmp_path / "skirmish.json")
    played = skirmish_played("sk/1")
    data = json.loads(path.read_text())
    assert data["game"] == "skirmish" and data["map_path"] == SKIRMISH_MAP.name  # a shipped map by its name
    assert state_hash(verify_file(path)) == state_hash(played.state)
    done = runetide("replay", "--verify", str(path))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"OK {path}: skirmish, winner {played.state.outcome.winner} by ")
    done = runetide("replay", str(path))
    assert done.returncode == 1 and len(done.stderr.splitlines()) == 1
    assert "its viewer comes with the skirmish scene" in done.stderr


def test_a_skirmish_replay_whose_map_changed_or_went_is_refused(tmp_path: Path) -> None:
    copy = map_copy(tmp_path / "maps", SKIRMISH_MAP)
    path = write_skirmish_replay(tmp_path / "skirmish.json", copy)
    assert verify_file(path).over
    copy.write_text(copy.read_text().replace("The Pit", "The Pit (edited)"))
    with pytest.raises(ReplayError, match=r"the map .+ changed since this replay was saved"):
        verify_file(path)
    copy.unlink()
    with pytest.raises(ReplayError, match="is missing"):
        verify_file(path)


def test_a_skirmish_setup_its_map_does_not_give_is_not_saved(tmp_path: Path) -> None:
    from dataclasses import replace

    played = skirmish_played("sk/1")
    other = replace(skirmish_setup(), blocked=frozenset())
    with pytest.raises(ReplayError, match="cannot be saved as a replay: its setup is not its map's"):
        save_skirmish_replay(tmp_path / "x.json", other, SKIRMISH_MAP, "sk/1", played.actions, played.state)
    assert not (tmp_path / "x.json").exists()


def test_a_failed_write_keeps_the_previous_good_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write_duel_replay(tmp_path / "duel.json")
    good = path.read_bytes()

    def fail(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(replays.os, "replace", fail)
    with pytest.raises(OSError):
        write_duel_replay(path, seed="duel/2")
    assert path.read_bytes() == good and sorted(os.listdir(tmp_path)) == ["duel.json"]


def test_the_folder_scan_lists_every_game_with_its_reason(tmp_path: Path) -> None:
    age(write_replay(tmp_path / "tactics.json"), 10)
    age(write_duel_replay(tmp_path / "duel.json"), 20)
    age(write_skirmish_replay(tmp_path / "skirmish.json"), 30)
    other_catalog = write_duel_replay(tmp_path / "old_cards.json")
    data = json.loads(other_catalog.read_text())
    data["catalog_hash"] = "0" * 16
    other_catalog.write_text(json.dumps(data))
    age(other_catalog, 40)
    entries = scan_replays(tmp_path)
    assert [(e.path.name, e.game) for e in entries] == [
        ("tactics.json", "tactics"),
        ("duel.json", "duel"),
        ("skirmish.json", "skirmish"),
        ("old_cards.json", "duel"),
    ]
    tactics, duel, skirmish, old = entries
    assert tactics.error is None and tactics.setup is not None
    assert duel.name == "Starter v Sky Host" and skirmish.name == "Arena Pit"
    assert duel.setup is None and duel.error is None and duel.watchable  # the duel table's viewer
    assert duel.final is not None and duel.final.outcome is not None
    assert skirmish.setup is None and "its viewer comes with the skirmish scene" in (skirmish.error or "")
    assert "the card catalog changed since this replay was saved" in (old.error or "")


def test_a_tactics_replay_saved_before_the_format_named_its_game_still_verifies(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A real format 2 file, saved by the game before replays were shared: its map path is relative
    to the checkout, and two squads end with two auras each (whose order its hash took from the
    saving process). It verifies, unless its map or unit catalog has changed since: then it is
    refused by name, never a mismatch."""
    monkeypatch.chdir(ROOT)
    path = tmp_path / "old.json"
    shutil.copy(FORMAT_2_REPLAY, path)
    replay = read_replay(path)
    assert (replay.game, replay.format_version, replay.map_path) == ("tactics", 2, "maps/arena_pit.tmx")
    try:
        final = verify_file(path)
    except ReplayError as exc:
        assert "the unit catalog changed" in str(exc) or "the map maps/arena_pit.tmx changed" in str(exc)
        return
    assert final.outcome is not None and final.outcome.winner == 2 and final.round_no == 12
