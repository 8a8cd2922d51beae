"""Tactical AI players, built by name and seed from :data:`PLAYERS` (the one registry of this game).

``PLAYERS.make(name, seed, seconds=None)`` (or :func:`make_player`) gives a
:class:`~rules.core.players.Player` whose ``choose(view)`` decides for the view's team from
``rules.tactics.view.view(state, team)`` only (P-AI-1), deterministic for the same view and seed.
``seconds`` caps the wall-clock time of a search decision (a safety net for a slow machine; with
it the choice may depend on the machine's speed); without it every decision is bounded by a work
budget only and is the same on any machine.
"""

from __future__ import annotations

from rules.core.players import PlayerRegistry
from rules.tactics.actions import Action
from rules.tactics.ai.base import Player
from rules.tactics.ai.planners import casual, deep, greedy, lookahead
from rules.tactics.ai.random_ai import RandomPlayer
from rules.tactics.state import BattleState
from rules.tactics.view import view

# The levels a player chooses (docs/ai.md has the measured ladder): easy slips now and then,
# normal plays the best plan it sees now, hard looks ahead at the replies.
PLAYERS: PlayerRegistry[Player] = PlayerRegistry(
    "tactics",
    {"random": RandomPlayer, "casual": casual, "greedy": greedy, "lookahead": lookahead, "deep": deep},
    {"easy": "casual", "normal": "greedy", "hard": "lookahead"},
)


def player_names() -> list[str]:
    """The AIs' own names, weakest first."""
    return PLAYERS.names()


def make_player(name: str, seed: int | str = 0, seconds: float | None = None) -> Player:
    """The named AI (or level: easy, normal, hard) with its own seed; ValueError for an unknown name."""
    return PLAYERS.make(name, seed, seconds=seconds)


def decide(player: Player, state: BattleState) -> Action:
    """What ``player`` plays for the active team of ``state``, shown only that team's view."""
    return player.choose(view(state, state.active_team))


__all__ = ["PLAYERS", "Player", "decide", "make_player", "player_names"]
