"""The greedy duel AI: take the single action with the best expected score gain, until none gains.

Scores come from :mod:`rules.duel.ai.evaluate`: the board, morale, and fights by their exact
expected outcome. With a full field of creatures that can attack nothing, it dismisses the
weakest to make room for a better card in hand (D-TURN-14). :func:`greedy_action` works on a
full state and is also the playout policy of the ISMCTS AI (on its determinized states).
"""

from __future__ import annotations

from rules.duel.actions import Action, Attack, CastSpell, Dismiss, EndTurn, PlayCreature
from rules.duel.ai.base import Budget
from rules.duel.ai.evaluate import (
    DEFAULT,
    Weights,
    attack_gains,
    creature_value,
    play_gain,
    reach_parry,
    spell_gain,
    value_of,
)
from rules.duel.catalog_types import CreatureCard
from rules.duel.engine import affordable
from rules.duel.state import DuelState
from rules.duel.targets import attack_targets, spell_targets
from rules.duel.view import DuelView, determinize
from rules.rng import Rng

MIN_GAIN = 0.05  # below this an action is not worth it and the turn ends


def scored_actions(state: DuelState, w: Weights = DEFAULT) -> list[tuple[float, Action]]:
    """Every legal action but Surrender, Dismiss and EndTurn with its expected gain, in legal order."""
    return [(g, a) for g, a in scored_legal(state, w) if not isinstance(a, Dismiss | EndTurn)]


def scored_legal(state: DuelState, w: Weights = DEFAULT) -> list[tuple[float, Action]]:
    """(:func:`~rules.duel.ai.evaluate.action_gain`, action) for every legal action but Surrender,
    in the order of :func:`~rules.duel.engine.legal_actions`, each fight's numbers worked out once."""
    if state.outcome is not None:
        return []
    me = state.me
    parry = reach_parry(state, w)
    found = _scored_cards(state, w, parry)
    for creature in me.field:
        if creature.can_fight:
            found += [(g, Attack(creature.uid, t)) for t, g in attack_gains(state, creature, w, parry=parry)]
    found += [(-value_of(c, w, parry=parry), Dismiss(c.uid)) for c in me.field]
    found.append((0.0, EndTurn()))
    return found


def _scored_cards(state: DuelState, w: Weights, parry: int) -> list[tuple[float, Action]]:
    """The creatures to play and magic to cast, with their gains, in the order of legal_actions
    (``parry`` is :func:`~rules.duel.ai.evaluate.reach_parry`)."""
    me = state.me
    catalog = state.catalog
    found: list[tuple[float, Action]] = []
    field_open = len(me.field) < catalog.rules.max_field
    seen = ""
    for card_id in me.hand:  # sorted, so copies are adjacent
        if card_id == seen:
            continue
        seen = card_id
        card = catalog.card(card_id)
        if not affordable(me.resources, card.cost):
            continue
        if isinstance(card, CreatureCard):
            if field_open:
                found.append((play_gain(card, w, parry=parry), PlayCreature(card_id)))
        else:
            for t in spell_targets(state, card):
                found.append((spell_gain(state, card, t, w, parry=parry), CastSpell(card_id, t)))
    return found


def _best_scored(state: DuelState, w: Weights) -> tuple[float, Action | None]:
    """The first action of highest gain among :func:`scored_actions`, without building every
    Attack (this is the hot loop of every search playout); (MIN_GAIN, None) when none beats MIN_GAIN."""
    best_gain = MIN_GAIN
    best: Action | None = None
    parry = reach_parry(state, w)
    for gain, action in _scored_cards(state, w, parry):
        if gain > best_gain:
            best_gain, best = gain, action
    for creature in state.me.field:
        if creature.can_fight:
            for target, gain in attack_gains(state, creature, w, parry=parry):
                if gain > best_gain:
                    best_gain, best = gain, Attack(creature.uid, target)
    return best_gain, best


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
    parry = reach_parry(state, w)
    weakest = min(idle, key=lambda c: (value_of(c, w, parry=parry), c.uid))
    best = max(creature_value(c.attack, c.defense, c.life, c.types, w, parry) for c in cards)
    return Dismiss(weakest.uid) if best > value_of(weakest, w, parry=parry) + 2.0 else None


def greedy_action(state: DuelState, w: Weights = DEFAULT) -> Action:
    """The best-scoring action for the active player; EndTurn when nothing gains enough."""
    if state.outcome is not None:
        return EndTurn()
    _, best = _best_scored(state, w)
    if best is None:
        return _dismissal(state, w) or EndTurn()
    return best


class GreedyAI:
    """One-ply greedy on the expected score (board value, morale, exact fight odds)."""

    name = "greedy"

    def __init__(self, weights: Weights = DEFAULT) -> None:
        self.weights = weights

    def decide(self, view: DuelView, rng: Rng, budget: Budget) -> Action:
        if view.active != view.viewer:
            raise ValueError(f"player {view.viewer} is asked to move in player {view.active}'s turn")
        return greedy_action(determinize(view), self.weights)


class CasualAI(GreedyAI):
    """Greedy's gains, but now and then a good action that is not the best (the easy level).

    It picks at random among its ``among`` best actions whose gain is at least the best's less
    ``margin`` of it (or less ``floor``, whichever is more): an action that wins the duel outright
    is never passed over, nor a clearly best one (every other gaining under a quarter of it and at
    least ``floor`` less). The knobs are tuned so that greedy (normal) scores at least 0.64
    against it over every deck pairing (docs/ai.md, "Level ladder").
    """

    name = "casual"
    among, margin, floor = 4, 0.75, 1.0

    def decide(self, view: DuelView, rng: Rng, budget: Budget) -> Action:
        if view.active != view.viewer:
            raise ValueError(f"player {view.viewer} is asked to move in player {view.active}'s turn")
        state = determinize(view)
        w = self.weights
        scored = sorted(
            ((g, i, a) for i, (g, a) in enumerate(scored_actions(state, w)) if g > MIN_GAIN),
            key=lambda item: (-item[0], item[1]),
        )
        if not scored:
            return greedy_action(state, w)
        best = scored[0][0]
        if best >= w.win / 2:
            return scored[0][2]
        margin = max(self.floor, self.margin * best)
        close = [a for g, _, a in scored[: self.among] if g >= best - margin]
        return close[rng.randint(0, len(close) - 1)]
