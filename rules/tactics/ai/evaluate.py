"""A static evaluation of a battle from one team's side: material, objectives, position.

Used at the leaves of the look-ahead: after a plan and the replies to it have
been played on a clone, this says how good the resulting position is.
"""

from __future__ import annotations

from rules.core.teams import other_team
from rules.tactics.ai.estimate import squad_strength
from rules.tactics.ai.goals import EXIT, FLAG, WIN, distance_to_goal, goal_sectors
from rules.tactics.catalog import AttackType
from rules.tactics.setup import Objective
from rules.tactics.state import BattleState

APPROACH = 6.0  # worth per sector between a squad and its goal
AURA_SHARE = 0.1


def evaluate(state: BattleState, team: int) -> float:
    """Positive when ``team`` stands better."""
    if state.outcome is not None:
        winner = state.outcome.winner
        return 0.0 if winner is None else (WIN if winner == team else -WIN)
    return _side(state, team) - _side(state, other_team(team))


def _side(state: BattleState, team: int) -> float:
    value = 0.0
    objective = state.board.setup.objective
    for squad in state.squads:
        if squad.count <= 0 or squad.info.team != team:
            continue
        strength = squad_strength(squad)
        value += strength * (1 + AURA_SHARE * len(squad.auras))
        if objective is not Objective.ANNIHILATION or squad.info.unit.attack == AttackType.MELEE:
            goals = goal_sectors(state, squad)
            if goals:
                value -= APPROACH * distance_to_goal(state, squad, squad.pos, goals)
    if objective is Objective.FLAGS:
        value += FLAG * state.flag_count[team]
    elif objective is Objective.EXIT:
        value += EXIT * state.exit_count[team]
    return value
