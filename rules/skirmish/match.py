"""Play whole skirmishes between two players headless: the skirmish game in the one match runner.

:data:`RULES` is this game's :class:`~rules.core.match.GameRules`. A player that raises or
chooses an illegal action has its hero's activation ended instead (S-ACT: EndActivation), so a
long simulation reports every failure without stopping.
"""

from __future__ import annotations

import time

from rules.core.match import GameRules, MatchRecord, play
from rules.rng import SeededRng
from rules.skirmish.actions import Action, EndActivation
from rules.skirmish.ai.base import Player
from rules.skirmish.battle import new_battle
from rules.skirmish.engine import apply, check
from rules.skirmish.setup import SkirmishSetup
from rules.skirmish.state import SkirmishState
from rules.skirmish.view import view


def _end_activation(state: SkirmishState, team: int) -> Action:
    assert state.act is not None
    return EndActivation(state.act.hero)


RULES: GameRules[SkirmishState, Action] = GameRules(
    active=lambda state: state.active_team,
    view=view,
    check=check,
    apply=apply,
    over=lambda state: state.over,
    on_failure=_end_activation,
)


def play_match(
    setup: SkirmishSetup, players: dict[int, Player], seed: str
) -> MatchRecord[SkirmishState, Action]:
    """Play the battle of ``setup`` (dice ``SeededRng(f"{seed}/battle")``) to its end."""
    rng = SeededRng(f"{seed}/battle")
    state, _ = new_battle(setup, rng)
    return play(RULES, state, rng, players, clock=time.perf_counter)
