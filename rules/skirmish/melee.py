"""The detailed melee resolver of melee.md: one strike in ML-SEQ-1's order, plus its AP arithmetic.

A strike compares attack and defence values (skill + DRN - penalties, ML-HIT), checks the shield
(ML-SHLD), rolls the hit location among the reachable ones (ML-LOC), the damage type (ML-WPN-6),
the fatigue critical (ML-FAT-4), then damage against armour (ML-DMG). Every number is exact;
only the fatigue penalties and the final net damage are rounded, half up (ML-CONV-3).

The skirmish uses :func:`resolve_strike` with values converted by S-MODEL-3
(:mod:`rules.skirmish.combat`); the action-point functions at the end serve melee.md on its
own and are not used in a skirmish battle (ML-CONV-4, S-MODEL-6).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from rules.numbers import round_half_up
from rules.rng import Rng
from rules.skirmish.catalog_types import DamageType, DetailedWeapon
from rules.skirmish.drn import roll_drn
from rules.skirmish.formulas import fatigue_attack_penalty, fatigue_defence_penalty

# Enum members read in hot loops, bound once (a StrEnum member lookup costs ~6 plain lookups).
_DAMAGE_TYPE_ARMOUR_PIERCING = DamageType.ARMOUR_PIERCING
_DAMAGE_TYPE_BLUNT = DamageType.BLUNT
_DAMAGE_TYPE_PIERCING = DamageType.PIERCING
_DAMAGE_TYPE_SLASHING = DamageType.SLASHING


class Location(StrEnum):
    """ML-LOC-1: where a strike lands."""

    TORSO = "torso"
    ARMS = "arms"
    LEGS = "legs"
    HEAD = "head"


LOCATIONS = tuple(Location)  # ML-LOC-1 order: rolls walk this list
LOCATION_WEIGHTS = {
    Location.TORSO: 50,
    Location.ARMS: 20,
    Location.LEGS: 20,
    Location.HEAD: 10,
}  # ML-LOC-1 [SRC]
REACH_NEED = {
    Location.HEAD: 0,
    Location.TORSO: 1,
    Location.ARMS: 2,
}  # ML-LOC-4: reach >= size - n; legs always
MULTI_STRIKE_PENALTY = 2  # ML-HIT-5
CRIT_BELOW = 3  # ML-FAT-4
PIERCING = frozenset({_DAMAGE_TYPE_PIERCING, _DAMAGE_TYPE_ARMOUR_PIERCING})
ARMOUR_TYPE_FACTOR = {
    _DAMAGE_TYPE_PIERCING: Fraction(4, 5),
    _DAMAGE_TYPE_ARMOUR_PIERCING: Fraction(1, 2),
}  # ML-WPN-3/4
SLASHING_FACTOR = Fraction(5, 4)  # ML-WPN-2
BLUNT_HEAD_FACTOR = 2  # ML-WPN-1
FULL_ACTION_AP = 6  # ML-AP-2


@dataclass(frozen=True, slots=True)
class Fighter:
    """One side of a strike in melee.md's terms (S-MODEL-3 builds these from a hero).

    ``attack`` and ``defence`` are the skills before the weapon's modifiers and the fatigue and
    multiple-strike penalties, which :func:`resolve_strike` applies itself (ML-SEQ-1 steps 1, 3).
    """

    attack: Fraction
    defence: Fraction
    strength: Fraction
    weapon: DetailedWeapon | None
    body_armour: int = 0
    head_armour: int = 0
    parry: int | None = None  # None: no shield
    shield_armour: int = 0
    size: int = 2
    fatigue: int = 0


@dataclass(frozen=True, slots=True)
class StrikeResult:
    """Every roll and value of one strike, for events and tests."""

    attack_value: Fraction
    defence_value: Fraction
    hit: bool
    shield_hit: bool = False
    location: Location | None = None
    damage_type: DamageType | None = None
    crit_drn: int | None = None
    crit: bool = False
    damage_value: Fraction = Fraction(0)
    armour_value: Fraction = Fraction(0)
    net: Fraction = Fraction(0)
    damage: int = 0  # after type multipliers (and k in the skirmish), rounded half up


def length_penalty(weapon: DetailedWeapon) -> Fraction:
    """ML-WPN-5: slashing/blunt only -> length; piercing plus another type -> length / 2; piercing -> 0."""
    piercing = any(t in PIERCING for t in weapon.types)
    other = any(t not in PIERCING for t in weapon.types)
    if not other:
        return Fraction(0)
    return Fraction(weapon.length, 2) if piercing else Fraction(weapon.length)


def effective_attack(att: Fraction, weapon: DetailedWeapon | None, fatigue: int) -> Fraction:
    """ML-SEQ-1 step 1: attack + weapon's attack modifier - length penalty - round(fatigue / 20)."""
    value = Fraction(att) - fatigue_attack_penalty(fatigue)
    if weapon is not None:
        value += weapon.attack - length_penalty(weapon)
    return value


def effective_defence(dfn: Fighter, prior_strikes: int) -> Fraction:
    """ML-SEQ-1 step 3 without the DRN: + weapon's defence mod - round(fatigue / 10) - 2 per prior strike."""
    value = (
        Fraction(dfn.defence) - fatigue_defence_penalty(dfn.fatigue) - MULTI_STRIKE_PENALTY * prior_strikes
    )
    if dfn.weapon is not None:
        value += dfn.weapon.defence
    return value


