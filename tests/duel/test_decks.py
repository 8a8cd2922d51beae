"""A player's own deck (rules/duel/decks.py): the deck-building rules and the deck file's JSON.

Rules cited: duel.md D-DECK-1 (at least 21 cards), D-CARD-1 (a deck holds creature and magic cards;
the hero card is one per player and not in the deck). The spec sets no copy limit and no maximum,
so a deck of 21 copies of one card, or of 60 cards, is valid. The loader is fuzzed: any JSON (or
any text) gives a deck or a DeckFileError, never another exception.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.toml_reader import CatalogError
from rules.duel.catalog import default_duel_catalog
from rules.duel.decks import (
    FORMAT,
    MAX_COPIES,
    DeckFileError,
    DeckProblem,
    PlayerDeck,
    deck_from_json,
    deck_problems,
    deck_to_json,
    validate_deck,
)
from rules.duel.setup import new_duel
from rules.rng import SeededRng

CATALOG = default_duel_catalog()


def starter_cards() -> list[str]:
    return list(CATALOG.deck("starter").cards)


def test_every_ready_deck_passes_the_deck_building_rules():
    for deck in CATALOG.decks.values():
        assert validate_deck(deck.cards, CATALOG) == []


def test_d_deck_1_a_deck_of_20_cards_is_refused_with_its_count_and_the_minimum():
    """D-DECK-1: fewer than 21 cards is a problem carrying both numbers."""
    cards = starter_cards()[:20]
    assert validate_deck(cards, CATALOG) == [DeckProblem("too_few", "D-DECK-1", count=20, needed=21)]
    assert validate_deck([], CATALOG) == [DeckProblem("too_few", "D-DECK-1", count=0, needed=21)]


def test_d_deck_1_exactly_21_cards_and_more_are_valid():
    """D-DECK-1 says "at least 21": 21 is enough and there is no maximum."""
    assert validate_deck(starter_cards()[:21], CATALOG) == []
    assert validate_deck(starter_cards() * 3, CATALOG) == []


def test_the_spec_sets_no_copy_limit():
    """duel.md has no rule on copies of one card: 21 militia are a legal deck."""
    assert validate_deck(["militia"] * 21, CATALOG) == []
    assert validate_deck({"militia": 21}, CATALOG) == []


def test_d_card_1_unknown_cards_and_hero_cards_are_named():
    """D-CARD-1: only the catalog's creature and magic cards; a hero is not put in the deck."""
    cards = [*starter_cards()[:21], "ogre_king", "commander"]
    assert validate_deck(cards, CATALOG) == [
        DeckProblem("hero_card", "D-CARD-1", card="commander"),
        DeckProblem("unknown_card", "D-CARD-1", card="ogre_king"),
    ]


def test_d_deck_1_counts_only_real_cards():
    """20 real cards and one unknown card: D-DECK-1 sees 20, D-CARD-1 names the stranger."""
    problems = validate_deck([*starter_cards()[:20], "ogre_king"], CATALOG)
    assert [p.code for p in problems] == ["too_few", "unknown_card"]
    assert problems[0].count == 20


def test_counts_and_lists_are_the_same_deck():
    as_list = starter_cards()[:19]
    counts: dict[str, int] = {}
    for card in as_list:
        counts[card] = counts.get(card, 0) + 1
    assert validate_deck(counts, CATALOG) == validate_deck(as_list, CATALOG)


def test_problems_describe_themselves_in_english_with_the_rule():
    text = DeckProblem("too_few", "D-DECK-1", count=19, needed=21).describe()
    assert text == "the deck has 19 cards; a deck needs at least 21 (D-DECK-1)"


def test_deck_problems_adds_an_unknown_hero():
    deck = PlayerDeck("Mine", "nobody", {"militia": 21})
    assert deck_problems(deck, CATALOG) == [DeckProblem("unknown_hero", "D-HERO", card="nobody")]


