"""Small helpers for scenario tests of the grid battle."""

from __future__ import annotations

from rules.rng import ScriptedRng
from rules.tactics import events as ev
from rules.tactics.actions import Action
from rules.tactics.engine import apply
from rules.tactics.state import BattleState


def of(kind: type, events: list) -> list:
    """The events of one type, in order."""
    return [e for e in events if isinstance(e, kind)]


def names(events: list) -> list[str]:
    """Event class names, for asserting an order."""
    return [type(e).__name__ for e in events]


def play(state: BattleState, action: Action, *rolls: int) -> list[ev.Event]:
    """Apply an action with exactly these rolls; fails if the rules asked for more or fewer."""
    rng = ScriptedRng(rolls)
    events = apply(state, action, rng)
    assert rng.remaining == 0, f"{rng.remaining} scripted rolls were not used"
    return events
