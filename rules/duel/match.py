"""Play one whole duel between two AIs, for the simulator, benchmarks and tests.

Each AI gets only its own view and its own rng (seeded from the match seed and its seat), the
game's dice another rng. A choice that raises or that ``check`` refuses is counted and replaced
by EndTurn, so a broken AI shows up in the figures instead of stopping a long run. Decision
times are measured only when the caller passes a clock (the rules read none themselves).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from rules.core.match import GameRules, play
from rules.duel.actions import Action, EndTurn
from rules.duel.ai.base import Budget, DuelAI, DuelPlayer
from rules.duel.catalog import DuelCatalog
from rules.duel.engine import apply, check
from rules.duel.setup import DeckChoice, new_duel
from rules.duel.state import PLAYERS, DuelState
from rules.duel.view import view
from rules.rng import SeededRng

MAX_ACTIONS = 20_000  # far beyond any real duel: 40 turns each (D-TURN-13), each turn finite


RULES: GameRules[DuelState, Action] = GameRules(
    active=lambda state: state.active,
    view=view,
    check=check,
    apply=apply,
    over=lambda state: state.outcome is not None,
    on_failure=lambda state, team: EndTurn(),  # a failed choice ends the player's turn
)


@dataclass
class MatchResult:
    """How one duel went: the winner (None for a draw), why, its length and each seat's record."""

    seed: int | str
    winner: int | None
    reason: str
    turns: int
    first_player: int
    decisions: dict[int, list[float]] = field(default_factory=lambda: {1: [], 2: []})
    illegal: dict[int, int] = field(default_factory=lambda: {1: 0, 2: 0})
    errors: dict[int, list[str]] = field(default_factory=lambda: {1: [], 2: []})
    actions: list[Action] = field(default_factory=list)
    morale: tuple[int, int] = (0, 0)


def play_match(
    ais: tuple[DuelAI, DuelAI],
    seed: int | str,
    *,
    decks: tuple[DeckChoice, DeckChoice] = ("starter", "starter"),
    heroes: tuple[str | None, str | None] = (None, None),
    budgets: tuple[Budget, Budget] = (Budget(), Budget()),
    catalog: DuelCatalog | None = None,
    clock: Callable[[], float] | None = None,
    on_state: Callable[[DuelState], None] | None = None,
) -> MatchResult:
    """Play seat 1 (``ais[0]``) against seat 2 to the end; ``on_state`` sees every state (tests)."""
    dice = SeededRng(f"{seed}/dice")
    players = {p: DuelPlayer(ais[p - 1], f"{seed}/ai{p}", budgets[p - 1]) for p in PLAYERS}
    state, _ = new_duel(dice, decks[0], decks[1], hero1=heroes[0], hero2=heroes[1], catalog=catalog)
    result = MatchResult(seed, None, "", 0, state.first_player)
    record = play(RULES, state, dice, players, max_actions=MAX_ACTIONS, clock=clock, on_state=on_state)
    result.actions = record.actions
    result.errors = record.errors
    result.illegal = record.illegal
    if clock is not None:
        result.decisions = record.decision_seconds
    outcome = state.outcome
    result.winner = outcome.winner if outcome else None
    result.reason = outcome.reason if outcome else "action_limit"
    result.turns = state.turn_no
    result.morale = (state.sides[1].morale, state.sides[2].morale)
    return result
