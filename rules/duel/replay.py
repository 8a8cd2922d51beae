"""Duel replays: a duel is (card catalog, both decks and heroes, seed, actions), in the one replay
format of :mod:`rules.core.replay`.

The duel's setup fields: ``decks``, each seat's ready deck id or its list of card ids, and
``heroes``, the hero each seat played (resolved: a deck's default hero is written by name). The
dice are ``SeededRng(f"{seed}/dice")``, as :func:`rules.duel.match.play_match` seeds them; the
duel starts with :func:`rules.duel.setup.new_duel` on those dice.

The 60-second countdown (D-TURN-6..9) is the playing client's clock, not part of what a replay
keeps: the recorded final hash is taken with no countdown set, and played back a
:class:`~rules.duel.actions.TimeOut` is taken at its own reading (the deadline it ended the turn at,
which the client checked when it was played), so a duel that a turn's time ran out in replays too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, get_args

from rules.core import replay as core
from rules.core.match import GameRules
from rules.core.replay import Replay
from rules.duel.actions import Action, TimeOut
from rules.duel.catalog import DuelCatalog, default_duel_catalog
from rules.duel.catalog_types import Deck
from rules.duel.engine import apply, check
from rules.duel.events import Event
from rules.duel.match import RULES
from rules.duel.setup import DeckChoice, new_duel
from rules.duel.state import PLAYERS, DuelState
from rules.rng import Rng, SeededRng

ACTION_TYPES: tuple[type, ...] = get_args(Action)  # every action type, from the game's union
DECK_FIELD = tuple[str | tuple[str, ...], str | tuple[str, ...]]  # a ready deck's id or its card ids
HEROES_FIELD = tuple[str, str]


def replay_check(state: DuelState, action: Action) -> str | None:
    """``check`` as a replay asks it: a recorded TimeOut counts as due at its own reading."""
    if isinstance(action, TimeOut):
        return "the duel is over" if state.outcome is not None else None
    return check(state, action)


def replay_apply(state: DuelState, action: Action, rng: Rng) -> list[Event]:
    """``apply`` as a replay plays it: a TimeOut ends the turn at the deadline it recorded."""
    if isinstance(action, TimeOut):
        state.clock = (action.now_ms, None)  # the countdown ran out at this reading (D-TURN-8)
    return apply(state, action, rng)


REPLAY_RULES: GameRules[DuelState, Action] = GameRules(
    active=RULES.active,
    view=RULES.view,
    check=replay_check,
    apply=replay_apply,
    over=RULES.over,
    on_failure=RULES.on_failure,
)


def final_hash(state: DuelState) -> str:
    """The state's hash without the client's countdown (which a replay does not keep)."""
    twin = state.clone()
    twin.clock = None
    return core.state_hash(twin)


class DuelReplays:
    """The hero duel in the replay format (:class:`rules.core.replay.GameReplays`)."""

    game = "duel"
    catalog_name = "card catalog"
    noun = "duel"
    action_types = ACTION_TYPES
    seed_hint = int | str
    replay_class = Replay
    rules = REPLAY_RULES

    def catalog_hash(self, catalog: DuelCatalog | None = None) -> str:
        return (catalog or default_duel_catalog()).version

    def dice(self, seed: int | str) -> Rng:
        return SeededRng(f"{seed}/dice")  # as rules.duel.match.play_match

    def read_setup(self, data: Mapping[str, Any], version: int) -> dict[str, Any]:
        decks = core.field_of(data, "decks", DECK_FIELD)
        heroes = core.field_of(data, "heroes", HEROES_FIELD)
        return {"decks": core.to_plain(decks), "heroes": core.to_plain(heroes)}

    def start(
        self, replay: core.Replay, dice: Rng, source: Any, catalog: DuelCatalog | None
    ) -> tuple[DuelState, list[Event]]:
        deck1, deck2 = (d if isinstance(d, str) else tuple(d) for d in replay.setup["decks"])
        hero1, hero2 = replay.setup["heroes"]
        return new_duel(dice, deck1, deck2, hero1=hero1, hero2=hero2, catalog=catalog)


REPLAYS: core.GameReplays = DuelReplays()


def deck_field(choice: DeckChoice) -> str | list[str]:
    """How a deck choice is written: a ready deck by id, any other deck as its card ids."""
    if isinstance(choice, str):
        return choice
    if isinstance(choice, Deck):
        return list(choice.cards)
    return list(choice)


def record(
    state: DuelState,
    seed: int | str,
    actions: Sequence[Action],
    *,
    decks: tuple[DeckChoice, DeckChoice] = ("starter", "starter"),
) -> Replay:
    """A replay of the duel ``play_match(..., seed, decks=decks, heroes=...)`` played to ``state``.

    The heroes are read from ``state`` (each seat's, its deck's default included); the hash leaves
    out the client's countdown.
    """
    fields = {
        "decks": [deck_field(decks[0]), deck_field(decks[1])],
        "heroes": [state.sides[player].hero.id for player in PLAYERS],
    }
    return Replay("duel", state.catalog.version, fields, seed, tuple(actions), final_hash(state))
