"""Magic cards (§8): fixed effects with no roll, at once, then to the discard (D-TURN-4, D-MAGIC-1..6)."""

from __future__ import annotations

from rules.duel import events as ev
from rules.duel.catalog_types import MANA, SpellCard, SpellTarget
from rules.duel.primitives import change_morale, lose_life
from rules.duel.state import Creature, DuelState

# Enum members read in hot loops, bound once (a StrEnum member lookup costs ~6 plain lookups).
_SPELL_TARGET_ALL_FRIENDLY_CREATURES = SpellTarget.ALL_FRIENDLY_CREATURES
_SPELL_TARGET_OWN_HERO = SpellTarget.OWN_HERO


def cast(state: DuelState, card: SpellCard, target: int | None, events: list) -> None:
    """Pay the mana, discard the card, then apply its effect to each target (already checked legal)."""
    me, foe = state.me, state.foe
    me.resources[MANA] -= card.mana  # D-RES-2
    me.hand.remove(card.id)
    me.discard.append(card.id)  # D-TURN-4: straight to the discard
    events.append(ev.SpellCast(me.player, card.id, target, card.cost, tuple(me.resources)))
    if card.target == _SPELL_TARGET_OWN_HERO:
        change_morale(
            state, me.player, card.morale, ev.MoraleReason.SPELL, events
        )  # D-MAGIC-6, capped (D-HERO-7)
        return
    if target is not None and target < 0:
        change_morale(
            state, foe.player, card.life, ev.MoraleReason.SPELL, events
        )  # D-MAGIC-2: -life on the hero
        return
    if card.mass:
        side = me if card.target == _SPELL_TARGET_ALL_FRIENDLY_CREATURES else foe
        victims = list(side.field)  # field order; deaths during the loop do not skip anyone
    else:
        found = state.creature(target) if target is not None else None
        if found is None:
            raise AssertionError(f"no creature {target} to aim {card.id} at")
        victims = [found]
    for creature in victims:
        _affect(state, card, creature, events)
        if state.over:
            return


def _affect(state: DuelState, card: SpellCard, creature: Creature, events: list) -> None:
    """D-MAGIC-3: stat changes last while the card stays on the field; +life has no cap; stats may go < 1."""
    if card.life < 0:
        lose_life(state, creature, -card.life, ev.LossSource.SPELL, events)
        return
    creature.attack += card.attack
    creature.defense += card.defense
    creature.life += card.life
    events.append(
        ev.StatsChanged(
            creature.uid,
            card.attack,
            card.defense,
            card.life,
            creature.attack,
            creature.defense,
            creature.life,
        )
    )
