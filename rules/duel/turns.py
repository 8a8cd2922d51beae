"""The turn cycle (§5): start of turn income (§4), end of turn draw, the turn limit and surrender."""

from __future__ import annotations

from rules.core.teams import other_team
from rules.duel import events as ev
from rules.duel.catalog_types import MANA
from rules.duel.primitives import draw_to_hand, end_duel
from rules.duel.state import DuelState, EndReason
from rules.rng import Rng


def start_turn(state: DuelState, player: int, events: list) -> None:
    """Begin ``player``'s turn: banner (D-TURN-7), income (D-RES-5/6), creatures may act again."""
    state.active = player
    state.turn_no += 1
    state.clock = None  # the caller starts the countdown when it shows the banner (rules.duel.clock)
    side = state.side(player)
    events.append(ev.TurnStarted(player, side.turns_done + 1, state.catalog.rules.turn_seconds))
    income = side.hero.income
    gained = list(income)
    # D-RES-6: mana grows only below its maximum, and never past it [REC].
    gained[MANA] = max(0, min(income[MANA], side.hero.max_mana - side.resources[MANA]))
    for i, amount in enumerate(gained):
        side.resources[i] += amount  # D-RES-7: no cap on the others, they carry over
    events.append(ev.ResourcesGained(player, tuple(gained), tuple(side.resources)))
    for creature in side.field:  # D-TURN-3 (summoning sickness ends), D-TURN-5 (one fight per turn)
        creature.ready = True
        creature.fought = False


def end_turn(state: DuelState, reason: ev.TurnEndReason, rng: Rng, events: list) -> None:
    """End the active turn (D-TURN-8/10): draw back to 5 (D-DECK-3, D-TURN-12), then the next turn."""
    player = state.active
    events.append(ev.TurnEnded(player, reason))
    draw_to_hand(state, player, rng, events)
    state.side(player).turns_done += 1
    state.clock = None
    limit = state.catalog.rules.turn_limit
    if all(s.turns_done >= limit for s in state.sides):  # D-TURN-13 [REC]
        one, two = (s.morale for s in state.sides)
        end_duel(state, None if one == two else (1 if one > two else 2), EndReason.TURN_LIMIT)
        return
    start_turn(state, other_team(player), events)


def surrender(state: DuelState, player: int, events: list) -> None:
    """D-TURN-10 / D-WIN-2: straight to the end of the battle, a loss for ``player``."""
    events.append(ev.TurnEnded(player, ev.TurnEndReason.SURRENDER))
    end_duel(state, other_team(player), EndReason.SURRENDER)
