"""Skirmish AI players, built by name and seed from :data:`PLAYERS` (the one registry of this game).

``PLAYERS.make(name, seed)`` (or :func:`make_player`) gives a :class:`~rules.core.players.Player`
whose ``choose(view)`` decides for the acting hero's side from ``rules.skirmish.view.view(state,
team)`` only (P-AI-1), deterministic for the same view and seed.
"""

from __future__ import annotations

from rules.core.players import PlayerRegistry
from rules.skirmish.actions import Action
from rules.skirmish.ai.base import Player
from rules.skirmish.ai.greedy import CasualPlayer, GreedyPlayer, NovicePlayer
from rules.skirmish.ai.random_ai import RandomPlayer
from rules.skirmish.ai.search import SearchPlayer
from rules.skirmish.state import SkirmishState
from rules.skirmish.view import view

PLAYERS: PlayerRegistry[Player] = PlayerRegistry(
    "skirmish",
    {
        "random": RandomPlayer,
        "novice": NovicePlayer,
        "casual": CasualPlayer,
        "greedy": GreedyPlayer,
        "search": SearchPlayer,
    },
    {"easy": "novice", "normal": "casual", "hard": "search"},  # 100+ Elo apart (docs/ai.md, "Level ladder")
)


def player_names() -> list[str]:
    """The AIs' own names, weakest first."""
    return PLAYERS.names()


def make_player(name: str, seed: int | str = 0) -> Player:
    """The named AI with its own seed; raises ValueError for an unknown name."""
    return PLAYERS.make(name, seed)


def decide(player: Player, state: SkirmishState) -> Action:
    """What ``player`` plays for the side of the acting hero, shown only that side's view."""
    return player.choose(view(state, state.active_team))


__all__ = ["PLAYERS", "Player", "decide", "make_player", "player_names"]
