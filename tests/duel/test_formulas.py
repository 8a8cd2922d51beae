"""The duel's number rules (rules/duel/formulas.py): rolls, life loss and the initiative die.

Examples are the spec's worked examples, exactly; the properties compare each formula with an
independent statement of the rule written here.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.duel.formulas import (
    die_weights,
    face_chances,
    first_player_chance,
    life_loss,
    net_tactics,
    roll,
    roll_die,
    roll_range,
)
from rules.rng import ScriptedRng, SeededRng

stats = st.integers(-20, 40)


def test_worked_example_small_stats():
    """D-EX-1, D-ROLL-1, D-ROLL-2: attack 3 rolls 1-3; defense 5 parries 1-5."""
    assert roll_range(3) == (1, 3)
    assert roll_range(5) == (1, 5)


def test_worked_example_large_stats():
    """D-EX-2, D-ROLL-1, D-ROLL-2, D-ROLL-3: attack 12 -> 3-12 = (1..10) + 2;
    defense 15 -> 6-15 = (1..10) + 5."""
    assert roll_range(12) == (3, 12) == (1 + 2, 10 + 2)
    assert roll_range(15) == (6, 15) == (1 + 5, 10 + 5)
    assert roll_range(10) == (1, 10)
    assert roll_range(11) == (2, 11)


def test_stat_below_one_rolls_one_without_asking_the_dice():
    """D-ROLL-4: a stat below 1 (after -attack magic) counts as 1: the roll is always 1, no die thrown."""
    assert roll_range(0) == roll_range(-3) == roll_range(1) == (1, 1)
    rng = ScriptedRng([])
    assert roll(rng, 0) == 1 and roll(rng, 1) == 1
    assert rng.calls == []


@given(stats)
def test_roll_range_property(stat: int):
    """D-ROLL-1, D-ROLL-2, D-ROLL-3, D-ROLL-4: [max(1, S - 9), max(1, S)]: never below 1,
    at most 10 values, the top is the stat."""
    lo, hi = roll_range(stat)
    top = stat if stat >= 1 else 1
    assert hi == top
    assert lo == (1 if top <= 10 else top - 9)  # D-ROLL-3: (random 1..10) + (S - 10)
    assert 1 <= lo <= hi and hi - lo + 1 == min(top, 10)


@given(stats, st.integers(0, 2**32))
def test_rolls_stay_in_range_and_are_uniform_draws(stat: int, seed: int):
    """D-ROLL-1, D-ROLL-2 with D-CONV-3: one uniform randint over exactly the range."""
    lo, hi = roll_range(stat)
    value = roll(SeededRng(seed), stat)
    assert lo <= value <= hi
    if lo < hi:
        rng = ScriptedRng([hi])
        assert roll(rng, stat) == hi and rng.calls == [(lo, hi, hi)]


def test_worked_example_basic_fight():
    """D-EX-6, D-COMBAT-7: damage 4 vs parry 2 -> 2 life (damage - parry), not 3 (attack - parry)."""
    assert life_loss(4, 2) == 2
    assert 5 - 2 != life_loss(4, 2)


def test_worked_example_parried():
    """D-EX-7, D-COMBAT-7: damage 2, parry 2 -> no damage (damage <= parry)."""
    assert life_loss(2, 2) == 0
    assert life_loss(1, 5) == 0


def test_worked_example_cavalry_vs_foot():
    """D-EX-8, D-TYPE-6: 2 x 6 - 3 = 9; damage 3 vs parry 3 -> 0 (the 200% needs damage > parry)."""
    assert life_loss(6, 3, cavalry_vs_foot=True) == 9
    assert life_loss(3, 3, cavalry_vs_foot=True) == 0
    assert life_loss(3, 4, cavalry_vs_foot=True) == 0  # 2 x 3 - 4 = 2 must not get through


@given(st.integers(1, 30), st.integers(1, 30), st.booleans())
def test_life_loss_property(damage: int, parry: int, cavalry: bool):
    """D-COMBAT-7, D-TYPE-6 [REC D-OQ-9]: 0 unless damage > parry; then (2 x) damage - parry."""
    expected = 0 if damage <= parry else (2 * damage if cavalry else damage) - parry
    assert life_loss(damage, parry, cavalry_vs_foot=cavalry) == expected
    assert life_loss(damage, parry, cavalry_vs_foot=cavalry) >= 0


def test_tactics_levels_cancel_and_subtract():
    """D-ORDER-2, D-EX-4: equal levels cancel; 3 against 1 acts as 2; the weaker gets nothing."""
    assert net_tactics(2, 2) == 0
    assert net_tactics(3, 1) == 2
    assert net_tactics(1, 3) == 0
    assert net_tactics(1, 0) == 1


def test_worked_example_tactics_chances():
    """D-EX-4, D-ORDER-3: P(8) = 12.5% x (1 + 0.05 L): 13.125% at 1, 13.75% at 2 (A 3 vs B 1);
    first move 141/280, 71/140, 143/280; equal levels: one half."""
    assert face_chances(0) == (Fraction(1, 8),) * 8
    assert face_chances(1)[7] == Fraction(13125, 100000)
    assert face_chances(net_tactics(3, 1))[7] == Fraction(1375, 10000)
    assert face_chances(3)[7] == Fraction(14375, 100000)
    for level in (1, 2, 3):
        others = face_chances(level)[:7]
        assert len(set(others)) == 1 and sum(face_chances(level)) == 1  # the rest shared equally
    assert first_player_chance(1, 0) == Fraction(141, 280)
    assert first_player_chance(2, 0) == Fraction(71, 140)
    assert first_player_chance(3, 0) == Fraction(143, 280)
    assert first_player_chance(3, 1) == Fraction(71, 140)
    assert first_player_chance(2, 2) == first_player_chance(0, 0) == Fraction(1, 2)
    assert first_player_chance(0, 1) == 1 - Fraction(141, 280)


def test_weighted_die_is_one_randint_over_whole_weights():
    """D-ORDER-1, D-ORDER-3: a plain d8 at level 0; otherwise one randint over 1120 integer weights."""
    assert die_weights(1) == (139,) * 7 + (147,)
    rng = ScriptedRng([8])
    assert roll_die(rng, 0) == 8 and rng.calls == [(1, 8, 8)]
    assert roll_die(ScriptedRng([1120]), 1) == 8
    assert roll_die(ScriptedRng([1120 - 146]), 1) == 8
    assert roll_die(ScriptedRng([1120 - 147]), 1) == 7
    assert roll_die(ScriptedRng([1]), 1) == 1
    assert roll_die(ScriptedRng([139]), 1) == 1 and roll_die(ScriptedRng([140]), 1) == 2


@pytest.mark.parametrize("level", [0, 1, 2, 3])
def test_die_faces_follow_the_weights_exactly(level: int):
    """D-ORDER-3: mapping every randint value gives each face exactly its weight."""
    weights = die_weights(level)
    total = sum(weights)
    faces = Counter(roll_die(ScriptedRng([v]), level) for v in range(1, total + 1)) if level else None
    if faces is not None:
        assert [faces[f] for f in range(1, 9)] == list(weights)
    else:
        assert weights == (1,) * 8
