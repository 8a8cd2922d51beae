"""Replays round-trip exactly; changed maps or catalogs are refused; the simulator's JSON output."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from client.replays import load_replay, map_hash, save_replay, verify_file
from client.tiled import load_setup
from rules.tactics.ai import make_player
from rules.tactics.match import play_match
from rules.tactics.replay import (
    Replay,
    ReplayError,
    action_from_json,
    action_to_json,
    replay_battle,
    state_hash,
)

ROOT = Path(__file__).resolve().parents[2]
TUTORIAL = ROOT / "maps" / "tutorial.tmx"


@pytest.fixture(scope="module")
def finished_battle():
    setup = load_setup(TUTORIAL)
    result = play_match(setup, {1: make_player("greedy", 1), 2: make_player("greedy", 2)}, seed=5)
    assert result.state is not None and result.state.outcome is not None
    return setup, result


def test_replay_round_trips_exactly(tmp_path, finished_battle):
    setup, result = finished_battle
    path = tmp_path / "battle.json"
    save_replay(path, setup, TUTORIAL, result.seed, result.actions, result.state)
    replay, loaded_setup = load_replay(path)
    assert replay.actions == tuple(result.actions)
    state, events = replay_battle(loaded_setup, replay)
    assert state_hash(state) == state_hash(result.state) == replay.final_hash
    assert type(events[-1]).__name__ == "BattleEnded"
    assert verify_file(path).outcome == result.state.outcome


def test_every_action_type_serialises():
    from rules.tactics.actions import Attack, Defend, LineAttack, Move, Skip, Surrender

    for action in (Move(1, (2, 3)), Attack(0, (4, 4)), LineAttack(2), Defend(1), Skip(0), Surrender(2)):
        assert action_from_json(json.loads(json.dumps(action_to_json(action)))) == action


def test_changed_map_or_catalog_is_refused(tmp_path, finished_battle):
    setup, result = finished_battle
    copy = tmp_path / "tutorial.tmx"
    shutil.copy(TUTORIAL, copy)
    # The copied map references its tilesets relative to itself: copy them too.
    shutil.copytree(ROOT / "maps" / "tilesets", tmp_path / "tilesets")
    path = tmp_path / "battle.json"
    save_replay(path, setup, copy, result.seed, result.actions, result.state)
    copy.write_text(copy.read_text().replace("First Blood", "First Blood (edited)"))
    with pytest.raises(ReplayError, match="changed since this replay was saved"):
        verify_file(path)
    data = json.loads(path.read_text())
    data["catalog_hash"] = "0" * 16
    data["map_hash"] = map_hash(copy)
    path.write_text(json.dumps(data))
    with pytest.raises(ReplayError, match="unit catalog changed"):
        verify_file(path)


def test_tampered_actions_do_not_verify(tmp_path, finished_battle):
    setup, result = finished_battle
    path = tmp_path / "battle.json"
    save_replay(path, setup, TUTORIAL, result.seed, result.actions, result.state)
    data = json.loads(path.read_text())
    data["seed"] += 1
    path.write_text(json.dumps(data))
    with pytest.raises(ReplayError):
        verify_file(path)


@pytest.mark.parametrize("text", ["", "{}", "[1, 2]", '{"format_version": 99}', "not json"])
def test_broken_replay_files_give_a_clear_error(text):
    with pytest.raises(ReplayError):
        Replay.from_json(text)


def test_a_format_1_replay_without_a_setup_override_still_loads(tmp_path, finished_battle):
    setup, result = finished_battle
    path = tmp_path / "battle.json"
    save_replay(path, setup, TUTORIAL, result.seed, result.actions, result.state)
    data = json.loads(path.read_text())
    assert data["format_version"] == 3 and data["game"] == "tactics" and data["setup_override"] == {}
    del data["setup_override"], data["game"]
    data["format_version"] = 1  # as the first game version wrote it
    path.write_text(json.dumps(data))
    replay, loaded_setup = load_replay(path)
    assert replay.flag_mode is None and loaded_setup == setup
    assert state_hash(verify_file(path)) == state_hash(result.state)


@pytest.mark.parametrize(
    ("override", "message"),
    [
        ({"armies": "mine"}, "unknown setup override armies"),
        ({"flag_mode": 3}, "flag_mode must be 1 or 2"),
        ([], "must be an object"),
    ],
)
def test_a_setup_override_this_game_cannot_apply_is_refused(tmp_path, finished_battle, override, message):
    setup, result = finished_battle
    path = tmp_path / "battle.json"
    save_replay(path, setup, TUTORIAL, result.seed, result.actions, result.state)
    data = json.loads(path.read_text())
    data["setup_override"] = override
    path.write_text(json.dumps(data))
    with pytest.raises(ReplayError, match=message):
        load_replay(path)


def test_a_flag_mode_on_a_map_without_flags_is_refused(tmp_path, finished_battle):
    setup, result = finished_battle
    path = tmp_path / "battle.json"
    save_replay(path, setup, TUTORIAL, result.seed, result.actions, result.state)
    data = json.loads(path.read_text())
    data["setup_override"] = {"flag_mode": 2}
    path.write_text(json.dumps(data))
    with pytest.raises(ReplayError, match="no longer a PvP flags map"):
        load_replay(path)


def test_a_setup_the_map_cannot_give_is_not_saved(tmp_path, finished_battle):
    from dataclasses import replace

    setup, result = finished_battle
    with pytest.raises(ReplayError, match="cannot be saved as a replay"):
        save_replay(tmp_path / "x.json", replace(setup, round_limit=3), TUTORIAL, 1, [], result.state)
    assert not (tmp_path / "x.json").exists()


def test_replay_verify_command(tmp_path, finished_battle):
    setup, result = finished_battle
    path = tmp_path / "battle.json"
    save_replay(path, setup, TUTORIAL, result.seed, result.actions, result.state)
    done = subprocess.run(
        [sys.executable, "-m", "client", "replay", "--verify", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"OK {path}")
    path.write_text("{}")
    done = subprocess.run(
        [sys.executable, "-m", "client", "replay", "--verify", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 1 and "not a Runetide replay" in done.stderr


def test_sim_json_output():
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "client",
            "sim",
            "--map",
            str(ROOT / "maps" / "arena_pit.tmx"),
            "--team1",
            "greedy",
            "--team2",
            "random",
            "--games",
            "4",
            "--seed",
            "3",
            "--json",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["games"] == 4 and report["exceptions"] == 0 and report["illegal_actions"] == 0
    assert report["wins_a"] + report["draws"] + report["losses_a"] == 4
    low, high = report["score_ci95"]
    assert 0 <= low <= report["score_a"] <= high <= 1
    assert set(report["decisions"]) == {"greedy", "random"}
    assert {"median_ms", "p95_ms", "max_ms"} <= set(report["decisions"]["greedy"])
    assert report["sides"] == "mirrored"
    # mirrored pairs: greedy acted first in exactly half the games (T-TURN-4)
    assert report["by_seat"]["first"]["games"] == report["by_seat"]["second"]["games"] == 2


def test_the_summary_splits_the_score_by_who_acted_first():
    """T-TURN-4: the team that acts first keeps the lead every round, so the report says what the
    first AI scored from each seat."""
    from client.sim.summary import GameRecord
    from client.sim.tactics import summarize_tactics

    def game(a_team: int, first_team: int, winner: int | None) -> GameRecord:
        extra = {"map_path": "maps/x.tmx", "reason": "annihilation", "rounds": 5}
        return GameRecord(0, a_team, winner, first_team, [0.01], [0.01], extra=extra)

    outcomes = [game(1, 1, 1), game(2, 1, 1), game(1, 2, None), game(2, 2, 2)]
    seats = summarize_tactics("hard", "normal", outcomes)["by_seat"]
    assert seats == {"first": {"games": 2, "score_a": 1.0}, "second": {"games": 2, "score_a": 0.25}}


def test_every_map_is_played_from_both_sides():
    """Sides alternate per map, also when the number of maps is even."""
    from client.sim.tactics import game_specs

    specs = game_specs(["a.tmx", "b.tmx"], "x", "y", 8, seed=1)
    for name in ("a.tmx", "b.tmx"):
        sides = [s.a_team for s in specs if s.map_path == name]
        assert sides in ([1, 2, 1, 2], [2, 1, 2, 1])
    assert [s.a_team for s in game_specs(["only.tmx"], "x", "y", 4, seed=1)] == [1, 2, 1, 2]


def test_sides_are_mirrored_in_pairs_of_the_same_battle():
    """Games 2k and 2k+1 are one battle (map and seed) with the sides swapped, so the first move
    (T-TURN-4) and the landing favour each AI equally often over a run."""
    from client.sim.tactics import game_specs

    specs = game_specs(["a.tmx", "b.tmx"], "x", "y", 8, seed=10)
    pairs = [specs[i : i + 2] for i in range(0, 8, 2)]
    for first, second in pairs:
        assert (first.map_path, first.seed) == (second.map_path, second.seed)
        assert (first.a_team, second.a_team) == (1, 2)
    assert [pair[0].seed for pair in pairs] == [10, 11, 12, 13]
    assert [pair[0].map_path for pair in pairs] == ["a.tmx", "b.tmx", "a.tmx", "b.tmx"]


def test_a_mirrored_pair_plays_one_battle_seed_with_the_teams_swapped(monkeypatch, capsys):
    """What ``sim`` hands the tactics match: games 2k and 2k+1 the same battle seed and map, the
    first AI (with its own AI seed) on team 1 and then on team 2."""
    import client.sim.tactics as tactics
    from client.__main__ import main

    calls = []

    def spy(setup, players, seed, *args, **kwargs):
        calls.append((seed, {team: (p.name, p.seed) for team, p in players.items()}))
        return play_match(setup, players, seed, *args, **kwargs)

    monkeypatch.setattr(tactics, "play_match", spy)
    tutorial = str(ROOT / "maps" / "tutorial.tmx")
    argv = ["sim", "--map", tutorial, "--team1", "greedy", "--team2", "random", "--games", "4", "--seed", "5"]
    assert main(argv) == 0
    assert calls == [
        (5, {1: ("greedy", 10), 2: ("random", 11)}),
        (5, {2: ("greedy", 10), 1: ("random", 11)}),
        (6, {1: ("greedy", 12), 2: ("random", 13)}),
        (6, {2: ("greedy", 12), 1: ("random", 13)}),
    ]
    capsys.readouterr()
    calls.clear()
    assert main([*argv, "--fixed-sides"]) == 0
    assert [(seed, players[1][0]) for seed, players in calls] == [
        (5, "greedy"),
        (6, "greedy"),
        (7, "greedy"),
        (8, "greedy"),
    ]


def test_the_matrix_plays_every_map_in_whole_mirrored_pairs():
    """``--matrix --games 1`` still plays each map, from both sides (rounded up to one pair)."""
    maps = [str(ROOT / "maps" / name) for name in ("tutorial.tmx", "arena_pit.tmx")]
    done = subprocess.run(
        [sys.executable, "-m", "client", "sim", "--matrix", "--ais", "random,greedy", "--games", "1"]
        + ["--json"]
        + [arg for path in maps for arg in ("--map", path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    (pair,) = json.loads(done.stdout)["pairs"]
    assert {name: m["games"] for name, m in pair["per_map"].items()} == {"tutorial": 2, "arena_pit": 2}
    assert pair["by_seat"]["first"]["games"] == pair["by_seat"]["second"]["games"] == 2


def test_fixed_sides_keep_the_first_ai_on_team_1():
    """A mission's balance: ``--fixed-sides`` plays the first AI as team 1 (the player side) every game."""
    from client.sim.tactics import game_specs

    assert {s.a_team for s in game_specs(["a.tmx", "b.tmx"], "x", "y", 8, seed=1, fixed_sides=True)} == {1}
    tutorial = str(ROOT / "maps" / "tutorial.tmx")
    done = subprocess.run(
        [sys.executable, "-m", "client", "sim", "--map", tutorial, "--fixed-sides"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "greedy vs random: 20 games, greedy always team 1" in done.stdout
