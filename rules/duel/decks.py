"""A player's own duel deck: the deck-building rules of duel.md and the deck file's JSON.

:func:`validate_deck` checks a list of cards against every deck-building rule the spec gives and
returns the broken ones as :class:`DeckProblem` data (a code and its numbers), so each language
words them itself. duel.md's rules for a deck's contents are:

- D-DECK-1: at least ``rules.min_deck`` (21) cards at battle start;
- D-CARD-1 (and the glossary's "hero card: one per player, not in the deck"): a deck holds creature
  and magic cards of the catalog only; the hero is chosen beside it, never put in it.

The spec sets no maximum size and no limit on copies of one card, so neither is a rule here; the
file format caps the copies of one card at :data:`MAX_COPIES` only so that a broken file cannot
ask for a billion cards.

A deck file (:func:`deck_to_json` / :func:`deck_from_json`) is one JSON object::

    {"format": "runetide-duel-deck", "version": 1, "name": "My deck", "hero": "commander",
     "cards": {"militia": 3, "pikeman": 3, ...}}

Reading is strict: anything else (not JSON, a missing or unknown key, a count that is not a whole
number from 1 to :data:`MAX_COPIES`, an empty name) raises :class:`DeckFileError`, and nothing
else is ever raised. Whether the cards and hero exist in the catalog is :func:`deck_problems`'s
question, not the format's.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.duel.catalog import DuelCatalog

FORMAT = "runetide-duel-deck"
VERSION = 1
MAX_COPIES = 99  # a format limit (not a game rule: the spec has none), against absurd files
MAX_NAME = 40  # characters of a deck's name
CARD_ID = re.compile(r"[a-z0-9_]{1,64}")
KEYS = ("format", "version", "name", "hero", "cards")


class DeckFileError(ValueError):
    """A deck file that is not a deck: says what is wrong with it."""


@dataclass(frozen=True, slots=True)
class DeckProblem:
    """One broken deck-building rule: ``code`` says which, ``rule`` cites duel.md.

    codes: ``too_few`` (``count`` cards, ``needed`` at least; D-DECK-1), ``unknown_card`` (``card`` is
    not in the catalog; D-CARD-1), ``hero_card`` (``card`` is a hero, which is not put in a deck;
    D-CARD-1), ``unknown_hero`` (the deck's ``card`` names no hero of the catalog; D-HERO).
    """

    code: str
    rule: str
    count: int = 0
    needed: int = 0
    card: str = ""

    def describe(self) -> str:
        """The problem in English, for logs and errors (the client words it in each language)."""
        if self.code == "too_few":
            return f"the deck has {self.count} cards; a deck needs at least {self.needed} ({self.rule})"
        if self.code == "hero_card":
            return f"{self.card!r} is a hero card, which is not put in a deck ({self.rule})"
        if self.code == "unknown_hero":
            return f"unknown hero {self.card!r} ({self.rule})"
        return f"unknown card {self.card!r} ({self.rule})"


def card_counts(cards: Iterable[str] | Mapping[str, int]) -> Counter[str]:
    """Cards as {id: copies}, from a list with one id per copy or from a mapping of counts."""
    if isinstance(cards, Mapping):
        return Counter({card: n for card, n in cards.items() if n > 0})
    return Counter(cards)


def validate_deck(cards: Iterable[str] | Mapping[str, int], catalog: DuelCatalog) -> list[DeckProblem]:
    """Every deck-building rule ``cards`` breaks, in a fixed order (empty: the deck may be played).

    D-CARD-1: each card is a creature or magic card of the catalog (a hero id is named as such);
    D-DECK-1: at least ``catalog.rules.min_deck`` cards, counting only cards that exist.
    """
    counts = card_counts(cards)
    problems: list[DeckProblem] = []
    size = 0
    for card in sorted(counts):
        if card in catalog.creatures or card in catalog.spells:
            size += counts[card]
        elif card in catalog.heroes:
            problems.append(DeckProblem("hero_card", "D-CARD-1", card=card))
        else:
            problems.append(DeckProblem("unknown_card", "D-CARD-1", card=card))
    if size < catalog.rules.min_deck:
        problems.insert(0, DeckProblem("too_few", "D-DECK-1", count=size, needed=catalog.rules.min_deck))
    return problems


@dataclass(frozen=True, slots=True)
class PlayerDeck:
    """A deck the player built: its name, the hero it is played with, and {card id: copies}."""

    name: str
    hero: str
    cards: dict[str, int] = field(default_factory=dict)

    @property
    def size(self) -> int:
        return sum(self.cards.values())

    def card_list(self) -> tuple[str, ...]:
        """One id per copy, sorted: what :func:`rules.duel.setup.new_duel` takes as a deck."""
        return tuple(sorted(card for card, n in self.cards.items() for _ in range(n)))


def deck_problems(deck: PlayerDeck, catalog: DuelCatalog) -> list[DeckProblem]:
    """:func:`validate_deck` of the deck's cards, and an unknown hero."""
    problems = validate_deck(deck.cards, catalog)
    if deck.hero not in catalog.heroes:
        problems.append(DeckProblem("unknown_hero", "D-HERO", card=deck.hero))
    return problems


def clean_name(name: str) -> str:
    """A deck name as stored: spaces collapsed and trimmed; DeckFileError when empty, too long or
    holding control characters."""
    if not isinstance(name, str):
        raise DeckFileError("the name must be text")
    cleaned = " ".join(name.split())
    if not cleaned:
        raise DeckFileError("the deck has no name")
    if len(cleaned) > MAX_NAME:
        raise DeckFileError(f"the name is longer than {MAX_NAME} characters")
    if any(not ch.isprintable() for ch in cleaned):
        raise DeckFileError("the name holds control characters")
    return cleaned


def deck_to_json(deck: PlayerDeck) -> str:
    """The deck file's text (keys in a fixed order, cards sorted, a newline at the end)."""
    data = {
        "format": FORMAT,
        "version": VERSION,
        "name": clean_name(deck.name),
        "hero": deck.hero,
        "cards": {card: deck.cards[card] for card in sorted(deck.cards) if deck.cards[card] > 0},
    }
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def deck_from_json(text: str | bytes) -> PlayerDeck:
    """The deck a deck file's text holds; DeckFileError (only) for anything that is not one."""
    try:
        data = json.loads(text)
    except (ValueError, TypeError, RecursionError) as exc:  # JSONDecodeError and bad bytes are ValueErrors
        raise DeckFileError(f"not JSON: {exc}") from None
    return deck_from_data(data)


def deck_from_data(data: Any) -> PlayerDeck:
    """The deck of already-parsed JSON; DeckFileError for anything that is not one."""
    if not isinstance(data, dict):
        raise DeckFileError("a deck file holds one JSON object")
    unknown = sorted(str(k) for k in data if k not in KEYS)
    if unknown:
        raise DeckFileError(f"unknown key {unknown[0]!r}; known: {', '.join(KEYS)}")
    missing = [k for k in KEYS if k not in data]
    if missing:
        raise DeckFileError(f"missing key {missing[0]!r}")
    if data["format"] != FORMAT:
        raise DeckFileError(f"key 'format': expected {FORMAT!r}")
    version = data["version"]
    if type(version) is not int or version != VERSION:
        raise DeckFileError(f"key 'version': this game reads version {VERSION}")
    name = clean_name(data["name"])
    hero = data["hero"]
    if not isinstance(hero, str) or not CARD_ID.fullmatch(hero):
        raise DeckFileError("key 'hero': a hero id (lower-case letters, digits, _)")
    cards = data["cards"]
    if not isinstance(cards, dict):
        raise DeckFileError("key 'cards': an object of card id -> copies")
    counts: dict[str, int] = {}
    for card, n in cards.items():
        if not CARD_ID.fullmatch(card):
            raise DeckFileError(f"key 'cards': {card[:70]!r} is not a card id")
        if type(n) is not int or not 1 <= n <= MAX_COPIES:  # type() check: JSON true is not a count
            raise DeckFileError(f"key 'cards': {card}: copies must be a whole number from 1 to {MAX_COPIES}")
        counts[card] = n
    return PlayerDeck(name, hero, dict(sorted(counts.items())))
