"""The turn (§5): free order, summoning, one fight per creature, drawing back to 5, ending a turn,
surrender, the turn limit, dismissal and the 60-second clock."""

from __future__ import annotations

import pytest
from duel_helpers import make_state, names, of, play, put, rich

from rules.duel import events as ev
from rules.duel.actions import Attack, CastSpell, Dismiss, EndTurn, PlayCreature, Surrender, TimeOut
from rules.duel.clock import banner_text, ms_left, pause_clock, resume_clock, seconds_left, start_clock
from rules.duel.engine import IllegalAction, apply, check, legal_actions
from rules.rng import ScriptedRng


def test_free_order_within_a_turn():
    """D-TURN-1: attack, play a creature, cast, attack again: any order in one turn."""
    state = make_state(hands=(["militia", "bless"], []))
    rich(state, 1)
    a = put(state, 1, "crossbowman")
    b = put(state, 1, "archer")
    play(state, Attack(a.uid, -2), 2, 3)
    play(state, PlayCreature("militia"))
    play(state, CastSpell("bless", b.uid))
    events = play(state, Attack(b.uid, -2), 5, 1)
    assert of(ev.MoraleChanged, events) == [ev.MoraleChanged(2, -4, 26, "fight")]


def test_any_number_of_creatures_up_to_five_on_the_field():
    """D-TURN-2, D-FIELD-1: as many creatures as resources allow in one turn, never more than 5."""
    state = make_state(hands=(["militia"] * 5, []))
    rich(state, 1)
    put(state, 1, "pikeman")
    for _ in range(4):
        play(state, PlayCreature("militia"))
    assert len(state.side(1).field) == 5
    assert check(state, PlayCreature("militia")) == (
        "at most 5 creatures may be on a side's field (D-FIELD-1, D-TURN-2)"
    )
    assert not any(isinstance(a, PlayCreature) for a in legal_actions(state))
    with pytest.raises(IllegalAction):
        apply(state, PlayCreature("militia"), ScriptedRng([]))


def test_summoning_sickness_and_the_royal_griffin():
    """D-TURN-3, D-CARD-5, D-COMBAT-2: a new creature attacks only from its owner's next turn;
    the Royal Griffin may attack on the turn it enters (it is played, then chosen as attacker)."""
    state = make_state(hands=(["militia", "royal_griffin"], []))
    rich(state, 1)
    [played] = play(state, PlayCreature("militia"))
    assert played == ev.CreaturePlayed(
        1, "militia", 1, (1, 0, 1, 0, 0, 0, 0), (49, 50, 49, 50, 50, 50, 50), False
    )
    assert check(state, Attack(1, -2)) == "Militia entered this turn and may attack from the next (D-TURN-3)"
    [griffin] = play(state, PlayCreature("royal_griffin"))
    assert griffin.ready
    assert Attack(2, -2) in legal_actions(state) and Attack(1, -2) not in legal_actions(state)
    play(state, Attack(2, -2), 7, 3, 1, 1)  # the hero counterattacks: 1 vs 1
    play(state, EndTurn())
    play(state, EndTurn())
    assert check(state, Attack(1, -2)) is None  # the militia's next turn


def test_one_fight_per_creature_per_turn_but_counterattacks_are_unlimited():
    """D-TURN-5 [REC D-OQ-6]: a creature starts at most one fight per turn; it may counterattack
    every time it is attacked."""
    state = make_state()
    knight = put(state, 1, "knight")
    m1, m2, m3 = (put(state, 2, "swordsman") for _ in range(3))
    play(state, Attack(knight.uid, m1.uid), 1, 4, 4, 1)
    assert (
        check(state, Attack(knight.uid, m2.uid)) == "Knight has already started a fight this turn (D-TURN-5)"
    )
    play(state, EndTurn())
    for attacker in (m1, m2, m3):  # three fights, three counterattacks by the same knight
        events = play(state, Attack(attacker.uid, knight.uid), 1, 1, 1, 1)
        assert [e.phase for e in of(ev.Rolled, events)] == ["attack", "counter"]


def test_end_of_turn_draws_back_to_five_for_the_player_whose_turn_ended():
    """D-DECK-3 [REC D-OQ-3], D-TURN-12, D-TURN-10: «конец хода» ends the turn and deals the ending
    player random cards until he holds 5; the other player draws nothing."""
    state = make_state(
        hands=(["militia", "bless"], ["militia"]), decks=(["griffin", "knight", "pikeman"], ["ghoul"] * 9)
    )
    state.side(1).turns_done = 2
    events = play(state, EndTurn(), 1, 1)  # the last card is certain: no roll
    assert events == [
        ev.TurnEnded(1, "end_turn"),
        ev.CardsDrawn(1, ("knight", "pikeman", "griffin"), 5, 0),
        ev.TurnStarted(2, 1, 60),
        ev.ResourcesGained(2, (2, 1, 2, 1, 1, 1, 0), (2, 1, 2, 1, 1, 1, 10)),
    ]
    assert state.side(1).hand == ["bless", "griffin", "knight", "militia", "pikeman"]
    assert state.side(2).hand == ["militia"]
    assert state.side(1).turns_done == 3


