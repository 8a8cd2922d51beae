"""A replay's optional ``explanations`` field (issue #23): why each AI action was played, null for
a human's. It round-trips with the replay; a file without it (every older replay) reads and writes
back byte for byte; a malformed one is refused with a ReplayError naming what is wrong; and it is
metadata only: the replay verifies the same with it or without it (P-SAVE-1)."""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache

import pytest

from rules.core.explain import ask_to_explain, last_explanation
from rules.core.replay import ReplayError, read_replay, verify
from rules.rng import SeededRng
from rules.tactics.ai import make_player
from rules.tactics.battle import new_battle
from rules.tactics.engine import apply
from rules.tactics.replay import record
from rules.tactics.view import view
from tests.core.test_replay import MAP_HASH, MAP_PATH, arena


@cache
def explained_battle():
    """Team 1 an explaining greedy AI, team 2 a player that does not explain (as a human's moves)."""
    setup = arena()
    rng = SeededRng(5)
    state, _ = new_battle(setup, rng)
    ai, other = make_player("greedy", 1), make_player("random", 2)
    ask_to_explain(ai)
    actions, explanations = [], []
    while not state.over:
        player = ai if state.active_team == 1 else other
        action = player.choose(view(state, state.active_team))
        actions.append(action)
        explanations.append(last_explanation(ai) if player is ai else None)
        apply(state, action, rng)
    replay = record(
        setup, 5, actions, state, map_path=MAP_PATH, map_hash=MAP_HASH, explanations=explanations
    )
    return setup, replay, state


def test_explanations_round_trip_with_the_replay_and_do_not_change_it() -> None:
    setup, replay, state = explained_battle()
    text = replay.to_json()
    data = json.loads(text)
    assert len(data["explanations"]) == len(data["actions"])
    assert any(item is None for item in data["explanations"])  # the other side's actions
    assert any(item is not None for item in data["explanations"])
    back = read_replay(text)
    assert back.explanations == replay.explanations and back.to_json() == text
    for action, explanation in zip(back.actions, back.explanations or (), strict=True):
        if explanation is not None:
            assert explanation.played.steps[0] == action
    assert verify(back, setup, map_hash=MAP_HASH).fingerprint() == state.fingerprint()
    plain = replace(back, explanations=None)  # the same battle without the field
    assert "explanations" not in json.loads(plain.to_json())
    assert plain.final_hash == back.final_hash and plain.actions == back.actions


def test_a_replay_without_explanations_reads_and_writes_back_exactly() -> None:
    _, replay, _ = explained_battle()
    data = json.loads(replay.to_json())
    del data["explanations"]
    old = json.dumps(data, indent=1, ensure_ascii=False)
    back = read_replay(old)
    assert back.explanations is None
    assert back.to_json() == old


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda e: "why", r"field 'explanations' must be a list with one entry per action"),
        (lambda e: e[:-1], r"one entry per action"),
        (lambda e: [7, *e[1:]], r"explanation 1 must be null or an object"),
        (lambda e: [{**e[0], "chosen": 9}, *e[1:]], r"explanation 1 field 'chosen' must be the index"),
        (lambda e: [{**e[0], "player": None}, *e[1:]], r"explanation 1 must name its 'player'"),
        (
            lambda e: [{**e[0], "candidates": [{"steps": [], "figures": {}}]}, *e[1:]],
            r"explanation 1 candidate 1 must be an object with a non-empty list of 'steps'",
        ),
        (
            lambda e: [
                {**e[0], "candidates": [{**e[0]["candidates"][0], "figures": {"score": "high"}}]},
                *e[1:],
            ],
            r"explanation 1 candidate 1 field 'figures' must be an object of numbers",
        ),
        (
            lambda e: [{**e[0], "candidates": [{"steps": [{"type": "Fly"}], "figures": {}}]}, *e[1:]],
            r"explanation 1 candidate 1 step 1 is of an unknown type",
        ),
    ],
)
def test_a_malformed_explanations_field_is_refused_in_words(change, message) -> None:
    _, replay, _ = explained_battle()
    data = json.loads(replay.to_json())
    assert data["explanations"][0] is not None  # team 1, the explaining AI, acts first
    data["explanations"] = change(data["explanations"])
    with pytest.raises(ReplayError, match=message):
        read_replay(json.dumps(data))
