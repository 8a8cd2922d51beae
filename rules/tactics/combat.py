"""Attack resolution (T-SEQ-1): odds of one strike, the strike itself, stun and counterstrike.

:func:`strike_odds` is the single place that turns a situation into hit and
crit chances and the damage multiplier; the engine rolls against it and
``preview`` integrates over it, so the two can never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from rules.rng import Rng, roll_percent
from rules.tactics import events as ev
from rules.tactics.catalog import DamageType
from rules.tactics.features import feature_terms
from rules.tactics.formulas import chebyshev, crit_chance_pct, damage_multiplier, final_damage, hit_chance_pct
from rules.tactics.primitives import DamageSource, deal_damage
from rules.tactics.setup import Pos, RuneKind
from rules.tactics.state import BattleState, Squad


class StrikeKind(StrEnum):
    """How one strike is made: an attack in melee mode, a shot, a line attack (T-ATK-1..3), or a
    reaction (T-PROP-2 counterstrike, T-PROP-5 backstab)."""

    MELEE = "melee"
    RANGED = "ranged"
    LINE = "line"
    COUNTERSTRIKE = "counterstrike"
    BACKSTAB = "backstab"


MELEE_KINDS = (StrikeKind.MELEE, StrikeKind.COUNTERSTRIKE, StrikeKind.BACKSTAB)  # melee mode (T-ATK-5)


class Modifier(StrEnum):
    """The keys of AttackResolved.modifiers / preview modifiers, in display order."""

    FEATURE = "feature"  # O2 or O3 (T-FEAT-1)
    ESCALATION = "escalation"  # O4 (T-FEAT-2)
    RUNE_DAMAGE = "rune_damage"  # attacker's damage aura (T-RUNE-3)
    RUNE_CRIT = "rune_crit"  # attacker's crit aura
    RUNE_DODGE = "rune_dodge"  # target's dodge aura
    RUNE_DEFENSE = "rune_defense"  # target's physical / magical defense aura (the one the damage type meets)
    DEFENDING = "defending"  # target pressed «Защита» (T-DEF-2)
    MELEE_PENALTY = "melee_penalty"  # attacker's Z in melee mode (T-PROP-3)
    DISTANCE_PENALTY = "distance_penalty"  # attacker's N at range >= 5 (T-PROP-4)


MODIFIER_KEYS = tuple(Modifier)
_MODIFIER_RANK: dict[str, int] = {key: rank for rank, key in enumerate(MODIFIER_KEYS)}


def _modifier_rank(modifier: tuple[str, int]) -> int:
    """The sort key of a (key, points) modifier: its key's place in the display order."""
    return _MODIFIER_RANK[modifier[0]]


@dataclass(frozen=True, slots=True)
class StrikeOdds:
    """Everything random about one strike, before any roll."""

    hit_pct: int
    crit_pct: int
    multiplier: Fraction
    attackers: int  # N_1, units in the attacking squad
    min_r1: int
    max_r1: int
    modifiers: tuple[tuple[str, int], ...]
    crit_factor_pct: int  # T-DMG-2: the catalog's crit factor (175 = x1.75)


# Enum members read in hot loops, bound once (a StrEnum member lookup costs ~6 plain lookups).
_DAMAGE_PHYSICAL = DamageType.PHYSICAL
_MOD_DEFENDING = Modifier.DEFENDING
_MOD_DISTANCE_PENALTY = Modifier.DISTANCE_PENALTY
_MOD_ESCALATION = Modifier.ESCALATION
_MOD_FEATURE = Modifier.FEATURE
_MOD_MELEE_PENALTY = Modifier.MELEE_PENALTY
_MOD_RUNE_CRIT = Modifier.RUNE_CRIT
_MOD_RUNE_DAMAGE = Modifier.RUNE_DAMAGE
_MOD_RUNE_DEFENSE = Modifier.RUNE_DEFENSE
_MOD_RUNE_DODGE = Modifier.RUNE_DODGE
_RUNE_CRIT = RuneKind.CRIT
_RUNE_DAMAGE = RuneKind.DAMAGE
_RUNE_DODGE = RuneKind.DODGE
_RUNE_MAG_DEFENSE = RuneKind.MAG_DEFENSE
_RUNE_PHYS_DEFENSE = RuneKind.PHYS_DEFENSE
_SOURCE_ATTACK = DamageSource.ATTACK
_STRIKE_BACKSTAB = StrikeKind.BACKSTAB
_STRIKE_COUNTERSTRIKE = StrikeKind.COUNTERSTRIKE
_STRIKE_MELEE = StrikeKind.MELEE
_STRIKE_RANGED = StrikeKind.RANGED


