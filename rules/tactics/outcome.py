"""End of battle (T-END, T-FLAG-4, T-EXIT-4) and battle efficiency (M-EFF, T-END-6)."""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction

from rules.core.teams import PerTeam, other_team
from rules.numbers import clamp, round_to_thousandths
from rules.tactics import events as ev
from rules.tactics.setup import TEAMS, Mode, Objective
from rules.tactics.state import BattleState, Outcome


class EndReason(StrEnum):
    """Why a battle ended (T-END-1..6); the outcome and the BattleEnded event hold it."""

    ANNIHILATION = "annihilation"
    FLAGS = "flags"
    EXIT = "exit"
    ROUND_LIMIT = "round_limit"
    SURRENDER = "surrender"


# T-END-6 / M-EFF-1: wins "by reaching the required value of the quest counter" or by annihilation.
DECISIVE_REASONS = (EndReason.ANNIHILATION, EndReason.FLAGS, EndReason.EXIT)


def efficiency(state: BattleState, team: int, winner: int | None, reason: EndReason) -> Fraction:
    """M-EFF-1..5: 1 for a decisive win, else Ч1/Ч2 in units, clamped to [0, 1], half up to 0.001."""
    if winner == team and reason in DECISIVE_REASONS:
        return Fraction(1)
    enemy_units = state.board.start_units[other_team(team)]  # the other team's units at battle start
    if not enemy_units:
        return Fraction(0)
    return round_to_thousandths(clamp(Fraction(state.kills[team], enemy_units), 0, 1))


def end_battle(state: BattleState, winner: int | None, reason: EndReason, events: list) -> None:
    """Record the outcome and pay the winner's pending chest bonuses (T-CHEST-4)."""
    if state.outcome is not None:
        return
    eff = PerTeam(efficiency(state, 1, winner, reason), efficiency(state, 2, winner, reason))
    state.outcome = Outcome(winner, reason, eff)
    rewards = state.pending_bonus[winner] if winner else ()
    events.append(ev.BattleEnded(winner, reason, eff, PerTeam(state.kills[1], state.kills[2]), rewards))


def _flag_result(state: BattleState) -> tuple[int | None, bool]:
    """(winner, decided) by flags, or (None, False) while flags do not decide yet."""
    setup = state.board.setup
    counts = state.flag_count
    if setup.mode is Mode.PVP and setup.flag_mode == 2:
        total = state.board.flags_required[1]
        for team in TEAMS:
            if counts[team] * 2 > total:  # T-FLAG-4: more than half of all flags
                return team, True
        if total and not state.flags:  # all flags taken: majority, equal is a draw
            return (None if counts[1] == counts[2] else (1 if counts[1] > counts[2] else 2)), True
        return None, False
    for team in TEAMS:
        required = state.board.flags_required[team]
        if required and counts[team] >= required:  # T-FLAG-1/3(1)
            return team, True
    return None, False


def check_end(state: BattleState, events: list) -> bool:
    """T-END-4: annihilation first, then the quest counters; returns whether the battle is over."""
    if state.outcome is not None:
        return True
    alive = [False, False, False]  # index by team (1, 2); one pass over the squads
    for s in state.squads:
        if s.count > 0:
            alive[s.info.team] = True
    if not alive[1] or not alive[2]:
        winner = 1 if alive[1] else 2 if alive[2] else None
        end_battle(state, winner, EndReason.ANNIHILATION, events)  # T-END-1
        return True
    objective = state.board.setup.objective
    if objective is Objective.FLAGS:
        winner, decided = _flag_result(state)
        if decided:
            end_battle(state, winner, EndReason.FLAGS, events)
            return True
    elif objective is Objective.EXIT:
        teams = (1,) if state.board.setup.mode is Mode.MISSION else TEAMS
        for team in teams:
            has_exit = team in state.board.exits.values()
            if has_exit and state.exit_count[team] >= state.exit_target(team):  # T-EXIT-2/4
                end_battle(state, team, EndReason.EXIT, events)
                return True
    return False


def end_at_round_limit(state: BattleState, events: list) -> None:
    """T-END-3: PvP flag mode 2 by count, other PvP a draw, a mission a loss for the player."""
    setup = state.board.setup
    if setup.mode is Mode.MISSION:
        end_battle(state, 2, EndReason.ROUND_LIMIT, events)
        return
    if setup.objective is Objective.FLAGS and setup.flag_mode == 2:
        ones, twos = state.flag_count[1], state.flag_count[2]
        if ones != twos:
            end_battle(state, 1 if ones > twos else 2, EndReason.FLAGS, events)  # T-END-6: a flag win
            return
    end_battle(state, None, EndReason.ROUND_LIMIT, events)


def surrender(state: BattleState, team: int, events: list) -> None:
    """T-TURN-6: surrender ends the battle at once as a loss for the team."""
    events.append(ev.Surrendered(team))
    end_battle(state, other_team(team), EndReason.SURRENDER, events)
