"""The level ladder of ``--matrix`` (client/sim/ladder.py) in the three simulators: every pair, the
Elo ratings and differences with intervals, the bar between consecutive levels, levels as names."""

from __future__ import annotations

import json

import pytest

from client.__main__ import main
from client.sim.ladder import BAR, ladder_ais, ladder_text, play_ladder, unknown_ai
from rules.core.players import LEVELS
from rules.core.stats import wilson

TUTORIAL = "maps/tutorial.tmx"


def summary(wins: int, games: int) -> dict:
    """The shared keys a pair's run returns (no draws)."""
    return {"games": games, "wins_a": wins, "draws": 0, "losses_a": games - wins,
            "score_a": wins / games, "score_ci95": list(wilson(wins, games))}  # fmt: skip


def test_the_ladder_plays_every_pair_and_checks_each_step():
    """Easy loses 30% to normal (normal clears 0.64 over 400 games), normal v hard is level."""
    results = {("easy", "normal"): summary(120, 400), ("easy", "hard"): summary(100, 400),
               ("normal", "hard"): summary(100, 200)}  # fmt: skip
    played = []

    def play_pair(a: str, b: str) -> dict:
        played.append((a, b))
        return results[(a, b)]

    ladder = play_ladder(list(LEVELS), play_pair)
    assert played == [("easy", "normal"), ("easy", "hard"), ("normal", "hard")]
    assert ladder["elo"]["easy"] < ladder["elo"]["normal"] <= ladder["elo"]["hard"]
    first = ladder["pairs"][0]
    assert first["elo_diff"] == -147.2 and first["elo_ci95"][0] < -147.2 < first["elo_ci95"][1] < 0
    (step1, step2) = ladder["steps"]
    assert (step1["weaker"], step1["stronger"], step1["score"]) == ("easy", "normal", 0.7)
    assert step1["meets_bar"] and step1["ci_above_bar"] and step1["enough_games"]
    assert step1["elo_diff"] == 147.2 and step1["score_ci95"][0] >= BAR
    assert (step2["score"], step2["elo_diff"]) == (0.5, 0.0)
    assert not step2["meets_bar"] and not step2["enough_games"]
    text = ladder_text(ladder)
    for name in LEVELS:
        assert f"  {name:6s} {ladder['elo'][name]}\n" in text
    assert "easy v normal: 400 games, W 120 D 0 L 280, score 0.300" in text
    assert "easy v hard: 400 games" in text and "normal v hard: 200 games" in text
    assert "normal over easy: 0.700" in text and "+147 Elo" in text and "meets the bar" in text
    assert "hard over normal: 0.500" in text and "BELOW the bar; only 200 games" in text


def test_levels_by_default_and_unknown_names_with_the_choices():
    from rules.duel.ai import PLAYERS

    assert ladder_ais("") == ["easy", "normal", "hard"]
    assert ladder_ais("random, greedy") == ["random", "greedy"]
    assert unknown_ai(["easy", "ismcts"], PLAYERS) is None
    message = unknown_ai(["easy", "wizard"], PLAYERS)
    assert message is not None and "'wizard'" in message and "easy, normal, hard, random" in message


MATRICES = {
    "sim": ["sim", "--matrix", "--map", TUTORIAL, "--games", "1"],
    "sim-duel": ["sim-duel", "--matrix", "--games", "2", "--deck1", "starter", "--deck2", "starter"],
    "sim-skirmish": ["sim-skirmish", "--matrix", "--map", TUTORIAL, "--melee", "basic", "--party1",
                     "vanguard", "--party2", "wardens", "--games", "2", "--round-limit", "3"],
}  # fmt: skip


@pytest.mark.parametrize("command", list(MATRICES))
def test_each_matrix_takes_levels_and_prints_the_pair_and_the_ratings(command: str, capsys):
    assert main([*MATRICES[command], "--ais", "random,easy"]) == 0
    text = capsys.readouterr().out
    assert "Elo (fitted to every pair, mean 1500), weakest first:" in text
    assert "\n  random " in text and "\n  easy   " in text
    assert "  random v easy: 2 games, W " in text and "easy over random: " in text
    assert main([*MATRICES[command], "--ais", "easy,random", "--json"]) == 0
    ladder = json.loads(capsys.readouterr().out)
    assert ladder["ais"] == ["easy", "random"] and set(ladder["elo"]) == {"easy", "random"}
    pair, step = ladder["pairs"][0], ladder["steps"][0]
    assert (pair["a"], pair["b"], pair["games"]) == ("easy", "random", 2)
    assert len(pair["score_ci95"]) == len(pair["elo_ci95"]) == 2
    assert step["stronger"] == "random" and step["score"] == round(1 - pair["score_a"], 4)


@pytest.mark.parametrize("command", list(MATRICES))
def test_each_matrix_refuses_an_unknown_ai_and_lists_the_choices(command: str, capsys):
    assert main([*MATRICES[command], "--ais", "easy,wizard"]) == 2
    err = capsys.readouterr().err
    assert "'wizard'" in err and "choose from easy, normal, hard, random" in err


def test_the_duel_matrix_plays_the_three_levels_by_default_over_every_deck_pairing(capsys):
    argv = ["sim-duel", "--matrix", "--games", "2", "--iterations", "3", "--no-time-limit", "--json"]
    assert main(argv) == 0
    ladder = json.loads(capsys.readouterr().out)
    assert ladder["ais"] == list(LEVELS) and (ladder["deck1"], ladder["deck2"]) == ("all", "all")
    assert [(p["a"], p["b"]) for p in ladder["pairs"]] == [
        ("easy", "normal"),
        ("easy", "hard"),
        ("normal", "hard"),
    ]
    assert [(s["weaker"], s["stronger"]) for s in ladder["steps"]] == [("easy", "normal"), ("normal", "hard")]


def test_a_duel_matrix_pair_is_the_single_run_of_that_pair(capsys):
    """What the docs promise: pair (a, b) of the matrix plays the games of ``--p1 a --p2 b``."""
    assert (
        main(["sim-duel", "--matrix", "--ais", "random,easy", "--games", "4", "--seed", "k", "--json"]) == 0
    )
    (pair,) = json.loads(capsys.readouterr().out)["pairs"]
    argv = ["sim-duel", "--p1", "random", "--p2", "easy", "--deck1", "all", "--deck2", "all"]
    assert main([*argv, "--games", "4", "--seed", "k", "--json"]) == 0
    single = json.loads(capsys.readouterr().out)
    assert (pair["wins_a"], pair["draws"], pair["by_decks"]) == (
        single["wins_a"],
        single["draws"],
        single["by_decks"],
    )


def test_every_shipped_map_holds_the_skirmish_and_setups_vary_the_map_fastest():
    from client.resources import shipped_maps
    from client.sim.skirmish import setup_order, skirmish_maps

    playable, skipped = skirmish_maps(shipped_maps())
    assert playable == shipped_maps() and skipped == []
    order = setup_order(3, 2, 2)
    assert order[:4] == [(0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 1, 0)] and len(set(order)) == 12


def test_the_skirmish_on_all_maps_in_both_modes(capsys):
    """``--map all --melee both``: battle k on map k in turn, the first battles in basic melee."""
    argv = ["sim-skirmish", "--map", "all", "--melee", "both", "--ai1", "random", "--ai2", "random"]
    assert main([*argv, "--games", "4", "--round-limit", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["melee_mode"] == "both" and out["games"] == 4
    assert {name: row["games"] for name, row in out["by_map"].items()} == {
        "arena_crown_field": 2,
        "arena_pit": 2,
    }