def strike_odds(
    state: BattleState, attacker: Squad, target: Pos, kind: StrikeKind, from_pos: Pos | None = None
) -> StrikeOdds:
    """T-HIT-1, T-CRIT-1, T-DMG-4..9 for ``attacker`` striking the squad or barricade at ``target``.

    ``from_pos`` lets an AI ask "what if it stood there" (only the distance penalty depends on it).
    """
    board = state.board
    battle = board.catalog.battle
    bonus = battle.rune
    unit = attacker.info.unit
    mods: list[tuple[str, int]] = []
    physical = unit.damage_type == _DAMAGE_PHYSICAL

    o2, o3, o4 = feature_terms(state.feature, state.round_no, escalation_step=battle.escalation_step)
    feature_term = o2 if physical else o3
    if feature_term:
        mods.append((_MOD_FEATURE, feature_term))
    if o4:
        mods.append((_MOD_ESCALATION, o4))
    rune_damage = bonus(_RUNE_DAMAGE) if _RUNE_DAMAGE in attacker.auras else 0
    if rune_damage:
        mods.append((_MOD_RUNE_DAMAGE, rune_damage))
    crit_mod = unit.crit_mod  # T-STAT-1f
    if _RUNE_CRIT in attacker.auras:
        crit_mod += bonus(_RUNE_CRIT)
        mods.append((_MOD_RUNE_CRIT, bonus(_RUNE_CRIT)))

    defender = state.squad_at(target)
    if defender is None:  # a barricade (T-DMG-9)
        barricade = board.catalog.barricade
        phys_def, mag_def, dodge = barricade.phys_defense, barricade.mag_defense, barricade.dodge_mod
    else:
        d_unit = defender.info.unit
        phys_def, mag_def, dodge = d_unit.phys_defense, d_unit.mag_defense, d_unit.dodge_mod
        if _RUNE_DODGE in defender.auras:  # T-STAT-1g
            dodge += bonus(_RUNE_DODGE)
            mods.append((_MOD_RUNE_DODGE, bonus(_RUNE_DODGE)))
        if _RUNE_PHYS_DEFENSE in defender.auras:  # T-STAT-1d
            phys_def += bonus(_RUNE_PHYS_DEFENSE)
        if _RUNE_MAG_DEFENSE in defender.auras:  # T-STAT-1e
            mag_def += bonus(_RUNE_MAG_DEFENSE)
        met_defense = _RUNE_PHYS_DEFENSE if physical else _RUNE_MAG_DEFENSE
        if met_defense in defender.auras:
            mods.append((_MOD_RUNE_DEFENSE, bonus(met_defense)))
        if defender.defending:  # T-DEF-2: + the catalog's bonus (25) to both defenses
            phys_def += battle.defense_bonus
            mag_def += battle.defense_bonus
            mods.append((_MOD_DEFENDING, battle.defense_bonus))

    melee_penalty = unit.melee_penalty if kind in MELEE_KINDS else 0  # T-PROP-3
    if melee_penalty:
        mods.append((_MOD_MELEE_PENALTY, -melee_penalty))
    range_penalty = 0
    origin = attacker.pos if from_pos is None else from_pos
    if kind == _STRIKE_RANGED and chebyshev(origin, target) >= battle.distance_penalty_range:
        range_penalty = unit.distance_penalty  # T-PROP-4(b/c)
    if range_penalty:
        mods.append((_MOD_DISTANCE_PENALTY, -range_penalty))

    multiplier = damage_multiplier(
        unit.damage_type,
        feature_phys=o2,
        feature_mag=o3,
        escalation=o4,
        rune_damage=rune_damage,
        phys_defense=phys_def,
        mag_defense=mag_def,
        melee_penalty=melee_penalty,
        range_penalty=range_penalty,
    )
    return StrikeOdds(
        hit_pct=hit_chance_pct(unit.hit_mod, dodge),  # T-HIT-1 (hit modifier has no bonuses, T-STAT-1h)
        crit_pct=crit_chance_pct(crit_mod),
        multiplier=multiplier,
        attackers=attacker.count,
        min_r1=attacker.info.min_damage,
        max_r1=attacker.info.max_damage,
        modifiers=tuple(sorted(mods, key=_modifier_rank)) if len(mods) > 1 else tuple(mods),
        crit_factor_pct=battle.crit_factor_pct,
    )


