"""rules/core/teams.py: the one convention for per-team values (read by team number)."""

from __future__ import annotations

import json
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.teams import PerTeam, other_team


def test_a_pair_is_read_by_team_number_and_slot_0_fails_when_used():
    pair = PerTeam("blue", "red")
    assert (pair[1], pair[2]) == ("blue", "red")
    with pytest.raises(KeyError, match="never 0"):
        pair[0].upper()  # the old index-by-team-1 habit fails loudly
    with pytest.raises(KeyError):
        bool(pair[0])


@given(st.integers(), st.text())
def test_a_pair_behaves_like_the_tuple_of_its_values(a, b):
    pair = PerTeam(a, b)
    assert pair == (a, b) and (a, b) == pair and hash(pair) == hash((a, b))
    assert list(pair) == [a, b] and len(pair) == 2 and repr(pair) == repr((a, b))
    assert pickle.loads(pickle.dumps(pair)) == pair
    assert PerTeam.of((a, b)) == pair and dict(pair.items()) == {1: a, 2: b}
    assert pair.replace(2, b + "!") == (a, b + "!")
    assert json.loads(json.dumps(pair.as_tuple())) == [a, b]


def test_other_team():
    assert (other_team(1), other_team(2)) == (2, 1)
    with pytest.raises(ValueError):
        other_team(0)
