"""Duel AI players, built by name and seed from :data:`PLAYERS` (the one registry of this game).

``random`` (uniform legal action), ``casual`` (greedy with a human's slips: the easy level),
``greedy`` (best expected one-action gain: normal) and ``ismcts`` (information-set Monte Carlo tree
search over determinized hidden cards: hard).
``PLAYERS.make(name, seed, budget=Budget())`` (or :func:`make_player`) gives a
:class:`~rules.core.players.Player` whose ``choose(view)`` decides from the viewer's
:class:`~rules.duel.view.DuelView` only (P-AI-1), with its own dice seeded by ``seed``.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.core.players import PlayerRegistry
from rules.duel.ai.base import Budget, DuelAI, DuelPlayer
from rules.duel.ai.greedy import CasualAI, GreedyAI
from rules.duel.ai.ismcts import IsmctsAI
from rules.duel.ai.random_ai import RandomAI


def _factory(policy: Callable[[], DuelAI]) -> Callable[..., DuelPlayer]:
    def make(seed: int | str = 0, budget: Budget | None = None) -> DuelPlayer:
        return DuelPlayer(policy(), seed, budget)

    return make


POLICIES: dict[str, Callable[[], DuelAI]] = {
    "random": RandomAI, "casual": CasualAI, "greedy": GreedyAI, "ismcts": IsmctsAI
}
PLAYERS: PlayerRegistry[DuelPlayer] = PlayerRegistry(
    "duel",
    {name: _factory(policy) for name, policy in POLICIES.items()},
    {"easy": "casual", "normal": "greedy", "hard": "ismcts"},
)


def ai_names() -> list[str]:
    """The AIs' own names, weakest first."""
    return PLAYERS.names()


def make_player(name: str, seed: int | str = 0, budget: Budget | None = None) -> DuelPlayer:
    """The named AI with its own dice; raises ValueError for an unknown name."""
    return PLAYERS.make(name, seed, budget=budget)


def make_ai(name: str) -> DuelAI:
    """The named policy alone (tests and benches that hand it dice and a budget themselves)."""
    return POLICIES[PLAYERS.resolve(name)]()


__all__ = ["PLAYERS", "Budget", "DuelAI", "DuelPlayer", "ai_names", "make_ai", "make_player"]
