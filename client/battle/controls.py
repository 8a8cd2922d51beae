"""The player's side of a turn, without pygame: which squad is selected, what it can reach, and
which action a click on a sector means.

Reach comes from :mod:`rules.tactics.targets` (the rules' one definition), legality from
``check``; nothing here re-derives a rule. A click on a highlighted sector becomes one Action;
a click on another of the player's squads selects it instead.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.tactics.actions import Action, Attack, Defend, LineAttack, Move, Skip, Surrender
from rules.tactics.engine import check
from rules.tactics.setup import Pos
from rules.tactics.state import BattleState, Squad
from rules.tactics.targets import attack_targets, destinations, line_targets


@dataclass(frozen=True)
class Reach:
    """Where a squad may move and what it may attack from where it stands."""

    moves: tuple[Pos, ...] = ()
    targets: tuple[Pos, ...] = ()
    line: bool = False
    cross: tuple[Pos, ...] = ()  # a line attacker's whole row and column


def reach(state: BattleState, squad: Squad, may_move: bool = True) -> Reach:
    """The movement zone (T-MOVE) and targets (T-ATK) of ``squad``, any team, as the rules define them."""
    if not squad.alive:
        return Reach()
    moves = destinations(state, squad) if may_move else ()
    if squad.info.unit.attack == "line":
        x, y = squad.pos
        width, height = state.board.width, state.board.height
        cross = tuple((cx, y) for cx in range(width) if cx != x) + tuple(
            (x, cy) for cy in range(height) if cy != y
        )
        return Reach(moves, line_targets(state, squad), True, cross)
    return Reach(moves, attack_targets(state, squad))


class Controls:
    """Selection and click handling for the team whose turn it is."""

    def __init__(self) -> None:
        self.selected: int | None = None
        self.dismissed = False  # the player dropped the selection: do not pick one for him until he acts

    def selectable(self, state: BattleState, squad: Squad | None) -> bool:
        if squad is None or not squad.alive or squad.info.team != state.active_team or state.over:
            return False
        if state.current is not None:
            return squad.info.id == state.current
        return not squad.acted

    def squad(self, state: BattleState) -> Squad | None:
        return None if self.selected is None else state.squads[self.selected]

    def sync(self, state: BattleState) -> None:
        """Keep the selection valid: the squad mid-turn, else the current one, else the first that may act."""
        if state.current is not None:
            self.selected = state.current
            return
        if self.selectable(state, self.squad(state)):
            return
        self.selected = None
        if not self.dismissed:
            self.selected = next((s.info.id for s in state.squads if self.selectable(state, s)), None)

    def acted(self) -> None:
        """An action was taken: the next turn may pick a squad again."""
        self.dismissed = False

    def cycle(self, state: BattleState) -> None:
        """Select the next squad that may act (Tab)."""
        if state.current is not None:
            return
        ready = [s.info.id for s in state.squads if self.selectable(state, s)]
        if ready:
            at = ready.index(self.selected) if self.selected in ready else -1
            self.selected = ready[(at + 1) % len(ready)]
            self.dismissed = False

    def selected_reach(self, state: BattleState) -> Reach:
        squad = self.squad(state)
        if not self.selectable(state, squad):
            return Reach()
        assert squad is not None
        return reach(state, squad, may_move=state.current is None)

    def action_at(self, state: BattleState, pos: Pos) -> Action | None:
        """The action a click on ``pos`` would take now (None: it would select, or do nothing)."""
        squad = self.squad(state)
        if not self.selectable(state, squad):
            return None
        assert squad is not None
        sid = squad.info.id
        area = self.selected_reach(state)
        action: Action | None = None
        if pos in area.targets:
            action = LineAttack(sid) if area.line else Attack(sid, pos)
        elif pos in area.moves:
            action = Move(sid, pos)
        return action if action is not None and check(state, action) is None else None

    def click(self, state: BattleState, pos: Pos) -> Action | None:
        """A left click on sector ``pos``: an action to take, or a change of selection (None)."""
        action = self.action_at(state, pos)
        if action is not None:
            return action
        here = state.squad_at(pos)
        if self.selectable(state, here):
            assert here is not None
            self.selected = here.info.id
            self.dismissed = False
        return None

    def _own_turn_action(self, state: BattleState, action: Action) -> Action | None:
        return action if check(state, action) is None else None

    def defend(self, state: BattleState) -> Action | None:
        """«Защита» for the selected squad, if it may (not after a move)."""
        return None if self.selected is None else self._own_turn_action(state, Defend(self.selected))

    def skip(self, state: BattleState) -> Action | None:
        """Skip the selected squad's turn (or end it after a move)."""
        return None if self.selected is None else self._own_turn_action(state, Skip(self.selected))

    def surrender(self, state: BattleState) -> Action | None:
        return self._own_turn_action(state, Surrender(state.active_team))

    def cancel(self, state: BattleState) -> bool:
        """Right click / Escape: drop the selection (not mid-turn). True if something was dropped."""
        if self.selected is None or state.current is not None:
            return False
        self.selected = None
        self.dismissed = True
        return True
