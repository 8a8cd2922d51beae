"""Defensive style in a battle: S-STYLE-1..6, S-HIT-4, S-MOVE-5, S-ACT-5."""

from __future__ import annotations

from fractions import Fraction

from skirmish.helpers import act_now, play, scenario

from rules.skirmish import events as ev
from rules.skirmish.actions import Attack, DeclareStyle, EndActivation, Move
from rules.skirmish.engine import check, legal_actions
from rules.skirmish.movement import reachable
from rules.skirmish.preview import preview

F = Fraction
BOARD = ".....\n.Bv..\n....."


def styled(board: str = BOARD, heroes: dict | None = None):
    state, h = scenario(board, heroes or {"B": "bjorn", "v": "voron"}, actor="B")
    return state, h


def test_style_needs_a_suitable_weapon_S_STYLE_1():
    """S-STYLE-1 / S-DATA-2: the sword allows defensive style, the dagger does not."""
    state, h = styled()
    assert DeclareStyle(h["B"], (h["v"],)) in legal_actions(state)
    state, h = scenario(".Mv.", {"M": "mirela", "v": "voron"}, actor="M")
    assert "suitable melee weapon" in check(state, DeclareStyle(h["M"], (h["v"],)))


def test_declared_first_then_one_cell_and_no_attack_S_STYLE_6_S_STYLE_4_S_STYLE_5_S_MOVE_5_S_ACT_5():
    """S-STYLE-6: declared at the start of the activation; in it the hero moves at most one cell
    (S-STYLE-4 / S-MOVE-5) and does not attack (S-STYLE-5 / S-ACT-5)."""
    state, h = styled()
    events = play(state, DeclareStyle(h["B"], (h["v"],)))
    assert events == [ev.StyleDeclared(h["B"], (h["v"],))]
    assert set(reachable(state, state.heroes[h["B"]])) == {
        (1, 1),
        (0, 0),
        (1, 0),
        (2, 0),
        (0, 1),
        (0, 2),
        (1, 2),
        (2, 2),
    }
    assert "does not attack" in check(state, Attack(h["B"], h["v"], "sword"))
    play(state, Move(h["B"], (1, 0)))
    assert "not reachable" in check(state, Move(h["B"], (0, 0)))
    state, h = styled()
    play(state, Move(h["B"], (1, 0)))
    assert "start of the activation" in check(state, DeclareStyle(h["B"], (h["v"],)))


def test_attacks_against_the_defender_get_minus_10_S_STYLE_3b_S_HIT_4_S_STYLE_2():
    """S-STYLE-3b / S-HIT-4: the +10% block is -10 to the base chance of attacks on the defender;
    Voron (Staves I) on Bjorn (Swords IV, shield 1X): 50 - 20 - 10 - 30 = -10 -> 5.

    Rules: S-STYLE-2.
    """
    state, h = styled()
    play(state, DeclareStyle(h["B"], (h["v"],)))
    play(state, EndActivation(h["B"]))
    assert state.heroes[h["B"]].style
    state.heroes[h["B"]].shield = None
    assert preview(state, Attack(h["v"], h["B"], "staff")).targets[0].hit_chance == 10  # 50 - 10 - 30


def test_a_blocked_enemy_rolls_to_move_past_S_STYLE_3_S_STYLE_3a_S_STYLE_2():
    """S-STYLE-3a: Voron, blocked (1 of 3: 25%), steps from (2, 1) to (2, 0), still adjacent: it must
    roll; 26 fails and its movement this round is lost. S-STYLE-2: up to three enemies are blocked.

    Rules: S-STYLE-3.
    """
    state, h = styled()
    play(state, DeclareStyle(h["B"], (h["v"],)))
    play(state, EndActivation(h["B"]))
    events = play(state, Move(h["v"], (2, 0)), 26)
    assert events == [ev.StyleCheckRolled(h["v"], h["B"], 25, 26, False)]
    assert state.act.left == 0 and state.heroes[h["v"]].pos == (2, 1)


def test_a_passed_check_and_steps_away_S_STYLE_3a():
    """S-STYLE-3a: a roll of 25 passes; one check per enemy per round; a step to grid distance 2 needs
    no check at all."""
    state, h = styled()
    play(state, DeclareStyle(h["B"], (h["v"],)))
    play(state, EndActivation(h["B"]))
    twin = state.clone()
    events = play(state, Move(h["v"], (2, 0)), 25)
    assert events == [
        ev.StyleCheckRolled(h["v"], h["B"], 25, 25, True),
        ev.HeroMoved(h["v"], ((2, 0),), F(1)),
    ]
    assert play(state, Move(h["v"], (1, 0))) == [ev.HeroMoved(h["v"], ((1, 0),), F(1))]
    assert play(twin, Move(h["v"], (3, 1))) == [
        ev.BlockingChanged(h["B"], ()),
        ev.HeroMoved(h["v"], ((3, 1),), F(1)),
    ]


def test_blocking_more_enemies_splits_attention_S_STYLE_3a():
    """S-STYLE-3a: 2 blocked -> 50% each; with more than 3 adjacent the defender's side chooses 3
    (legal_actions lists each choice); an enemy that becomes adjacent later is blocked while fewer
    than 3 are."""
    heroes = {"B": "bjorn", "v": "voron", "i": "ilsabet", "m": "mirela", "h": "hilda"}
    state, h = scenario("vim..\n.B...\n.h...", heroes, actor="B")
    choices = [a for a in legal_actions(state) if isinstance(a, DeclareStyle)]
    assert len(choices) == 4 and all(len(c.blocked) == 3 for c in choices)
    state, h = scenario("vi...\n.B...\n.....", {"B": "bjorn", "v": "voron", "i": "ilsabet"}, actor="B")
    play(state, DeclareStyle(h["B"], (h["v"], h["i"])))
    play(state, EndActivation(h["B"]))
    act_now(state, h["v"])
    assert play(state, Move(h["v"], (0, 1)), 50)[0] == ev.StyleCheckRolled(h["v"], h["B"], 50, 50, True)
    state, h = scenario("v....\n.B...\n...i.", {"B": "bjorn", "v": "voron", "i": "ilsabet"}, actor="B")
    play(state, DeclareStyle(h["B"], (h["v"],)))
    play(state, EndActivation(h["B"]))
    act_now(state, h["i"])
    events = play(state, Move(h["i"], (2, 2)))
    assert ev.BlockingChanged(h["B"], (h["v"], h["i"])) in events


def test_style_lasts_until_the_next_activation_S_STYLE_6():
    """S-STYLE-6: the style holds through the others' activations and ends when the defender's next
    activation starts, where it may be declared again."""
    state, h = styled()
    play(state, DeclareStyle(h["B"], (h["v"],)))
    play(state, EndActivation(h["B"]))
    events = play(state, EndActivation(h["v"]))
    assert ev.StyleEnded(h["B"]) in events and not state.heroes[h["B"]].style
    assert DeclareStyle(h["B"], (h["v"],)) in legal_actions(state)
