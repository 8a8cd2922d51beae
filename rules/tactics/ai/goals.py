"""What a sector is worth to a squad beyond fighting: the objective, runes, chests, exits, flags.

Values are in the same unit as :func:`rules.tactics.ai.estimate.unit_worth`
(a swordsman is worth about 46), so fighting and objectives compare directly.
"""

from __future__ import annotations

from rules.tactics.ai.estimate import squad_strength
from rules.tactics.formulas import chebyshev
from rules.tactics.objects import chest_reacts, flag_reacts
from rules.tactics.setup import Mode, Objective, Pos, RuneKind
from rules.tactics.state import BattleState, Squad

WIN = 100_000.0
FLAG = 400.0
EXIT = 250.0
CHEST = 60.0
RUNE_SHARE: dict[str, float] = {  # by RuneKind
    RuneKind.DAMAGE: 0.15,
    RuneKind.PHYS_DEFENSE: 0.08,
    RuneKind.MAG_DEFENSE: 0.08,
    RuneKind.DODGE: 0.1,
    RuneKind.CRIT: 0.08,
}


def trap_damage_mean(state: BattleState) -> float:
    """The expected damage of a trap: the mean of the catalog's uniform range (T-TRAP-1: 430..530)."""
    battle = state.board.catalog.battle
    return (battle.trap_damage_min + battle.trap_damage_max) / 2


def goal_sectors(state: BattleState, squad: Squad) -> list[Pos]:
    """Where the objective pulls this squad: flags it can take, own free exits, else the enemy."""
    team = squad.info.team
    objective = state.board.setup.objective
    if objective is Objective.FLAGS:
        flags = [pos for pos, flag in state.flags.items() if flag_reacts(state, flag, team)]
        if flags:
            return flags
    if objective is Objective.EXIT and (state.board.setup.mode is Mode.PVP or team == 1):
        exits = [pos for pos, owner in state.board.exits.items() if owner == team]
        free = [pos for pos in exits if pos not in state.occupant or pos == squad.pos]
        if free:
            return free
    return [s.pos for s in state.squads if s.count > 0 and s.info.team != team]


def distance_to_goal(state: BattleState, squad: Squad, pos: Pos, goals: list[Pos]) -> int:
    return min((chebyshev(pos, goal) for goal in goals), default=0)


def step_value(state: BattleState, squad: Squad, pos: Pos) -> float:
    """Immediate worth of stepping onto ``pos`` (0 for staying): objects that react, visible traps."""
    if pos == squad.pos:
        return 0.0
    team = squad.info.team
    value = 0.0
    trap = state.traps.get(pos)
    if trap is not None:  # only visible traps are in an AI's view (P-AI-1)
        pool = (squad.count - 1) * squad.info.hp + squad.top_hp
        value -= min(1.0, trap_damage_mean(state) / max(1, pool))
        value *= squad_strength(squad)
    rune = state.board.runes.get(pos)
    if rune is not None and rune not in squad.auras:
        value += (
            RUNE_SHARE[rune] * squad_strength(squad) * (1 + state.board.round_limit - state.round_no) / 10
        )
    flag = state.flags.get(pos)
    if flag is not None and state.board.setup.objective is Objective.FLAGS and flag_reacts(state, flag, team):
        required = state.board.flags_required[team]
        taken = state.flag_count[team] + 1
        wins = taken >= required if state.board.setup.flag_mode != 2 else taken * 2 > required
        value += WIN if wins else FLAG
    if pos in state.chests and chest_reacts(state, team):
        value += CHEST
    exits = state.board.exits
    if state.board.setup.objective is Objective.EXIT:
        if exits.get(pos) == team and exits.get(squad.pos) != team:
            wins = state.exit_count[team] + 1 >= state.exit_target(team)
            value += WIN if wins else EXIT
        elif exits.get(squad.pos) == team and exits.get(pos) != team:
            value -= EXIT
    return value
