"""Information-set MCTS for the duel (single observer): search the viewer's own turn over many guesses.

Each iteration draws a determinization (the opponent's hand sampled from his unseen cards,
:func:`~rules.duel.view.determinize`), walks the tree of the viewer's actions in this turn with
UCB1 over the actions available in that determinization (availability counts, Cowling, Powley
and Whitehouse 2012), then plays on with the greedy policy for both sides until ``horizon`` more
turns have started, rolling dice from the AI's own rng. The final position's score less the
root's and less the luck of the fights' dice (realized minus exactly expected score change, a
control variate), squashed to 0..1, is backed up the path.

Dice make single playouts very noisy next to greedy's exact expectations, so every action starts
with ``prior_visits`` virtual visits worth its exact greedy gain (prior knowledge, Gelly and
Silver 2007): the search follows greedy until its samples show, with enough evidence, that
another action does better. The answer is the root action of highest blended value.
"""

from __future__ import annotations

import math

from rules.duel.actions import Action, Attack, EndTurn
from rules.duel.ai.base import Budget
from rules.duel.ai.evaluate import Weights, action_gain, evaluate, threat
from rules.duel.ai.greedy import greedy_action, scored_legal
from rules.duel.engine import apply
from rules.duel.state import DuelState
from rules.duel.view import DuelView, determinize
from rules.rng import Rng

# The search's own weights (no hand bonus, attack, morale and life raised, reach for Shooters and
# Fliers), tuned with the simulator against GreedyAI's default weights (figures in docs/ai.md).
SEARCH_WEIGHTS = Weights(hand_card=0.0, attack=1.4, morale=3.0, life=0.8, reach=6.0)


class Node:
    """Statistics of one action sequence of the viewer's turn (its prior comes from the parent's moves)."""

    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0


class IsmctsAI:
    """SO-ISMCTS over the current turn's actions, greedy priors, greedy playouts to a short horizon."""

    name = "ismcts"

    def __init__(
        self,
        weights: Weights = SEARCH_WEIGHTS,
        *,
        horizon: int = 1,
        exploration: float = 0.3,
        scale: float = 8.0,
        prior_visits: float = 20.0,
        prune_below: float = -3.0,
        threat_weight: float = 2.0,
        luck_correction: bool = True,
        max_moves: int = 0,
    ) -> None:
        self.weights = weights
        self.horizon = horizon  # turns to play out: 1 = the rest of this turn, 2 = and the reply
        self.exploration = exploration
        self.scale = scale  # score difference that counts as a clear advantage
        self.prior_visits = prior_visits  # how many samples the greedy prior is worth
        self.prune_below = prune_below  # actions whose greedy gain is this bad are not searched
        self.threat_weight = threat_weight  # how much of the player to move's best reply to expect
        self.luck_correction = luck_correction  # subtract the dice's luck in fights from rewards
        self.max_moves = max_moves  # search only the best few by greedy gain (0: all), EndTurn always

    def decide(self, view: DuelView, rng: Rng, budget: Budget) -> Action:
        if view.active != view.viewer:
            raise ValueError(f"player {view.viewer} is asked to move in player {view.active}'s turn")
        base = determinize(view)
        moves = self._moves(base)
        if len(moves) == 1:
            return moves[0][1]
        root = Node()
        baseline = self._score(base, view.viewer)
        deadline = budget.deadline()
        for _ in range(max(1, budget.iterations)):
            self._iterate(view, root, baseline, rng)
            if budget.expired(deadline):
                break
        return max(moves, key=lambda m: self._value(root, m[1], m[0], moves[0][0]))[1]

    def _moves(self, state: DuelState) -> list[tuple[float, Action]]:
        """(greedy gain, action) worth searching, best first (stable); EndTurn always among them."""
        scored = [(g, i, a) for i, (g, a) in enumerate(scored_legal(state, self.weights))]
        scored.sort(key=lambda item: (-item[0], item[1]))
        kept = [(g, a) for g, _, a in scored if g >= self.prune_below or isinstance(a, EndTurn)]
        if self.max_moves and len(kept) > self.max_moves:
            kept = [m for i, m in enumerate(kept) if i < self.max_moves or isinstance(m[1], EndTurn)]
        return kept

    def _value(self, node: Node, action: Action, gain: float, best_gain: float) -> float:
        """The child's mean reward blended with its prior: the parent's mean, shifted by the gain gap."""
        parent_mean = node.total / node.visits if node.visits else 0.5
        prior = parent_mean + (0.5 / self.scale) * (gain - best_gain)  # slope of the squash at 0
        child = node.children.get(action)
        if child is None or not child.visits:
            return prior
        return (child.total + self.prior_visits * prior) / (child.visits + self.prior_visits)

    def _step(self, state: DuelState, action: Action, me: int, rng: Rng) -> float:
        """Apply ``action``; return the luck of its dice for ``me`` (0 unless a corrected fight).

        Luck is the score change the rolls brought minus the exact expected change: a control
        variate with mean about 0 that takes most of the dice's noise out of a playout's reward.
        """
        if not (self.luck_correction and isinstance(action, Attack)):
            apply(state, action, rng)
            return 0.0
        actor = state.active
        expected = action_gain(state, action, self.weights)
        before = evaluate(state, actor, self.weights)
        apply(state, action, rng)
        luck = evaluate(state, actor, self.weights) - before - expected
        return luck if actor == me else -luck

    def _iterate(self, view: DuelView, root: Node, baseline: float, rng: Rng) -> None:
        state = determinize(view, rng)
        me = view.viewer
        path = [root]
        node = root
        luck = 0.0
        while state.outcome is None and state.active == me:
            moves = self._moves(state)
            best_gain = moves[0][0]
            chosen, chosen_ucb = moves[0], -math.inf
            for gain, action in moves:
                child = node.children.get(action)
                if child is None:
                    child = node.children[action] = Node()
                child.avail += 1
                bonus = self.exploration * math.sqrt(math.log(child.avail + 1) / (child.visits + 1))
                ucb = self._value(node, action, gain, best_gain) + bonus
                if ucb > chosen_ucb:
                    chosen, chosen_ucb = (gain, action), ucb
            node = node.children[chosen[1]]
            path.append(node)
            luck += self._step(state, chosen[1], me, rng)
            if node.visits == 0:
                break  # a new node: expand one level per iteration
        luck += self._playout(state, view.turn_no + self.horizon, me, rng)
        reward = 0.5 + 0.5 * math.tanh((self._score(state, me) - luck - baseline) / self.scale)
        for n in path:
            n.visits += 1
            n.total += reward

    def _playout(self, state: DuelState, stop_turn: int, me: int, rng: Rng) -> float:
        """Greedy play until turn ``stop_turn`` starts or the duel ends; returns the luck for ``me``.

        Every path stops at the same turn, whether its EndTurn was in the tree or in the playout.
        """
        luck = 0.0
        while state.outcome is None and state.turn_no < stop_turn:
            luck += self._step(state, greedy_action(state, self.weights), me, rng)
        return luck

    def _score(self, state: DuelState, me: int) -> float:
        """The position's score for ``me``, less what the player to move may expect to take now."""
        score = evaluate(state, me, self.weights)
        if state.outcome is None and self.threat_weight:
            sign = -1.0 if state.active != me else 1.0
            score += sign * self.threat_weight * threat(state, state.active, self.weights)
        return score
