"""``runetide sim-duel``: figures from --p1's side, JSON output, refusals of unknown names, mirrored seats."""

from __future__ import annotations

import json

import pytest

from client.__main__ import main
from client.sim.duel import deck_pair
from rules.duel.catalog import default_duel_catalog


def test_json_output(capsys: pytest.CaptureFixture[str]):
    code = main(["sim-duel", "--p1", "greedy", "--p2", "random", "--games", "4", "--seed", "7", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert out["games"] == 4 and out["wins_a"] + out["draws"] + out["losses_a"] == 4
    assert out["exceptions"] == 0 and out["illegal_actions"] == 0
    assert out["exceptions_by_player"] == {"p1": 0, "p2": 0}
    assert out["illegal_actions_by_player"] == {"p1": 0, "p2": 0}
    assert set(out["decisions"]) == {"greedy", "random"}
    assert set(out["decisions"]["greedy"]) == {"count", "median_ms", "p95_ms", "max_ms"}
    assert 0.0 <= out["win_ci95"][0] <= out["win_rate"] <= out["win_ci95"][1] <= 1.0
    assert out["mean_turns"] > 0 and out["engine_crashes"] == []
    assert out["by_seat"]["first"]["games"] + out["by_seat"]["second"]["games"] == 4


def test_text_output(capsys: pytest.CaptureFixture[str]):
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
    assert main(args) == 0
    text = capsys.readouterr().out
    assert "ismcts (starter) vs greedy (starter): 2 games, seats mirrored in pairs" in text
    assert "(95% CI, Wilson)" in text and "median" in text and "illegal 0" in text
    assert "ismcts acting first: 1 game," in text and "ismcts acting second: 1 game," in text


@pytest.mark.parametrize(
    ("flag", "value", "message"),
    [("--p1", "wizard", "unknown duel AI 'wizard'"), ("--deck2", "nope", "unknown deck 'nope'"),
     ("--hero1", "zeus", "unknown hero 'zeus'")],
)  # fmt: skip
def test_unknown_names_are_refused(capsys: pytest.CaptureFixture[str], flag: str, value: str, message: str):
    assert main(["sim-duel", flag, value, "--games", "1"]) == 2
    assert message in capsys.readouterr().err


def test_all_decks_plays_every_pairing_from_both_seats(capsys: pytest.CaptureFixture[str]):
    """``--deck1 all --deck2 all``: battle after battle goes through every pairing, and games 2k and
    2k+1 play battle k's pairing (seats swapped); the JSON counts --p1's results per pairing."""
    ready = sorted(default_duel_catalog().decks)
    assert [deck_pair("all", "all", k) for k in range(len(ready) ** 2)] == [
        (a, b) for a in ready for b in ready
    ]
    assert {deck_pair("starter", "all", k)[0] for k in range(8)} == {"starter"}
    code = main(["sim-duel", "--deck1", "all", "--deck2", "starter", "--games", "8", "--seed", "2", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and sorted(out["by_decks"]) == [f"{d} v starter" for d in ready]
    assert all(sum(counts) == 2 for counts in out["by_decks"].values())


def test_a_mirrored_pair_plays_one_duel_seed_with_the_seats_swapped(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
):
    """What ``sim-duel`` hands the duel: games 2k and 2k+1 the same duel seed S/k, --p1 (with its deck
    and hero) in seat 1 and then in seat 2; ``--fixed-sides`` keeps it in seat 1, a seed per game."""
    import rules.duel.match as match

    real, calls = match.play_match, []

    def spy(ais, seed, **kwargs):
        calls.append((seed, tuple(ai.name for ai in ais), kwargs["decks"], kwargs["heroes"]))
        return real(ais, seed, **kwargs)

    monkeypatch.setattr(match, "play_match", spy)
    argv = ["sim-duel", "--p1", "greedy", "--p2", "random", "--deck2", "night_terror", "--hero1", "wizard"]
    argv += ["--games", "4", "--seed", "s"]
    assert main(argv) == 0
    assert calls == [
        ("s/0", ("greedy", "random"), ("starter", "night_terror"), ("wizard", None)),
        ("s/0", ("random", "greedy"), ("night_terror", "starter"), (None, "wizard")),
        ("s/1", ("greedy", "random"), ("starter", "night_terror"), ("wizard", None)),
        ("s/1", ("random", "greedy"), ("night_terror", "starter"), (None, "wizard")),
    ]
    calls.clear()
    assert main([*argv, "--fixed-sides"]) == 0
    assert [(seed, names) for seed, names, _, _ in calls] == [
        (f"s/{i}", ("greedy", "random")) for i in range(4)
    ]
    capsys.readouterr()
