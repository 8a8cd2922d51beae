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
from rules.tactics.ai.estimate import Context, backstab_blows, counter_odds, danger, squad_strength
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


# What a plan's score was made of, recorded while it is scored when the caller asks (``notes``):
# expected HP dealt, units killed, HP taken (counterstrike and backstabs), the counterstrike's
# chance and the objective's part of the score. "Why?" shows these (rules.core.explain).
Figures = dict[str, float]
Notes = dict[tuple[int, Pos | None, Action], Figures]


def finishes(
    ctx: Context, squad: Squad, pos: Pos, weights: Weights, notes: dict[Action, Figures] | None = None
) -> list[tuple[float, Action]]:
    """Scored ways to end the turn standing at ``pos``: each attack, a line attack, Skip.

    With ``notes``, each option's figures are recorded there by its action.
    """
    state = ctx.state
    sid = squad.info.id
    options: list[tuple[float, Action]] = [(0.0, Skip(sid))]
    if notes is not None:
        notes[options[0][1]] = {}
    if squad.info.unit.attack == AttackType.LINE:
        mask = line_mask(state, squad, pos)
        if mask:
            value = dealt = kills = 0.0
            for target in state.board.positions(mask):
                guess = ctx.strike(squad, target, StrikeKind.LINE, pos)
                value += guess.value + _focus(ctx, target, guess.destroy, weights)
                value += _last_squad_bonus(ctx, target, guess.destroy)
                dealt, kills = dealt + guess.removed, kills + guess.kills
            options.append((value, LineAttack(sid)))
            if notes is not None:
                notes[options[-1][1]] = {"dealt_hp": dealt, "kills": kills}
        return options
    mask = attack_mask(state, squad, pos)
    if mask:
        kind = attack_mode(state, squad, pos)
        for target in state.board.positions(mask):
            guess = ctx.strike(squad, target, kind, pos)
            value = guess.value + _focus(ctx, target, guess.destroy, weights)
            value += _last_squad_bonus(ctx, target, guess.destroy)
            chance = 0.0
            if kind == StrikeKind.MELEE:
                chance, back = counter_odds(ctx, squad, target, guess)
                value -= chance * back.value
            options.append((value, Attack(sid, target)))
            if notes is not None:
                figures = {"dealt_hp": guess.removed, "kills": guess.kills, "kill_chance": guess.destroy}
                if chance:
                    figures |= {"counter_chance": chance, "taken_hp": chance * back.removed}
                notes[options[-1][1]] = figures
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


def squad_plans(
    ctx: Context, squad: Squad, weights: Weights, *, may_move: bool = True, notes: Notes | None = None
) -> list[Plan]:
    """Every plan for one squad: stay or move to each free zone sector, then the best finish there.

    With ``notes``, each plan's figures are recorded there by (squad, move, finish).
    """
    state = ctx.state
    sid = squad.info.id
    here = squad.pos
    goals = goal_sectors(state, squad) if weights.approach else []
    distance_here = distance_to_goal(state, squad, here, goals) if goals else 0
    danger_here = danger(ctx, squad, here) if weights.danger or weights.defend else 0.0
    plans = []
    seen: dict[Action, Figures] | None = None if notes is None else {}
    stay = max(finishes(ctx, squad, here, weights, seen), key=lambda option: option[0])
    plans.append(Plan(stay[0], sid, None, stay[1]))
    if notes is not None and seen is not None:
        notes[(sid, None, stay[1])] = seen[stay[1]]
    if not may_move:
        return plans
    if weights.defend and danger_here:
        plans.append(Plan(weights.defend * danger_here, sid, None, Defend(sid)))
        if notes is not None:
            notes[(sid, None, Defend(sid))] = {"saved_hp": weights.defend * danger_here}
    sectors = state.board.positions(move_mask(state, squad))
    if not sectors:
        return plans
    blows = backstab_blows(ctx, squad)
    leaving = sum(chance * blow.value for chance, blow in blows)
    for pos in sectors:
        if seen is not None:
            seen.clear()
        value, finish = max(finishes(ctx, squad, pos, weights, seen), key=lambda option: option[0])
        stepped = step_value(state, squad, pos)
        value += stepped - leaving
        approach = 0.0
        if goals:
            approach = weights.approach * (distance_here - distance_to_goal(state, squad, pos, goals))
            value += approach
        if weights.danger:
            value -= weights.danger * (danger(ctx, squad, pos) - danger_here)
        plans.append(Plan(value, sid, pos, finish))
        if notes is not None and seen is not None:
            figures = dict(seen[finish])
            if blows:
                stabbed = sum(chance * blow.removed for chance, blow in blows)
                figures["taken_hp"] = figures.get("taken_hp", 0.0) + stabbed
            figures["objective"] = stepped + approach
            notes[(sid, pos, finish)] = figures
    return plans


def all_plans(ctx: Context, weights: Weights, notes: Notes | None = None) -> list[Plan]:
    """Every plan of every squad that may act now (with ``notes``: and what each score was made of)."""
    state = ctx.state
    if state.current is not None:
        return squad_plans(ctx, state.squads[state.current], weights, may_move=False, notes=notes)
    plans = []
    for squad in state.squads:
        if squad.count > 0 and not squad.acted and squad.info.team == state.active_team:
            plans.extend(squad_plans(ctx, squad, weights, notes=notes))
    return plans


def rank_plans(plans: list[Plan], jitter: list[float]) -> list[Plan]:
    """``plans`` best first by score, ties broken by ``jitter`` (the plan's index picks its share)."""
    order = sorted(range(len(plans)), key=lambda i: plans[i].score + jitter[i % len(jitter)], reverse=True)
    return [plans[i] for i in order]
