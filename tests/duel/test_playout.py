"""Random playouts of whole duels over 240 seeds: invariants after every ply, illegal actions that
change nothing, clones and replays that agree, and every duel ends.

Each seed draws two ready decks and plays uniformly random legal actions (Surrender allowed on
some seeds, so that ending is exercised too). On a sample of plies the test also applies the
same action to a clone with a copy of the dice and compares, and tries illegal actions.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules.core.teams import other_team
from rules.duel import events as ev
from rules.duel.actions import Attack, CastSpell, Dismiss, EndTurn, PlayCreature, Surrender, TimeOut
from rules.duel.catalog import default_duel_catalog
from rules.duel.engine import IllegalAction, apply, check, legal_actions
from rules.duel.setup import new_duel
from rules.duel.state import DuelState
from rules.duel.view import determinize, view
from rules.rng import SeededRng

SEEDS = range(240)
CAT = default_duel_catalog()
DECKS = sorted(CAT.decks)


def check_invariants(state: DuelState, deck_sizes: tuple[int, int]) -> None:
    """D-FIELD-1, D-DECK-3, D-HERO-7, D-DECK-5, D-RES-2: the duel's bookkeeping stays consistent."""
    uids = [c.uid for s in state.sides for c in s.field]
    assert len(uids) == len(set(uids)) and all(0 < u < state.next_uid for u in uids)
    for side, size in zip(state.sides, deck_sizes, strict=True):
        assert len(side.field) <= CAT.rules.max_field
        assert len(side.hand) <= CAT.rules.hand_size
        assert side.morale <= side.hero.morale
        assert all(r >= 0 for r in side.resources)
        assert side.resources[6] <= side.hero.max_mana
        assert all(c.life > 0 and c.owner == side.player for c in side.field)
        assert len(side.hand) + len(side.deck) + len(side.discard) + len(side.field) == size  # no card lost
        assert side.hand == sorted(side.hand) and side.deck == sorted(side.deck)
    if state.outcome is None:
        assert all(s.morale > 0 for s in state.sides)
        actions = legal_actions(state)
        assert EndTurn() in actions
        assert (Surrender(state.active) in actions) == state.surrender_open()
        assert all(check(state, a) is None for a in actions)
    else:
        loser = [s.player for s in state.sides if s.morale <= 0]
        if state.outcome.reason == "morale":
            assert loser == [other_team(state.outcome.winner)]


def illegal_probes(state: DuelState) -> list:
    """Actions that must be refused now."""
    me, foe = state.me, state.foe
    probes: list = [Attack(9999, -other_team(state.active)), Dismiss(9999), TimeOut(0)]
    probes += [PlayCreature(c) for c in CAT.creatures if c not in me.hand][:2]
    probes += [CastSpell("lightning", -state.active)]
    probes += [Attack(c.uid, -state.active) for c in foe.field[:1]]
    probes += [Attack(c.uid, -state.active) for c in me.field[:1]]
    if not state.surrender_open():
        probes.append(Surrender(state.active))
    probes.append(Surrender(other_team(state.active)))
    return probes


def play_random(seed: int, *, checks: bool) -> tuple[list, DuelState]:
    """One random duel; returns the full event log and the final state."""
    pick = random.Random(seed)
    decks = (pick.choice(DECKS), pick.choice(DECKS))
    dice = SeededRng(seed)
    state, log = new_duel(dice, *decks)
    sizes = (len(CAT.decks[decks[0]].cards), len(CAT.decks[decks[1]].cards))
    allow_surrender = seed % 5 == 0
    plies = 0
    while state.outcome is None:
        actions = [a for a in legal_actions(state) if allow_surrender or not isinstance(a, Surrender)]
        action = pick.choice(actions)
        if checks and plies % 7 == 0:
            before = state.fingerprint()
            for probe in illegal_probes(state):
                assert check(state, probe) is not None, probe
                with pytest.raises(IllegalAction):
                    apply(state, probe, dice)
                assert state.fingerprint() == before
            twin, twin_dice = state.clone(), SeededRng(seed)
            twin_dice.set_state(dice.get_state())
            twin_events = apply(twin, action, twin_dice)
            for player in (1, 2):
                assert view(determinize(view(state, player), SeededRng(plies)), player) == view(state, player)
        events = apply(state, action, dice)
        if checks and plies % 7 == 0:
            assert twin_events == events and twin.fingerprint() == state.fingerprint()
        log += events
        plies += 1
        if checks:
            check_invariants(state, sizes)
        assert plies < 20_000
    return log, state


@pytest.mark.parametrize("block", range(4))
def test_random_playouts_keep_every_invariant_and_end(block: int):
    """D-WIN-1, D-WIN-2, D-TURN-13: over 240 seeds every duel ends (morale, surrender or turn limit),
    with every invariant holding after every ply; the last event is DuelEnded."""
    reasons: Counter = Counter()
    for seed in SEEDS[block::4]:
        log, state = play_random(seed, checks=True)
        assert state.outcome is not None
        assert isinstance(log[-1], ev.DuelEnded) and log[-1].winner == state.outcome.winner
        assert sum(isinstance(e, ev.DuelEnded) for e in log) == 1
        reasons[state.outcome.reason] += 1
    assert set(reasons) <= {"morale", "surrender", "turn_limit"} and sum(reasons.values()) == 60


def test_replays_are_identical():
    """The same seed and choices give the same event log and final state (saves and replays)."""
    for seed in SEEDS[::12]:
        first_log, first = play_random(seed, checks=False)
        second_log, second = play_random(seed, checks=False)
        assert first_log == second_log and first.fingerprint() == second.fingerprint()


def test_a_clone_is_independent():
    """Changing a clone never touches the original (search AIs rely on it)."""
    state, _ = new_duel(SeededRng(3), "starter", "sky_host")
    before = state.fingerprint()
    twin = state.clone()
    dice = SeededRng(4)
    while twin.outcome is None and twin.turn_no < 8:
        apply(twin, random.Random(twin.turn_no).choice(legal_actions(twin)), dice)
    assert state.fingerprint() == before and twin.fingerprint() != before
