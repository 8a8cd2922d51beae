"""The tactics game in the simulator: its games (map and battle seed), one game, its extra figures.

Battle k of a run is played on the k-th map in turn with battle seed ``seed + k``; in mirrored
pairs each AI plays every landing, every first move (T-TURN-4: the team that acts first in round 1;
the README's turn-order table has how much that lead is worth) and every side of an
asymmetric map once. With fixed sides the first AI always plays team 1: on a
mission map, the player's side against its mobs. The AIs' seeds are ``2 seed`` (the first AI)
and ``2 seed + 1``, whichever team they play.
"""

from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from client.sim.schedule import schedule
from client.sim.summary import GameRecord, score_of, summarize
from client.tiled import load_setup
from rules.core.stats import decimals
from rules.tactics.ai import make_player
from rules.tactics.match import play_match
from rules.tactics.setup import TurnOrder


@dataclass(frozen=True)
class GameSpec:
    index: int
    map_path: str
    ai_a: str
    ai_b: str
    seed: int
    a_team: int
    turn_order: str = ""  # a TurnOrder value for every battle (T-TURN-4); "" = the map's and catalog's


_SETUPS: dict[str, object] = {}


def play_one(spec: GameSpec) -> GameRecord:
    """Play one game (runs in a worker process; maps are loaded once per process)."""
    setup = _SETUPS.get(spec.map_path)
    if setup is None:
        setup = _SETUPS[spec.map_path] = load_setup(spec.map_path)
    if spec.turn_order:
        setup = replace(setup, turn_order=TurnOrder(spec.turn_order))
    b_team = 3 - spec.a_team
    players = {
        spec.a_team: make_player(spec.ai_a, spec.seed * 2),
        b_team: make_player(spec.ai_b, spec.seed * 2 + 1),
    }
    result = play_match(setup, players, spec.seed)  # type: ignore[arg-type]
    assert result.state is not None  # play_match always returns the final state
    return GameRecord(
        spec.index,
        spec.a_team,
        result.winner,
        result.state.first_team,  # the team that acted first in round 1 (T-TURN-4)
        result.decision_seconds[spec.a_team],
        result.decision_seconds[b_team],
        result.exceptions,
        result.illegal_actions,
        extra={"map_path": spec.map_path, "reason": result.reason, "rounds": result.rounds},
    )


def game_specs(
    maps: list[str],
    ai_a: str,
    ai_b: str,
    games: int,
    seed: int,
    *,
    fixed_sides: bool = False,
    turn_order: str = "",
) -> list[GameSpec]:
    """``games`` games cycling over the maps, battle k on map k with seed ``seed + k``: in mirrored
    pairs (games 2k and 2k+1, ``ai_a`` on team 1 then team 2), or with ``fixed_sides`` one battle
    per game with ``ai_a`` always team 1; ``turn_order`` overrides T-TURN-4's order (experiments)."""
    return [
        GameSpec(
            slot.index, maps[slot.battle % len(maps)], ai_a, ai_b, seed + slot.battle, slot.a_side, turn_order
        )
        for slot in schedule(games, fixed_sides=fixed_sides)
    ]


def summarize_tactics(
    ai_a: str, ai_b: str, records: list[GameRecord], *, fixed_sides: bool = False
) -> dict[str, Any]:
    """The shared summary, and mean rounds, outcomes by kind and the score per map."""
    summary: dict[str, Any] = {"ai_a": ai_a, "ai_b": ai_b}
    summary.update(summarize(records, ai_a, ai_b, fixed_sides=fixed_sides))
    summary["mean_rounds"] = (
        decimals(statistics.fmean(r.extra["rounds"] for r in records), 2) if records else 0.0
    )
    summary["outcomes"] = dict(Counter(r.extra["reason"] for r in records))
    summary["per_map"] = {
        Path(path).stem: score_of([r for r in records if r.extra["map_path"] == path])
        for path in sorted({r.extra["map_path"] for r in records})
    }
    return summary
