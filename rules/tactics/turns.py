"""Turn order (T-TURN-1..4, T-DEF-3): main turns alternate by team, one squad at a time; rounds."""

from __future__ import annotations

from rules.core.teams import other_team
from rules.tactics import events as ev
from rules.tactics.outcome import end_at_round_limit
from rules.tactics.state import BattleState, Squad


def begin_main_turn(state: BattleState, squad: Squad, events: list) -> None:
    """T-DEF-3: the «Защита» effect lasts until the start of the squad's next main turn."""
    if squad.defending:
        squad.defending = False
        events.append(ev.DefenseEnded(squad.info.id))


def _has_unacted(state: BattleState, team: int) -> bool:
    return any(s.count > 0 and not s.acted and s.info.team == team for s in state.squads)


def finish_main_turn(state: BattleState, squad: Squad, events: list) -> None:
    """Mark the squad as done and hand the pick to the next team, or end the round (T-TURN-4)."""
    squad.acted = True
    state.current = None
    if state.over:
        return
    team = squad.info.team
    other = other_team(team)
    if _has_unacted(state, other):
        state.active_team = other
        events.append(ev.TurnEnded(squad.info.id, other))
        return
    if _has_unacted(state, team):
        state.active_team = team
        events.append(ev.TurnEnded(squad.info.id, team))
        return
    if state.round_no >= state.board.round_limit:  # T-END-3
        events.append(ev.TurnEnded(squad.info.id, None))
        end_at_round_limit(state, events)
        return
    next_first = state.first_team if state.living(state.first_team) else 3 - state.first_team
    events.append(ev.TurnEnded(squad.info.id, next_first))
    start_round(state, next_first, events)


def start_round(state: BattleState, first: int, events: list) -> None:
    """T-TURN-1/4: a new round; every living squad may act again; stuns of the last round expire."""
    state.round_no += 1
    state.active_team = first
    events.append(ev.RoundStarted(state.round_no))
    for squad in state.squads:
        if squad.count > 0:
            squad.acted = False
            if squad.stunned_until and squad.stunned_until == state.round_no - 1:  # T-PROP-1(d)
                events.append(ev.StunExpired(squad.info.id))
