"""The AI explains itself (issue #23): what a planner records is the decision it made, by its own
numbers, and the same seed gives the same explanation. Played on a shipped map, both sides by the
same AI, as a real battle goes (P-AI-1: each decision sees only its side's view)."""

from __future__ import annotations

import itertools
from functools import cache
from pathlib import Path

import pytest

from rules.core.explain import MAX_CANDIDATES, Explanation, ask_to_explain, last_explanation
from rules.rng import SeededRng
from rules.tactics.actions import Action
from rules.tactics.ai import PLAYERS, decide, make_player
from rules.tactics.battle import new_battle
from rules.tactics.engine import apply

MAP = Path(__file__).resolve().parents[2] / "maps" / "arena_pit.tmx"
DECISIONS = {"casual": 10, "greedy": 10, "lookahead": 5}  # lookahead's decisions take longer


@cache
def _setup():
    from client.tiled import load_setup  # the shipped map as the game loads it

    return load_setup(MAP)


def played(name: str, seed: int, count: int, explain: bool = True) -> list[tuple[Action, Explanation | None]]:
    """The first ``count`` decisions of a battle with ``name`` playing both sides, each with the
    explanation the player recorded for it."""
    rng = SeededRng(seed)
    state, _ = new_battle(_setup(), rng)
    player = make_player(name, seed)
    if explain:
        assert ask_to_explain(player)
    decisions = []
    while len(decisions) < count and not state.over:
        action = decide(player, state)
        decisions.append((action, last_explanation(player) if explain else None))
        apply(state, action, rng)
    return decisions


@pytest.mark.parametrize("name", list(DECISIONS))
def test_the_chosen_plan_is_the_action_played(name: str) -> None:
    decisions = played(name, 3, DECISIONS[name])
    assert len(decisions) == DECISIONS[name]
    for action, explanation in decisions:
        assert explanation is not None and explanation.player == name
        assert 1 <= len(explanation.candidates) <= MAX_CANDIDATES
        assert explanation.played.steps[0] == action  # the explained plan is the move made now
        ranks = [c.figure(explanation.ranked_by) for c in explanation.candidates]
        assert None not in ranks
        if name != "casual":  # casual may play a close second; the others play their best
            assert explanation.chosen == 0
            assert all(a >= b - 0.002 for a, b in itertools.pairwise(ranks)), ranks
    assert any(len(e.candidates) > 1 for _, e in decisions if e is not None)  # rivals are shown
    assert any(len(e.played.steps) == 2 for _, e in decisions if e is not None)  # a move, then its finish


@pytest.mark.parametrize("name", list(DECISIONS))
def test_the_same_seed_gives_the_same_explanations(name: str) -> None:
    assert played(name, 5, 4) == played(name, 5, 4)


@pytest.mark.parametrize("name", list(DECISIONS))
def test_explaining_does_not_change_what_the_ai_plays(name: str) -> None:
    explained = [action for action, _ in played(name, 7, 4)]
    assert explained == [action for action, _ in played(name, 7, 4, explain=False)]


def test_the_figures_are_the_planners_own_in_words_it_documents() -> None:
    """Every figure is one of the documented keys (the client puts each into words)."""
    known = {"dealt_hp", "kills", "kill_chance", "taken_hp", "counter_chance", "saved_hp"}
    known |= {"objective", "score", "searched"}
    for name in ("greedy", "lookahead"):
        for _, explanation in played(name, 3, 3):
            assert explanation is not None
            for candidate in explanation.candidates:
                assert {key for key, _ in candidate.figures} <= known
                chance = candidate.figure("counter_chance")
                assert chance is None or 0.0 <= chance <= 1.0


def test_every_level_explains() -> None:
    for level in ("easy", "normal", "hard"):
        assert ask_to_explain(PLAYERS.make(level, 1))
