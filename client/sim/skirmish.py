"""The hero skirmish in the simulator: its games (party pairing and game seed), one game, its figures.

Battle k of a run is game seed ``S/k`` (:func:`rules.skirmish.sim.play_game` derives the battle's
and the AIs' seeds from it) with the k-th setup in turn; in a mirrored pair the first AI plays
team 1 first, then team 2. A run's setups are every map, melee mode and party pairing it names,
the map changing fastest, then the melee mode, then the pairing (:func:`setup_order`), so any
number of battles spreads evenly over maps and modes. The extra figures: the win rate with its
interval, how the games ended, the median rounds, each pairing's wins, draws and losses (and the
score per map and per melee mode when a run has several), the first AI errors.
"""

from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from client.sim.schedule import schedule
from client.sim.summary import GameRecord, score_of, summarize
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
    map: str = ""  # the map's file stem, "" when a run has only one map


def setup_order(maps: int, modes: int, pairings: int) -> list[tuple[int, int, int]]:
    """(map, melee mode, pairing) indices of a run's setups: the map fastest, then the mode."""
    return [(m, mode, p) for p in range(pairings) for mode in range(modes) for m in range(maps)]


def skirmish_maps(paths: list[Path]) -> tuple[list[Path], list[str]]:
    """The maps of ``paths`` the skirmish can play (they load and give both teams room for a party
    of the largest ready size), and a line for each one left out."""
    from client.tiled import MapError, load_map
    from rules.rng import SeededRng
    from rules.skirmish.battle import new_battle
    from rules.skirmish.catalog import default_skirmish_catalog
    from rules.skirmish.setup import from_battle_setup, party_of

    catalog = default_skirmish_catalog()
    largest = max((catalog.party(name) for name in sorted(catalog.parties)), key=lambda p: len(p.heroes))
    party = party_of(largest.heroes)
    playable, skipped = [], []
    for path in paths:
        try:
            new_battle(from_battle_setup(load_map(path).setup, party, party), SeededRng(0))
        except (MapError, ValueError) as exc:
            skipped.append(f"{path.name}: {exc}")
            continue
        playable.append(path)
    return playable, skipped


def game_specs(
    setups: list[SkirmishSetup],
    labels: list[str],
    ais: tuple[str, str],
    games: int,
    seed: str,
    *,
    fixed_sides: bool = False,
    maps: list[str] | None = None,
) -> list[SkirmishGame]:
    """``games`` games cycling over the setups (one per map, melee mode and party pairing), battle
    k with seed ``S/k``; ``maps`` names each setup's map when a run has several."""
    count = len(setups)
    pairings = len(set(labels))
    return [
        SkirmishGame(
            slot.index,
            slot.a_side,
            f"{seed}/{slot.battle}",
            ais,
            setups[slot.battle % count],
            labels[slot.battle % count] if pairings > 1 else "",
            maps[slot.battle % count] if maps and len(set(maps)) > 1 else "",
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
            "map": game.map,
            "melee": game.setup.melee_mode or "",
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
    for key, field in (("by_map", "map"), ("by_melee", "melee")):
        values = sorted({r.extra[field] for r in records})
        if len(values) > 1:
            summary[key] = {v: score_of([r for r in records if r.extra[field] == v]) for v in values}
    return summary