def test_new_duel_plays_a_player_deck_and_refuses_a_broken_one():
    """A player's deck is started as its card list; the rules refuse what the builder refuses."""
    deck = PlayerDeck("Pikes", "warlord", {"pikeman": 11, "militia": 10})
    state, _ = new_duel(SeededRng(3), deck.card_list(), "starter", hero1=deck.hero)
    side = state.side(1)
    assert side.hero.id == "warlord"
    assert sorted([*side.deck, *side.hand]) == sorted(deck.card_list())
    with pytest.raises(CatalogError, match=r"'commander' is a hero card.*\(D-CARD-1\)"):
        new_duel(SeededRng(3), [*deck.card_list(), "commander"], "starter")


# ---- the deck file -------------------------------------------------------------------------------
def test_a_deck_survives_the_round_trip():
    deck = PlayerDeck("Ночной ужас 2", "necromancer", {"skeleton": 3, "zombie": 18})
    text = deck_to_json(deck)
    assert json.loads(text)["format"] == FORMAT
    assert "Ночной" in text  # readable, not \u-escaped
    assert deck_from_json(text) == deck
    assert deck_from_json(text.encode("utf-8")) == deck


def good() -> dict:
    return {"format": FORMAT, "version": 1, "name": "Mine", "hero": "commander", "cards": {"militia": 21}}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("cards"), "missing key 'cards'"),
        (lambda d: d.update(extra=1), "unknown key 'extra'"),
        (lambda d: d.update(format="other"), "key 'format'"),
        (lambda d: d.update(version=2), "version 1"),
        (lambda d: d.update(version=True), "version 1"),
        (lambda d: d.update(name="   "), "no name"),
        (lambda d: d.update(name="x" * 41), "longer than 40"),
        (lambda d: d.update(name="a\x00b"), "control characters"),
        (lambda d: d.update(name=7), "must be text"),
        (lambda d: d.update(hero=None), "key 'hero'"),
        (lambda d: d.update(cards=["militia"]), "key 'cards'"),
        (lambda d: d.update(cards={"militia": 0}), "from 1 to"),
        (lambda d: d.update(cards={"militia": True}), "from 1 to"),
        (lambda d: d.update(cards={"militia": 2.0}), "from 1 to"),
        (lambda d: d.update(cards={"militia": MAX_COPIES + 1}), "from 1 to"),
        (lambda d: d.update(cards={"Militia!": 3}), "not a card id"),
    ],
)
def test_the_loader_is_strict(change, message):
    data = good()
    change(data)
    with pytest.raises(DeckFileError, match=message):
        deck_from_json(json.dumps(data))


@pytest.mark.parametrize("text", ["", "{", "[1, 2]", "null", '"deck"', "\ufeff{}", b"\xff\xfe\x00"])
def test_not_a_deck_object_is_a_deck_file_error(text):
    with pytest.raises(DeckFileError):
        deck_from_json(text)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=20,
)


def near_deck() -> st.SearchStrategy[dict]:
    """Deck-shaped objects with any values, so the fuzzing reaches the inner checks too."""
    return st.fixed_dictionaries(
        {
            "format": st.sampled_from([FORMAT, "x"]) | JSON,
            "version": st.sampled_from([1, 2, True]) | JSON,
            "name": st.text(max_size=45) | JSON,
            "hero": st.sampled_from(["commander", "Bad id"]) | JSON,
            "cards": st.dictionaries(st.text(max_size=8), st.integers(-2, 120) | JSON, max_size=6) | JSON,
        }
    )


@settings(max_examples=300, deadline=None)
@given(JSON | near_deck())
def test_any_json_gives_a_deck_or_a_deck_file_error(data):
    """Property: the loader never raises anything but DeckFileError, and what it accepts saves
    and loads back the same."""
    try:
        deck = deck_from_json(json.dumps(data))
    except DeckFileError:
        return
    assert deck_from_json(deck_to_json(deck)) == deck


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60) | st.binary(max_size=60))
def test_any_text_gives_a_deck_or_a_deck_file_error(text):
    try:
        deck_from_json(text)
    except DeckFileError:
        pass
