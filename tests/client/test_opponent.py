"""The AI seam: which level plays, decisions off the main thread, and a safe fallback."""

from __future__ import annotations

import threading

from client.battle.opponent import AiWorker, fallback_action, resolve_level, strongest_level
from rules.tactics.actions import Skip, Surrender
from rules.tactics.ai import player_names
from rules.tactics.engine import check
from tests.client.battle_states import duel


def test_the_strongest_available_ai_plays_unless_chosen() -> None:
    assert strongest_level() == player_names()[-1]
    assert resolve_level("auto") == player_names()[-1]
    assert resolve_level("random") == "random"
    assert resolve_level("no-such-ai") == player_names()[-1]
    assert resolve_level("auto", map_level="random") == "random"  # the mission's own level wins


def test_the_worker_decides_off_the_main_thread() -> None:
    state = duel()
    state.active_team = 2
    worker = AiWorker(player_names()[-1], 1)
    seen: list[str] = []
    original = worker.player.choose

    def spy(view):
        seen.append(threading.current_thread().name)
        return original(view)

    worker.player.choose = spy  # type: ignore[method-assign]
    worker.request(state)
    assert worker.thinking
    action = worker.wait(10)
    assert action is not None and check(state, action) is None
    assert seen and seen[0].startswith("runetide-ai") and not worker.thinking
    worker.close()


def test_a_failing_or_cheating_ai_is_replaced_by_a_legal_action() -> None:
    state = duel()
    worker = AiWorker("random", 1)

    def boom(view):
        raise RuntimeError("bug")

    worker.player.choose = boom  # type: ignore[method-assign]
    worker.request(state)
    action = worker.wait(10)
    assert action is not None and check(state, action) is None and not isinstance(action, Surrender)
    worker.player.choose = lambda view: Skip(1)  # type: ignore[method-assign]  # not its squad's turn
    worker.request(state)
    action = worker.wait(10)
    assert check(state, action) is None
    worker.close()
    assert not isinstance(fallback_action(state), Surrender)
