"""Weapon attacks: basic (S-HIT, S-DMG) or, for melee in detailed mode, melee.md's strike (S-MODEL-2).

Every attack counts towards the target's attacks this round (S-HIT-2, ML-HIT-5), hit or miss.
"""

from __future__ import annotations

from fractions import Fraction

from rules.rng import Rng
from rules.skirmish import events as ev
from rules.skirmish.actions import AttackKind
from rules.skirmish.catalog_types import Weapon, WeaponKind
from rules.skirmish.formulas import (
    CRIT_PCT,
    final_damage,
    physical_damage_raw,
    range_factor,
    ranged_skill_factor,
)
from rules.skirmish.melee import Location, resolve_strike
from rules.skirmish.primitives import damage, drop_item, incapacitate, roll_chance, roll_u
from rules.skirmish.state import Hero, SkirmishState
from rules.skirmish.values import armour_divisor, encumbrance, melee_fighter, weapon_chance

# Enum members read in hot loops, bound once (a StrEnum member lookup costs ~6 plain lookups).
_ATTACK_KIND_BOW = AttackKind.BOW
_ATTACK_KIND_CROSSBOW = AttackKind.CROSSBOW
_ATTACK_KIND_MELEE = AttackKind.MELEE
_ATTACK_KIND_THROWN = AttackKind.THROWN
_LOCATION_ARMS = Location.ARMS
_LOCATION_HEAD = Location.HEAD
_LOCATION_LEGS = Location.LEGS
_WEAPON_KIND_BOW = WeaponKind.BOW
_WEAPON_KIND_CROSSBOW = WeaponKind.CROSSBOW

_LAUNCHED = {_WEAPON_KIND_BOW: _ATTACK_KIND_BOW, _WEAPON_KIND_CROSSBOW: _ATTACK_KIND_CROSSBOW}


def attack_kind(w: Weapon, thrown: bool) -> AttackKind:
    """How an attack with ``w`` is made: melee, bow, crossbow or thrown."""
    if thrown:
        return _ATTACK_KIND_THROWN
    return _LAUNCHED[w.kind] if w.is_launcher else _ATTACK_KIND_MELEE


def basic_attack(
    state: SkirmishState, hero: Hero, target: Hero, w: Weapon, kind: AttackKind, rng: Rng, events: list
) -> None:
    """S-HIT-9 then S-DMG-8: hit roll, crit roll (S-DMG-4), U, damage, all exact."""
    chance = weapon_chance(state, hero, target, w, kind)
    state.attacks_on[target.id] += 1
    hit, roll = roll_chance(rng, chance)
    if not hit:
        events.append(ev.AttackResolved(hero.id, target.id, kind, w.id, chance, roll, False))
        return
    crit, crit_roll = roll_chance(rng, CRIT_PCT)
    u = roll_u(rng)
    if kind == _ATTACK_KIND_MELEE or kind == _ATTACK_KIND_THROWN:
        factor = hero.info.strength  # S-DMG-1, S-DMG-3
    else:
        factor = Fraction(ranged_skill_factor(hero.info.hero.skill(w.weapon_class)))  # S-DMG-2
    raw = physical_damage_raw(w.base_damage, factor, u, armour_divisor(state, target))
    rng_mult = Fraction(1)
    if kind != _ATTACK_KIND_MELEE:
        assert w.optimal is not None
        rng_mult = range_factor(
            w.optimal, target.pos[0] - hero.pos[0], target.pos[1] - hero.pos[1]
        )  # S-DMG-6
    amount = final_damage(raw, range_mult=rng_mult, crit=crit, energy=hero.info.energy_mult)  # S-DMG-7/8
    events.append(
        ev.AttackResolved(hero.id, target.id, kind, w.id, chance, roll, True, u, crit_roll, crit, amount)
    )
    damage(state, target, amount, events)


