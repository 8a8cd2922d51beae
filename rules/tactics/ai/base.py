"""What every tactical AI shares: the player protocol, the player's view, per-decision dice.

P-AI-1: an AI sees what a human in its seat sees. :func:`player_view` is a clone
without the traps its team cannot see; an AI decides on the view and never on
the true state. Dice are never shared with the battle: each decision draws from
its own generator, seeded by the AI's seed and the state, so the same state and
seed always give the same action.
"""

from __future__ import annotations

import hashlib
from typing import Protocol

from rules.rng import SeededRng
from rules.tactics.actions import Action
from rules.tactics.state import BattleState


class Player(Protocol):
    """A decision maker for one team: the action to take in ``state`` (whose active team it plays)."""

    name: str

    def choose(self, state: BattleState) -> Action: ...


def player_view(state: BattleState, team: int) -> BattleState:
    """A clone of the battle as ``team`` sees it: hidden traps removed (T-TRAP-3, P-AI-1)."""
    view = state.clone()
    view.traps = {pos: trap for pos, trap in state.traps.items() if trap.visible}
    return view


def decision_rng(seed: int | str, state: BattleState, salt: str = "") -> SeededRng:
    """A generator that depends only on the AI's seed and the state (stable across processes)."""
    digest = hashlib.sha256(repr((seed, salt, state.fingerprint())).encode()).hexdigest()[:16]
    return SeededRng(f"{seed}/{digest}")
