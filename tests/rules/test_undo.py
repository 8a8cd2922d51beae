"""Which actions may be taken back (issue #24's undo): no dice rolled, nothing revealed.

The scenarios play real actions on ASCII boards and ask :func:`rules.tactics.undo.refusal` about
the events they produced, counting the rolls through :class:`rules.tactics.undo.Counting`.
"""

from __future__ import annotations

import pytest

from rules.rng import ScriptedRng, SeededRng
from rules.tactics import events as ev
from rules.tactics.actions import Attack, Defend, Move, Skip, Surrender
from rules.tactics.engine import apply
from rules.tactics.text import scenario
from rules.tactics.undo import Counting, refusal


def judged(state, action, rng=None) -> str | None:
    dice = Counting(rng or SeededRng(3))
    events = apply(state, action, dice)
    return refusal(action, events, dice.rolls > 0)


def test_a_plain_move_a_defence_and_a_skip_can_be_taken_back() -> None:
    squads = {"S": ("swordsman", 5), "A": ("archer", 5), "g": ("goblin", 5)}
    state = scenario("S.....\nA.....\n.....g", squads)
    assert judged(state, Move(0, (1, 0)), ScriptedRng([])) is None  # ScriptedRng([]): no roll allowed
    state = scenario("S.....\n.....g", {"S": ("swordsman", 5), "g": ("goblin", 5)})
    assert judged(state, Skip(0), ScriptedRng([])) is None
    state = scenario("S.....\n.....g", {"S": ("swordsman", 5), "g": ("goblin", 5)})
    assert judged(state, Defend(0), ScriptedRng([])) is None


def test_attacks_and_surrender_cannot_be_taken_back() -> None:
    state = scenario("Sg....", {"S": ("swordsman", 5), "g": ("goblin", 5)})
    assert judged(state.clone(), Attack(0, (1, 0))) == "attack"
    assert judged(state.clone(), Surrender(1)) == "surrender"


def test_a_trap_the_move_springs_cannot_be_taken_back_T_TRAP_1() -> None:
    """Rules: T-TRAP-1 (the trap's damage rolls and the hidden trap comes to light)."""
    state = scenario("S^....\n.....g", {"S": ("swordsman", 20), "g": ("goblin", 5)})
    assert judged(state, Move(0, (1, 0))) == "trap"


@pytest.mark.parametrize(
    ("board", "reason"),
    [("S!....\n.....g", "flag"), ("S$....\n.....g", "chest")],
)
def test_a_move_onto_a_flag_or_a_chest_cannot_be_taken_back(board: str, reason: str) -> None:
    state = scenario(board, {"S": ("swordsman", 5), "g": ("goblin", 5)})
    assert judged(state, Move(0, (1, 0))) == reason


def test_a_move_that_set_off_a_backstab_roll_cannot_be_taken_back_T_PROP_5() -> None:
    """Rules: T-PROP-5 (an adjacent enemy backstabber rolls before the squad moves away)."""
    state = scenario("a.....\nS.....\n......", {"S": ("swordsman", 5), "a": ("assassin", 5)}, first_team=1)
    dice = Counting(SeededRng(1))
    events = apply(state, Move(1, (1, 2)), dice)
    assert any(isinstance(e, ev.BackstabRolled) for e in events)
    assert refusal(Move(1, (1, 2)), events, dice.rolls > 0) == "backstab"


def test_rolled_dice_or_unknown_events_refuse_even_a_move() -> None:
    move = Move(0, (1, 0))
    assert refusal(move, [ev.SquadMoved(0, (0, 0), (1, 0))], rolled=True) == "dice"
    assert refusal(move, [ev.SquadMoved(0, (0, 0), (1, 0)), ev.Surrendered(2)], rolled=False) == "revealed"


def test_counting_passes_the_rolls_through() -> None:
    dice = Counting(ScriptedRng([4, 9]))
    assert (dice.randint(1, 6), dice.randint(1, 10), dice.rolls) == (4, 9, 2)
