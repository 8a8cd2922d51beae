"""Movement, rounds and activations in a battle: S-GRID, S-MOVE, S-ACT-7, S-WOUND."""

from __future__ import annotations

from fractions import Fraction

import pytest
from skirmish.helpers import act_now, of, play, scenario

from rules.rng import ScriptedRng
from rules.skirmish import events as ev
from rules.skirmish.actions import Attack, EndActivation, Move
from rules.skirmish.engine import IllegalAction, apply, check, legal_actions
from rules.skirmish.formulas import CELL_METRES, ROUND_SECONDS
from rules.skirmish.movement import reachable
from rules.skirmish.preview import preview
from rules.skirmish.turns import activation_order

F = Fraction


def test_cells_and_rounds_S_GRID_1_S_GRID_2():
    """S-GRID-1: cells of 2 x 2 m (ranges convert at 1 cell = 2 m, S-HIT-11); S-GRID-2: 3-second rounds,
    numbered from 1 as the battle runs."""
    assert (CELL_METRES, ROUND_SECONDS) == (2, 3)
    state, h = scenario("B....\n....s", {"B": "bjorn", "s": "voron"}, actor="B")
    assert state.round_no == 1
    events = play(state, EndActivation(h["B"]))
    events += play(state, EndActivation(h["s"]))  # round 2: Agility 2 before 3/2, no tie to roll
    assert of(ev.RoundStarted, events) == [ev.RoundStarted(2, (h["B"], h["s"]))]


def test_steps_and_paths_S_EX_5_S_MOVE_1_S_MOVE_2_S_MOVE_3_S_MOVE_4():
    """S-EX-5 in a battle: Agility 2 gives 6 steps: 6 cells straight, 4 diagonal, or 2 diagonal + 3
    straight; 7 straight is out of reach. S-MOVE-4: a step needs budget >= its cost.

    Rules: S-MOVE-1, S-MOVE-2, S-MOVE-3.
    """
    state, h = scenario(
        "B.......\n........\n........\n........\n.......s", {"B": "bjorn", "s": "voron"}, actor="B"
    )
    assert state.act.steps == 6
    reach = reachable(state, state.heroes[h["B"]])
    assert (6, 0) in reach and (7, 0) not in reach
    assert (4, 4) in reach and reach[(4, 4)][0] == 12  # 4 diagonal steps, 6 steps in half-steps
    assert (5, 2) in reach  # 2 diagonal + 3 straight
    events = play(state, Move(h["B"], (5, 2)))
    assert events == [ev.HeroMoved(h["B"], events[0].path, F(6))] and len(events[0].path) == 5
    assert state.act.left == 0 and check(state, Move(h["B"], (5, 3))) is not None


def test_unused_steps_are_lost_and_units_block_S_MOVE_4():
    """S-MOVE-4: unused steps are lost at the end of the round; cells with units cannot be entered."""
    state, h = scenario("B.s\n...", {"B": "bjorn", "s": "voron"}, actor="B")
    assert (2, 0) not in reachable(state, state.heroes[h["B"]])
    play(state, Move(h["B"], (1, 1)))
    assert state.act.left == F(9, 2)
    play(state, EndActivation(h["B"]))
    play(state, EndActivation(h["s"]))
    assert state.act.hero == h["B"] and state.act.steps == 6  # a fresh budget, nothing carried


def test_diagonal_squeeze_S_EX_18_S_MOVE_6():
    """S-EX-18: U at (0, 1) to (1, 0): corners (0, 0) and (1, 1). Both occupied (a unit and an obstacle):
    not allowed. One occupied: allowed, 1.5 steps.

    Rules: S-MOVE-6.
    """
    state, h = scenario("......\nBs....\n......", {"B": "bjorn", "s": "voron"}, actor="B")
    assert (1, 0) in reachable(state, state.heroes[h["B"]])  # only (1, 1) is occupied
    assert reachable(state, state.heroes[h["B"]])[(1, 0)][0] == 3
    state, h = scenario("#.....\nB#....\n.#...s", {"B": "bjorn", "s": "voron"}, actor="B")
    assert (1, 0) not in reachable(state, state.heroes[h["B"]])
    with pytest.raises(IllegalAction, match="not reachable"):
        apply(state, Move(h["B"], (1, 0)), ScriptedRng([]))
    state, h = scenario("a.....\nBs....\n......", {"B": "bjorn", "a": "hilda", "s": "voron"}, actor="B")
    detour = reachable(state, state.heroes[h["B"]]).get((1, 0))
    assert detour is None or detour[0] > 3  # units of either side close the corner: only a detour


