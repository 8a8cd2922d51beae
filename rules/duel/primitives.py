"""The few private primitives through which every change of a duel passes.

Each mutates the state and appends its event, so the event log tells the whole story. The end of
the duel is recorded in ``state.outcome`` the moment morale reaches 0 (D-WIN-1, D-WIN-3); the
engine appends :class:`~rules.duel.events.DuelEnded` as the action's last event.
"""

from __future__ import annotations

from bisect import insort

from rules.core.teams import other_team
from rules.duel import events as ev
from rules.duel.catalog_types import Trait
from rules.duel.state import Creature, DuelState, EndReason, Outcome
from rules.rng import Rng

# Enum members read in hot loops, bound once (a StrEnum member lookup costs ~6 plain lookups).
_END_REASON_MORALE = EndReason.MORALE
_TRAIT_SCARY = Trait.SCARY


def end_duel(state: DuelState, winner: int | None, reason: EndReason) -> None:
    if state.outcome is None:
        morale = (state.sides[1].morale, state.sides[2].morale)
        state.outcome = Outcome(winner, reason, morale)


def change_morale(state: DuelState, player: int, delta: int, reason: ev.MoraleReason, events: list) -> None:
    """Add ``delta`` to a hero's morale, capped at its starting morale (D-HERO-7).

    A change of 0 (a bonus at the cap) shows nothing. Morale at or below 0 ends the duel at
    once with the other player's victory, whoever's turn it is (D-HERO-1, D-WIN-1, D-WIN-3).
    """
    side = state.side(player)
    new = min(side.hero.morale, side.morale + delta)
    if new == side.morale:
        return
    events.append(ev.MoraleChanged(player, new - side.morale, new, reason))
    side.morale = new
    if new <= 0:
        end_duel(state, other_team(player), _END_REASON_MORALE)


def lose_life(state: DuelState, creature: Creature, amount: int, source: ev.LossSource, events: list) -> None:
    """D-COMBAT-7/8: take ``amount`` (> 0) life; at 0 or below the creature dies."""
    creature.life -= amount
    events.append(ev.LifeLost(creature.uid, amount, creature.life, source))
    if creature.life <= 0:
        kill(state, creature, events)


def kill(state: DuelState, creature: Creature, events: list) -> None:
    """D-COMBAT-8 / D-DECK-5: to the discard; a Scary creature's death cheers the enemy (D-TYPE-8)."""
    remove(state, creature, ev.DiscardReason.KILLED, events)
    if creature.has(_TRAIT_SCARY):
        scary = state.catalog.rules.scary_morale
        change_morale(state, other_team(creature.owner), scary, ev.MoraleReason.SCARY_DEATH, events)


def remove(state: DuelState, creature: Creature, reason: ev.DiscardReason, events: list) -> None:
    """Take a creature off the field into its owner's discard (D-DECK-5, D-TURN-14)."""
    side = state.side(creature.owner)
    side.field.remove(creature)
    side.discard.append(creature.card.id)
    events.append(ev.CreatureDiscarded(creature.owner, creature.uid, creature.card.id, reason))


def draw_to_hand(state: DuelState, player: int, rng: Rng, events: list) -> None:
    """D-DECK-2/3: random cards from the deck until the hand holds 5; none from an empty deck (D-DECK-4)."""
    side = state.side(player)
    drawn: list[str] = []
    while len(side.hand) < state.catalog.rules.hand_size and side.deck:
        last = len(side.deck) - 1
        card = side.deck.pop(rng.randint(0, last) if last else 0)  # one card left: no roll
        insort(side.hand, card)
        drawn.append(card)
    if drawn:
        events.append(ev.CardsDrawn(player, tuple(drawn), len(side.hand), len(side.deck)))
