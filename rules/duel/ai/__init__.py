"""Duel AI players: ``make_ai(name)`` gives an object with ``choose(view, rng, budget) -> Action``.

``random`` (uniform legal action), ``greedy`` (best expected one-action gain) and ``ismcts``
(information-set Monte Carlo tree search over determinized hidden cards). Each decides from the
viewer's :class:`~rules.duel.view.DuelView` only (P-AI-1).
"""

from __future__ import annotations

from collections.abc import Callable

from rules.duel.ai.base import Budget, DuelAI
from rules.duel.ai.greedy import GreedyAI
from rules.duel.ai.ismcts import IsmctsAI
from rules.duel.ai.random_ai import RandomAI

_AIS: dict[str, Callable[[], DuelAI]] = {"random": RandomAI, "greedy": GreedyAI, "ismcts": IsmctsAI}


def ai_names() -> list[str]:
    """The AI levels, weakest first."""
    return list(_AIS)


def make_ai(name: str) -> DuelAI:
    """The named AI; raises ValueError for an unknown name."""
    try:
        return _AIS[name]()
    except KeyError:
        raise ValueError(f"unknown duel AI {name!r}; choose from {', '.join(_AIS)}") from None


__all__ = ["Budget", "DuelAI", "ai_names", "make_ai"]
