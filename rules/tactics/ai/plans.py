"""Turn plans: (squad, optional move, finishing action) scored by a weighted estimate.

One scorer serves every planning player; their :class:`Weights` differ. Greedy weighs
what happens now (damage, kills, counterstrike and backstab risk, objects stepped on, a
little pull towards the goal); the NORMAL weights add focus fire, «Защита» against the
danger where a squad stands, and a stronger pull. The search players (normal, hard)
use these scores only to shortlist candidates for :mod:`rules.tactics.ai.lookahead`.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.tactics.actions import Action, Attack, Defend, LineAttack, Move, Skip
from rules.tactics.ai.estimate import Context, backstab_loss, counter_loss, danger, squad_strength
from rules.tactics.ai.goals import WIN, distance_to_goal, goal_sectors, step_value
from rules.tactics.catalog import AttackType
from rules.tactics.combat import StrikeKind
from rules.tactics.setup import Pos
from rules.tactics.state import Squad
from rules.tactics.targets import attack_mask, attack_mode, line_mask, move_mask


@dataclass(frozen=True, slots=True)
class Weights:
    danger: float  # how much the enemy's likely reply at the end sector counts
    focus: float  # bonus share of a squad's worth for destroying it (its actions are gone too)
    defend: float  # share of the danger that «Защита» is expected to save
    approach: float  # worth per sector closer to the squad's goal


GREEDY = Weights(danger=0.0, focus=0.0, defend=0.0, approach=3.0)
NORMAL = Weights(danger=0.0, focus=0.6, defend=0.15, approach=8.0)


@dataclass(frozen=True, slots=True)
class Plan:
    score: float
    squad: int
    move: Pos | None
    finish: Action

    def first_action(self) -> Action:
        return Move(self.squad, self.move) if self.move is not None else self.finish


def finishes(ctx: Context, squad: Squad, pos: Pos, weights: Weights) -> list[tuple[float, Action]]:
    """Scored ways to end the turn standing at ``pos``: each attack, a line attack, Skip."""
    state = ctx.state
    sid = squad.info.id
    options: list[tuple[float, Action]] = [(0.0, Skip(sid))]
    if squad.info.unit.attack == AttackType.LINE:
        mask = line_mask(state, squad, pos)
        if mask:
            value = 0.0
            for target in state.board.positions(mask):
                guess = ctx.strike(squad, target, StrikeKind.LINE, pos)
                value += guess.value + _focus(ctx, target, guess.destroy, weights)
                value += _last_squad_bonus(ctx, target, guess.destroy)
            options.append((value, LineAttack(sid)))
        return options
    mask = attack_mask(state, squad, pos)
    if mask:
        kind = attack_mode(state, squad, pos)
        for target in state.board.positions(mask):
            guess = ctx.strike(squad, target, kind, pos)
            value = guess.value + _focus(ctx, target, guess.destroy, weights)
            value += _last_squad_bonus(ctx, target, guess.destroy)
            if kind == StrikeKind.MELEE:
                value -= counter_loss(ctx, squad, target, guess)
            options.append((value, Attack(sid, target)))
    return options


def _last_squad_bonus(ctx: Context, target: Pos, destroy: float) -> float:
    """Destroying the enemy's last squad wins the battle (T-END-1): worth the win times its chance."""
    defender = ctx.state.squad_at(target)
    if defender is None or defender.info.team == ctx.team:
        return 0.0
    if any(s.count > 0 and s.info.team == defender.info.team and s is not defender for s in ctx.state.squads):
        return 0.0
    return WIN * destroy


def _focus(ctx: Context, target: Pos, destroy: float, weights: Weights) -> float:
    defender = ctx.state.squad_at(target)
    if defender is None or not weights.focus:
        return 0.0
    return weights.focus * destroy * squad_strength(defender)


def squad_plans(ctx: Context, squad: Squad, weights: Weights, *, may_move: bool = True) -> list[Plan]:
    """Every plan for one squad: stay or move to each free zone sector, then the best finish there."""
    state = ctx.state
    sid = squad.info.id
    here = squad.pos
    goals = goal_sectors(state, squad) if weights.approach else []
    distance_here = distance_to_goal(state, squad, here, goals) if goals else 0
    danger_here = danger(ctx, squad, here) if weights.danger or weights.defend else 0.0
    plans = []
    stay = max(finishes(ctx, squad, here, weights), key=lambda option: option[0])
    plans.append(Plan(stay[0], sid, None, stay[1]))
    if not may_move:
        return plans
    if weights.defend and danger_here:
        plans.append(Plan(weights.defend * danger_here, sid, None, Defend(sid)))
    sectors = state.board.positions(move_mask(state, squad))
    if not sectors:
        return plans
    leaving = backstab_loss(ctx, squad)
    for pos in sectors:
        value, finish = max(finishes(ctx, squad, pos, weights), key=lambda option: option[0])
        value += step_value(state, squad, pos) - leaving
        if goals:
            value += weights.approach * (distance_here - distance_to_goal(state, squad, pos, goals))
        if weights.danger:
            value -= weights.danger * (danger(ctx, squad, pos) - danger_here)
        plans.append(Plan(value, sid, pos, finish))
    return plans


def all_plans(ctx: Context, weights: Weights) -> list[Plan]:
    """Every plan of every squad that may act now."""
    state = ctx.state
    if state.current is not None:
        return squad_plans(ctx, state.squads[state.current], weights, may_move=False)
    plans = []
    for squad in state.squads:
        if squad.count > 0 and not squad.acted and squad.info.team == state.active_team:
            plans.extend(squad_plans(ctx, squad, weights))
    return plans


def best_plan(ctx: Context, weights: Weights, jitter: list[float]) -> Plan:
    """The highest-scoring plan over every squad that may act now (ties broken by ``jitter``)."""
    candidates = all_plans(ctx, weights)
    return max(enumerate(candidates), key=lambda item: item[1].score + jitter[item[0] % len(jitter)])[1]