def reachable_locations(attacker_size: int, weapon_length: int, target_size: int) -> tuple[Location, ...]:
    """ML-LOC-4 / ML-OQ-8: reach = size + length must be at least target size - n; legs always."""
    reach = attacker_size + weapon_length
    return tuple(loc for loc in LOCATIONS if loc == Location.LEGS or reach >= target_size - REACH_NEED[loc])


def location_odds(locations: tuple[Location, ...]) -> dict[Location, Fraction]:
    """ML-LOC-6: the reachable locations' weights, renormalised."""
    total = sum(LOCATION_WEIGHTS[loc] for loc in locations)
    return {loc: Fraction(LOCATION_WEIGHTS[loc], total) for loc in locations}


def roll_location(rng: Rng, locations: tuple[Location, ...]) -> Location:
    """One roll in 1..total weight walking ``locations`` in order; a single location does not roll."""
    if len(locations) == 1:
        return locations[0]
    roll = rng.randint(1, sum(LOCATION_WEIGHTS[loc] for loc in locations))
    for loc in locations:
        roll -= LOCATION_WEIGHTS[loc]
        if roll <= 0:
            return loc
    raise AssertionError("unreachable")


def armour_value(base: int, damage_type: DamageType, crit: bool, drn: int) -> Fraction:
    """ML-DMG-6 (exact): piercing x 0.8 or armour-piercing x 0.5 (not both), crit x 0.5, then + DRN."""
    value = Fraction(base) * ARMOUR_TYPE_FACTOR.get(damage_type, 1)
    if crit:
        value /= 2
    return value + drn


def type_multiplier(damage_type: DamageType, location: Location) -> Fraction:
    """ML-WPN-1/2: blunt on the head x 2; slashing x 1.25 (after armour)."""
    if damage_type == _DAMAGE_TYPE_BLUNT and location == Location.HEAD:
        return Fraction(BLUNT_HEAD_FACTOR)
    if damage_type == _DAMAGE_TYPE_SLASHING:
        return SLASHING_FACTOR
    return Fraction(1)


def is_crit(drn: int, defender_fatigue: int) -> bool:
    """ML-FAT-4 / ML-OQ-11: DRN - defender's fatigue / 15 < 3, exact."""
    return drn - Fraction(defender_fatigue, 15) < CRIT_BELOW


def resolve_strike(
    att: Fighter, dfn: Fighter, rng: Rng, *, prior_strikes: int = 0, scale: Fraction = Fraction(1)
) -> StrikeResult:
    """ML-SEQ-1 steps 1-11 for one strike; ``scale`` is the skirmish's k (S-MODEL-4), 1 on its own."""
    weapon = att.weapon
    if weapon is None:
        raise ValueError("a strike needs a weapon")
    attack_value = effective_attack(att.attack, weapon, att.fatigue) + roll_drn(rng)  # ML-HIT-2
    defence_value = effective_defence(dfn, prior_strikes) + roll_drn(rng)  # ML-HIT-3, ML-HIT-5
    if attack_value <= defence_value:  # ML-HIT-4: ties to the defender
        return StrikeResult(attack_value, defence_value, hit=False)
    shield_hit = dfn.parry is not None and attack_value <= defence_value + dfn.parry  # ML-SHLD-2
    location = roll_location(rng, reachable_locations(att.size, weapon.length, dfn.size))
    types = weapon.types
    damage_type = types[0] if len(types) == 1 else types[rng.randint(1, len(types)) - 1]  # ML-WPN-6
    crit_drn = roll_drn(rng)
    crit = is_crit(crit_drn, dfn.fatigue)
    damage_value = att.strength + weapon.damage + roll_drn(rng)  # ML-DMG-1
    base = dfn.head_armour if location == Location.HEAD else dfn.body_armour  # ML-DMG-3
    if shield_hit:
        base += dfn.shield_armour  # ML-SHLD-3
    armour = armour_value(base, damage_type, crit, roll_drn(rng))  # ML-DMG-2, ML-DMG-6
    net = max(Fraction(0), damage_value - armour)  # ML-DMG-4
    damage = round_half_up(net * type_multiplier(damage_type, location) * scale)  # ML-SEQ-1 step 11
    return StrikeResult(
        attack_value, defence_value, True, shield_hit, location, damage_type, crit_drn, crit,
        damage_value, armour, net, damage,
    )  # fmt: skip


# ---- action points: melee.md on its own (ML-AP); the skirmish does not use them (ML-CONV-4) ----


def ap_max(encumbrance: int, *, crippled: bool = False, base: int = 12, floor: int = 2) -> int:
    """ML-DATA-1 / ML-AP-8 / ML-AP-7: 12 - encumbrance, at least 2; Crippled caps it at 2."""
    value = max(floor, base - encumbrance)
    return min(value, 2) if crippled else value


def ap_after_full_action(ap: int) -> int:
    """ML-AP-4: after a full attack action or a cast, AP = min(0, AP - 6)."""
    return min(0, ap - FULL_ACTION_AP)


def next_turn_ap(ap_maximum: int, balance: int) -> int:
    """ML-AP-4: AP = AP_max + min(0, the balance carried from the previous turn)."""
    return ap_maximum + min(0, balance)


def can_start_action(ap: int) -> bool:
    """ML-AP-4: a unit can start an action only with AP > 0."""
    return ap > 0
