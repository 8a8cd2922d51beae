"""The look-ahead's luck correction: expected changes against the engine's exact roll enumeration.

``expected_change`` must be the mean of what the dice do to :func:`material`, or subtracting
the luck would bias the search instead of only taking its noise away.
"""

import pytest
from roll_enumeration import enumerate_outcomes

from rules.rng import SeededRng
from rules.tactics.actions import Attack, LineAttack, Move
from rules.tactics.ai.goals import WIN
from rules.tactics.ai.lookahead import Search, sample_value
from rules.tactics.ai.luck import apply_counting_luck, expected_change, material
from rules.tactics.ai.plans import Plan
from rules.tactics.setup import Objective, Trap
from rules.tactics.text import scenario


def exact_mean_change(state, action):
    team = state.active_team
    before = material(state, team)
    return float(
        sum(
            weight * (material(after, team) - before)
            for weight, _, after in enumerate_outcomes(state, action)
        )
    )


CASES = {
    "ranged at distance 5": (
        "A.....\n......\n.....g",
        {"A": ("archer", 9), "g": ("goblin", 6)},
        Attack(0, (5, 2)),
        0.01,
    ),
    "a kill in one blow possible": (
        "N.\ng.",
        {"N": ("assassin", 10), "g": ("goblin", 3)},
        Attack(0, (0, 1)),
        0.01,
    ),
    "line attack on two squads": (
        "Q..g\n....\ns...",
        {"Q": ("catapult", 3), "g": ("goblin", 5), "s": ("swordsman", 2)},
        LineAttack(0),
        0.01,
    ),
    # The counterstrike is estimated from the expected survivors, not their distribution: close, not exact.
    "melee into a counterstrike": (
        "S.\no.",
        {"S": ("swordsman", 7), "o": ("orc_brute", 4)},
        Attack(0, (0, 1)),
        0.1,
    ),
}


@pytest.mark.parametrize("name", list(CASES))
def test_expected_change_is_the_mean_of_the_engine_rolls_T_DMG_1_T_HP_1(name):
    board, squads, action, tolerance = CASES[name]
    state = scenario(board, squads)
    exact = exact_mean_change(state, action)
    assert exact > 0
    assert expected_change(state, action) == pytest.approx(exact, rel=tolerance)


def test_expected_change_of_a_move_counts_backstabs_T_PROP_5():
    """Leaving a backstabbing assassin's side costs, on average, what its backstab removes."""
    state = scenario("S.\nn.\n..", {"S": ("swordsman", 6), "n": ("assassin", 4)})
    move = Move(0, (1, 0))
    exact = exact_mean_change(state, move)
    assert exact < 0
    assert expected_change(state, move) == pytest.approx(exact, rel=0.01)


def test_a_visible_trap_is_an_expected_loss_not_luck_T_TRAP_1():
    state = scenario(
        "S..\n...\n..g", {"S": ("swordsman", 6), "g": ("goblin", 2)}, traps=(Trap((1, 0), visible=True),)
    )
    assert expected_change(state, Move(0, (1, 0))) < -2 * 46  # 430..530 damage: about five swordsmen
    assert expected_change(state, Move(0, (0, 1))) == 0


def test_luck_is_realized_minus_expected_for_the_acting_side():
    state = scenario("A.....\n......\n.....g", {"A": ("archer", 9), "g": ("goblin", 6)})
    action = Attack(0, (5, 2))
    expected = expected_change(state, action)
    twin = state.clone()
    luck = apply_counting_luck(twin, action, SeededRng(4), me=1)
    assert luck == pytest.approx(material(twin, 1) - material(state, 1) - expected)
    other = state.clone()
    assert apply_counting_luck(other, action, SeededRng(4), me=2) == pytest.approx(-luck)


def test_a_won_battle_is_worth_a_win_whatever_the_dice():
    """Luck is not subtracted from a finished battle: a win stays WIN, never more."""
    state = scenario(
        "S.!.\n....\n....\n...o", {"S": ("assassin", 3), "o": ("orc_brute", 6)}, objective=Objective.FLAGS
    )
    plan = Plan(0.0, 0, (2, 0), Attack(0, (3, 3)))
    search = Search(candidates=1, samples=1, depth=4)
    assert sample_value(state.clone(), plan, search, SeededRng(1), [0]) == WIN
