"""Fast float estimates for AI decisions: worth of units, expected strike results, danger.

Exact probabilities live in :mod:`rules.tactics.preview`; an AI weighing hundreds
of plans per decision needs something cheaper. These use the same odds
(:func:`rules.tactics.combat.strike_odds`) and the same stack model, in floats.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import sqrt

from rules.tactics.catalog import AttackType
from rules.tactics.combat import StrikeKind, strike_odds
from rules.tactics.setup import Pos
from rules.tactics.state import BattleState, Squad, SquadInfo

_REACH = {AttackType.MELEE: 1.0, AttackType.SHOOTER: 1.4, AttackType.LINE: 1.2}
_MOBILITY = {0: 0.75, 1: 1.0, 2: 1.15}
BARRICADE_WORTH = 0.02  # per HP point: a barricade matters only when nothing better is in reach


def unit_worth(info: SquadInfo) -> float:
    """The worth of one unit: durability times striking power, scaled by reach and mobility."""
    average = (info.min_damage + info.max_damage) / 2
    return sqrt(info.hp * max(average, 1.0)) * _REACH[info.unit.attack] * _MOBILITY[info.unit.move]


def effective_units(squad: Squad) -> float:
    """Units left counting the wounded top unit by its HP fraction (T-HP-1)."""
    return squad.count - 1 + squad.top_hp / squad.info.hp if squad.count > 0 else 0.0


def squad_strength(squad: Squad) -> float:
    return effective_units(squad) * unit_worth(squad.info)


@dataclass(slots=True)
class StrikeGuess:
    """Expected result of one strike on a squad or barricade."""

    value: float  # worth removed from the target
    destroy: float  # probability the target is destroyed
    units_left: float  # expected units left in the target squad
    hit: float
    removed: float = 0.0  # expected HP removed (what "Why?" shows as damage)
    kills: float = 0.0  # expected units destroyed in the target squad


def guess_strike(
    state: BattleState,
    attacker: Squad,
    target: Pos,
    kind: StrikeKind,
    from_pos: Pos | None = None,
    attackers: float | None = None,
) -> StrikeGuess:
    """Expected worth removed by ``attacker`` striking ``target`` (optionally from another sector / count)."""
    odds = strike_odds(state, attacker, target, kind, from_pos)
    count = odds.attackers if attackers is None else attackers
    multiplier = odds.multiplier.numerator / odds.multiplier.denominator
    hit = odds.hit_pct / 100
    crit = odds.crit_pct / 100
    defender = state.squad_at(target)
    if defender is None:
        hp_left = state.barricades.get(target, 0)
        pool, unit_hp, worth = hp_left, max(hp_left, 1), BARRICADE_WORTH * hp_left
        top_hp, count_left = pool + 1, 0  # a barricade has no units to kill
    else:
        unit_hp = defender.info.hp
        pool = (defender.count - 1) * unit_hp + defender.top_hp
        worth = unit_worth(defender.info) * pool / unit_hp
        top_hp, count_left = defender.top_hp, defender.count
    span = odds.max_r1 - odds.min_r1 + 1
    removed = destroyed = kills = 0.0
    crit_factor = odds.crit_factor_pct / 100  # T-DMG-2
    for r1 in range(odds.min_r1, odds.max_r1 + 1):
        base = count * r1 * multiplier
        for factor, weight in ((1.0, 1 - crit), (crit_factor, crit)):
            if weight:
                damage = min(pool, base * factor)
                removed += weight * damage
                destroyed += weight * (damage >= pool)
                if damage >= top_hp:  # the wounded top unit first, then whole units (T-HP-1)
                    kills += weight * min(count_left, 1 + (damage - top_hp) // unit_hp)
    removed *= hit / span
    destroyed *= hit / span
    kills *= hit / span
    units_left = 0.0 if defender is None else max(0.0, (pool - removed) / unit_hp)
    value = worth * removed / pool if pool else 0.0
    return StrikeGuess(value, destroyed, units_left, hit, removed, kills)


@dataclass
class Context:
    """Caches for one decision (estimates do not change while the AI thinks)."""

    state: BattleState
    team: int
    strikes: dict[tuple, StrikeGuess] = field(default_factory=dict)

    def strike(
        self, attacker: Squad, target: Pos, kind: StrikeKind, from_pos: Pos | None = None
    ) -> StrikeGuess:
        key = (attacker.info.id, target, kind, from_pos)
        guess = self.strikes.get(key)
        if guess is None:
            guess = self.strikes[key] = guess_strike(self.state, attacker, target, kind, from_pos)
        return guess


NO_BLOW = StrikeGuess(0.0, 0.0, 0.0, 0.0)


def counter_odds(ctx: Context, attacker: Squad, target: Pos, guess: StrikeGuess) -> tuple[float, StrikeGuess]:
    """The chance of the defender's counterstrike (T-PROP-2) after ``guess``, and its expected blow."""
    defender = ctx.state.squad_at(target)
    if defender is None or not defender.info.unit.counterstrike or defender.stunned(ctx.state.round_no):
        return 0.0, NO_BLOW
    stun = attacker.info.unit.stun / 100
    chance = defender.info.unit.counterstrike / 100 * (1 - guess.destroy) * (1 - guess.hit * stun)
    if chance <= 0:
        return 0.0, NO_BLOW
    # The counter lands wherever the attacker stands; its odds do not depend on the sector.
    back = guess_strike(
        ctx.state, defender, attacker.pos, StrikeKind.COUNTERSTRIKE, attackers=guess.units_left
    )
    return chance, back


