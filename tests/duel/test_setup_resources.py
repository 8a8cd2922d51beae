"""Starting a duel and its economy: initiative (§5 D-ORDER), opening hands (§3), resources (§4)."""

from __future__ import annotations

from duel_helpers import make_state, names, of, play, put

from rules.duel import events as ev
from rules.duel.actions import CastSpell, EndTurn, PlayCreature
from rules.duel.engine import check, legal_actions
from rules.duel.setup import new_duel
from rules.rng import ScriptedRng

MILITIA_DECK = ["militia"] * 21


def test_new_duel_exact_events_with_a_re_rolled_tie():
    """D-ORDER-1: both throw a d8, equal throws re-roll (D-ORDER-3), the higher moves first;
    D-DECK-2: 5 random cards each; D-HERO-3: morale 30; D-RES-3/D-RES-4: only mana, knowledge x 10;
    D-EX-3: knowledge 1 -> 10 mana at the start and a maximum of 10 (D-RES-6: no regeneration at max)."""
    rng = ScriptedRng([4, 4, 3, 6] + [0] * 10)
    state, events = new_duel(rng, MILITIA_DECK, MILITIA_DECK)
    assert rng.calls[:4] == [(1, 8, 4), (1, 8, 4), (1, 8, 3), (1, 8, 6)]
    assert [c[:2] for c in rng.calls[4:9]] == [(0, 20), (0, 19), (0, 18), (0, 17), (0, 16)]
    assert events == [
        ev.DuelStarted(("commander", "commander"), (30, 30), (10, 10), (21, 21)),
        ev.InitiativeRolled((4, 4), (0, 0)),
        ev.InitiativeRolled((3, 6), (0, 0)),
        ev.FirstPlayerChosen(2),
        ev.CardsDrawn(1, ("militia",) * 5, 5, 16),
        ev.CardsDrawn(2, ("militia",) * 5, 5, 16),
        ev.TurnStarted(2, 1, 60),
        ev.ResourcesGained(2, (2, 1, 2, 1, 1, 1, 0), (2, 1, 2, 1, 1, 1, 10)),
    ]
    assert state.active == 2 and state.first_player == 2
    assert [s.morale for s in state.sides] == [30, 30]
    assert state.side(1).resources == [0, 0, 0, 0, 0, 0, 10]
    assert len(state.side(1).hand) == len(state.side(2).hand) == 5


def test_tactics_weights_the_stronger_heros_die():
    """D-ORDER-2, D-ORDER-3: the Warlord (Tactics 2) against the Commander (0) throws one weighted
    randint (faces 69 each, the 8 weighs 77: 560 in all); the Commander a plain d8."""
    rng = ScriptedRng([560, 8, 1, 2] + [0] * 10)
    state, events = new_duel(rng, "iron_legion", "starter")
    assert rng.calls[:4] == [(1, 560, 560), (1, 8, 8), (1, 560, 1), (1, 8, 2)]
    assert of(ev.InitiativeRolled, events) == [
        ev.InitiativeRolled((8, 8), (2, 0)),
        ev.InitiativeRolled((1, 2), (2, 0)),
    ]
    assert state.first_player == 2
    rng = ScriptedRng([8, 483] + [0] * 10)  # seats swapped: the bonus follows the hero (483 = last 7)
    state, events = new_duel(rng, "starter", "iron_legion")
    assert of(ev.InitiativeRolled, events) == [ev.InitiativeRolled((8, 7), (0, 2))]
    rng = ScriptedRng([8, 1] + [0] * 10)  # equal levels cancel: both plain d8s
    new_duel(rng, "iron_legion", "iron_legion")
    assert rng.calls[:2] == [(1, 8, 8), (1, 8, 1)]


