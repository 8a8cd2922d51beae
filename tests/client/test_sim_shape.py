"""The three simulators on one shape: the shared JSON keys, mirrored pairs, worker processes, the
shared flags' refusals and progress lines (tiny runs with cheap AIs)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from client.__main__ import main
from client.sim.schedule import Slot, run_games, schedule
from client.sim.summary import GameRecord

ROOT = Path(__file__).resolve().parents[2]
TUTORIAL = str(ROOT / "maps" / "tutorial.tmx")
SHARED_KEYS = {
    "games", "wins_a", "draws", "losses_a", "score_a", "score_ci95", "by_seat", "decisions",
    "exceptions", "illegal_actions",
}  # fmt: skip
RUNS = {
    "sim": ["sim", "--map", TUTORIAL, "--team1", "greedy", "--team2", "random", "--seed", "2"],
    "sim-duel": ["sim-duel", "--p1", "greedy", "--p2", "random", "--seed", "2"],
    "sim-skirmish": ["sim-skirmish", "--map", TUTORIAL, "--ai1", "greedy", "--ai2", "random", "--seed", "2",
                     "--round-limit", "1"],
}  # fmt: skip


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("command", sorted(RUNS))
def test_every_command_prints_the_shared_keys(capsys: pytest.CaptureFixture[str], command: str):
    out = run_json(capsys, *RUNS[command], "--games", "4", "--json")
    assert SHARED_KEYS <= set(out)
    assert out["games"] == 4 and out["wins_a"] + out["draws"] + out["losses_a"] == 4
    low, high = out["score_ci95"]
    assert 0.0 <= low <= out["score_a"] <= high <= 1.0
    assert sum(row["games"] for row in out["by_seat"].values()) == 4 and set(out["by_seat"]) <= {
        "first",
        "second",
    }
    assert set(out["decisions"]) == {"greedy", "random"}
    for times in out["decisions"].values():
        assert set(times) == {"count", "median_ms", "p95_ms", "max_ms"} and times["count"] > 0
        assert 0 <= times["median_ms"] <= times["p95_ms"] <= times["max_ms"]
    assert out["exceptions"] == 0 and out["illegal_actions"] == 0 and out["sides"] == "mirrored"


@pytest.mark.parametrize("command", sorted(RUNS))
def test_a_mirrored_pair_gives_each_ai_the_first_move_once(capsys: pytest.CaptureFixture[str], command: str):
    """Games 2k and 2k+1 are the same battle with the sides swapped, so whoever's side moves first in
    it, each AI has that side once: the seat split is one game each."""
    out = run_json(capsys, *RUNS[command], "--games", "2", "--json")
    assert {seat: row["games"] for seat, row in out["by_seat"].items()} == {"first": 1, "second": 1}
    fixed = run_json(capsys, *RUNS[command], "--games", "2", "--json", "--fixed-sides")
    assert fixed["sides"] == "fixed"


@pytest.mark.parametrize("command", sorted(RUNS))
def test_two_jobs_give_the_same_results_as_one(capsys: pytest.CaptureFixture[str], command: str):
    one = run_json(capsys, *RUNS[command], "--games", "3", "--json")
    two = run_json(capsys, *RUNS[command], "--games", "3", "--json", "--jobs", "2")
    for out in (one, two):
        for times in out.pop("decisions").values():  # times differ from run to run; their counts do not
            out.setdefault("counts", []).append(times["count"])
        out.pop("jobs", None)
    assert one == two


@pytest.mark.parametrize("command", sorted(RUNS))
@pytest.mark.parametrize("flag", ["--games", "--jobs"])
def test_fewer_than_one_game_or_job_is_refused(capsys: pytest.CaptureFixture[str], command: str, flag: str):
    assert main([*RUNS[command], flag, "0"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == f"{command}: {flag} must be at least 1, got 0\n"


def test_progress_prints_a_line_per_finished_game(capsys: pytest.CaptureFixture[str]):
    assert main([*RUNS["sim-duel"], "--games", "3", "--jobs", "2", "--progress"]) == 0
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 3 and lines[-1].startswith("game 3/3 (#")
    assert sorted(line.split("(#")[1].split(")")[0] for line in lines) == ["1", "2", "3"]


def test_the_schedule_mirrors_sides_in_pairs_or_keeps_them_fixed():
    assert schedule(5) == [Slot(0, 0, 1), Slot(1, 0, 2), Slot(2, 1, 1), Slot(3, 1, 2), Slot(4, 2, 1)]
    assert schedule(3, fixed_sides=True) == [Slot(0, 0, 1), Slot(1, 1, 1), Slot(2, 2, 1)]


def record_of(slot: Slot) -> GameRecord:
    """A stand-in game: the first AI wins battle 0 and loses the others (module level: it pickles)."""
    return GameRecord(
        slot.index, slot.a_side, slot.a_side if slot.battle == 0 else 3 - slot.a_side, 1, [], []
    )


def test_worker_processes_return_the_records_in_game_order():
    slots = schedule(7)
    seen: list[int] = []
    records = run_games(record_of, slots, jobs=2, on_done=lambda r: seen.append(r.index))
    assert [r.index for r in records] == list(range(7)) and sorted(seen) == list(range(7))
    assert [r.outcome for r in records] == ["win", "win"] + ["loss"] * 5
