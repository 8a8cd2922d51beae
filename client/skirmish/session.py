"""One skirmish in progress: the rules' state, its dice, who plays each side, and the record of it.

The session is the only place that calls :func:`rules.skirmish.engine.apply`. The seed and the
actions taken describe the battle exactly (what :func:`client.replays.save_skirmish_replay`
writes). It also keeps the end overlay's figures: the damage each hero dealt and the spells it
cast, read from the events of its own actions.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from rules.rng import SeededRng
from rules.skirmish import events as ev
from rules.skirmish.actions import Action
from rules.skirmish.battle import new_battle
from rules.skirmish.engine import apply, legal_actions
from rules.skirmish.setup import SkirmishSetup
from rules.skirmish.state import SkirmishState

HUMAN = "human"


class SkirmishSession:
    """State + dice + record; ``controllers[team]`` is "human" or a skirmish AI's name."""

    def __init__(
        self, setup: SkirmishSetup, seed: int | None = None, controllers: dict[int, str] | None = None
    ) -> None:
        self.seed = seed if seed is not None else random.SystemRandom().randrange(1, 2**31)
        self.rng = SeededRng(self.seed)
        self.state: SkirmishState
        self.state, self.opening = new_battle(setup, self.rng)
        self.setup = setup
        self.controllers = controllers or {1: HUMAN, 2: HUMAN}
        self.actions: list[Action] = []
        self.damage_dealt: Counter[int] = Counter()  # hero id -> damage its actions dealt to enemies
        self.spells_cast: dict[int, list[str]] = {h.id: [] for h in self.state.heroes}
        self._legal: tuple[int, list[Action]] | None = None

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def hotseat(self) -> bool:
        return all(c == HUMAN for c in self.controllers.values())

    def human_turn(self) -> bool:
        return not self.over and self.controllers.get(self.state.active_team) == HUMAN

    def ai_turn(self) -> bool:
        return not self.over and self.controllers.get(self.state.active_team, HUMAN) != HUMAN

    def legal(self) -> list[Action]:
        """The acting hero's legal actions now (computed once per state)."""
        if self._legal is None or self._legal[0] != len(self.actions):
            self._legal = (len(self.actions), legal_actions(self.state))
        return self._legal[1]

    def memo(self, key: tuple, make: Callable[[], Any], store: dict) -> Any:
        """``make()`` remembered in ``store`` for this state (the state changes only by actions)."""
        full = (len(self.actions), *key)
        if full not in store:
            if len(store) > 256:
                store.clear()
            store[full] = make()
        return store[full]

    def act(self, action: Action) -> list[ev.Event]:
        """Apply a legal action (IllegalAction otherwise, nothing changed), record it, return its events."""
        actor = self.state.current
        events = apply(self.state, action, self.rng)
        self.actions.append(action)
        if actor is not None:
            for event in events:
                if isinstance(event, ev.HeroDamaged) and self.state.heroes[event.hero].team != actor.team:
                    self.damage_dealt[actor.id] += event.amount
                elif isinstance(event, ev.SpellCast):
                    self.spells_cast[event.hero].append(event.spell)
        return events
