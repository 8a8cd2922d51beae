"""Pick the k-th legal action without building the whole list.

``nth_action(state, k) == legal_actions(state)[k]`` for every k (a test checks
it), but costs one pass over the squads and no allocation beyond the chosen
action. Random players and playout-based AIs use it; they run millions of plies.
"""

from __future__ import annotations

from rules.rng import Rng
from rules.tactics.actions import Action, Attack, Defend, LineAttack, Move, Skip, Surrender
from rules.tactics.catalog import AttackType
from rules.tactics.state import BattleState, Squad
from rules.tactics.targets import attack_mask, line_mask, ready_reach

# Enum members read in hot loops, bound once (a StrEnum member lookup costs ~6 plain lookups).
_ATTACK_LINE = AttackType.LINE


def _squad_blocks(state: BattleState) -> list[tuple[Squad, int, int]]:
    """(squad, move mask, attack mask or line flag) in legal_actions order (see ready_reach)."""
    if state.current is not None:
        squad = state.squads[state.current]
        return [(squad, 0, _attacks(state, squad))]
    return ready_reach(state)


def _attacks(state: BattleState, squad: Squad) -> int:
    if squad.info.unit.attack == _ATTACK_LINE:
        return 1 if line_mask(state, squad) else 0  # one LineAttack action
    return attack_mask(state, squad)


def _total(state: BattleState, blocks: list[tuple[Squad, int, int]]) -> int:
    """The number of actions in the blocks: moves, attacks, and Defend + Skip (Skip alone mid-turn)."""
    per_squad = 1 if state.current is not None else 2
    return sum([moves.bit_count() + attacks.bit_count() + per_squad for _, moves, attacks in blocks])


def action_count(state: BattleState) -> int:
    """len(legal_actions(state)), Surrender included."""
    if state.outcome is not None:
        return 0
    return _total(state, _squad_blocks(state)) + 1


def nth_action(state: BattleState, k: int, blocks: list | None = None) -> Action:
    """legal_actions(state)[k]."""
    if state.outcome is not None:
        raise IndexError("the battle is over: no legal actions")
    nth_position = state.board.nth_position
    per_squad = 1 if state.current is not None else 2  # Skip alone after a move, else Defend + Skip
    for squad, moves, attacks in blocks if blocks is not None else _squad_blocks(state):
        n_moves = moves.bit_count()
        n_attacks = attacks.bit_count()
        if k >= n_moves + n_attacks + per_squad:
            k -= n_moves + n_attacks + per_squad
            continue
        sid = squad.info.id
        if k < n_moves:
            return Move(sid, nth_position(moves, k))
        k -= n_moves
        if k < n_attacks:
            if squad.info.unit.attack == _ATTACK_LINE:
                return LineAttack(sid)
            return Attack(sid, nth_position(attacks, k))
        k -= n_attacks
        if state.current is not None:
            return Skip(sid)
        return Defend(sid) if k == 0 else Skip(sid)
    if k == 0:
        return Surrender(state.active_team)
    raise IndexError("action index out of range")


def random_action(state: BattleState, rng: Rng, *, allow_surrender: bool = False) -> Action:
    """A uniformly random legal action (Surrender excluded unless allowed)."""
    blocks = _squad_blocks(state)
    total = _total(state, blocks) + (1 if allow_surrender else 0)
    return nth_action(state, rng.randint(0, total - 1), blocks)
