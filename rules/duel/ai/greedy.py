"""The greedy duel AI: take the single action with the best expected score gain, until none gains.

Scores come from :mod:`rules.duel.ai.evaluate`: the board, morale, and fights by their exact
expected outcome. With a full field of creatures that can attack nothing, it dismisses the
weakest to make room for a better card in hand (D-TURN-14). :func:`greedy_action` works on a
full state and is also the playout policy of the ISMCTS AI (on its determinized states).
"""

from __future__ import annotations

from rules.duel.actions import Action, Dismiss, EndTurn, Surrender
from rules.duel.ai.base import Budget
from rules.duel.ai.evaluate import DEFAULT, Weights, action_gain, creature_value, value_of
from rules.duel.engine import affordable, legal_actions
from rules.duel.state import DuelState
from rules.duel.targets import attack_targets
from rules.duel.view import DuelView, determinize
from rules.rng import Rng

MIN_GAIN = 0.05  # below this an action is not worth it and the turn ends


def scored_actions(state: DuelState, w: Weights = DEFAULT) -> list[tuple[float, Action]]:
    """Every legal action but Surrender and Dismiss with its expected gain, in legal order."""
    return [
        (action_gain(state, a, w), a)
        for a in legal_actions(state)
        if not isinstance(a, Surrender | Dismiss | EndTurn)
    ]


def _dismissal(state: DuelState, w: Weights) -> Action | None:
    """D-TURN-14: with a full field, swap an idle weakest creature for a better affordable card."""
    me = state.me
    if len(me.field) < state.catalog.rules.max_field:
        return None
    idle = [c for c in me.field if not c.ready or c.fought or not attack_targets(state, c)]
    cards = [state.catalog.creatures[cid] for cid in set(me.hand) if cid in state.catalog.creatures]
    cards = [c for c in cards if affordable(me.resources, c.cost)]
    if not idle or not cards:
        return None
    weakest = min(idle, key=lambda c: (value_of(c, w), c.uid))
    best = max(creature_value(c.attack, c.defense, c.life, c.types, w) for c in cards)
    return Dismiss(weakest.uid) if best > value_of(weakest, w) + 2.0 else None


def greedy_action(state: DuelState, w: Weights = DEFAULT) -> Action:
    """The best-scoring action for the active player; EndTurn when nothing gains enough."""
    best: Action = EndTurn()
    best_gain = MIN_GAIN
    for gain, action in scored_actions(state, w):
        if gain > best_gain:
            best, best_gain = action, gain
    if isinstance(best, EndTurn):
        return _dismissal(state, w) or best
    return best


class GreedyAI:
    """One-ply greedy on the expected score (board value, morale, exact fight odds)."""

    name = "greedy"

    def __init__(self, weights: Weights = DEFAULT) -> None:
        self.weights = weights

    def choose(self, view: DuelView, rng: Rng, budget: Budget) -> Action:
        if view.active != view.viewer:
            raise ValueError(f"player {view.viewer} is asked to move in player {view.active}'s turn")
        return greedy_action(determinize(view), self.weights)
