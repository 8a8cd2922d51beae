"""What every skirmish AI shares: the player protocol and per-decision dice.

P-AI-1: an AI sees what a human in its seat sees. The skirmish hides nothing but the future
dice, and those stay hidden: an AI never touches the battle's Rng. Each decision draws from its
own generator, seeded by the AI's seed and the state, so the same state and seed always give the
same action.
"""

from __future__ import annotations

import hashlib
from typing import Protocol

from rules.rng import SeededRng
from rules.skirmish.actions import Action
from rules.skirmish.state import SkirmishState


class Player(Protocol):
    """A decision maker: the action to take in ``state`` for the side of the acting hero."""

    name: str

    def choose(self, state: SkirmishState) -> Action: ...


def decision_rng(seed: int | str, state: SkirmishState, salt: str = "") -> SeededRng:
    """A generator that depends only on the AI's seed and the state (stable across processes)."""
    digest = hashlib.sha256(repr((seed, salt, state.fingerprint())).encode()).hexdigest()[:16]
    return SeededRng(f"{seed}/{digest}")
