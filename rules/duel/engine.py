"""The duel's public interface: ``legal_actions``, ``check`` and ``apply``.

``apply`` validates with ``check`` first, so an illegal action raises :class:`IllegalAction` and
leaves the state untouched; a legal one mutates the state at once and returns every event in
order, with :class:`~rules.duel.events.DuelEnded` last when the action ended the duel. Same
state + action + rng state gives the same events.
"""

from __future__ import annotations

from rules.core.engine import IllegalAction, ensure_legal
from rules.duel import events as ev
from rules.duel.actions import Action, Attack, CastSpell, Dismiss, EndTurn, PlayCreature, Surrender, TimeOut
from rules.duel.catalog_types import CreatureCard, SpellCard
from rules.duel.clock import timeout_reason
from rules.duel.fight import fight
from rules.duel.magic import cast
from rules.duel.primitives import remove
from rules.duel.state import Creature, DuelState
from rules.duel.targets import attack_target_reason, attack_targets, spell_target_reason, spell_targets
from rules.duel.turns import end_turn, surrender
from rules.rng import Rng


def affordable(resources: list[int], cost: tuple[int, ...]) -> bool:
    """D-RES-2: every resource covers its part of the cost."""
    return all(have >= need for have, need in zip(resources, cost, strict=True))


def legal_actions(state: DuelState) -> list[Action]:
    """Every action the active player may take now, in a stable order (TimeOut excepted).

    Creatures to play (by card id), magic with each target, attacks (attacker in field order,
    targets as :func:`~rules.duel.targets.attack_targets`), dismissals, EndTurn, then Surrender
    once it is enabled (D-TURN-11).
    """
    if state.outcome is not None:
        return []
    me = state.me
    actions: list[Action] = []
    field_open = len(me.field) < state.catalog.rules.max_field
    seen = ""
    for card_id in me.hand:  # sorted, so copies are adjacent
        if card_id == seen:
            continue
        seen = card_id
        card = state.catalog.card(card_id)
        if not affordable(me.resources, card.cost):
            continue
        if isinstance(card, CreatureCard):
            if field_open:
                actions.append(PlayCreature(card_id))
        else:
            actions.extend(CastSpell(card_id, target) for target in spell_targets(state, card))
    for creature in me.field:
        if creature.can_fight:
            actions.extend(Attack(creature.uid, target) for target in attack_targets(state, creature))
    actions.extend(Dismiss(creature.uid) for creature in me.field)
    actions.append(EndTurn())
    if state.surrender_open():
        actions.append(Surrender(state.active))
    return actions


def check(state: DuelState, action: Action) -> str | None:
    """Why ``action`` is illegal now, or None when it is legal."""
    if state.outcome is not None:
        return "the duel is over"
    me = state.me
    if isinstance(action, EndTurn):
        return None
    if isinstance(action, TimeOut):
        return timeout_reason(state, action.now_ms)
    if isinstance(action, Surrender):
        if action.player != state.active:
            return f"player {action.player} may surrender only in his own turn (D-TURN-10)"
        if not state.surrender_open():
            need = state.catalog.rules.surrender_after_turns
            return f"«сдаться» is enabled once both players have completed {need} turns (D-TURN-11)"
        return None
    if isinstance(action, PlayCreature | CastSpell):
        if action.card not in me.hand:
            return f"{action.card!r} is not in player {state.active}'s hand"
        card = state.catalog.card(action.card)
        if not affordable(me.resources, card.cost):
            return f"cannot pay the entry cost of {card.name_en} (D-RES-2)"
        if isinstance(action, PlayCreature):
            if not isinstance(card, CreatureCard):
                return f"{card.name_en} is a magic card (cast it)"
            limit = state.catalog.rules.max_field
            if len(me.field) >= limit:
                return f"at most {limit} creatures may be on a side's field (D-FIELD-1, D-TURN-2)"
            return None
        if not isinstance(card, SpellCard):
            return f"{card.name_en} is a creature card (play it)"
        return spell_target_reason(state, card, action.target)
    if isinstance(action, Attack | Dismiss):
        uid = action.attacker if isinstance(action, Attack) else action.creature
        creature = me.creature(uid)
        if creature is None:
            return f"{uid} is not one of player {state.active}'s creatures on the field (D-HERO-6)"
        if isinstance(action, Dismiss):
            return None
        if not creature.ready:
            return f"{creature.card.name_en} entered this turn and may attack from the next (D-TURN-3)"
        if creature.fought:
            return f"{creature.card.name_en} has already started a fight this turn (D-TURN-5)"
        return attack_target_reason(state, creature, action.target)
    return f"unknown action {action!r}"


def apply(state: DuelState, action: Action, rng: Rng) -> list[ev.Event]:
    """Carry out a legal action; raise IllegalAction (state unchanged) otherwise."""
    ensure_legal(check(state, action))
    events: list[ev.Event] = []
    if isinstance(action, EndTurn):
        end_turn(state, ev.TurnEndReason.END_TURN, rng, events)
    elif isinstance(action, TimeOut):
        end_turn(state, ev.TurnEndReason.TIMEOUT, rng, events)  # D-TURN-8
    elif isinstance(action, Surrender):
        surrender(state, action.player, events)
    elif isinstance(action, PlayCreature):
        _play_creature(state, action.card, events)
    elif isinstance(action, CastSpell):
        card = state.catalog.spells[action.card]
        cast(state, card, action.target, events)
    elif isinstance(action, Dismiss):
        creature = state.me.creature(action.creature)
        assert creature is not None  # checked
        remove(state, creature, ev.DiscardReason.DISMISSED, events)  # D-TURN-14: not a death (no Scary bonus)
    else:
        attacker = state.me.creature(action.attacker)
        assert attacker is not None  # checked
        fight(state, attacker, action.target, rng, events)
    if state.outcome is not None:
        outcome = state.outcome
        events.append(ev.DuelEnded(outcome.winner, outcome.reason, outcome.morale))
    return events


def _play_creature(state: DuelState, card_id: str, events: list) -> None:
    """D-RES-2, D-TURN-2/3: pay, enter the field; only attacks_on_entry cards may fight this turn."""
    me = state.me
    card = state.catalog.creatures[card_id]
    for i, need in enumerate(card.cost):
        me.resources[i] -= need
    me.hand.remove(card_id)
    creature = Creature(state.next_uid, card, me.player, ready=card.attacks_on_entry)
    state.next_uid += 1
    me.field.append(creature)
    events.append(
        ev.CreaturePlayed(me.player, card_id, creature.uid, card.cost, tuple(me.resources), creature.ready)
    )


__all__ = ["IllegalAction", "apply", "check", "legal_actions"]