def test_empty_deck_means_no_draw_and_no_penalty():
    """D-DECK-4 [REC D-OQ-4]: nothing to draw, nothing happens; the discard is never reshuffled."""
    state = make_state(hands=(["militia"], []))
    state.side(1).discard = ["knight", "bless"]
    events = play(state, EndTurn())
    assert names(events) == ["TurnEnded", "TurnStarted", "ResourcesGained"]
    assert state.side(1).hand == ["militia"] and state.side(1).discard == ["knight", "bless"]
    assert state.side(1).morale == 30


def test_worked_example_surrender_gate_and_surrender():
    """D-EX-12, D-TURN-11 [REC D-OQ-8], D-UI-4: «сдаться» is enabled from the first turn after both
    players completed 5 turns, the first player's 6th; D-TURN-10, D-WIN-2: it ends the duel at once
    with a loss for the one who pressed it."""
    state = make_state()
    for _ in range(9):  # P1 completes 5, P2 completes 4
        assert not any(isinstance(a, Surrender) for a in legal_actions(state))
        assert "once both players have completed 5 turns" in (check(state, Surrender(state.active)) or "")
        play(state, EndTurn())
    assert state.active == 2 and check(state, Surrender(2)) is not None  # P2's 5th turn: not yet
    play(state, EndTurn())
    assert state.active == 1 and state.side(1).turns_done == 5 == state.side(2).turns_done
    assert legal_actions(state)[-1] == Surrender(1)
    assert check(state, Surrender(2)) == "player 2 may surrender only in his own turn (D-TURN-10)"
    events = play(state, Surrender(1))
    assert events == [ev.TurnEnded(1, "surrender"), ev.DuelEnded(2, "surrender", (30, 30))]
    assert state.outcome is not None and state.outcome.winner == 2
    assert legal_actions(state) == [] and check(state, EndTurn()) == "the duel is over"


@pytest.mark.parametrize(("morale", "winner"), [((12, 9), 1), ((5, 20), 2), ((7, 7), None)])
def test_turn_limit_decides_by_morale(morale: tuple[int, int], winner: int | None):
    """D-TURN-13 [REC]: once each player has completed 40 turns, more morale wins; equal is a draw."""
    state = make_state()
    state.side(1).turns_done, state.side(2).turns_done = 40, 39
    state.side(1).morale, state.side(2).morale = morale
    state.active = 2
    events = play(state, EndTurn())
    assert events == [ev.TurnEnded(2, "end_turn"), ev.DuelEnded(winner, "turn_limit", morale)]


def test_dismiss_frees_a_slot_and_is_not_a_death():
    """D-TURN-14 [REC]: the owner sends his creature to the discard in his own turn; a Scary creature
    dismissed gives the enemy no morale (that is for a death, D-TYPE-8)."""
    state = make_state()
    ghoul = put(state, 1, "ghoul")
    enemy = put(state, 2, "militia")
    state.side(2).morale = 20
    assert Dismiss(ghoul.uid) in legal_actions(state) and Dismiss(enemy.uid) not in legal_actions(state)
    assert check(state, Dismiss(enemy.uid)) is not None
    events = play(state, Dismiss(ghoul.uid))
    assert events == [ev.CreatureDiscarded(1, ghoul.uid, "ghoul", "dismissed")]
    assert state.side(1).discard == ["ghoul"] and state.side(2).morale == 20


def test_the_sixty_second_clock_and_the_timeout():
    """D-TURN-6, D-TURN-7, D-TURN-8: 60 s a turn, counted down from the caller's clock; at 0 the
    client's TimeOut ends the turn (before that it is refused) and the opponent's turn starts."""
    state = make_state()
    assert check(state, TimeOut(10**9)) == "the turn's countdown has not been started"
    start_clock(state, 5_000)
    assert seconds_left(state, 5_000) == 60 and seconds_left(state, 23_000) == 42
    assert seconds_left(state, 64_001) == 1 and seconds_left(state, 65_000) == 0
    assert check(state, TimeOut(64_999)) == "the turn still has 1 ms (D-TURN-6)"
    assert TimeOut(65_000) not in legal_actions(state)  # sent by the client, not chosen
    events = play(state, TimeOut(65_000))
    assert names(events) == ["TurnEnded", "TurnStarted", "ResourcesGained"]
    assert events[0] == ev.TurnEnded(1, "timeout") and events[1] == ev.TurnStarted(2, 1, 60)
    assert state.active == 2 and state.clock is None and ms_left(state, 70_000) is None


def test_the_clock_pauses_while_a_fight_is_shown():
    """D-TURN-9 [REC D-OQ-7]: paused during a fight's display, the deadline moves by the pause;
    a TimeOut while paused is refused, so a turn never times out mid-fight."""
    state = make_state()
    start_clock(state, 0)
    pause_clock(state, 10_000)
    assert seconds_left(state, 30_000) == 50
    assert (
        check(state, TimeOut(70_000)) == "the countdown is paused while a fight or effect is shown (D-TURN-9)"
    )
    resume_clock(state, 25_000)
    assert seconds_left(state, 25_000) == 50
    assert check(state, TimeOut(74_999)) is not None and check(state, TimeOut(75_000)) is None


def test_banner_text_is_filled_in():
    """D-TURN-7, D-UI-3, D-UI-5: the banner the game window draws names the player and the seconds
    left, never the source's template."""
    assert banner_text("Игрок 1", 42, "ru") == "Ход: Игрок 1 — 42"
    assert banner_text("Player 1", 42) == "Turn: Player 1 — 42"
    assert "такого-то" not in banner_text("Игрок 2", 60, "ru")
