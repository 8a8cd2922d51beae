"""The one player protocol of every game's AIs, the per-game registry that builds them, and their dice.

P-AI-1: an AI sees what a human in its seat sees. Every game has a ``view(state, team)`` in its
``view.py`` that returns a typed per-player view (hidden traps removed, the opponent's hand and
deck order unknown); a :class:`Player` decides from that view only and returns one action. A
player is built by name and seed from its game's :class:`PlayerRegistry`
(``rules.<game>.ai.PLAYERS``), with the game's own options (a time cap, a search budget).

Dice: a player never touches the game's Rng. Its choices depend only on its seed and what it was
shown, so the same seed and views always give the same actions, in any process.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar

from rules.rng import SeededRng

V_contra = TypeVar("V_contra", contravariant=True)
A_co = TypeVar("A_co", covariant=True)
P = TypeVar("P")


class Player(Protocol[V_contra, A_co]):
    """A decision maker for one side: the action to take in ``view`` (its side is the one to act)."""

    name: str

    def choose(self, view: V_contra) -> A_co: ...


LEVELS = ("easy", "normal", "hard")  # what a player chooses in Settings, weakest first


class PlayerRegistry(Generic[P]):
    """A game's AIs by name, weakest first, and its three levels: ``make(name, seed, **options)``.

    ``levels`` maps each of :data:`LEVELS` to one of the AIs; ``make``, ``resolve`` and ``in``
    take a level wherever they take an AI's own name (so an AI may not be called like a level).
    Each factory takes the seed and the game's keyword options (e.g. ``seconds``); an option a
    factory does not know is an error, so a misspelt option cannot pass silently.
    """

    def __init__(self, game: str, factories: dict[str, Callable[..., P]], levels: dict[str, str]) -> None:
        self.game = game
        self._factories = dict(factories)
        if tuple(levels) != LEVELS or not set(levels.values()) <= set(factories):
            raise ValueError(f"{game}: the levels {', '.join(LEVELS)} must each name one of its AIs")
        if set(factories) & set(LEVELS):
            raise ValueError(f"{game}: an AI cannot be named like a level ({', '.join(LEVELS)})")
        self.levels = dict(levels)

    def names(self) -> list[str]:
        """The AI names, weakest first."""
        return list(self._factories)

    def choices(self) -> list[str]:
        """Every name ``make`` takes: the levels, then the AIs' own names."""
        return [*LEVELS, *self._factories]

    def __contains__(self, name: object) -> bool:
        return name in self._factories or name in self.levels

    def resolve(self, name: str) -> str:
        """The AI a name means: a level's AI, or the AI of that name; ValueError naming the choices."""
        resolved = self.levels.get(name, name)
        if resolved not in self._factories:
            raise ValueError(f"unknown {self.game} AI {name!r}; choose from {', '.join(self.choices())}")
        return resolved

    def make(self, name: str, seed: int | str = 0, **options: Any) -> P:
        """The named AI (or the level's AI) with its own seed; ValueError for an unknown name."""
        return self._factories[self.resolve(name)](seed, **options)


def decision_rng(seed: int | str, fingerprint: object, salt: str = "") -> SeededRng:
    """A generator that depends only on the AI's seed and what it sees (stable across processes).

    ``fingerprint`` is the view's fingerprint: two equal views give the same dice.
    """
    digest = hashlib.sha256(repr((seed, salt, fingerprint)).encode()).hexdigest()[:16]
    return SeededRng(f"{seed}/{digest}")
