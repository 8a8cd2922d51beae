"""The skirmish's board text and scenario builder (rules/skirmish/text.py)."""

from __future__ import annotations

from rules.skirmish.text import render_board, scenario


def test_a_scenario_board_places_heroes_and_blocked_cells_and_renders_back():
    board = "A.#\n..b"
    state, ids = scenario(board, {"A": "bjorn", "b": "mirela"})
    assert ids == {"A": 0, "b": 1}
    assert state.heroes[0].pos == (0, 0) and state.heroes[1].pos == (2, 1)
    assert state.heroes[0].info.team == 1 and state.heroes[1].info.team == 2
    assert (2, 0) in state.board.terrain
    text = render_board(state)
    assert text.splitlines()[:2] == ["A.#", "..b"]
    assert "A bjorn HP" in text and "b mirela HP" in text
    assert str(state) == text
