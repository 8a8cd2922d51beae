"""Play whole battles between two players headless, recording what a simulator reports.

Exceptions and illegal actions are counted, not raised, so a long simulation run
reports every failure; a player that fails forfeits the battle.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from rules.catalog import Catalog
from rules.rng import SeededRng
from rules.tactics.actions import Action
from rules.tactics.ai.base import Player
from rules.tactics.battle import new_battle
from rules.tactics.engine import apply, check
from rules.tactics.setup import BattleSetup
from rules.tactics.state import BattleState


@dataclass
class MatchResult:
    """One battle: who won and how, how long the players thought, what went wrong."""

    winner: int | None
    reason: str
    rounds: int
    plies: int
    seed: int
    decision_seconds: dict[int, list[float]] = field(default_factory=dict)
    exceptions: int = 0
    illegal_actions: int = 0
    actions: list[Action] = field(default_factory=list)
    state: BattleState | None = None


def play_match(
    setup: BattleSetup,
    players: dict[int, Player],
    seed: int,
    catalog: Catalog | None = None,
    *,
    max_plies: int = 20_000,
) -> MatchResult:
    """Play ``new_battle(setup, SeededRng(seed))`` to the end with ``players[team]`` choosing."""
    rng = SeededRng(seed)
    state, _ = new_battle(setup, rng, catalog)
    result = MatchResult(None, "", 0, 0, seed, {1: [], 2: []})
    while state.outcome is None and result.plies < max_plies:
        team = state.active_team
        started = time.perf_counter()
        try:
            action = players[team].choose(state)
        except Exception:  # a simulator reports player crashes instead of stopping
            result.exceptions += 1
            result.winner, result.reason = 3 - team, f"team {team}'s AI raised"
            break
        result.decision_seconds[team].append(time.perf_counter() - started)
        if check(state, action) is not None:
            result.illegal_actions += 1
            result.winner, result.reason = 3 - team, f"team {team}'s AI chose an illegal action"
            break
        apply(state, action, rng)
        result.actions.append(action)
        result.plies += 1
    if state.outcome is not None:
        result.winner, result.reason = state.outcome.winner, state.outcome.reason
    result.rounds = state.round_no
    result.state = state
    return result
