"""Play whole battles between two players headless: the tactics game in the one match runner.

:data:`RULES` is this game's :class:`~rules.core.match.GameRules`. A player that raises or
chooses an illegal action forfeits the battle (the other team wins), so a long simulation
reports every failure without stopping.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from rules.core.match import GameRules, play
from rules.core.teams import other_team
from rules.rng import SeededRng
from rules.tactics.actions import Action
from rules.tactics.ai.base import Player
from rules.tactics.battle import new_battle
from rules.tactics.catalog import Catalog
from rules.tactics.engine import apply, check
from rules.tactics.setup import BattleSetup
from rules.tactics.state import BattleState
from rules.tactics.view import view

RULES: GameRules[BattleState, Action] = GameRules(
    active=lambda state: state.active_team,
    view=view,
    check=check,
    apply=apply,
    over=lambda state: state.outcome is not None,
    on_failure=lambda state, team: None,  # the failing team forfeits
)


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
    record = play(RULES, state, rng, players, max_actions=max_plies, clock=time.perf_counter)
    result = MatchResult(None, "", state.round_no, len(record.actions), seed, record.decision_seconds)
    result.exceptions = sum(record.exceptions.values())
    result.illegal_actions = sum(record.illegal.values())
    result.actions = record.actions
    result.state = state
    if record.forfeit is not None:
        team = record.forfeit
        failure = "raised" if record.exceptions[team] else "chose an illegal action"
        result.winner, result.reason = other_team(team), f"team {team}'s AI {failure}"
    elif state.outcome is not None:
        result.winner, result.reason = state.outcome.winner, state.outcome.reason
    return result
