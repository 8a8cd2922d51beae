"""The AI seam: which level plays, decisions in a worker process (as they would be made here), the
state sent to it, and a safe fallback for an AI that fails, cheats or dies."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

from client.battle import ai_process
from client.battle.ai_process import StateDecoder, StateEncoder
from client.battle.opponent import AiWorker, fallback_action, resolve_level, strongest_level
from client.context import MAPS_DIR
from client.tiled import load_setup
from rules.rng import SeededRng
from rules.tactics.actions import Surrender
from rules.tactics.ai import PLAYERS, decide, make_player
from rules.tactics.battle import new_battle
from rules.tactics.engine import apply, check, legal_actions
from rules.tactics.view import view
from tests.client import ai_doubles
from tests.client.ai_doubles import gone_within, process_running
from tests.client.battle_states import duel

DECIDE = 60  # seconds a test waits for one decision on a loaded machine


def test_the_settings_level_plays_unless_the_map_names_one() -> None:
    assert strongest_level() == PLAYERS.levels["hard"]
    assert resolve_level("easy") == PLAYERS.levels["easy"]
    assert resolve_level("random") == "random"
    assert resolve_level("no-such-ai") == PLAYERS.levels["normal"]
    assert resolve_level("easy", map_level="random") == "random"  # the mission's own level wins
    assert resolve_level("easy", map_level="hard") == PLAYERS.levels["hard"]


def test_the_worker_decides_in_another_process_as_the_ai_would_here() -> None:
    state = duel()
    state.active_team = 2
    level = strongest_level()
    worker = AiWorker(level, 1)
    assert worker.backend == "process"
    worker.request(state)
    assert worker.thinking
    action = worker.wait(DECIDE)
    pid = worker.pid
    assert pid is not None and pid != os.getpid() and process_running(pid)
    assert action is not None and check(state, action) is None and not worker.thinking
    assert action == decide(make_player(level, 1), state.clone()), "same seed and state, same action"
    worker.close()
    assert gone_within(pid, 10)


def test_a_whole_battle_of_decisions_matches_the_ai_in_this_process() -> None:
    """Only what changes is sent after the first decision: the worker must rebuild every state exactly."""
    state, _ = new_battle(load_setup(MAPS_DIR / "tutorial.tmx"), SeededRng(5))
    worker, here = AiWorker("greedy", "w"), make_player("greedy", "w")
    rng, decisions = SeededRng(9), 0
    while not state.over and decisions < 24:
        worker.request(state)
        action = worker.wait(DECIDE)
        assert action == decide(here, state.clone())
        apply(state, action, rng)
        decisions += 1
    worker.close()
    assert decisions >= 12


def test_after_the_first_message_only_what_changes_is_sent() -> None:
    state, _ = new_battle(load_setup(MAPS_DIR / "ballista_ridge.tmx"), SeededRng(2))
    encoder, decoder = StateEncoder(), StateDecoder()
    first = encoder.encode(view(state, state.active_team))
    assert "board" in first and "infos" in first
    assert decoder.decode(first).fingerprint() == view(state, state.active_team).fingerprint()
    rng = SeededRng(4)
    for _ in range(8):
        apply(state, [a for a in legal_actions(state) if not isinstance(a, Surrender)][-1], rng)
        seen = view(state, state.active_team)
        later = encoder.encode(seen)
        assert "board" not in later and "infos" not in later
        rebuilt = decoder.decode(later)
        assert rebuilt.fingerprint() == seen.fingerprint() and str(rebuilt) == str(seen)
        assert rebuilt.viewer == state.active_team
        assert rebuilt.board is decoder.board and rebuilt.board.setup == state.board.setup


def test_the_worker_is_sent_the_view_never_the_hidden_traps_P_AI_1() -> None:
    """What crosses to the AI's process is the team's view: a hidden trap is not in any message."""
    state, _ = new_battle(load_setup(MAPS_DIR / "smugglers_cove.tmx"), SeededRng(2))
    hidden = {pos for pos, trap in state.traps.items() if not trap.visible}
    assert hidden, "the map has hidden traps"
    message = StateEncoder().encode(view(state, state.active_team))
    assert not hidden & set(message["state"]["traps"])


@pytest.mark.parametrize("factory", [ai_doubles.failing, ai_doubles.cheating], ids=["failing", "cheating"])
def test_a_failing_or_cheating_ai_is_replaced_by_a_legal_action(factory) -> None:
    state = duel()
    worker = AiWorker("random", 1, factory=factory)
    for _ in range(2):
        worker.request(state)
        action = worker.wait(DECIDE)
        assert action is not None and check(state, action) is None and not isinstance(action, Surrender)
    worker.close()
    assert not isinstance(fallback_action(state), Surrender)


def test_a_worker_that_dies_gives_a_fallback_and_a_new_worker_plays_on(tmp_path: Path) -> None:
    state = duel()
    marker = tmp_path / "died"
    worker = AiWorker("random", str(marker), factory=ai_doubles.dying_once)
    worker.request(state)
    action = worker.wait(DECIDE)
    assert marker.exists() and action is not None and check(state, action) is None
    first_pid = int(marker.read_text())
    worker.request(state)
    action = worker.wait(DECIDE)
    assert action is not None and check(state, action) is None
    assert worker.pid != first_pid and not process_running(first_pid)
    worker.close()


def test_closing_a_thinking_worker_ends_it_at_once() -> None:
    state = duel()
    state.active_team = 2
    worker = AiWorker("random", "30", factory=ai_doubles.slow)  # would think for 30 s
    assert worker.wait_ready(DECIDE)
    worker.request(state)
    time.sleep(0.2)
    pid = worker.pid
    assert pid is not None and process_running(pid)
    start = time.monotonic()
    worker.close()
    assert time.monotonic() - start < 5 and gone_within(pid, 5)
    worker.close()  # twice is harmless


def test_where_no_process_can_start_the_ai_thinks_on_a_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    def cannot_start(self) -> None:
        self._start_error = OSError("no processes in this sandbox")
        self._child_end.close()

    monkeypatch.setattr(ai_process.ProcessBackend, "_launch", cannot_start)
    state = duel()
    state.active_team = 2
    worker = AiWorker("greedy", 1)
    worker.request(state)
    action = worker.wait(DECIDE)
    assert worker.backend == "thread" and action == decide(make_player("greedy", 1), state.clone())
    worker.close()


def test_the_thread_backend_decides_off_the_main_thread() -> None:
    state = duel()
    state.active_team = 2
    seen: list[str] = []

    def spying(level: str, seed: int | str):
        player = make_player(level, seed)
        original = player.choose

        def choose(view):
            seen.append(threading.current_thread().name)
            return original(view)

        player.choose = choose  # type: ignore[method-assign]
        return player

    worker = AiWorker("greedy", 1, backend="thread", factory=spying)
    worker.request(state)
    action = worker.wait(DECIDE)
    assert action is not None and check(state, action) is None
    assert seen and seen[0].startswith("runetide-ai") and worker.backend == "thread"
    worker.close()


def test_the_game_caps_each_search_decision_at_two_seconds() -> None:
    """Issue #5: no AI decision over 2 s; the game's players carry the cap, the simulator's do not."""
    player = ai_process.game_player(strongest_level(), 3)
    assert getattr(player, "seconds", None) == ai_process.GAME_DECISION_SECONDS == 2.0
    assert getattr(make_player(strongest_level(), 3), "seconds", None) is None


