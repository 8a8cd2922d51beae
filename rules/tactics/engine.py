"""The battle's public interface: ``legal_actions``, ``check`` and ``apply``.

``apply`` validates with ``check`` first, so an illegal action raises
:class:`IllegalAction` and leaves the state untouched; a legal one mutates the
state at once and returns every event in order. Same state + action + rng
state gives the same events.
"""

from __future__ import annotations

from rules.core.engine import IllegalAction, ensure_legal
from rules.rng import Rng
from rules.tactics import events as ev
from rules.tactics.actions import Action, Attack, Defend, LineAttack, Move, Skip, Surrender
from rules.tactics.catalog import AttackType
from rules.tactics.combat import StrikeKind, attack_with_followups, backstabs
from rules.tactics.objects import enter_sector
from rules.tactics.outcome import check_end, surrender
from rules.tactics.primitives import relocate
from rules.tactics.state import BattleState, Squad
from rules.tactics.targets import (
    attack_mask,
    attack_mode,
    can_attack,
    line_mask,
    line_targets,
    move_mask,
    ready_reach,
)
from rules.tactics.turns import begin_main_turn, finish_main_turn

# Enum members read in hot loops, bound once (a StrEnum member lookup costs ~6 plain lookups).
_ATTACK_LINE = AttackType.LINE
_STRIKE_LINE = StrikeKind.LINE
# A tuple, not a union: isinstance against a tuple is several times cheaper.
_SQUAD_ACTIONS = (Move, Attack, LineAttack, Defend, Skip)


def legal_actions(state: BattleState) -> list[Action]:
    """Every action the team to act may take now, in a stable order.

    This is the hot path of every AI and of random playouts. Reach is computed
    as bit masks, and the action values for a (squad, mask) pair are memoised on
    the shared board (actions are immutable, so every clone can reuse them).
    """
    if state.outcome is not None:
        return []
    team = state.active_team
    actions: list[Action] = []
    if state.current is not None:  # after a move: attack or end the turn (T-TURN-3a)
        squad = state.squads[state.current]
        mask = line_mask(state, squad) or attack_mask(state, squad)  # each is 0 for the other kind
        actions.extend(_attack_actions(state, squad, mask))
        actions.append(Skip(squad.info.id))
    else:
        board = state.board
        memo = board.actions
        for squad, move_bits, attack_bits in ready_reach(state):
            sid = squad.info.id
            key = ("move", sid, move_bits)
            moves = memo.get(key)
            if moves is None:
                moves = memo[key] = tuple(Move(sid, pos) for pos in board.positions(move_bits))
            actions.extend(moves)
            if attack_bits:
                actions.extend(_attack_actions(state, squad, attack_bits))
            actions.append(Defend(sid))
            actions.append(Skip(sid))
    actions.append(Surrender(team))
    return actions


def _attack_actions(state: BattleState, squad: Squad, mask: int) -> tuple[Action, ...]:
    """The attacks of a squad whose attack mask (line mask for a line attacker) is ``mask``."""
    sid = squad.info.id
    if not mask:
        return ()
    if squad.info.unit.attack == _ATTACK_LINE:
        return (LineAttack(sid),)
    key = ("attack", sid, mask)
    attacks = state.board.actions.get(key)
    if attacks is None:
        attacks = state.board.actions[key] = tuple(Attack(sid, pos) for pos in state.board.positions(mask))
    return attacks


