"""The one match runner: play a game to its end between two players, recording what a simulator reports.

Every game plugs in through a :class:`GameRules` adapter (``rules.<game>.match.RULES``): who acts,
what that side may see, ``check`` and ``apply``. Each player decides from its side's view only
(P-AI-1); the game's dice stay with the runner. A player that raises or returns an action that
``apply`` refuses (it checks every action first) is counted, not raised, so a long simulation
reports every failure; the game's adapter says what happens then (``GameRules.on_failure``: an
action played instead, or None for a forfeit). Decision times are measured only when the caller
passes a clock (the rules read none themselves).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from rules.core.engine import IllegalAction
from rules.core.players import Player
from rules.core.teams import TEAMS
from rules.rng import Rng

S = TypeVar("S")
A = TypeVar("A")


@dataclass(frozen=True)
class GameRules(Generic[S, A]):
    """What the runner needs of a game: the same verbs every game's engine has."""

    active: Callable[[S], int]  # the side (1 or 2) to act now
    view: Callable[[S, int], Any]  # what a side may see of the state (the game's view.py)
    check: Callable[[S, A], str | None]  # None if the action is legal now, else why not
    apply: Callable[[S, A, Rng], list[Any]]  # play a legal action with the game's dice: the events;
    # an illegal one raises IllegalAction (its check's reason) and leaves the state unchanged
    over: Callable[[S], bool]
    on_failure: Callable[[S, int], A | None]  # played for a side whose player failed; None: it forfeits


def _no_errors() -> dict[int, list[str]]:
    return {team: [] for team in TEAMS}


@dataclass
class MatchRecord(Generic[S, A]):
    """How a game went: the final state, every action played, each side's decisions and failures."""

    state: S
    actions: list[A] = field(default_factory=list)
    decision_seconds: dict[int, list[float]] = field(default_factory=lambda: {t: [] for t in TEAMS})
    exceptions: dict[int, int] = field(default_factory=lambda: dict.fromkeys(TEAMS, 0))
    illegal: dict[int, int] = field(default_factory=lambda: dict.fromkeys(TEAMS, 0))
    errors: dict[int, list[str]] = field(default_factory=_no_errors)
    first_side: int = 0  # the side that acted first (the seat split of a simulator)
    forfeit: int | None = None  # the side that forfeited by a failure (games without a fallback)
    capped: bool = False  # stopped at ``max_actions`` before the game ended


def play(
    rules: GameRules[S, A],
    state: S,
    dice: Rng,
    players: Mapping[int, Player[Any, A]],
    *,
    max_actions: int = 20_000,
    clock: Callable[[], float] | None = None,
    on_state: Callable[[S], None] | None = None,
) -> MatchRecord[S, A]:
    """Play ``state`` to its end (or ``max_actions``) with ``players[team]`` choosing for each side."""
    record: MatchRecord[S, A] = MatchRecord(state)
    if not rules.over(state):
        record.first_side = rules.active(state)
    while not rules.over(state):
        if len(record.actions) >= max_actions:
            record.capped = True
            break
        if on_state is not None:
            on_state(state)
        team = rules.active(state)
        started = clock() if clock is not None else 0.0
        action: A | None
        try:
            action = players[team].choose(rules.view(state, team))
        except Exception as exc:  # a broken player is reported, not fatal
            record.exceptions[team] += 1
            record.errors[team].append(f"{type(exc).__name__}: {exc}")
            action = None
        if clock is not None:
            record.decision_seconds[team].append(clock() - started)
        if action is not None:
            try:  # every game's apply checks the action first and refuses it with the state unchanged
                rules.apply(state, action, dice)
            except IllegalAction as refused:
                record.illegal[team] += 1
                record.errors[team].append(f"illegal {action!r}: {refused}")
                action = None
        if action is None:
            action = rules.on_failure(state, team)
            if action is None:
                record.forfeit = team
                break
            rules.apply(state, action, dice)
        record.actions.append(action)
    if on_state is not None:
        on_state(state)
    return record
