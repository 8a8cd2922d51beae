"""One battle in progress: the rules' state, its dice, who plays each side, and the record of it.

The session is the only place that calls :func:`rules.tactics.engine.apply`. It keeps the seed
and every action taken (:class:`BattleRecord`), which together with the setup describe the
battle exactly: that is what a replay (issue 5) will save. Beside each action it keeps why the
computer played it (its :class:`~rules.core.explain.Explanation`, None for a human's action): the
replay's optional ``explanations`` field, and the "Why?" panel's :class:`Decision` list.
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
        events = apply(self.state, action, self.rng)
        self.record.actions.append(action)
        self.record.explanations.append(explanation)
        if decision is not None:
            self.decisions.append(decision)
        return events
