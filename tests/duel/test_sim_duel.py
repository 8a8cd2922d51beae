"""``runetide sim-duel``: figures from --p1's side, JSON output, refusals of unknown names."""

from __future__ import annotations

import json

import pytest

from client.__main__ import main
from client.commands.sim_duel import deck_pair, percentile, wilson
from rules.duel.catalog import default_duel_catalog


def test_wilson_interval():
    low, high = wilson(0, 10)
    assert low == 0.0 and round(high, 4) == 0.2775
    low, high = wilson(180, 200)
    assert round(low, 4) == 0.8506 and round(high, 4) == 0.9343
    assert percentile([1.0, 2.0, 3.0, 4.0], 50) == 2.0 and percentile([], 95) == 0.0


def test_json_output(capsys: pytest.CaptureFixture[str]):
    code = main(["sim-duel", "--p1", "greedy", "--p2", "random", "--games", "4", "--seed", "7", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert out["games"] == 4 and out["wins"] + out["draws"] + out["losses"] == 4
    assert out["exceptions"] == {"p1": 0, "p2": 0} and out["illegal_actions"] == {"p1": 0, "p2": 0}
    assert set(out["decision_ms"]["p1"]) == {"count", "median", "p95", "max"}
    assert 0.0 <= out["win_ci95"][0] <= out["win_rate"] <= out["win_ci95"][1] <= 1.0
    assert out["mean_turns"] > 0 and out["engine_crashes"] == []


def test_text_output_and_same_results_with_jobs(capsys: pytest.CaptureFixture[str]):
    args = [
        "sim-duel",
        "--p1",
        "ismcts",
        "--p2",
        "greedy",
        "--games",
        "2",
        "--iterations",
        "5",
        "--no-time-limit",
    ]
    assert main([*args, "--json"]) == 0
    one = json.loads(capsys.readouterr().out)
    assert main([*args, "--json", "--jobs", "2"]) == 0
    two = json.loads(capsys.readouterr().out)
    assert (one["wins"], one["losses"], one["mean_turns"]) == (two["wins"], two["losses"], two["mean_turns"])
    assert main(args) == 0
    text = capsys.readouterr().out
    assert "ismcts (starter) vs greedy (starter): 2 games, seats alternated" in text
    assert "(95% CI, Wilson)" in text and "median" in text and "illegal 0" in text


@pytest.mark.parametrize(
    ("flag", "value", "message"),
    [("--p1", "wizard", "unknown duel AI 'wizard'"), ("--deck2", "nope", "unknown deck 'nope'"),
     ("--hero1", "zeus", "unknown hero 'zeus'")],
)  # fmt: skip
def test_unknown_names_are_refused(capsys: pytest.CaptureFixture[str], flag: str, value: str, message: str):
    assert main(["sim-duel", flag, value, "--games", "1"]) == 2
    assert message in capsys.readouterr().err


def test_all_decks_plays_every_pairing_from_both_seats(capsys: pytest.CaptureFixture[str]):
    """``--deck1 all --deck2 all``: games 2k and 2k+1 play the same pairing (seats swapped), pairing
    after pairing; the JSON counts --p1's results per pairing."""
    ready = sorted(default_duel_catalog().decks)
    pairs = [deck_pair("all", "all", i) for i in range(2 * len(ready) ** 2)]
    assert pairs[0::2] == pairs[1::2] == [(a, b) for a in ready for b in ready]
    assert {deck_pair("starter", "all", i)[0] for i in range(8)} == {"starter"}
    code = main(["sim-duel", "--deck1", "all", "--deck2", "starter", "--games", "8", "--seed", "2", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and sorted(out["by_decks"]) == [f"{d} v starter" for d in ready]
    assert sum(sum(counts) for counts in out["by_decks"].values()) == 8
