"""One battle in progress: the rules' state, its dice, who plays each side, and the record of it.

The session is the only place that calls :func:`rules.tactics.engine.apply`. It keeps the seed
and every action taken (:class:`BattleRecord`), which together with the setup describe the
battle exactly: that is what a replay (issue 5) will save.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

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

    def act(self, action: Action) -> list[ev.Event]:
        """Apply a legal action (IllegalAction otherwise), record it, return its events."""
        events = apply(self.state, action, self.rng)
        self.record.actions.append(action)
        return events
