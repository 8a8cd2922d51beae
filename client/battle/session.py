"""One battle in progress: the rules' state, its dice, who plays each side, and the record of it.

The session is the only place that calls :func:`rules.tactics.engine.apply`. It keeps the seed
and every action taken (:class:`BattleRecord`), which together with the setup describe the
battle exactly: that is what a replay (issue 5) will save. Beside each action it keeps why the
computer played it (its :class:`~rules.core.explain.Explanation`, None for a human's action): the
replay's optional ``explanations`` field, and the "Why?" panel's :class:`Decision` list.

Undo (issue #24): before each human action the session keeps the state and the dice; when the
action rolled no dice and revealed nothing (:func:`rules.tactics.undo.refusal`), :meth:`undo`
puts them back and drops the action from the record, so a replay holds only the actions that
stood. Several steps go back while the same side keeps acting; the other side's action (the
computer's, or the other person's in hot-seat) ends what can be taken back.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

from client.battle.why import Decision, decision_of
from rules.core.explain import Explanation
from rules.rng import SeededRng
from rules.tactics import events as ev
from rules.tactics.actions import Action
from rules.tactics.battle import new_battle
from rules.tactics.engine import apply, legal_actions
from rules.tactics.setup import BattleSetup
from rules.tactics.state import BattleState
from rules.tactics.undo import Counting, refusal

HUMAN = "human"
REPLAY = "replay"  # a side whose actions come from a recorded battle


@dataclass
class BattleRecord:
    """Enough to replay the battle: the setup (and the map it came from), the seed, the actions.

    ``setup`` may differ from the map's by hot-seat's flag mode; a replay records that difference.
    """

    setup: BattleSetup
    seed: int
    map_path: Path | None = None
    actions: list[Action] = field(default_factory=list)
    explanations: list[Explanation | None] = field(default_factory=list)  # one per action

    def replay_explanations(self) -> list[Explanation | None] | None:
        """The replay's ``explanations`` field: None when no action was explained (nothing to keep)."""
        return list(self.explanations) if any(e is not None for e in self.explanations) else None


@dataclass(frozen=True)
class UndoPoint:
    """What :meth:`BattleSession.undo` puts back: the state and dice before one of ``team``'s actions."""

    team: int
    state: BattleState = field(repr=False)
    dice: object = field(repr=False)
    actions: int  # the record's length before the action
    decisions: int


class BattleSession:
    """State + dice + record; ``controllers[team]`` is "human" or an AI level name."""

    def __init__(
        self,
        setup: BattleSetup,
        seed: int | None = None,
        controllers: dict[int, str] | None = None,
        map_path: Path | None = None,
    ) -> None:
        self.seed = seed if seed is not None else random.SystemRandom().randrange(1, 2**31)
        self.rng = SeededRng(self.seed)
        self.state: BattleState
        self.state, self.opening = new_battle(setup, self.rng)
        self.controllers = controllers or {1: HUMAN, 2: HUMAN}
        self.record = BattleRecord(setup, self.seed, map_path)
        self.decisions: list[Decision] = []  # the explained decisions so far, in order
        self.undo_points: list[UndoPoint] = []  # the side to move's actions that may be taken back
        self.undo_refused = "nothing"  # why the last action cannot be (a reason key), when it cannot

    @property
    def setup(self) -> BattleSetup:
        return self.state.board.setup

    @property
    def over(self) -> bool:
        return self.state.over

    def human_turn(self) -> bool:
        return not self.over and self.controllers.get(self.state.active_team) == HUMAN

    def ai_turn(self) -> bool:
        return not self.over and self.controllers.get(self.state.active_team, HUMAN) != HUMAN

    @property
    def hotseat(self) -> bool:
        return all(c == HUMAN for c in self.controllers.values())

    def legal(self) -> list[Action]:
        return legal_actions(self.state)

    def act(self, action: Action, explanation: Explanation | None = None) -> list[ev.Event]:
        """Apply a legal action (IllegalAction otherwise), record it and why it was chosen (an AI's
        ``explanation``), return its events."""
        decision = None
        if explanation is not None:  # the board as it was decided on, before the action changes it
            decision = decision_of(self.state, explanation, len(self.record.actions) + 1)
        team = self.state.active_team
        if self.undo_points and self.undo_points[-1].team != team:
            self.undo_points.clear()  # the other side acts: what came before stands
        if self.controllers.get(team) != HUMAN:
            events = apply(self.state, action, self.rng)
            self.undo_points.clear()
            self.undo_refused = "opponent"
        else:
            point = UndoPoint(
                team, self.state.clone(), self.rng.get_state(), len(self.record.actions), len(self.decisions)
            )
            dice = Counting(self.rng)
            events = apply(self.state, action, dice)
            reason = refusal(action, events, dice.rolls > 0)
            if reason is None:
                self.undo_points.append(point)
            else:
                self.undo_points.clear()
                self.undo_refused = reason
        self.record.actions.append(action)
        self.record.explanations.append(explanation)
        if decision is not None:
            self.decisions.append(decision)
        return events

    # ---- undo -----------------------------------------------------------------------------------
    def undo_refusal(self) -> str | None:
        """Why the side to move cannot take an action back now (a reason key), or None when it can."""
        if self.over:
            return "battle_over"
        if not self.human_turn():
            return "opponent"
        if not self.undo_points:
            return self.undo_refused
        if self.undo_points[-1].team != self.state.active_team:
            return "not_yours"  # hot-seat: only the side to move undoes, and only its own action
        return None

    def undo(self) -> bool:
        """Take back the side to move's last action when :meth:`undo_refusal` allows it."""
        if self.undo_refusal() is not None:
            return False
        point = self.undo_points.pop()
        self.state = point.state
        self.rng.set_state(point.dice)
        del self.record.actions[point.actions :]
        del self.record.explanations[point.actions :]
        del self.decisions[point.decisions :]
        if not self.undo_points:
            self.undo_refused = "nothing"
        return True
