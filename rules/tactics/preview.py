"""Attack and move previews, computed exactly from probabilities, never by rolling.

What a player sees before committing (the Wesnoth / VCMI attack prediction):
hit and crit chances, the damage range, the probability of each number of
kills, the chance of a stun and of a counterstrike, and the counterstrike's
expected toll. Every chance is a Fraction; the odds come from
:func:`rules.tactics.combat.strike_odds`, the same function the engine rolls against.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace
from fractions import Fraction

from rules.tactics.actions import Action, Attack, LineAttack, Move
from rules.tactics.combat import StrikeKind, StrikeOdds, strike_odds
from rules.tactics.formulas import apply_damage, final_damage
from rules.tactics.setup import Pos
from rules.tactics.state import BattleState, Squad
from rules.tactics.targets import adjacent_enemies, attack_mode, line_targets


@dataclass(frozen=True, slots=True)
class TargetPreview:
    """The forecast for one target of an attack."""

    target: Pos
    target_squad: int | None
    kind: StrikeKind
    hit_pct: int
    crit_pct: int
    multiplier: Fraction
    normal_damage: tuple[int, int]
    crit_damage: tuple[int, int]
    kills: tuple[tuple[int, Fraction], ...]  # (units killed, probability); probabilities sum to 1
    expected_damage: Fraction
    expected_kills: Fraction
    destroy_chance: Fraction
    stun_chance: Fraction
    counter_chance: Fraction
    expected_counter_kills: Fraction  # attacker's units expected lost to the counterstrike
    modifiers: tuple[tuple[str, int], ...]

    @property
    def damage_range(self) -> tuple[int, int]:
        """Smallest and largest damage of a hit (a miss deals 0)."""
        low = self.normal_damage[0] if self.crit_pct < 100 else self.crit_damage[0]
        high = self.crit_damage[1] if self.crit_pct > 0 else self.normal_damage[1]
        return low, high


@dataclass(frozen=True, slots=True)
class AttackPreview:
    attacker: int
    targets: tuple[TargetPreview, ...]


@dataclass(frozen=True, slots=True)
class MovePreview:
    """Adjacent enemy backstabbers that may strike before the move (T-PROP-5), with their chances."""

    squad: int
    to: Pos
    backstabbers: tuple[tuple[int, int], ...]


def damage_outcomes(odds: StrikeOdds) -> list[tuple[Fraction, int]]:
    """(probability, damage) for every way a strike can hit, by damage; a miss has 1 - hit_pct/100."""
    hit = Fraction(odds.hit_pct, 100)
    crit = Fraction(odds.crit_pct, 100)
    per_r1 = Fraction(1, odds.max_r1 - odds.min_r1 + 1)  # T-DMG-3 [REC] uniform R1
    found: dict[int, Fraction] = defaultdict(Fraction)
    for r1 in range(odds.min_r1, odds.max_r1 + 1):
        for is_crit, p_crit in ((False, 1 - crit), (True, crit)):
            if p_crit:
                damage = final_damage(
                    odds.attackers, r1, odds.multiplier, is_crit, crit_factor_pct=odds.crit_factor_pct
                )
                found[damage] += hit * p_crit * per_r1
    return sorted(((p, d) for d, p in found.items()), key=lambda item: item[1])


def _states_after_hit(
    squad: Squad | None, outcomes: list[tuple[Fraction, int]], barricade_hp: int
) -> dict[tuple[int, int], Fraction]:
    """{(count after, top hp after): probability} over the hits only (T-HP-1; a barricade is 1 unit)."""
    after: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
    for p, damage in outcomes:
        if squad is None:
            hp = max(0, barricade_hp - damage)
            after[(1 if hp else 0, hp)] += p
        else:
            count, top, _ = apply_damage(squad.count, squad.top_hp, squad.info.hp, damage)
            after[(count, top)] += p
    return after


def _expected_counter_kills(
    state: BattleState, attacker: Squad, defender: Squad, count_after: int, top_after: int
) -> Fraction:
    """Expected units the attacker loses to a counterstrike by a defender left with ``count_after`` units."""
    odds = strike_odds(state, defender, attacker.pos, StrikeKind.COUNTERSTRIKE)
    odds = replace(odds, attackers=count_after)
    total = Fraction(0)
    for p, damage in damage_outcomes(odds):
        total += p * apply_damage(attacker.count, attacker.top_hp, attacker.info.hp, damage)[2]
    return total


def preview_target(state: BattleState, attacker: Squad, target: Pos, kind: StrikeKind) -> TargetPreview:
    """The exact forecast of ``attacker`` striking ``target`` in ``kind`` mode."""
    odds = strike_odds(state, attacker, target, kind)
    defender = state.squad_at(target)
    outcomes = damage_outcomes(odds)
    miss = 1 - Fraction(odds.hit_pct, 100)
    start_count = defender.count if defender else 1
    after_hit = _states_after_hit(defender, outcomes, state.barricades.get(target, 0))

    kills: dict[int, Fraction] = defaultdict(Fraction, {0: miss})
    for (count, _), p in after_hit.items():
        kills[start_count - count] += p
    survives_hit = sum((p for (count, _), p in after_hit.items() if count), Fraction(0))
    stun_pct = Fraction(attacker.info.unit.stun, 100) if defender is not None else Fraction(0)
    stun_chance = survives_hit * stun_pct  # T-PROP-1(d): only after a hit the target survives

    counter_chance = Fraction(0)
    counter_kills = Fraction(0)
    # T-PROP-2: only a melee-mode main-turn attack, on a squad that survives and is not stunned
    # (T-SEQ-1: the stun roll, step 6, comes before the counterstrike, step 7).
    if kind == StrikeKind.MELEE and defender is not None and defender.info.unit.counterstrike:
        if not defender.stunned(state.round_no):
            counter_pct = Fraction(defender.info.unit.counterstrike, 100)
            branches = [((defender.count, defender.top_hp), miss)]
            branches += [
                (state_after, p * (1 - stun_pct)) for state_after, p in after_hit.items() if state_after[0]
            ]
            for (count, top), p in branches:
                weight = p * counter_pct
                if weight:
                    counter_chance += weight
                    counter_kills += weight * _expected_counter_kills(state, attacker, defender, count, top)

    factor = odds.crit_factor_pct
    low_normal = final_damage(odds.attackers, odds.min_r1, odds.multiplier, False, crit_factor_pct=factor)
    high_normal = final_damage(odds.attackers, odds.max_r1, odds.multiplier, False, crit_factor_pct=factor)
    low_crit = final_damage(odds.attackers, odds.min_r1, odds.multiplier, True, crit_factor_pct=factor)
    high_crit = final_damage(odds.attackers, odds.max_r1, odds.multiplier, True, crit_factor_pct=factor)
    return TargetPreview(
        target=target,
        target_squad=defender.info.id if defender else None,
        kind=kind,
        hit_pct=odds.hit_pct,
        crit_pct=odds.crit_pct,
        multiplier=odds.multiplier,
        normal_damage=(low_normal, high_normal),
        crit_damage=(low_crit, high_crit),
        kills=tuple(sorted((k, p) for k, p in kills.items() if p)),
        expected_damage=sum((p * d for p, d in outcomes), Fraction(0)),
        expected_kills=sum((k * p for k, p in kills.items()), Fraction(0)),
        destroy_chance=sum((p for (count, _), p in after_hit.items() if not count), Fraction(0)),
        stun_chance=stun_chance,
        counter_chance=counter_chance,
        expected_counter_kills=counter_kills,
        modifiers=odds.modifiers,
    )


def preview(state: BattleState, action: Action) -> AttackPreview | MovePreview:
    """The forecast of an Attack, LineAttack or Move action (the action need not be checked)."""
    if isinstance(action, Move):
        squad = state.squads[action.squad]
        stabbers = tuple(
            (enemy.info.id, enemy.info.unit.backstab)
            for enemy in sorted(adjacent_enemies(state, squad), key=lambda s: s.info.id)
            if enemy.info.unit.backstab and not enemy.stunned(state.round_no)
        )
        return MovePreview(squad.info.id, action.to, stabbers)
    if isinstance(action, Attack):
        squad = state.squads[action.squad]
        kind = attack_mode(state, squad)
        return AttackPreview(squad.info.id, (preview_target(state, squad, action.target, kind),))
    if isinstance(action, LineAttack):
        squad = state.squads[action.squad]
        targets = tuple(
            preview_target(state, squad, pos, StrikeKind.LINE) for pos in line_targets(state, squad)
        )
        return AttackPreview(squad.info.id, targets)
    raise TypeError(f"no preview for {type(action).__name__}")
