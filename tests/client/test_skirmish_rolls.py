"""How a skirmish roll reads in pop-ups and the log: the chance and the roll on one percent scale.

The rules roll a chance of p/q percent as randint(1, 100 q) <= p (``roll_chance``, S-CONV-6); a
ranged chance weakened by distance (S-HIT-6) has a q of about 40 digits, and the roll used to be
shown as that raw number ("42.4% · rolled 3396901536245786632727453581654198792576 51").
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from client import i18n
from client.skirmish.player import roll_percent, roll_text
from rules.rng import SeededRng
from rules.skirmish.formulas import range_factor
from rules.skirmish.primitives import roll_chance


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_a_whole_chance_shows_the_roll_as_rolled():
    assert roll_text(Fraction(71), 80) == "71% · rolled 80"
    assert roll_text(Fraction(71), None) == "71%"


@pytest.mark.parametrize("seed", range(40))
def test_a_chance_weakened_by_range_shows_its_roll_in_percent_S_HIT_6(seed):
    chance = Fraction(60) * range_factor(4, 5, 3)  # beyond the optimal range: a 40-digit fraction
    assert chance.denominator > 10**30
    hit, roll = roll_chance(SeededRng(seed), chance)
    assert roll is not None
    shown = roll_percent(chance, roll)
    assert len(shown) <= 6 and 0 < float(shown) <= 100, shown
    if hit:
        assert float(shown) <= float(f"{float(chance):.{len(shown.split('.')[-1])}f}")
    else:
        assert float(shown) > float(chance) - 0.05  # a miss never reads as under its chance
    assert roll_text(chance, roll) == f"{float(chance):.1f}% · rolled {shown}"


def test_a_roll_next_to_its_chance_gets_the_decimals_that_tell_them_apart():
    chance = Fraction(4243, 100)  # rolled out of 10000
    assert roll_percent(chance, 4244) == "42.44"  # a miss: "42.4% · rolled 42.4" would read as a hit
    assert roll_percent(chance, 5000) == "50"
    assert roll_percent(chance, 5001) == "50.0"
