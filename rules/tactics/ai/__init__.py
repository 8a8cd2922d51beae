"""Tactical AI players: ``make_player(name, seed)`` gives an object with ``choose(state) -> Action``.

Every player decides for the state's active team, on that team's view only
(P-AI-1), and is deterministic for the same state and seed.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.tactics.ai.base import Player, player_view
from rules.tactics.ai.planners import greedy, hard, normal
from rules.tactics.ai.random_ai import RandomPlayer

# Each factory takes (seed, seconds): seconds caps a search decision's wall-clock time (None: no cap).
_PLAYERS: dict[str, Callable[[int | str, float | None], Player]] = {
    "random": RandomPlayer,
    "greedy": greedy,
    "normal": normal,
    "hard": hard,
}


def player_names() -> list[str]:
    """The AI levels, weakest first."""
    return list(_PLAYERS)


def make_player(name: str, seed: int | str = 0, seconds: float | None = None) -> Player:
    """The named AI with its own seed; raises ValueError for an unknown name.

    ``seconds`` caps the wall-clock time of a search decision (a safety net for a slow
    machine; with it the choice may depend on the machine's speed). Without it every
    decision is bounded by a work budget only and is the same on any machine.
    """
    factory = _PLAYERS.get(name)
    if factory is None:
        raise ValueError(f"unknown AI {name!r}; choose from {', '.join(_PLAYERS)}")
    return factory(seed, seconds)


def register(name: str, factory: Callable[[int | str, float | None], Player]) -> None:
    """Add an AI level (used by the modules that define the stronger players)."""
    _PLAYERS[name] = factory


__all__ = ["Player", "make_player", "player_names", "player_view", "register"]