def test_adjacency_is_the_8_neighbours_S_GRID_3():
    """S-GRID-3: grid distance max(|dx|, |dy|): a diagonal neighbour is adjacent for melee."""
    state, h = scenario("B.\n.s", {"B": "bjorn", "s": "voron"}, actor="B")
    assert Attack(h["B"], h["s"], "sword") in legal_actions(state)
    state, h = scenario("B..\n..s", {"B": "bjorn", "s": "voron"}, actor="B")
    assert Attack(h["B"], h["s"], "sword") not in legal_actions(state)


def test_wounded_sorcerer_steps_S_EX_15_S_WOUND_4():
    """S-EX-15 in a battle: a Sorcerer (Agility 3/2) at HP <= 1/3 has 9/4 steps: 2 straight or 1 diagonal,
    not both. S-WOUND-4: the wound makes it slower."""
    state, h = scenario("S....\n.....\n....b", {"S": "ilsabet", "b": "bjorn"})
    state.heroes[h["S"]].hp = 30
    act_now(state, h["S"])
    assert state.act.steps == F(9, 4)
    reach = reachable(state, state.heroes[h["S"]])
    assert (2, 0) in reach and (1, 1) in reach and (2, 1) not in reach
    state.heroes[h["S"]].hp = 50
    act_now(state, h["S"])
    assert state.act.steps == 3


def test_activation_order_by_agility_ties_shuffled_S_ACT_7():
    """S-ACT-7 / S-OQ-11: descending effective Agility; tied heroes are shuffled with the battle's Rng
    at the start of the round (one Fisher-Yates roll per extra tied hero)."""
    state, h = scenario("BA..\n..sv", {"B": "bjorn", "A": "aldric", "s": "ilsabet", "v": "voron"})
    rng = ScriptedRng([0, 1])  # the Agility-2 pair, then the Agility-3/2 pair
    assert activation_order(state, rng) == (h["A"], h["B"], h["s"], h["v"])
    state.heroes[h["B"]].hp = 100  # 1/2 of 200: Agility 4/3, now after the Sorcerers' 3/2
    assert activation_order(state, ScriptedRng([1])) == (h["A"], h["s"], h["v"], h["B"])


def test_order_is_fixed_for_the_round_and_skips_the_fallen_S_ACT_7_S_OQ_28():
    """S-ACT-7: a hero wounded before its activation keeps its place but moves with its Agility at the
    start of the activation; an incapacitated hero's activation is skipped.

    Rules: S-OQ-28.
    """
    state, h = scenario("B.s.\n...v", {"B": "bjorn", "s": "voron", "v": "ilsabet"}, actor="B")
    order = state.order
    state.heroes[h["s"]].hp = 30  # 1/3 of 100 or less: Agility 3/4
    events = play(state, EndActivation(h["B"]))
    assert state.order == order and state.act.hero == h["s"]
    assert events[-1] == ev.ActivationStarted(h["s"], F(9, 4))
    state.heroes[h["v"]].hp = 0
    events = play(state, EndActivation(h["s"]))
    assert ev.ActivationSkipped(h["v"], "incapacitated") in events
    assert state.act.hero == h["B"] and state.round_no == 2


def test_ranged_dodge_uses_wounded_agility_S_WOUND_4_S_HIT_5():
    """S-WOUND-4 / S-HIT-5: for ranged attacks the target's effective Agility replaces its skill, so a
    wounded target is easier to hit: Hilda's bow (III) on Voron (3/2): 50 + 15; wounded (3/4): 50 + 22.5."""
    state, h = scenario("H....v", {"H": "hilda", "v": "voron"}, actor="H")
    shot = Attack(h["H"], h["v"], "long_bow")
    assert preview(state, shot).targets[0].hit_chance == 65
    state.heroes[h["v"]].hp = 30
    assert preview(state, shot).targets[0].hit_chance == F(145, 2)