def counter_loss(ctx: Context, attacker: Squad, target: Pos, guess: StrikeGuess) -> float:
    """Expected worth the attacker loses to the defender's counterstrike (T-PROP-2), after ``guess``."""
    chance, back = counter_odds(ctx, attacker, target, guess)
    return chance * back.value


def backstab_blows(ctx: Context, mover: Squad) -> list[tuple[float, StrikeGuess]]:
    """Each adjacent enemy backstabber's chance to strike a squad that moves away (T-PROP-5), and its blow."""
    state = ctx.state
    x, y = mover.pos
    blows = []
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            sid = state.occupant.get((x + dx, y + dy))
            if sid is None:
                continue
            stabber = state.squads[sid]
            chance = stabber.info.unit.backstab
            if stabber.info.team != mover.info.team and chance and not stabber.stunned(state.round_no):
                blows.append((chance / 100, ctx.strike(stabber, mover.pos, StrikeKind.BACKSTAB)))
    return blows


def backstab_loss(ctx: Context, mover: Squad) -> float:
    """Expected worth a squad loses to adjacent enemy backstabbers when it moves (T-PROP-5)."""
    return sum(chance * blow.value for chance, blow in backstab_blows(ctx, mover))


def threat_reach(enemy: Squad, pos: Pos) -> float:
    """How surely ``enemy`` can strike ``pos`` in its next turn (0 = cannot), a weight in [0, 1]."""
    attack = enemy.info.unit.attack
    ex, ey = enemy.pos
    radius = enemy.info.unit.move  # zone 1 reaches 1 sector, zone 2 two (T-MOVE-2)
    dx, dy = abs(ex - pos[0]), abs(ey - pos[1])
    if attack == AttackType.MELEE:
        return 1.0 if max(dx, dy) <= radius + 1 else 0.0
    if attack == AttackType.SHOOTER:
        return 0.5  # it can shoot anyone; it will choose one target among many
    return 0.7 if min(dx, dy) <= radius else 0.0  # a line attacker that can align with pos


def danger(ctx: Context, squad: Squad, pos: Pos) -> float:
    """Expected worth ``squad`` would lose standing at ``pos`` when the enemy acts next."""
    total = 0.0
    for enemy in ctx.state.squads:
        if enemy.count <= 0 or enemy.info.team == squad.info.team:
            continue
        reach = threat_reach(enemy, pos)
        if reach:
            attack = enemy.info.unit.attack
            kind = StrikeKind.RANGED if attack == AttackType.SHOOTER else StrikeKind(attack)  # melee, line
            total += reach * ctx.strike(enemy, squad.pos, kind).value
    return min(total, squad_strength(squad))
