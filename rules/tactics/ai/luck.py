"""Take the dice's luck out of the look-ahead's samples (a control variate).

A plan played on a clone with sampled dice scores what those dice happened to do: an
archer volley that crits looks brilliant, one that misses looks foolish, and with a
handful of samples per candidate that noise decides more choices than the plans do.
For every action played in a sample, :func:`apply_counting_luck` measures the worth the
dice actually removed from both sides (:func:`material`) and subtracts the exactly
expected removal (:func:`expected_change`, the same estimates the plan scores use).
Subtracting that luck from the sample's final evaluation keeps what the action *led to*
(a squad destroyed cannot reply, a stunned one cannot counter) and drops most of the
dice's noise; its mean is about 0, so the average stays an estimate of the same value
(what the correction measured is in docs/ai.md).
"""

from __future__ import annotations

from rules.rng import Rng
from rules.tactics.actions import Action, Attack, LineAttack, Move
from rules.tactics.ai.estimate import (
    Context,
    backstab_loss,
    counter_loss,
    effective_units,
    unit_worth,
)
from rules.tactics.ai.goals import trap_damage_mean
from rules.tactics.combat import StrikeKind
from rules.tactics.engine import apply
from rules.tactics.state import BattleState
from rules.tactics.targets import attack_mode, line_mask


def material(state: BattleState, team: int) -> float:
    """Worth of ``team``'s living units less the enemy's (no auras, no position: only what dice change)."""
    value = 0.0
    for squad in state.squads:
        if squad.count > 0:
            worth = effective_units(squad) * unit_worth(squad.info)
            value += worth if squad.info.team == team else -worth
    return value


def expected_change(state: BattleState, action: Action) -> float:
    """The expected change of :func:`material` for the acting team when ``action`` is applied."""
    ctx = Context(state, state.active_team)
    if isinstance(action, Attack):
        squad = state.squads[action.squad]
        if state.squad_at(action.target) is None:
            return 0.0  # a barricade: no unit is lost either way
        kind = attack_mode(state, squad, squad.pos)
        guess = ctx.strike(squad, action.target, kind)
        counter = counter_loss(ctx, squad, action.target, guess) if kind == StrikeKind.MELEE else 0.0
        return guess.value - counter
    if isinstance(action, LineAttack):
        squad = state.squads[action.squad]
        targets = state.board.positions(line_mask(state, squad, squad.pos))
        hit = [pos for pos in targets if state.squad_at(pos) is not None]
        return sum(ctx.strike(squad, pos, StrikeKind.LINE).value for pos in hit)
    if isinstance(action, Move):
        squad = state.squads[action.squad]
        loss = backstab_loss(ctx, squad)  # T-PROP-5
        if action.to in state.traps:  # a trap the team can see (T-TRAP-1)
            pool = (squad.count - 1) * squad.info.hp + squad.top_hp
            loss += unit_worth(squad.info) * min(pool, trap_damage_mean(state)) / squad.info.hp
        return -loss
    return 0.0  # Defend, Skip, Surrender: no dice


def apply_counting_luck(state: BattleState, action: Action, rng: Rng, me: int) -> float:
    """Apply ``action``; return how much better than expected its dice were for team ``me``."""
    actor = state.active_team
    expected = expected_change(state, action)
    before = material(state, actor)
    apply(state, action, rng)
    luck = material(state, actor) - before - expected
    return luck if actor == me else -luck