def check(state: BattleState, action: Action) -> str | None:
    """Why ``action`` is illegal now, or None when it is legal."""
    if state.outcome is not None:
        return "the battle is over"
    if isinstance(action, Surrender):
        if action.team != state.active_team:
            return f"team {action.team} may surrender only during its own turn (T-TURN-6)"
        return None
    if not isinstance(action, _SQUAD_ACTIONS):
        return f"unknown action {action!r}"
    if not 0 <= action.squad < len(state.squads):
        return f"there is no squad {action.squad}"
    squad = state.squads[action.squad]
    if squad.count <= 0:  # not squad.alive, without the property call (check runs on every apply)
        return f"squad {action.squad} was destroyed"
    if squad.info.team != state.active_team:
        return f"it is team {state.active_team}'s turn"
    mid_turn = state.current == squad.info.id
    if state.current is not None and not mid_turn:
        return f"squad {state.current} must finish its turn first"
    if squad.acted and not mid_turn:
        return f"squad {action.squad} has already acted this round"
    if isinstance(action, Move):
        if mid_turn:
            return "a squad moves at most once per turn (T-MOVE-4)"
        if not state.in_bounds(action.to) or not move_mask(state, squad) & state.board.bit(action.to):
            return f"sector {action.to} is not an empty sector of the squad's movement zone"
    elif isinstance(action, Defend):
        if mid_turn:
            return "«Защита» takes the whole turn; the squad has already moved (T-DEF-3)"
    elif isinstance(action, Attack):
        if squad.info.unit.attack == _ATTACK_LINE:
            return "a line attacker attacks its whole row and column (use LineAttack)"
        if not state.in_bounds(action.target) or not attack_mask(state, squad) & state.board.bit(
            action.target
        ):
            return f"sector {action.target} is not a target the squad can attack"
    elif isinstance(action, LineAttack):
        if squad.info.unit.attack != _ATTACK_LINE:
            return "only line attackers can make a line attack"
        if not line_mask(state, squad):
            return "no enemy or destructible object on the squad's row or column"
    return None


def apply(state: BattleState, action: Action, rng: Rng) -> list[ev.Event]:
    """Carry out a legal action; raise IllegalAction (state unchanged) otherwise."""
    ensure_legal(check(state, action))
    events: list[ev.Event] = []
    if isinstance(action, Surrender):
        surrender(state, action.team, events)
        return events
    squad = state.squads[action.squad]
    if state.current is None:
        begin_main_turn(state, squad, events)
    if isinstance(action, Move):
        _move(state, squad, action, rng, events)
    elif isinstance(action, Attack):
        attack_with_followups(state, squad, action.target, attack_mode(state, squad), rng, events)
        finish_main_turn(state, squad, events)
    elif isinstance(action, LineAttack):
        _line_attack(state, squad, rng, events)
        finish_main_turn(state, squad, events)
    elif isinstance(action, Defend):
        squad.defending = True  # T-DEF-1..3
        events.append(ev.Defended(squad.info.id, state.board.catalog.battle.defense_bonus))
        finish_main_turn(state, squad, events)
    else:
        finish_main_turn(state, squad, events)
    return events


def _move(state: BattleState, squad: Squad, action: Move, rng: Rng, events: list) -> None:
    """T-MOVE-3 with backstabs first (T-PROP-5) and the objects of the destination (§7)."""
    frm = squad.pos
    backstabs(state, squad, rng, events)
    if not squad.alive:
        cancelled = ev.MoveCancelled(squad.info.id, frm, action.to)  # T-PROP-5(d)
        if state.over:  # the death ended the battle: BattleEnded stays the last event
            events.insert(len(events) - 1, cancelled)
        else:
            events.append(cancelled)
        finish_main_turn(state, squad, events)
        return
    if state.over:
        finish_main_turn(state, squad, events)
        return
    relocate(state, squad, action.to, events)
    enter_sector(state, squad, rng, events)
    check_end(state, events)
    if not state.over and squad.alive and can_attack(state, squad):
        state.current = squad.info.id  # the turn goes on: attack or Skip
    else:
        finish_main_turn(state, squad, events)


def _line_attack(state: BattleState, squad: Squad, rng: Rng, events: list) -> None:
    """T-ATK-3/4: each target resolved separately, in sector order; no counterstrikes."""
    for target in line_targets(state, squad):
        if state.over:
            return
        if target in state.occupant or target in state.barricades:
            attack_with_followups(state, squad, target, _STRIKE_LINE, rng, events)


__all__ = ["IllegalAction", "apply", "check", "legal_actions"]
