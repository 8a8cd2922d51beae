"""The hero skirmish in the simulator: its games (party pairing and game seed), one game, its figures.

Battle k of a run is game seed ``S/k`` (:func:`rules.skirmish.sim.play_game` derives the battle's
and the AIs' seeds from it) with the k-th party pairing in turn; in a mirrored pair the first AI
plays team 1 first, then team 2. The extra figures: the win rate with its interval, how the games
ended, the median rounds, each pairing's wins, draws and losses, the first AI errors.
"""

from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass
from typing import Any

from client.sim.schedule import schedule
from client.sim.summary import GameRecord, summarize
from rules.core.stats import wilson
from rules.skirmish.setup import SkirmishSetup
from rules.skirmish.sim import play_game


@dataclass(frozen=True)
class SkirmishGame:
    index: int
    a_team: int
    seed: str
    ais: tuple[str, str]
    setup: SkirmishSetup
    label: str  # the party pairing, "" when a run has only one


def game_specs(
    setups: list[SkirmishSetup],
    labels: list[str],
    ais: tuple[str, str],
    games: int,
    seed: str,
    *,
    fixed_sides: bool = False,
) -> list[SkirmishGame]:
    """``games`` games cycling over the setups (one per party pairing), battle k with seed ``S/k``."""
    count = len(setups)
    return [
        SkirmishGame(
            slot.index,
            slot.a_side,
            f"{seed}/{slot.battle}",
            ais,
            setups[slot.battle % count],
            labels[slot.battle % count] if count > 1 else "",
        )
        for slot in schedule(games, fixed_sides=fixed_sides)
    ]


def play_one(game: SkirmishGame) -> GameRecord:
    """Play one game; the record is seen from the first AI's side."""
    result = play_game(game.setup, game.ais, game.seed, swap=game.a_team == 2)
    return GameRecord(
        game.index,
        game.a_team,
        result.winner,
        result.first_team,
        result.times.get("ai1", []),
        result.times.get("ai2", []),
        result.exceptions,
        result.illegal,
        extra={
            "reason": result.reason,
            "rounds": result.rounds,
            "label": game.label,
            "errors": result.errors,
        },
    )


def summarize_skirmish(
    ais: tuple[str, str], records: list[GameRecord], *, fixed_sides: bool = False
) -> dict[str, Any]:
    """The shared summary and the skirmish's own figures."""
    summary: dict[str, Any] = {"ai1": ais[0], "ai2": ais[1]}
    summary.update(summarize(records, ais[0], ais[1], fixed_sides=fixed_sides))
    n, wins = summary["games"], summary["wins_a"]
    summary["win_rate"] = wins / n if n else 0.0
    summary["win_rate_ci95"] = list(wilson(wins, n))
    summary["reasons"] = dict(Counter(r.extra["reason"] for r in records))
    summary["rounds_median"] = statistics.median(r.extra["rounds"] for r in records) if records else 0
    summary["errors"] = [e for r in records for e in r.extra["errors"]][:5]
    by_label: dict[str, list[int]] = {}
    for r in records:
        if r.extra["label"]:
            row = by_label.setdefault(r.extra["label"], [0, 0, 0])
            row[("win", "draw", "loss").index(r.outcome)] += 1
    summary["by_label"] = by_label
    return summary
