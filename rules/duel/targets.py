"""Who may attack whom (D-TARGET-2, D-HERO-4, D-TYPE-2/3/5) and what a magic card may be aimed at.

Each ``*_reason`` function returns why a choice is illegal, or None; the ``*_targets`` functions
list the legal choices in a stable order (enemy creatures in field order, then the hero).
"""

from __future__ import annotations

from rules.core.teams import other_team
from rules.duel.catalog_types import AttackMode, MovementClass, SpellCard, SpellTarget
from rules.duel.state import Creature, DuelState, Side, hero_ref, is_hero

# Enum members read in hot loops, bound once (a StrEnum member lookup costs ~6 plain lookups).
_ATTACK_MODE_MELEE = AttackMode.MELEE
_ATTACK_MODE_SHOOTER = AttackMode.SHOOTER
_MOVEMENT_CLASS_FLYING = MovementClass.FLYING
_SPELL_TARGET_ALL_FRIENDLY_CREATURES = SpellTarget.ALL_FRIENDLY_CREATURES
_SPELL_TARGET_ENEMY_CREATURE_OR_HERO = SpellTarget.ENEMY_CREATURE_OR_HERO
_SPELL_TARGET_FRIENDLY_CREATURE = SpellTarget.FRIENDLY_CREATURE
_SPELL_TARGET_OWN_HERO = SpellTarget.OWN_HERO


def attack_target_reason(state: DuelState, attacker: Creature, target: int) -> str | None:
    """D-TARGET-2 (a)-(d) for a ready attacker of the active player; (e) is checked by the engine."""
    foe = state.side(other_team(attacker.owner))
    if is_hero(target):
        if target != hero_ref(foe.player):  # (a)
            return "a creature attacks only the enemy hero, never its own (D-TARGET-2a)"
        # (b) D-HERO-4: only over an empty enemy field, unless a Shooter (D-TYPE-2) or Flying (D-TYPE-5).
        if foe.field and not (attacker.has(_ATTACK_MODE_SHOOTER) or attacker.has(_MOVEMENT_CLASS_FLYING)):
            return (
                "the enemy hero can be attacked only when the enemy has no creature on the field (D-HERO-4)"
            )
        return None
    victim = foe.creature(target)
    if victim is None:
        return f"{target} is not an enemy creature on the field (D-TARGET-2a)"
    return creature_target_reason(attacker, victim, foe)


def creature_target_reason(attacker: Creature, victim: Creature, foe: Side) -> str | None:
    """D-TARGET-2 (c)-(d): the Melee restrictions; Pike, Shooter and fliers attack any creature."""
    if attacker.has(_ATTACK_MODE_MELEE):
        if victim.has(_MOVEMENT_CLASS_FLYING):  # (c) D-TYPE-3, D-TYPE-5
            return "a Melee creature cannot attack a Flying one (D-TYPE-3)"
        if victim.has(_ATTACK_MODE_SHOOTER) and foe.has_type(_ATTACK_MODE_MELEE):  # (d) D-TYPE-2, D-TYPE-3
            return (
                "a Melee creature cannot attack a Shooter while the enemy has Melee on the field (D-TYPE-2)"
            )
    return None


def attack_targets(state: DuelState, attacker: Creature) -> list[int]:
    """Every legal target of ``attacker``: enemy creatures in field order, then the enemy hero."""
    foe = state.side(other_team(attacker.owner))
    found = [v.uid for v in foe.field if creature_target_reason(attacker, v, foe) is None]
    if not foe.field or attacker.has(_ATTACK_MODE_SHOOTER) or attacker.has(_MOVEMENT_CLASS_FLYING):
        found.append(hero_ref(foe.player))
    return found


def spell_target_reason(state: DuelState, card: SpellCard, target: int | None) -> str | None:
    """D-MAGIC-4 / D-MAGIC-6: the card text says friend or foe, creature or hero; D-TARGET is ignored."""
    me, foe = state.me, state.foe
    if card.mass:
        if target is not None:
            return f"{card.name_en} affects every creature of a side: it takes no target"
        side = me if card.target == _SPELL_TARGET_ALL_FRIENDLY_CREATURES else foe
        return None if side.field else f"{card.name_en} needs at least one creature to affect"
    if target is None:
        return f"{card.name_en} needs a target"
    if card.target == _SPELL_TARGET_OWN_HERO:
        return None if target == hero_ref(me.player) else f"{card.name_en} targets your own hero (D-MAGIC-6)"
    if card.target == _SPELL_TARGET_FRIENDLY_CREATURE:
        return None if me.creature(target) else f"{card.name_en} targets one of your creatures (D-MAGIC-6)"
    if card.target == _SPELL_TARGET_ENEMY_CREATURE_OR_HERO and target == hero_ref(foe.player):
        return None  # D-MAGIC-2
    return None if foe.creature(target) else f"{card.name_en} targets an enemy creature (D-MAGIC-4)"


def spell_targets(state: DuelState, card: SpellCard) -> list[int | None]:
    """Every legal target of a magic card, in a stable order ([None] for a mass effect with targets)."""
    me, foe = state.me, state.foe
    if card.mass:
        side = me if card.target == _SPELL_TARGET_ALL_FRIENDLY_CREATURES else foe
        return [None] if side.field else []
    if card.target == _SPELL_TARGET_OWN_HERO:
        return [hero_ref(me.player)]
    if card.target == _SPELL_TARGET_FRIENDLY_CREATURE:
        return [c.uid for c in me.field]
    found: list[int | None] = [c.uid for c in foe.field]
    if card.target == _SPELL_TARGET_ENEMY_CREATURE_OR_HERO:
        found.append(hero_ref(foe.player))
    return found
