"""One headless AI-against-AI skirmish, with what a simulator records of it.

The game's battle seed and AI seeds are derived from one game seed (the battle ``{seed}/battle``,
team 1's AI ``{seed}/t1``, team 2's ``{seed}/t2``), so a game is reproducible. ``swap`` puts the
first AI on team 2. An AI that raises or returns an illegal action is counted (both must be 0)
and its hero's activation is ended instead. Which games a run plays (sides mirrored in pairs)
and their statistics are the simulator's (``client.sim``, ``rules.core.stats``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.skirmish.ai import make_player
from rules.skirmish.match import play_match
from rules.skirmish.setup import SkirmishSetup


@dataclass
class GameResult:
    """How one game went: the winning team (None for a draw), why, and what the AIs did."""

    winner: int | None = None
    reason: str = ""
    rounds: int = 0
    first_team: int = 0  # the team whose hero had the battle's first activation
    times: dict[str, list[float]] = field(default_factory=dict)  # seconds per decision, by AI slot
    exceptions: int = 0
    illegal: int = 0
    errors: list[str] = field(default_factory=list)


def play_game(setup: SkirmishSetup, ai_names: tuple[str, str], seed: str, swap: bool) -> GameResult:
    """One game between ``ai_names`` ("ai1" and "ai2"); ``swap`` puts the first AI ("ai1") on team 2."""
    slots = ("ai2", "ai1") if swap else ("ai1", "ai2")  # slot playing team 1, team 2
    players = {1: make_player(ai_names[slots[0] == "ai2"], f"{seed}/t1"),
               2: make_player(ai_names[slots[1] == "ai2"], f"{seed}/t2")}  # fmt: skip
    record = play_match(setup, players, seed)
    state = record.state
    result = GameResult(first_team=record.first_side)
    for team, slot in zip((1, 2), slots, strict=True):
        result.exceptions += record.exceptions[team]
        result.illegal += record.illegal[team]
        result.errors += [f"{slot}: {error}" for error in record.errors[team]]
        result.times.setdefault(slot, []).extend(record.decision_seconds[team])
    outcome = state.outcome
    assert outcome is not None
    result.winner, result.reason, result.rounds = outcome.winner, outcome.reason, state.round_no
    return result
