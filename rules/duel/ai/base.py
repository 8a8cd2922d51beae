"""What every duel AI shares: the :class:`Budget`, the :class:`DuelAI` policies, the player they make.

An AI decides from a :class:`~rules.duel.view.DuelView` only (P-AI-1), with its own rng (never
the game's dice) and a budget. The same view, rng state and iteration budget give the same
choice. The rules read no clock: a caller that wants a time limit passes one in the budget.
:class:`DuelPlayer` wraps a policy with its seed and budget into the one player protocol of
every game (:class:`rules.core.players.Player`): ``choose(view)``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from rules.duel.actions import Action, Surrender
from rules.duel.engine import legal_actions
from rules.duel.view import DuelView, determinize
from rules.rng import Rng, SeededRng


@dataclass(frozen=True, slots=True)
class Budget:
    """At most ``iterations`` search iterations, and ``seconds`` on ``clock`` when one is given.

    Without a clock only the iteration count binds, which keeps a search deterministic; with one
    the search also stops at the time limit (then the choice can depend on the machine's speed).
    """

    iterations: int = 200  # what a player gets: ``runetide sim-duel`` and the game use these defaults
    seconds: float = 1.5  # the decision stops here even before its iterations (max <= 2 s)
    clock: Callable[[], float] | None = None

    def deadline(self) -> float | None:
        return None if self.clock is None else self.clock() + self.seconds

    def expired(self, deadline: float | None) -> bool:
        return deadline is not None and self.clock is not None and self.clock() >= deadline


class DuelAI(Protocol):
    """A duel policy: ``decide`` one legal action for the viewer, who must be the active player."""

    name: str

    def decide(self, view: DuelView, rng: Rng, budget: Budget) -> Action: ...


class DuelPlayer:
    """A policy with its own dice (``SeededRng(seed)``, drawn on across the duel) and budget."""

    def __init__(self, policy: DuelAI, seed: int | str = 0, budget: Budget | None = None) -> None:
        self.policy = policy
        self.name = policy.name
        self.rng = SeededRng(seed)
        self.budget = budget or Budget()

    def choose(self, view: DuelView) -> Action:
        return self.policy.decide(view, self.rng, self.budget)


def actions_from_view(v: DuelView, *, surrender: bool = False) -> list[Action]:
    """The viewer's legal actions (his hand is in the view; the opponent's hidden cards do not matter)."""
    if v.active != v.viewer:
        raise ValueError(f"player {v.viewer} is asked to move in player {v.active}'s turn")
    actions = legal_actions(determinize(v))
    return actions if surrender else [a for a in actions if not isinstance(a, Surrender)]
