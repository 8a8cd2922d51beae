"""The tactics game in the simulator: its games (map and battle seed), one game, its extra figures.

Battle k of a run is played on the k-th map in turn with battle seed ``seed + k``; in mirrored
pairs each AI plays every landing, every first move (T-TURN-4: the team that acts first in round 1;
the README's turn-order table has how much that lead is worth) and every side of an
asymmetric map once. With fixed sides the first AI always plays team 1: on a
mission map, the player's side against its mobs. The AIs' seeds are ``2 seed`` (the first AI)
and ``2 seed + 1``, whichever team they play.

A game with ``explain`` set (``runetide sim --explain N``) asks both AIs to explain each decision
and keeps the explanations as text and JSON (``extra["explanations"]``). Explaining only records
what the AI computed anyway (its dice come from its seed and the view, never from the battle's),
so the game is the same one as without it.
"""

from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from client.battle.ai_process import decide
from client.battle.why import decision_of, decision_text
from client.sim.schedule import schedule
from client.sim.summary import GameRecord, score_of, summarize
from client.tiled import load_setup
from rules.core.explain import ask_to_explain, explanation_to_json
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
    explain: bool = False  # record the AIs' explanations of their decisions (``--explain``)


class Explaining:
    """A player that explains each decision: the explanations of one game, by action number."""

    def __init__(self, player: Any, side: str, log: list[Any]) -> None:
        self.player = player
        self.name = player.name
        self.side = side
        self.log = log  # shared by both sides' players: one entry per decision, in order
        ask_to_explain(player)

    def choose(self, view: Any) -> Any:
        action, explanation = decide(self.player, view)
        self.log.append(None)
        if explanation is not None:
            self.log[-1] = (self.side, decision_of(view, explanation, len(self.log)))
        return action


def explanation_entries(log: list[Any]) -> list[dict[str, Any]]:
    """A game's explanations as plain values: each decision's heading, its text and its JSON."""
    entries = []
    for item in log:
        if item is None:
            continue
        side, decision = item
        entries.append(
            {
                "action": decision.action_no,
                "round": decision.round_no,
                "team": decision.team,
                "text": decision_text(decision, side),
                "explanation": explanation_to_json(decision.explanation),
            }
        )
    return entries


_SETUPS: dict[str, object] = {}


def play_one(spec: GameSpec) -> GameRecord:
    """Play one game (runs in a worker process; maps are loaded once per process)."""
    setup = _SETUPS.get(spec.map_path)
    if setup is None:
        setup = _SETUPS[spec.map_path] = load_setup(spec.map_path)
    if spec.turn_order:
        setup = replace(setup, turn_order=TurnOrder(spec.turn_order))
    b_team = 3 - spec.a_team
    players: dict[int, Any] = {
        spec.a_team: make_player(spec.ai_a, spec.seed * 2),
        b_team: make_player(spec.ai_b, spec.seed * 2 + 1),
    }
    log: list[Any] = []
    if spec.explain:
        names = {spec.a_team: spec.ai_a, b_team: spec.ai_b}
        players = {team: Explaining(p, f"team {team} ({names[team]})", log) for team, p in players.items()}
    result = play_match(setup, players, spec.seed)
    assert result.state is not None  # play_match always returns the final state
    extra: dict[str, Any] = {"map_path": spec.map_path, "reason": result.reason, "rounds": result.rounds}
    if spec.explain:
        extra["explanations"] = explanation_entries(log)
    return GameRecord(
        spec.index,
        spec.a_team,
        result.winner,
        result.state.first_team,  # the team that acted first in round 1 (T-TURN-4)
        result.decision_seconds[spec.a_team],
        result.decision_seconds[b_team],
        result.exceptions,
        result.illegal_actions,
        extra=extra,
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
    explain: int = 0,
) -> list[GameSpec]:
    """``games`` games cycling over the maps, battle k on map k with seed ``seed + k``: in mirrored
    pairs (games 2k and 2k+1, ``ai_a`` on team 1 then team 2), or with ``fixed_sides`` one battle
    per game with ``ai_a`` always team 1; ``turn_order`` overrides T-TURN-4's order (experiments);
    ``explain``: the number (from 1) of the game whose explanations are recorded (0: none)."""
    return [
        GameSpec(
            slot.index,
            maps[slot.battle % len(maps)],
            ai_a,
            ai_b,
            seed + slot.battle,
            slot.a_side,
            turn_order,
            explain=slot.index + 1 == explain,
        )
        for slot in schedule(games, fixed_sides=fixed_sides)
    ]


def explanation_text(record: GameRecord) -> str:
    """``--explain``'s text: the game, then one block per explained decision."""
    entries = record.extra.get("explanations", [])
    lines = [
        f"Game {record.index + 1} ({Path(record.extra['map_path']).stem}): "
        f"{len(entries)} explained AI decisions"
    ]
    for entry in entries:
        lines.append("")
        lines.extend(entry["text"])
    return "\n".join(lines)


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
