"""Turn order (T-TURN-1..4, T-DEF-3): main turns alternate by team, one squad at a time; rounds.

Which team picks first in a round, and whether the second team activates two squads per one in
round 1, is the board's :class:`~rules.tactics.setup.TurnOrder` (T-TURN-4 [REC, T-OQ-10]).

FAIR_SHARE orders the picks by the Prouhet-Thue-Morse sequence (A B B A B A A B ...), the
classic fair way to take turns choosing: within a round the k-th pick goes to the round's first
team when the k-th term is 0, and the rounds' first teams follow the same sequence. Each team
then leads the other by at most one pick, and neither is always the one that leads."""

from __future__ import annotations

from rules.core.teams import other_team
from rules.tactics import events as ev
from rules.tactics.outcome import end_at_round_limit
from rules.tactics.setup import TurnOrder
from rules.tactics.state import BattleState, Squad

ALTERNATING = frozenset({TurnOrder.ALTERNATE, TurnOrder.ALTERNATE_DOUBLE})
DOUBLING = frozenset({TurnOrder.SECOND_DOUBLE, TurnOrder.ALTERNATE_DOUBLE})


def begin_main_turn(state: BattleState, squad: Squad, events: list) -> None:
    """T-DEF-3: the «Защита» effect lasts until the start of the squad's next main turn."""
    if squad.defending:
        squad.defending = False
        events.append(ev.DefenseEnded(squad.info.id))


def _has_unacted(state: BattleState, team: int) -> bool:
    for s in state.squads:  # a plain loop: any() over a generator costs twice as much here
        if s.count > 0 and not s.acted and s.info.team == team:
            return True
    return False


def thue_morse(n: int) -> int:
    """The n-th term (0 or 1) of the Prouhet-Thue-Morse sequence: the parity of n's binary ones."""
    return n.bit_count() % 2


def round_first_team(state: BattleState, round_no: int) -> int:
    """T-TURN-4: the team that picks first in round ``round_no`` (before the living check)."""
    order = state.board.turn_order
    if order is TurnOrder.FAIR_SHARE:
        flipped = thue_morse(round_no - 1) == 1
    else:
        flipped = order in ALTERNATING and round_no % 2 == 0
    return other_team(state.first_team) if flipped else state.first_team


def _fair_share_pick(state: BattleState) -> int:
    """FAIR_SHARE: the team of the round's next pick, the k-th with k the living squads that acted."""
    first = round_first_team(state, state.round_no)
    picks = sum(1 for s in state.squads if s.count > 0 and s.acted)
    return other_team(first) if thue_morse(picks) else first


def _keeps_the_pick(state: BattleState, team: int) -> bool:
    """SECOND_DOUBLE (T-TURN-4): in round 1 the second team activates its squads two at a time."""
    if state.round_no != 1 or team == state.first_team or state.board.turn_order not in DOUBLING:
        return False
    acted = sum(1 for s in state.squads if s.acted and s.info.team == team)
    return acted % 2 == 1


def _next_pick(state: BattleState, team: int) -> int:
    """The team that should pick after ``team``'s squad acted (if it has a squad left to act)."""
    if state.board.turn_order is TurnOrder.FAIR_SHARE:
        return _fair_share_pick(state)
    return team if _keeps_the_pick(state, team) else other_team(team)


def finish_main_turn(state: BattleState, squad: Squad, events: list) -> None:
    """Mark the squad as done and hand the pick to the next team, or end the round (T-TURN-4)."""
    squad.acted = True
    state.current = None
    if state.outcome is not None:  # the battle is over
        return
    preferred = _next_pick(state, squad.info.team)
    for team in (preferred, other_team(preferred)):  # a team with no squad left to act passes
        if _has_unacted(state, team):
            state.active_team = team
            events.append(ev.TurnEnded(squad.info.id, team))
            return
    if state.round_no >= state.board.round_limit:  # T-END-3
        events.append(ev.TurnEnded(squad.info.id, None))
        end_at_round_limit(state, events)
        return
    first = round_first_team(state, state.round_no + 1)
    next_first = first if state.living(first) else other_team(first)
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
