"""What one player may see of a duel (P-AI-1): :func:`view`, and :func:`determinize` for search AIs.

Public to both: heroes, morale, resources, the field, the discards, hand and deck sizes, turns.
The viewer also sees his own hand. Hidden: the opponent's hand, and which of the opponent's
unseen cards are in his hand or his deck. The view lists the opponent's unseen cards only as
one sorted multiset (``unseen``: his ready deck's list minus what has been played) and the hand
size, so swapping cards between the opponent's hand and deck leaves the view unchanged. Neither
deck has an order: draws are random at draw time (rules.duel.state), and both decks are shown
as sorted multisets, so no order a deck list might hold can reach a player either. The game's
dice (which decide the future draws) are never part of a view.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.teams import PerTeam, other_team
from rules.duel.catalog import DuelCatalog
from rules.duel.state import Creature, DuelState, Outcome, Side
from rules.rng import Rng, shuffled


@dataclass(frozen=True, slots=True)
class CreatureView:
    uid: int
    card: str
    owner: int
    attack: int
    defense: int
    life: int
    ready: bool
    fought: bool


@dataclass(frozen=True, slots=True)
class SideView:
    """One side as the viewer sees it; ``hand`` is None for the opponent."""

    player: int
    hero: str
    morale: int
    resources: tuple[int, ...]
    field: tuple[CreatureView, ...]
    discard: tuple[str, ...]
    hand: tuple[str, ...] | None
    hand_size: int
    deck_size: int
    unseen: tuple[str, ...]  # own side: the deck; opponent: hand + deck, as one sorted multiset
    turns_done: int


@dataclass(frozen=True, slots=True)
class DuelView:
    """A player's view of the whole duel; equal views mean indistinguishable situations."""

    viewer: int
    active: int
    first_player: int
    turn_no: int
    next_uid: int
    outcome: Outcome | None
    sides: PerTeam[SideView]
    catalog: DuelCatalog

    def side(self, player: int) -> SideView:
        return self.sides[player]

    @property
    def me(self) -> SideView:
        return self.sides[self.viewer]

    @property
    def foe(self) -> SideView:
        return self.sides[other_team(self.viewer)]


def _creature_view(c: Creature) -> CreatureView:
    return CreatureView(c.uid, c.card.id, c.owner, c.attack, c.defense, c.life, c.ready, c.fought)


def _side_view(side: Side, own: bool) -> SideView:
    return SideView(
        player=side.player,
        hero=side.hero.id,
        morale=side.morale,
        resources=tuple(side.resources),
        field=tuple(_creature_view(c) for c in side.field),
        discard=tuple(side.discard),
        hand=tuple(side.hand) if own else None,
        hand_size=len(side.hand),
        deck_size=len(side.deck),
        unseen=tuple(sorted(side.deck)) if own else tuple(sorted(side.hand + side.deck)),
        turns_done=side.turns_done,
    )


def view(state: DuelState, player: int) -> DuelView:
    """``player``'s view of ``state``."""
    return DuelView(
        viewer=player,
        active=state.active,
        first_player=state.first_player,
        turn_no=state.turn_no,
        next_uid=state.next_uid,
        outcome=state.outcome,
        sides=PerTeam(_side_view(state.sides[1], player == 1), _side_view(state.sides[2], player == 2)),
        catalog=state.catalog,
    )


def _rebuild_side(catalog: DuelCatalog, sv: SideView, hand: list[str], deck: list[str]) -> Side:
    side = Side(sv.player, catalog.hero(sv.hero), deck)
    side.morale = sv.morale
    side.resources = list(sv.resources)
    side.hand = sorted(hand)
    side.discard = list(sv.discard)
    side.turns_done = sv.turns_done
    for cv in sv.field:
        creature = Creature(cv.uid, catalog.creatures[cv.card], cv.owner, cv.ready)
        creature.attack, creature.defense, creature.life, creature.fought = (
            cv.attack,
            cv.defense,
            cv.life,
            cv.fought,
        )
        side.field.append(creature)
    return side


def determinize(v: DuelView, rng: Rng | None = None) -> DuelState:
    """A full state consistent with the view: the opponent's hand drawn from his unseen cards.

    With an rng the hand is a uniformly random sample (one ISMCTS determinization); without,
    it is the first ``hand_size`` unseen cards, enough for asking what the viewer may do.
    """
    foe = v.side(other_team(v.viewer))
    pool = list(foe.unseen) if rng is None else shuffled(rng, foe.unseen)
    foe_hand, foe_deck = pool[: foe.hand_size], pool[foe.hand_size :]
    me = v.side(v.viewer)
    assert me.hand is not None
    rebuilt = {
        v.viewer: _rebuild_side(v.catalog, me, list(me.hand), list(me.unseen)),
        foe.player: _rebuild_side(v.catalog, foe, foe_hand, foe_deck),
    }
    state = DuelState(v.catalog, PerTeam(rebuilt[1], rebuilt[2]), v.first_player)
    state.active = v.active
    state.turn_no = v.turn_no
    state.next_uid = v.next_uid
    state.outcome = v.outcome
    return state
