"""The duel AI thinks in the battle's worker (client/battle/opponent.py), headless.

Rules cited: duel.md D-TURN-8 (a turn whose 60 seconds run out ends by itself, the AI's too).
"""

from __future__ import annotations

import pytest

from client.app import App
from client.battle.opponent import AiWorker
from client.context import Context
from client.duel.ai_turn import AI_PAUSE_SECONDS, AiTurn
from client.duel.scene import DuelScene
from client.duel.session import AI, HUMAN, DuelSession
from client.scenes.base import Pop, Push
from rules.duel.actions import EndTurn, PlayCreature, TimeOut
from tests.client.ai_doubles import gone_within, process_running
from tests.client.test_duel_scene import FakeClock, human_first_seed
from tests.client.ui_events import click_at, steps, until


def _scene(app: App, ctx: Context, backend: str, clock: FakeClock, seed: int | None = None) -> DuelScene:
    ctx.settings.speed = "instant"
    scene = DuelScene(
        ctx,
        app.size,
        seed=seed if seed is not None else human_first_seed(),
        ai="greedy",
        now=clock,
        ai_backend=backend,
    )
    app.stack.apply(Push(scene))
    steps(app)
    return scene


def _human_plays(scene: DuelScene) -> None:
    """The person's part, scripted: the first creature that can be played, else End turn."""
    s = scene.session
    plays = [a for a in s.legal() if isinstance(a, PlayCreature)]
    scene.act(plays[0] if plays else EndTurn())


def _play_turns(app: App, scene: DuelScene, turns: int) -> None:
    def done() -> bool:
        s = scene.session
        if s.over or s.state.turn_no >= turns:
            return True
        if s.human_to_act and not scene.busy:
            _human_plays(scene)
        return False

    until(app, done, limit=20_000, seconds=120)


def test_the_ai_thinks_in_a_worker_process_and_the_banner_says_so(app: App, ctx: Context) -> None:
    scene = _scene(app, ctx, "process", FakeClock())
    assert scene.ai is not None and scene.ai.worker is not None
    assert scene.ai.worker.backend == "process" and scene.ai.worker.game == "duel"
    click_at(scene.buttons["end_turn"].rect.center)
    until(app, lambda: scene.thinking)
    assert "Opponent is thinking…" in scene.drawn_texts()
    assert scene.ai.worker.wait_ready(60) and scene.ai.worker.pid is not None
    until(app, lambda: scene.session.state.active == HUMAN or scene.session.over, limit=5000, seconds=60)
    ai_actions = scene.session.actions[1:]
    assert ai_actions and ai_actions[-1] == EndTurn()  # the AI played its turn and handed it back


def test_the_same_seed_gives_the_same_duel_in_a_process_and_on_a_thread(app: App, ctx: Context) -> None:
    """The worker builds the same player from the same seed wherever it runs (P-AI-1: its view only)."""
    played = {}
    for backend in ("process", "thread"):
        scene = _scene(app, ctx, backend, FakeClock(), seed=human_first_seed())
        _play_turns(app, scene, 9)
        played[backend] = list(scene.session.actions)
        assert scene.ai is not None and scene.ai.worker is not None
        assert scene.ai.worker.backend == backend
        app.stack.apply(Pop())
    assert len(played["process"]) > 8
    assert played["process"] == played["thread"]


def test_each_ai_play_waits_the_short_pause_at_1x() -> None:
    session = DuelSession(
        next(s for s in range(50) if DuelSession(s, "starter", None).state.active == AI),
        "starter",
        None,
        "greedy",
    )
    turn = AiTurn(session, "thread")
    try:
        assert turn.step(0.0, 1.0) is None  # asked
        assert turn.worker is not None and turn.worker.thinking
        turn.worker._runner.wait(30)  # the answer is ready, the pause is not over
        waited = 0.0
        while (action := turn.step(0.05, 1.0)) is None:
            waited += 0.05
            assert waited < 5
        assert waited + 0.05 >= AI_PAUSE_SECONDS - 1e-9
        assert session.state.active == AI and action is not None
    finally:
        turn.close()


def test_the_ai_turn_times_out_and_a_late_answer_is_dropped(app: App, ctx: Context) -> None:
    """D-TURN-8: the AI's 60 seconds run out while it thinks: its turn ends, its late answer is not played."""
    clock = FakeClock()
    scene = _scene(app, ctx, "thread", clock)
    scene.act(EndTurn())
    app.step()  # the AI is asked
    assert scene.session.state.active == AI and scene.thinking
    clock.ms += 61_000
    app.step()
    s = scene.session
    assert isinstance(s.actions[-1], TimeOut) and s.state.active == HUMAN
    count = len(s.actions)
    assert scene.ai is not None and scene.ai.worker is not None
    scene.ai.worker.wait(30)
    steps(app, 5)
    assert len(s.actions) == count and s.state.active == HUMAN  # nothing played for the AI in my turn


def test_a_failing_ai_ends_its_turn(app: App, ctx: Context, monkeypatch: pytest.MonkeyPatch) -> None:
    """The worker's fallback for the duel: an AI that raises ends its turn (a harmless legal action)."""
    from tests.client.ai_doubles import failing

    monkeypatch.setattr(
        DuelSession,
        "ai_worker",
        lambda self, backend="process": AiWorker(self.ai_name, self.ai_seed, "thread", failing, game="duel"),
    )
    scene = _scene(app, ctx, "thread", FakeClock())
    scene.act(EndTurn())
    until(app, lambda: scene.session.state.active == HUMAN)
    assert scene.session.actions[-1] == EndTurn() and scene.session.state.turn_no == 3


def test_leaving_the_duel_ends_the_ai_worker(app: App, ctx: Context) -> None:
    scene = _scene(app, ctx, "process", FakeClock())
    assert scene.ai is not None and scene.ai.worker is not None
    worker = scene.ai.worker
    assert worker.wait_ready(60)
    pid = worker.pid
    assert pid is not None and process_running(pid)
    app.stack.apply(Pop())
    assert gone_within(pid, 10)
