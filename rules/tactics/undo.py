"""Which actions a player may take back (issue #24's undo), decided from what the action did.

An action can be taken back when it rolled no dice and revealed nothing: the state before it, put
back, is then exactly the state the player would have had, and the dice stream is untouched, so
a replay of the actions that stood is the same battle. A move that set off a backstab roll (T-PROP-5),
a trap (T-TRAP), a flag (T-FLAG), a chest (T-CHEST) or an exit counter (T-EXIT) cannot be taken
back, nor an attack of any kind, a surrender, or an action that ended the battle.

:func:`refusal` says why not (a reason key, translated by the client) or None; :class:`Counting`
wraps the dice to tell whether an action rolled any.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.rng import Rng
from rules.tactics import events as ev
from rules.tactics.actions import Action, Attack, LineAttack, Surrender

# What an undoable action may produce: nothing rolled, nothing hidden came to light.
HARMLESS: tuple[type, ...] = (
    ev.SquadMoved,
    ev.AuraGained,  # runes are visible: stepping on one reveals nothing
    ev.Defended,
    ev.TurnEnded,
    ev.RoundStarted,
    ev.StunExpired,
    ev.DefenseEnded,
    ev.FeatureResolved,  # a feature that rolls is caught by the dice count
)
# The first event of these kinds names the reason (in this order of precedence).
REASONS: tuple[tuple[type, str], ...] = (
    (ev.BattleEnded, "battle_over"),
    (ev.BackstabRolled, "backstab"),
    (ev.MoveCancelled, "backstab"),
    (ev.TrapTriggered, "trap"),
    (ev.FlagTaken, "flag"),
    (ev.ChestOpened, "chest"),
    (ev.ExitCounterChanged, "exit"),
)


class Counting:
    """The dice, counting the rolls asked of them (an undoable action asks for none)."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self.rolls = 0

    def randint(self, lo: int, hi: int) -> int:
        self.rolls += 1
        return self.rng.randint(lo, hi)


def refusal(action: Action, events: Iterable[object], rolled: bool) -> str | None:
    """Why ``action`` (which produced ``events``, rolling dice if ``rolled``) cannot be taken back:
    a reason key ("attack", "surrender", "battle_over", "backstab", "trap", "flag", "chest",
    "exit", "dice", "revealed"), or None when it can."""
    if isinstance(action, Attack | LineAttack):
        return "attack"
    if isinstance(action, Surrender):
        return "surrender"
    events = list(events)
    for kind, reason in REASONS:
        if any(isinstance(event, kind) for event in events):
            return reason
    if rolled:
        return "dice"
    if not all(isinstance(event, HARMLESS) for event in events):
        return "revealed"
    return None
