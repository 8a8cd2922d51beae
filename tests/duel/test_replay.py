"""Duel replays (rules/duel/replay.py): a duel is written with both decks and the heroes played, and
plays back from them exactly, a custom deck of card ids as well as a ready deck."""

from __future__ import annotations

import json

import pytest

from rules.core.replay import ReplayError, read_replay, state_hash, verify
from rules.duel.ai import make_ai
from rules.duel.catalog import default_duel_catalog
from rules.duel.match import play_match
from rules.duel.replay import record
from rules.duel.state import DuelState


def played(seed: str, decks: tuple, heroes: tuple = (None, None)) -> tuple[DuelState, list]:
    states: list[DuelState] = []
    result = play_match(
        (make_ai("greedy"), make_ai("greedy")), seed, decks=decks, heroes=heroes, on_state=states.append
    )
    return states[-1], result.actions


def test_a_custom_deck_and_chosen_heroes_are_recorded_and_played_back_P_SAVE_1() -> None:
    catalog = default_duel_catalog()
    cards = list(catalog.deck("iron_legion").cards)
    decks = (cards, "sky_host")
    state, actions = played("custom/1", decks, heroes=("wizard", None))
    replay = read_replay(record(state, "custom/1", actions, decks=decks).to_json())
    assert replay.setup == {"decks": [cards, "sky_host"], "heroes": ["wizard", catalog.deck("sky_host").hero]}
    final = verify(replay)
    assert state_hash(final) == state_hash(state) and final.outcome == state.outcome


def test_an_unknown_deck_in_a_replay_is_refused_in_words() -> None:
    state, actions = played("deck/2", ("starter", "starter"))
    data = json.loads(record(state, "deck/2", actions).to_json())
    data["decks"][1] = "no_such_deck"
    with pytest.raises(
        ReplayError, match=r"^the replay's setup does not start a duel: unknown deck 'no_such_deck'"
    ):
        verify(read_replay(json.dumps(data)))