@pytest.mark.parametrize("backend", ["process", "thread"])
def test_the_worker_plays_the_duel_and_the_skirmish_through_the_same_protocol(backend) -> None:
    """One AI worker for every game: it is sent the side's view and answers what the game's own
    registry-built player answers for that view (P-AI-1: the duel's view hides the opponent's hand)."""
    from rules.duel.ai import PLAYERS as DUEL_PLAYERS
    from rules.duel.match import RULES as DUEL
    from rules.duel.setup import new_duel
    from rules.skirmish.ai import PLAYERS as SKIRMISH_PLAYERS
    from rules.skirmish.match import RULES as SKIRMISH
    from rules.skirmish.setup import from_battle_setup, party_of

    duel_state, _ = new_duel(SeededRng(3), "starter", "night_terror")
    skirmish_setup = from_battle_setup(
        load_setup(MAPS_DIR / "arena_pit.tmx"), party_of(("bjorn", "hilda")), party_of(("aldric", "mirela"))
    )
    from rules.skirmish.battle import new_battle as new_skirmish

    skirmish_state, _ = new_skirmish(skirmish_setup, SeededRng(3))
    for game, state, rules, players in (
        ("duel", duel_state, DUEL, DUEL_PLAYERS),
        ("skirmish", skirmish_state, SKIRMISH, SKIRMISH_PLAYERS),
    ):
        worker = AiWorker("greedy", 5, backend=backend, game=game)
        assert worker.wait_ready(60)
        worker.request(state)
        action = worker.wait(60)
        worker.close()
        here = players.make("greedy", 5).choose(rules.view(state, rules.active(state)))
        assert action == here and rules.check(state, action) is None, game
