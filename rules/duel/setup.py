"""Start a duel: check the decks (D-DECK-1), roll initiative (D-ORDER), deal 5 cards each (D-DECK-2).

``new_duel`` returns the state at the start of the first player's first turn and every event so
far. A deck is a ready deck's id, a :class:`~rules.duel.catalog_types.Deck`, or a list of card ids.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.teams import PerTeam
from rules.core.toml_reader import CatalogError
from rules.duel import events as ev
from rules.duel.catalog import DuelCatalog, default_duel_catalog
from rules.duel.catalog_types import Deck, Hero
from rules.duel.decks import validate_deck
from rules.duel.formulas import net_tactics, roll_die
from rules.duel.primitives import draw_to_hand
from rules.duel.state import PLAYERS, DuelState, Side
from rules.duel.turns import start_turn
from rules.rng import Rng

DEFAULT_HERO = "commander"  # D-DATA-1

DeckChoice = str | Deck | Sequence[str]


def resolve_deck(catalog: DuelCatalog, choice: DeckChoice, seat: int) -> tuple[list[str], str]:
    """(card ids, default hero id) of a deck choice; a card list (a player's own deck) that breaks a
    deck-building rule of :func:`rules.duel.decks.validate_deck` fails with CatalogError."""
    if isinstance(choice, str):
        choice = catalog.deck(choice)
    if isinstance(choice, Deck):
        return list(choice.cards), choice.hero
    cards = list(choice)
    problems = validate_deck(cards, catalog)  # D-CARD-1 and D-DECK-1, as the deck builder checks them
    if problems:
        raise CatalogError(f"player {seat}'s deck: " + "; ".join(p.describe() for p in problems))
    return cards, DEFAULT_HERO


def roll_initiative(rng: Rng, heroes: tuple[Hero, Hero], catalog: DuelCatalog, events: list) -> int:
    """D-ORDER-1..3: both throw the d8 (Tactics weighting the 8), the higher moves first, ties re-roll."""
    rules = catalog.rules
    levels = (
        net_tactics(heroes[0].tactics, heroes[1].tactics),
        net_tactics(heroes[1].tactics, heroes[0].tactics),
    )
    while True:
        rolls = (
            roll_die(rng, levels[0], rules.die_faces, rules.tactics_bonus_pct),
            roll_die(rng, levels[1], rules.die_faces, rules.tactics_bonus_pct),
        )
        events.append(ev.InitiativeRolled(rolls, levels))
        if rolls[0] != rolls[1]:
            return 1 if rolls[0] > rolls[1] else 2


def new_duel(
    rng: Rng,
    deck1: DeckChoice = "starter",
    deck2: DeckChoice = "starter",
    *,
    hero1: str | None = None,
    hero2: str | None = None,
    catalog: DuelCatalog | None = None,
) -> tuple[DuelState, list[ev.Event]]:
    """A new duel at the start of the first turn, and the events that got it there."""
    catalog = catalog or default_duel_catalog()
    chosen = [resolve_deck(catalog, deck, seat) for seat, deck in zip(PLAYERS, (deck1, deck2), strict=True)]
    hero_ids = (hero1 or chosen[0][1], hero2 or chosen[1][1])
    heroes = (catalog.hero(hero_ids[0]), catalog.hero(hero_ids[1]))
    events: list[ev.Event] = [
        ev.DuelStarted(
            (heroes[0].id, heroes[1].id),
            (heroes[0].morale, heroes[1].morale),
            (heroes[0].max_mana, heroes[1].max_mana),
            (len(chosen[0][0]), len(chosen[1][0])),
        )
    ]
    first = roll_initiative(rng, heroes, catalog, events)
    events.append(ev.FirstPlayerChosen(first))
    sides = PerTeam(Side(1, heroes[0], chosen[0][0]), Side(2, heroes[1], chosen[1][0]))
    state = DuelState(catalog, sides, first)
    for player in PLAYERS:  # D-DECK-2: 5 random cards each, in seat order
        draw_to_hand(state, player, rng, events)
    start_turn(state, first, events)
    return state, events
