"""Small battle states for client tests, built with the rules' own ``assemble`` (no map needed).

Import as ``from tests.client.battle_states import duel, events_where``.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.rng import SeededRng
from rules.tactics import events as ev
from rules.tactics.actions import Action
from rules.tactics.battle import assemble
from rules.tactics.engine import apply
from rules.tactics.setup import BattleFeature, BattleSetup, SquadSpec
from rules.tactics.state import BattleState


def duel(
    left: str = "swordsman",
    right: str = "goblin",
    positions: tuple[tuple[int, int], tuple[int, int]] = ((2, 2), (3, 2)),
    counts: tuple[int, int] = (10, 8),
) -> BattleState:
    """One squad a side on an empty 8x6 field, team 1 to act."""
    specs = (SquadSpec(left, counts[0]), SquadSpec(right, counts[1]))
    setup = BattleSetup(width=8, height=6, armies=((specs[0],), (specs[1],)))
    placements = [(1, specs[0], positions[0]), (2, specs[1], positions[1])]
    return assemble(setup, placements, feature=BattleFeature(), first_team=1)


def events_where(
    make: Callable[[], BattleState],
    action: Action,
    wanted: Callable[[list[ev.Event]], bool],
    tries: int = 400,
) -> tuple[BattleState, list[ev.Event]]:
    """Apply ``action`` to fresh states with seeds 0, 1, ... until the events satisfy ``wanted``."""
    for seed in range(tries):
        state = make()
        events = apply(state, action, SeededRng(seed))
        if wanted(events):
            return state, events
    raise AssertionError("no seed gave the wanted events")


def missed(events: list[ev.Event]) -> bool:
    return any(isinstance(e, ev.AttackResolved) and not e.hit for e in events)


def crit_that_kills(events: list[ev.Event]) -> bool:
    attacks = [e for e in events if isinstance(e, ev.AttackResolved)]
    damaged = [e for e in events if isinstance(e, ev.Damaged)]
    return bool(attacks and attacks[0].crit and damaged and damaged[0].killed)