def test_worked_example_crossbowman_needs_two_turns_of_income():
    """D-EX-5, D-RES-2, D-RES-5, D-CARD-5: 3 wood + 2 iron cannot be paid after the first turn's income
    (2, 2); at the start of the second turn (4, 4) it can."""
    state, _ = new_duel(ScriptedRng([2, 1] + [0] * 10), ["crossbowman"] * 21, MILITIA_DECK)
    assert state.active == 1
    assert check(state, PlayCreature("crossbowman")) == "cannot pay the entry cost of Crossbowman (D-RES-2)"
    assert PlayCreature("crossbowman") not in legal_actions(state)
    play(state, EndTurn())
    play(state, EndTurn())
    assert state.side(1).resources[:3] == [4, 2, 4]
    events = play(state, PlayCreature("crossbowman"))
    assert events == [
        ev.CreaturePlayed(1, "crossbowman", 1, (3, 0, 2, 0, 0, 0, 0), (1, 2, 2, 2, 2, 2, 10), False)
    ]


def test_worked_example_income_after_n_turns():
    """D-EX-11, D-RES-5, D-RES-7: with nothing spent, after n own turns: wood and iron 2n, the other
    four n each, no cap, all carried over; mana stays at its maximum (D-RES-6)."""
    state, _ = new_duel(ScriptedRng([8, 1] + [0] * 10), MILITIA_DECK, MILITIA_DECK)
    for n in range(1, 13):
        side = state.side(1)
        assert side.resources == [2 * n, n, 2 * n, n, n, n, 10]
        events = play(state, EndTurn())
        events += play(state, EndTurn())
        assert names(events) == ["TurnEnded", "TurnStarted", "ResourcesGained"] * 2  # full hands: no draw


def test_worked_example_mana_regenerates_one_below_the_cap():
    """D-EX-10, D-RES-4, D-RES-6: knowledge 2 -> 20 mana, max 20; spend 7 -> 13; next own turn 14;
    regeneration never passes the maximum."""
    state = make_state(heroes=("necromancer", "commander"), hands=(["lightning", "curse"], []))
    assert state.side(1).resources[6] == 20 and state.side(1).hero.max_mana == 20
    troll = put(state, 2, "troll")
    play(state, CastSpell("lightning", troll.uid))
    play(state, CastSpell("curse", troll.uid))
    assert state.side(1).resources[6] == 13
    play(state, EndTurn())
    events = play(state, EndTurn())
    assert of(ev.ResourcesGained, events) == [
        ev.ResourcesGained(1, (2, 1, 2, 2, 1, 1, 1), (2, 1, 2, 2, 1, 1, 14))
    ]
    state.side(1).resources[6] = 20
    play(state, EndTurn())
    events = play(state, EndTurn())
    assert of(ev.ResourcesGained, events)[0].gained[6] == 0  # at the maximum: no increase
    state.side(1).hero = state.catalog.heroes["wizard"]  # regenerates 2, max 20
    state.side(1).resources[6] = 19
    play(state, EndTurn())
    events = play(state, EndTurn())
    assert of(ev.ResourcesGained, events)[0].totals[6] == 20  # capped, not 21


def test_seven_resources_and_who_pays_with_what():
    """D-RES-1, D-RES-2: seven resources; creatures pay in the six non-mana ones, magic in mana only."""
    from rules.duel.catalog_types import RESOURCES

    assert RESOURCES == ("wood", "mercury", "iron", "salt", "crystals", "gems", "mana")
    state = make_state(hands=(["griffin", "lightning"], []))
    state.side(1).resources = [2, 2, 0, 0, 1, 0, 2]
    assert check(state, PlayCreature("griffin")) is None
    assert check(state, CastSpell("lightning", -2)) == "cannot pay the entry cost of Lightning (D-RES-2)"
    state.side(1).resources[6] = 3
    events = play(state, CastSpell("lightning", -2))
    assert events[0] == ev.SpellCast(1, "lightning", -2, (0, 0, 0, 0, 0, 0, 3), (2, 2, 0, 0, 1, 0, 0))
    events = play(state, PlayCreature("griffin"))
    assert events[0].resources == (0, 0, 0, 0, 0, 0, 0)
