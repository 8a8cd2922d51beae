"""Casting (S-SPELL), resisting (S-RESIST), the ether duel (S-ETHER) and binding (S-BIND).

A cast spends its mana, then reaches its targets one by one: the hit roll if the spell rolls
(S-SPELL-13, S-HIT-10), the target's resistance if it is hostile and the target has mana
(S-RESIST-5), then the effect: damage (S-SPELL-14), healing, mana or a timed status.
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction

from rules.core.grid import Pos
from rules.numbers import round_half_up
from rules.rng import Rng
from rules.skirmish import events as ev
from rules.skirmish.catalog_types import Spell, SpellTarget, StatusKind
from rules.skirmish.formulas import (
    CRIT_FACTOR,
    CRIT_PCT,
    block_chance,
    ether_chance,
    ether_damage,
    repel_cost,
    weakening,
)
from rules.skirmish.primitives import change_mana, damage, heal, roll_chance, roll_u
from rules.skirmish.spell_targets import affected
from rules.skirmish.state import Effect, Hero, SkirmishState
from rules.skirmish.values import armour_divisor, spell_chance

# Enum members read in hot loops, bound once (a StrEnum member lookup costs ~6 plain lookups).
_SPELL_TARGET_WALL = SpellTarget.WALL
_STATUS_KIND_ROOT = StatusKind.ROOT


class CastMode(StrEnum):
    """S-SPELL-9/12: how a spell is cast."""

    QUICK = "quick"  # from the quick-spell set (S-SPELL-11)
    UNPREPARED = "unprepared"  # a level-1 spell cast without moving
    CHANNELLED = "channelled"  # at the end of its channel


def how_cast(hero: Hero, spell: Spell, moved: bool) -> CastMode | None:
    """S-SPELL-9/12: how ``hero`` may cast ``spell`` now; None when it cannot be cast so."""
    if hero.channel is not None:
        return CastMode.CHANNELLED if hero.channel.spell == spell.id and hero.channel.left == 1 else None
    if spell.id in hero.info.quick:
        return CastMode.QUICK
    if spell.level == 1 and not moved and knows(hero, spell):
        return CastMode.UNPREPARED
    return None


def knows(hero: Hero, spell: Spell) -> bool:
    """S-SPELL-7 / S-SPELL-10: one of the hero's schools, level within its castable level."""
    return spell.school in hero.info.hero.schools and spell.level <= hero.info.castable_level


def cast(
    state: SkirmishState,
    hero: Hero,
    spell: Spell,
    origin: Pos,
    target: Pos,
    cells: tuple[Pos, ...],
    how: CastMode,
    rng: Rng,
    events: list,
) -> None:
    """Spend the mana and resolve the spell on each target."""
    hero.channel = None
    if hero.mana < spell.mana:  # S-SPELL-9: checked on completion; a failed spell spends nothing
        events.append(ev.SpellFailed(hero.id, spell.id, "not enough mana"))
        return
    hero.mana -= spell.mana
    events.append(ev.SpellCast(hero.id, spell.id, origin, target, how, spell.mana, hero.mana))
    if spell.target == _SPELL_TARGET_WALL:
        until = state.round_no + spell.wall[1]
        for cell in cells:
            state.walls[cell] = until
        events.append(ev.WallRaised(cells, until))
        return
    for other in affected(state, hero, spell, origin, target, rng):
        if not other.out:
            _on_target(state, hero, other, spell, rng, events)