def detailed_strike(
    state: SkirmishState, hero: Hero, target: Hero, w: Weapon, rng: Rng, events: list
) -> None:
    """S-MODEL-2: one strike in ML-SEQ-1's order, damage x k (S-MODEL-4), then fatigue (S-MODEL-5)."""
    prior = state.attacks_on[target.id]
    result = resolve_strike(
        melee_fighter(state, hero),
        melee_fighter(state, target),
        rng,
        prior_strikes=prior,
        scale=state.board.damage_scale,
    )
    state.attacks_on[target.id] += 1
    events.append(
        ev.StrikeResolved(
            hero.id,
            target.id,
            w.id,
            prior,
            result.attack_value,
            result.defence_value,
            result.hit,
            result.shield_hit,
            result.location,
            result.damage_type,
            result.crit,
            result.net,
            result.damage,
        )
    )
    if result.hit:
        damage(state, target, result.damage, events)
        if result.location is not None and not target.out:
            afflictions(state, target, result.location, result.damage, rng, events)
    hero.fatigue += encumbrance(state, hero)  # ML-FAT-1 / S-MODEL-5
    events.append(ev.FatigueChanged(hero.id, hero.fatigue))


def afflictions(
    state: SkirmishState, hero: Hero, location: Location, amount: int, rng: Rng, events: list
) -> None:
    """S-MODEL-7 / ML-DATA-6: severed arm, leg or head at >= 1/2 of max HP; an eye at >= 1/4 (50%)."""
    rules = state.board.catalog.battle
    severe = amount >= rules.severing_fraction * hero.info.max_hp
    if location == _LOCATION_HEAD and severe:
        events.append(ev.AfflictionSuffered(hero.id, ev.Affliction.HEAD))
        incapacitate(state, hero, events)
    elif location == _LOCATION_HEAD and amount >= rules.eye_fraction * hero.info.max_hp:
        lost, _ = roll_chance(rng, rules.eye_chance)
        if lost:
            hero.eyes_lost += 1
            events.append(
                ev.AfflictionSuffered(
                    hero.id, ev.Affliction.BLIND if hero.eyes_lost >= 2 else ev.Affliction.EYE
                )
            )
    elif location == _LOCATION_LEGS and severe:
        hero.crippled = True
        events.append(ev.AfflictionSuffered(hero.id, ev.Affliction.LEG))
    elif location == _LOCATION_ARMS and severe:
        weapon_arm = rng.randint(1, 2) == 1  # the weapon arm or the other arm, with equal chance
        hero.arms_lost += 1
        events.append(
            ev.AfflictionSuffered(
                hero.id, ev.Affliction.WEAPON_ARM if weapon_arm else ev.Affliction.OTHER_ARM
            )
        )
        held = state.board.catalog.weapons[hero.melee] if hero.melee else None
        if hero.melee is not None and held is not None and (weapon_arm or held.hands == 2):
            drop_item(state, hero.melee, hero.pos, events)
            hero.melee = None
        if hero.shield is not None and not weapon_arm:
            hero.shield = None  # the shield arm: the shield drops (shields are not items to pick up)


def weapon_attack(
    state: SkirmishState, hero: Hero, target: Hero, w: Weapon, thrown: bool, rng: Rng, events: list
) -> AttackKind:
    """Resolve one weapon attack; returns its kind. Throws land in the target's cell (S-ACT-9)."""
    kind = attack_kind(w, thrown)
    hero.last_attack_round = state.round_no
    target_cell = target.pos
    if kind == _ATTACK_KIND_MELEE and state.board.detailed:
        detailed_strike(state, hero, target, w, rng, events)
    else:
        basic_attack(state, hero, target, w, kind, rng, events)
    if kind == _ATTACK_KIND_THROWN:
        if w.id in hero.thrown:
            items = list(hero.thrown)
            items.remove(w.id)
            hero.thrown = tuple(items)
        else:
            hero.melee = None  # S-ACT-9: a thrown dagger or spear is no longer in hand
        drop_item(state, w.id, target_cell, events)
    elif kind == _ATTACK_KIND_CROSSBOW:
        hero.next_crossbow = state.round_no + 3  # S-ACT-2 / S-OQ-25: round r, then r + 3
    return kind
