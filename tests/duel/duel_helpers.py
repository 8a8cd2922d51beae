"""Small builders for duel scenario tests: a state with chosen cards, creatures put on the field,
and ``play`` applying an action with exactly the scripted rolls."""

from __future__ import annotations

from collections.abc import Iterable

from rules.duel.catalog import DuelCatalog, default_duel_catalog
from rules.duel.engine import apply
from rules.duel.events import Event
from rules.duel.state import Creature, DuelState, Side
from rules.rng import ScriptedRng

CAT = default_duel_catalog()


def make_state(
    *,
    active: int = 1,
    heroes: tuple[str, str] = ("commander", "commander"),
    hands: tuple[Iterable[str], Iterable[str]] = ((), ()),
    decks: tuple[Iterable[str], Iterable[str]] = ((), ()),
    catalog: DuelCatalog = CAT,
) -> DuelState:
    """A duel in ``active``'s turn with empty fields and the given hands and decks (no events)."""
    sides = (
        Side(1, catalog.hero(heroes[0]), list(decks[0])),
        Side(2, catalog.hero(heroes[1]), list(decks[1])),
    )
    for side, hand in zip(sides, hands, strict=True):
        side.hand = sorted(hand)
    state = DuelState(catalog, sides, first_player=1)
    state.active = active
    state.turn_no = 1
    return state


def put(
    state: DuelState,
    player: int,
    card: str,
    *,
    ready: bool = True,
    life: int | None = None,
    attack: int | None = None,
    defense: int | None = None,
) -> Creature:
    """Put a creature straight onto ``player``'s field (no cost, no event); returns it."""
    creature = Creature(state.next_uid, state.catalog.creatures[card], player, ready)
    state.next_uid += 1
    if life is not None:
        creature.life = life
    if attack is not None:
        creature.attack = attack
    if defense is not None:
        creature.defense = defense
    state.side(player).field.append(creature)
    return creature


def play(state: DuelState, action: object, *rolls: int) -> list[Event]:
    """Apply ``action`` with exactly these rolls; fails if the rules asked for more or fewer."""
    rng = ScriptedRng(rolls)
    events = apply(state, action, rng)  # type: ignore[arg-type]
    assert rng.remaining == 0, f"{rng.remaining} scripted rolls were not used"
    return events


def of(kind: type, events: list) -> list:
    """The events of one type, in order."""
    return [e for e in events if isinstance(e, kind)]


def names(events: list) -> list[str]:
    return [type(e).__name__ for e in events]


def rich(state: DuelState, player: int, amount: int = 50) -> None:
    """Give a player plenty of every resource."""
    state.side(player).resources = [amount] * 7