def _on_target(state: SkirmishState, hero: Hero, target: Hero, spell: Spell, rng: Rng, events: list) -> None:
    if spell.hostile:
        chance = spell_chance(state, hero, target) if spell.rolls else None
        state.attacks_on[target.id] += 1  # S-MODEL-3: spell attacks count too
        if chance is not None:
            hit, roll = roll_chance(rng, chance)
            events.append(ev.SpellHitRolled(target.id, chance, roll, hit))
            if not hit:
                return  # S-SPELL-13: a missed target is unaffected
    factor = resist(hero, target, spell, rng, events) if spell.hostile else Fraction(1)
    if factor == 0:
        return
    if spell.damage:
        crit, crit_roll = roll_chance(rng, CRIT_PCT) if spell.rolls else (False, None)  # S-SPELL-14
        u = roll_u(rng)
        value = spell.damage * u
        if not spell.ignores_armour:
            value /= armour_divisor(state, target)
        amount = round_half_up(value * (CRIT_FACTOR if crit else 1) * factor)
        events.append(ev.SpellStruck(target.id, u, crit_roll, crit, amount))
        damage(state, target, amount, events)
    if spell.heal:
        heal(target, spell.heal, events)
    if spell.mana_gift and target.bound_by is None:  # S-BIND-5: a bound hero gains no mana
        change_mana(target, Fraction(spell.mana_gift), events)
    for status in spell.status:
        rounds = status.rounds if factor == 1 else round_half_up(status.rounds * factor)  # S-DATA-5
        if rounds <= 0 or target.out:
            continue
        until = state.round_no + rounds
        if status.kind == _STATUS_KIND_ROOT:
            target.root_next = True
        else:
            kept = tuple(e for e in target.effects if not (e.kind == status.kind and e.spell == spell.id))
            target.effects = (*kept, Effect(status.kind, status.value, until, spell.id, status.detailed))
        events.append(ev.EffectApplied(target.id, status.kind, status.value, until, spell.id))


def resist(caster: Hero, target: Hero, spell: Spell, rng: Rng, events: list) -> Fraction:
    """S-RESIST-2..5: the effect factor left after the target's block and repel (0: no effect)."""
    w_target, w_caster = target.info.wisdom, caster.info.wisdom
    if target.mana <= 0 or w_target <= 0:
        return Fraction(1)  # S-ETHER-4 / S-RESIST-5: no mana or no Wisdom, no resistance
    chance = block_chance(w_target, w_caster)
    blocked, roll = roll_chance(rng, chance)
    if blocked:
        events.append(ev.SpellResisted(target.id, chance, roll, True))
        return Fraction(0)
    cost = repel_cost(roll_u(rng), spell.mana, w_caster, w_target)
    if target.mana >= cost:
        target.mana -= cost
        events.append(ev.SpellResisted(target.id, chance, roll, False, cost, cost, Fraction(0)))
        return Fraction(0)
    paid = target.mana
    factor = weakening(paid, cost)
    target.mana = Fraction(0)
    events.append(ev.SpellResisted(target.id, chance, roll, False, cost, paid, factor))
    return factor


def ether_attack(state: SkirmishState, hero: Hero, target: Hero, rng: Rng, events: list) -> None:
    """S-ETHER-5: a hit roll with Wisdom for skill, then 12 x W x U off the target's mana."""
    chance = ether_chance(state.attacks_on[target.id], hero.info.wisdom, target.info.wisdom)
    state.attacks_on[target.id] += 1
    hero.last_attack_round = state.round_no
    hit, roll = roll_chance(rng, chance)
    if not hit:
        events.append(ev.EtherAttackResolved(hero.id, target.id, chance, roll, False, None, 0, target.mana))
        return
    u = roll_u(rng)
    amount = ether_damage(hero.info.wisdom, u)
    target.mana = max(Fraction(0), target.mana - amount)  # S-ETHER-3
    events.append(ev.EtherAttackResolved(hero.id, target.id, chance, roll, True, u, amount, target.mana))


def bind(state: SkirmishState, hero: Hero, target: Hero, events: list) -> None:
    """S-BIND-5: always succeeds and holds until the binder is incapacitated (S-BIND-2)."""
    target.bound_by = hero.id
    events.append(ev.HeroBound(hero.id, target.id))
    if target.channel is not None:
        events.append(ev.ChannelEnded(target.id, target.channel.spell, ev.ChannelEndReason.BOUND))
        target.channel = None
