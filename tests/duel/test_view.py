"""Hidden information (P-AI-1): what a player's view shows, and proof that no AI can see more.

The view lists the opponent's unseen cards only as one multiset plus the hand size, so moving
cards between the opponent's hand and deck gives the same view; decks are shown as sorted
multisets, so reordering a deck list (which changes the future draws) gives the same view too.
Every AI receives only the view and its own rng (never the game's dice), so its choice cannot
change with the opponent's hidden cards or the decks' order: checked on positions taken from real
duels, for each AI.
"""

from __future__ import annotations

from collections import Counter

import pytest

from rules.core.teams import other_team
from rules.duel import events as ev
from rules.duel.ai import make_ai
from rules.duel.ai.base import Budget
from rules.duel.engine import check
from rules.duel.match import play_match
from rules.duel.primitives import draw_to_hand
from rules.duel.state import DuelState
from rules.duel.view import determinize, view
from rules.rng import SeededRng, shuffled


def positions(seed: int, every: int = 4) -> list[DuelState]:
    """States from a greedy duel between two different decks, every few plies."""
    states: list[DuelState] = []
    play_match((make_ai("greedy"), make_ai("greedy")), seed, decks=("sky_host", "night_terror"),
               on_state=lambda s: states.append(s.clone()))  # fmt: skip
    return [s for i, s in enumerate(states) if i % every == 0 and s.outcome is None]


def with_hidden_cards_permuted(state: DuelState, player: int, rng: SeededRng) -> DuelState:
    """A copy in which ``player``'s hand is redrawn at random from his hand + deck."""
    twin = state.clone()
    side = twin.side(player)
    pool = shuffled(rng, side.hand + side.deck)
    side.hand = sorted(pool[: len(side.hand)])
    side.deck = sorted(pool[len(side.hand) :])
    return twin


def with_everything_hidden_permuted(state: DuelState, viewer: int, rng: SeededRng) -> DuelState:
    """A copy that differs from ``state`` in everything ``viewer`` must not know: the opponent's hand
    redrawn from his unseen cards, and both deck lists put in a random order (the engine draws by
    index into the list, so with the same dice the future draws of both players change)."""
    twin = with_hidden_cards_permuted(state, other_team(viewer), rng)
    for side in twin.sides:
        side.deck = shuffled(rng, side.deck)
    return twin


def next_draws(state: DuelState, player: int, dice_seed: int = 0) -> tuple[str | None, ...]:
    """The cards ``player`` would draw next with these dice if his hand were empty."""
    twin = state.clone()
    twin.side(player).hand = []
    events: list = []
    draw_to_hand(twin, player, SeededRng(dice_seed), events)
    return events[0].cards if events else ()


def test_the_view_hides_the_opponents_hand_and_shows_the_rest():
    """P-AI-1: own hand and deck contents, the opponent's hand size and unseen multiset only."""
    state = positions(1)[3]
    me, foe = state.active, other_team(state.active)
    v = view(state, me)
    assert v.me.hand == tuple(state.side(me).hand)
    assert v.me.unseen == tuple(state.side(me).deck)
    assert v.foe.hand is None and v.foe.hand_size == len(state.side(foe).hand)
    assert Counter(v.foe.unseen) == Counter(state.side(foe).hand + state.side(foe).deck)
    assert v.foe.deck_size == len(state.side(foe).deck)
    assert [c.uid for c in v.foe.field] == [c.uid for c in state.side(foe).field]
    assert v.foe.morale == state.side(foe).morale and v.foe.resources == tuple(state.side(foe).resources)


def test_permuting_the_opponents_hidden_cards_leaves_the_view_unchanged():
    """P-AI-1: the view cannot tell which unseen cards the opponent holds."""
    rng = SeededRng("perm")
    for state in positions(2):
        me = state.active
        twin = with_hidden_cards_permuted(state, other_team(me), rng)
        assert view(twin, me) == view(state, me)
        if twin.side(other_team(me)).hand != state.side(other_team(me)).hand:
            assert view(twin, other_team(me)) != view(state, other_team(me))  # the owner does see his hand


@pytest.mark.parametrize("name", ["random", "greedy", "ismcts"])
def test_no_ai_choice_depends_on_hidden_cards_or_deck_order(name: str):
    """P-AI-1 (the issue's proof): with the opponent's hand redrawn from his unseen cards and both
    decks reordered, so that the opponent holds other cards and both players' next draws differ,
    each AI makes the same choice for the same view and seed, on positions from a real duel."""
    ai = make_ai(name)
    budget = Budget(iterations=40 if name == "ismcts" else 12)
    rng = SeededRng(f"perm/{name}")
    checked = changed_hands = changed_foe_draws = changed_own_draws = 0
    for state in positions(3, every=6 if name == "ismcts" else 3):
        me = state.active
        twin = with_everything_hidden_permuted(state, me, rng)
        assert view(twin, me) == view(state, me)
        changed_hands += twin.side(other_team(me)).hand != state.side(other_team(me)).hand
        changed_foe_draws += next_draws(twin, other_team(me)) != next_draws(state, other_team(me))
        changed_own_draws += next_draws(twin, me) != next_draws(state, me)
        first = ai.decide(view(state, me), SeededRng(7), budget)
        second = ai.decide(view(twin, me), SeededRng(7), budget)
        assert first == second
        assert check(twin, second) is None
        checked += 1
    assert checked >= 5
    assert min(changed_hands, changed_foe_draws, changed_own_draws) >= 3  # the permutations were real


def test_determinize_is_consistent_with_the_view():
    """P-AI-1: a determinization shows the viewer exactly his view, whichever hand it guessed."""
    for state in positions(4):
        for player in (1, 2):
            v = view(state, player)
            for seed in range(3):
                guess = determinize(v, SeededRng(seed))
                assert view(guess, player) == v
                foe = guess.side(other_team(player))
                assert Counter(foe.hand + foe.deck) == Counter(v.foe.unseen)
            assert view(determinize(v), player) == v


def test_drawn_cards_are_redacted_for_the_other_player():
    """P-AI-1, D-DECK-3: the opponent sees how many cards were drawn, not which."""
    drawn = ev.CardsDrawn(1, ("knight", "bless"), 5, 10)
    assert ev.redact(drawn, 1) == drawn
    assert ev.redact(drawn, 2) == ev.CardsDrawn(1, (None, None), 5, 10)
    other_event = ev.TurnEnded(1, "end_turn")
    assert ev.redact_all([drawn, other_event], 2) == [ev.CardsDrawn(1, (None, None), 5, 10), other_event]
