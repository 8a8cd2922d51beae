"""A fight (§6): declaration, the type effects of §7, the attack phase and the counterattack.

Order of one fight, each step appending its events:

1. ``FightStarted``; a Scary attacker takes 4 morale from the enemy hero at once (D-TYPE-8).
2. Cavalry attacking a Pike first takes the Pike's pre-emptive strike (D-TYPE-1); if it survives
   it attacks, and the fight then ends with no counterattack.
3. A Foot target may evade a Flying attacker (D-TYPE-7): the attack phase is skipped.
4. Attack phase: damage roll vs parry roll (D-COMBAT-5..7, Cavalry vs Foot D-TYPE-6), life lost,
   death (D-COMBAT-8); a Mace attacker then rolls its stun if the target lived (D-TYPE-4).
5. Counterattack (D-COMBAT-10..13) unless the attacker is a Shooter or Pike, the target died,
   was stunned, or a Pike already struck first; it is a plain exchange (D-COMBAT-14).
6. ``FightEnded``. The duel may end at any step (D-WIN-3); the fight then stops there.
"""

from __future__ import annotations

from rules.core.teams import other_team
from rules.duel import events as ev
from rules.duel.catalog_types import AttackMode, MovementClass, Trait
from rules.duel.formulas import life_loss, roll
from rules.duel.primitives import change_morale, lose_life
from rules.duel.state import Creature, DuelState, Side, hero_ref
from rules.rng import Rng, roll_percent

# Enum members read in hot loops, bound once (a StrEnum member lookup costs ~6 plain lookups).
_ATTACK_MODE_PIKE = AttackMode.PIKE
_ATTACK_MODE_SHOOTER = AttackMode.SHOOTER
_MOVEMENT_CLASS_CAVALRY = MovementClass.CAVALRY
_MOVEMENT_CLASS_FLYING = MovementClass.FLYING
_MOVEMENT_CLASS_FOOT = MovementClass.FOOT
_TRAIT_MACE = Trait.MACE
_TRAIT_SCARY = Trait.SCARY


Fighter = Creature | Side  # a creature, or a hero (D-HERO-5: morale as life, hero attack/defense)


def _ref(fighter: Fighter) -> int:
    return fighter.uid if isinstance(fighter, Creature) else hero_ref(fighter.player)


def _attack_stat(fighter: Fighter) -> int:
    return fighter.attack if isinstance(fighter, Creature) else fighter.hero.attack


def _defense_stat(fighter: Fighter) -> int:
    return fighter.defense if isinstance(fighter, Creature) else fighter.hero.defense


def _alive(fighter: Fighter) -> bool:
    return fighter.life > 0 if isinstance(fighter, Creature) else fighter.morale > 0


def strike(
    state: DuelState,
    striker: Fighter,
    defender: Fighter,
    phase: ev.LossSource,
    rng: Rng,
    events: list,
    *,
    cavalry_vs_foot: bool = False,
) -> None:
    """Steps 4.1-4.5 once: the damage/parry pair (D-ROLL-1/2), then the life or morale lost."""
    damage = roll(rng, _attack_stat(striker))
    parry = roll(rng, _defense_stat(defender))
    events.append(ev.Rolled(_ref(striker), _ref(defender), phase, damage, parry))
    factor = state.catalog.rules.cavalry_factor_pct
    loss = life_loss(damage, parry, cavalry_vs_foot=cavalry_vs_foot, cavalry_factor_pct=factor)
    if loss <= 0:
        return  # D-COMBAT-7: damage <= parry, no damage
    if isinstance(defender, Creature):
        lose_life(state, defender, loss, phase, events)
    else:
        change_morale(state, defender.player, -loss, ev.MoraleReason.FIGHT, events)  # D-HERO-5, D-COMBAT-8


def fight(state: DuelState, attacker: Creature, target_ref: int, rng: Rng, events: list) -> None:
    """Resolve one fight started by ``attacker`` (already checked legal)."""
    rules = state.catalog.rules
    foe = state.side(other_team(attacker.owner))
    target: Fighter = foe if target_ref < 0 else _creature(foe, target_ref)
    attacker.fought = True  # D-TURN-5
    events.append(ev.FightStarted(attacker.owner, attacker.uid, target_ref))
    _fight_phases(
        state, attacker, target, rng, events, rules.scary_morale, rules.mace_stun_pct, rules.foot_dodge_pct
    )
    events.append(ev.FightEnded(attacker.uid, target_ref))


def _creature(side: Side, uid: int) -> Creature:
    found = side.creature(uid)
    if found is None:
        raise AssertionError(f"no creature {uid} on player {side.player}'s field")
    return found


def _fight_phases(
    state: DuelState,
    attacker: Creature,
    target: Fighter,
    rng: Rng,
    events: list,
    scary: int,
    stun_pct: int,
    dodge_pct: int,
) -> None:
    foe_player = other_team(attacker.owner)
    if attacker.has(_TRAIT_SCARY):  # D-TYPE-8 [REC]: at declaration, before the rolls, whatever the result
        change_morale(state, foe_player, -scary, ev.MoraleReason.SCARY, events)
        if state.over:
            return
    # D-COMBAT-11: Shooter and Pike attackers take no counterattack.
    counter = not (attacker.has(_ATTACK_MODE_SHOOTER) or attacker.has(_ATTACK_MODE_PIKE))
    target_creature = target if isinstance(target, Creature) else None
    if (
        target_creature is not None
        and target_creature.has(_ATTACK_MODE_PIKE)
        and attacker.has(_MOVEMENT_CLASS_CAVALRY)
    ):
        events.append(ev.PreemptiveStrike(target_creature.uid, attacker.uid))  # D-TYPE-1 [REC]
        strike(state, target_creature, attacker, ev.LossSource.PREEMPTIVE, rng, events)
        if state.over or attacker.life <= 0:
            return
        counter = False  # D-COMBAT-13: the Pike's strike was its counterattack
    evaded = False
    if (
        target_creature is not None
        and target_creature.has(_MOVEMENT_CLASS_FOOT)
        and attacker.has(_MOVEMENT_CLASS_FLYING)
    ):
        evaded, dice = roll_percent(rng, dodge_pct)  # D-TYPE-7
        events.append(ev.EvadeRolled(target_creature.uid, attacker.uid, dodge_pct, dice, evaded))
    if not evaded:
        cavalry_vs_foot = (
            target_creature is not None
            and attacker.has(_MOVEMENT_CLASS_CAVALRY)
            and target_creature.has(_MOVEMENT_CLASS_FOOT)
        )
        strike(state, attacker, target, ev.LossSource.ATTACK, rng, events, cavalry_vs_foot=cavalry_vs_foot)
        if state.over or not _alive(target):
            return  # D-COMBAT-8: the fight ends with the target's death
        if attacker.has(_TRAIT_MACE):  # D-TYPE-4 [REC]: rolled only when the target survived
            stunned, dice = roll_percent(rng, stun_pct)
            events.append(ev.StunRolled(attacker.uid, _ref(target), stun_pct, dice, stunned))
            if stunned:
                counter = False
    if counter:  # D-COMBAT-10, D-COMBAT-13/14: always at the attacker, plain damage against parry
        strike(state, target, attacker, ev.LossSource.COUNTER, rng, events)
