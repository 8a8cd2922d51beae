"""Skirmish AI players: ``make_player(name, seed)`` gives an object with ``choose(state) -> Action``.

Every player decides for the acting hero's side, on what that side sees (P-AI-1), and is
deterministic for the same state and seed.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.skirmish.ai.base import Player
from rules.skirmish.ai.greedy import GreedyPlayer
from rules.skirmish.ai.random_ai import RandomPlayer
from rules.skirmish.ai.search import SearchPlayer

_PLAYERS: dict[str, Callable[[int | str], Player]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "search": SearchPlayer,
}


def player_names() -> list[str]:
    """The AI levels, weakest first."""
    return list(_PLAYERS)


def make_player(name: str, seed: int | str = 0) -> Player:
    """The named AI with its own seed; raises ValueError for an unknown name."""
    try:
        return _PLAYERS[name](seed)
    except KeyError:
        raise ValueError(f"unknown AI {name!r}; choose from {', '.join(_PLAYERS)}") from None


__all__ = ["Player", "make_player", "player_names"]