def strike(
    state: BattleState, attacker: Squad, target: Pos, kind: StrikeKind, rng: Rng, events: list
) -> bool:
    """Steps 1-5 of T-SEQ-1 for one target: hit, crit, R1, damage, apply. Returns whether it hit."""
    odds = strike_odds(state, attacker, target, kind)
    defender_id = state.occupant.get(target)
    hit, hit_roll = roll_percent(rng, odds.hit_pct)  # T-HIT-1
    crit, crit_roll, r1, damage = False, None, None, 0
    if hit:  # T-HIT-3: a miss rolls nothing more; T-CRIT-2: crit only after a hit
        crit, crit_roll = roll_percent(rng, odds.crit_pct)
        r1 = rng.randint(odds.min_r1, odds.max_r1)  # T-DMG-3: one roll for the whole squad
        damage = final_damage(  # T-DMG-1/2
            odds.attackers, r1, odds.multiplier, crit, crit_factor_pct=odds.crit_factor_pct
        )
    events.append(
        ev.AttackResolved(
            attacker.info.id, target, defender_id, kind, odds.hit_pct, hit_roll, hit,
            odds.crit_pct, crit_roll, crit, r1, odds.multiplier, damage, odds.modifiers,
        )
    )  # fmt: skip
    if hit:
        deal_damage(state, target, damage, _SOURCE_ATTACK, attacker.info.team, events)
    return hit


def stun_roll(state: BattleState, attacker: Squad, target_id: int | None, rng: Rng, events: list) -> None:
    """T-PROP-1: after a hit on a surviving squad, X% to stun it; a re-stun adds one round."""
    chance = attacker.info.unit.stun
    if not chance or target_id is None or state.over:
        return
    target = state.squads[target_id]
    if not target.alive:
        return
    success, roll = roll_percent(rng, chance)
    until = target.stunned_until
    if success:
        # T-PROP-1(c/d): lasts to the end of round r + 1; a stunned squad's expiry moves one round later.
        until = until + 1 if target.stunned(state.round_no) else state.round_no + 1
        target.stunned_until = until
    events.append(ev.StunRolled(attacker.info.id, target_id, chance, roll, success, until))


def attack_with_followups(
    state: BattleState, attacker: Squad, target: Pos, kind: StrikeKind, rng: Rng, events: list
) -> None:
    """One attack with T-SEQ-1 steps 6-7: the stun roll, then the defender's counterstrike chance.

    Counterstrikes answer only melee-mode attacks made in a main turn (T-PROP-2(a/c)):
    ``kind`` "melee". A destroyed or stunned defender cannot counterstrike (T-PROP-2(e)).
    """
    target_id = state.occupant.get(target)
    hit = strike(state, attacker, target, kind, rng, events)
    if hit:
        stun_roll(state, attacker, target_id, rng, events)
    if kind != _STRIKE_MELEE or target_id is None or state.over or not attacker.alive:
        return
    defender = state.squads[target_id]
    chance = defender.info.unit.counterstrike
    if not chance or not defender.alive or defender.stunned(state.round_no):
        return
    success, roll = roll_percent(rng, chance)
    events.append(ev.CounterstrikeRolled(target_id, attacker.info.id, chance, roll, success))
    if success and strike(state, defender, attacker.pos, _STRIKE_COUNTERSTRIKE, rng, events):
        stun_roll(state, defender, attacker.info.id, rng, events)


def backstabs(state: BattleState, mover: Squad, rng: Rng, events: list) -> None:
    """T-PROP-5: before ``mover`` leaves, each adjacent enemy backstabber may strike it.

    [REC T-OQ-15] Each rolls independently; the owner's order is ascending squad id.
    Stunned backstabbers do not roll. The backstabbed squad cannot counterstrike.
    """
    # The enemy squads on the 8 neighbouring sectors (T-GRID-2), as a bit mask: own squads never
    # backstab, and most moves start with no enemy adjacent.
    near = state.board.zone_masks[1][mover.pos] & state.team_bits[3 - mover.info.team]
    if not near:
        return
    occupant = state.occupant
    stabbers = [state.squads[sid] for sid in sorted(occupant[pos] for pos in state.board.positions(near))]
    for stabber in stabbers:
        if state.over or not mover.alive:
            return
        chance = stabber.info.unit.backstab
        if not chance or stabber.stunned(state.round_no):
            continue
        success, roll = roll_percent(rng, chance)
        events.append(ev.BackstabRolled(stabber.info.id, mover.info.id, chance, roll, success))
        if success and strike(state, stabber, mover.pos, _STRIKE_BACKSTAB, rng, events):
            stun_roll(state, stabber, mover.info.id, rng, events)
