"""Benchmark of the battle scene's frames while the strongest AI thinks, on the largest shipped map.

Run ``python bench/frame_thinking.py`` (``--quick`` for a short smoke run; ``--worker thread`` or
``--worker process`` picks where :class:`client.battle.opponent.AiWorker` runs the AI; the
default is the game's, a worker process). The scene is the busy battle of
``bench/frame_tactics.py`` (Ballista Ridge at 1280x720, HUD, log, tooltip, effects in flight)
driven by the real main loop's pacing (60 FPS, ``pygame.time.Clock.tick``). Blocks of frames
alternate between *idle* (nobody thinks: the in-run baseline) and *thinking* (an AiWorker of
the ``hard`` AI deciding for the enemy on a mid-battle state, asked again as soon as it
answers), so a change in the machine's load hits both alike.

For each phase it reports the frame time (update + draw, wall clock) median / p99 / max, the
frames over 16.7 ms, the same frames in the main thread's CPU time (``cpu_*``: leaves out the
time the OS gave the core to other processes, and the time spent waiting for the GIL), and the
frame interval (start to start: what the player sees) p99 and the intervals over 25 ms (a
dropped frame at 60 FPS). ``thinking_*_vs_idle`` are the thinking figures divided by the idle
ones. It also times the AI's decision alone (main thread, no frames) and while frames run, how
long creating the worker blocked (``worker_start_blocked_ms``) and when it was ready, the bytes
sent for a decision (``message_*``, beside the whole pickled state), and the load average before
and after. Every figure also comes as a ratio to the pixel workload of
``frame_tactics`` measured in the same run (``harness.report``).
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repo root, for ``client``

from frame_tactics import (  # bench/ is first on sys.path
    FRAME_BUDGET,
    SIZE,
    busy_scene,
    hover_a_target,
    keep_effects_playing,
    largest_map,
    pixel_baseline,
    spread,
)
from harness import report

AI_LEVEL = "hard"  # a level: its AI is rules.tactics.ai.PLAYERS.levels["hard"]
DROPPED = 0.025  # a frame interval over this is a frame the player did not get at 60 FPS


def message_figures(state) -> dict:
    """What a decision costs on the wire: the first message of a battle, the later ones, the whole state."""
    import pickle

    from client.battle.ai_process import StateEncoder
    from rules.tactics.view import view

    encoder = StateEncoder()
    seen = view(state, state.active_team)
    first = pickle.dumps(encoder.encode(seen), protocol=pickle.HIGHEST_PROTOCOL)
    start = time.perf_counter()
    for _ in range(100):
        later = pickle.dumps(encoder.encode(seen), protocol=pickle.HIGHEST_PROTOCOL)
    later_us = (time.perf_counter() - start) / 100 * 1e6
    start = time.perf_counter()
    for _ in range(100):
        whole = pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)
    whole_us = (time.perf_counter() - start) / 100 * 1e6
    return {
        "message_first_bytes": len(first),
        "message_later_bytes": len(later),
        "message_later_encode_us": round(later_us, 1),
        "whole_state_pickle_bytes": len(whole),
        "whole_state_pickle_us": round(whole_us, 1),
    }


def ai_turn_state(scene):
    """A clone of the scene's state moved on (by Skips) to the enemy's turn, for the AI to decide."""
    from rules.rng import SeededRng
    from rules.tactics.actions import Skip
    from rules.tactics.engine import apply, legal_actions

    state = scene.session.state.clone()
    while state.active_team != 2:
        apply(state, next(a for a in legal_actions(state) if isinstance(a, Skip)), SeededRng(0))
    return state


class Phase:
    """The samples of one kind of frame."""

    def __init__(self) -> None:
        self.times: list[float] = []
        self.cpu: list[float] = []
        self.intervals: list[float] = []

    def figures(self, prefix: str) -> dict:
        median, p99, worst = spread(self.times)
        cpu_median, cpu_p99, cpu_worst = spread(self.cpu)
        _, interval_p99, interval_max = spread(self.intervals)
        return {
            f"{prefix}_frames": len(self.times),
            f"{prefix}_median_ms": round(median * 1e3, 3),
            f"{prefix}_p99_ms": round(p99 * 1e3, 3),
            f"{prefix}_max_ms": round(worst * 1e3, 3),
            f"{prefix}_over_16_7ms": sum(1 for t in self.times if t > FRAME_BUDGET),
            f"{prefix}_cpu_median_ms": round(cpu_median * 1e3, 3),
            f"{prefix}_cpu_p99_ms": round(cpu_p99 * 1e3, 3),
            f"{prefix}_cpu_max_ms": round(cpu_worst * 1e3, 3),
            f"{prefix}_interval_p99_ms": round(interval_p99 * 1e3, 3),
            f"{prefix}_interval_max_ms": round(interval_max * 1e3, 3),
            f"{prefix}_dropped": sum(1 for t in self.intervals if t > DROPPED),
        }


def run(quick: bool, worker_kind: str | None) -> dict:
    from client.app import App
    from client.battle.opponent import AiWorker
    from client.context import Context
    from rules.tactics.ai import decide, make_player

    load_before = os.getloadavg()
    ctx = Context()  # default settings, never saved
    app = App(SIZE, context=ctx)
    path = largest_map()
    scene = busy_scene(app, ctx, path)
    think_on = ai_turn_state(scene)
    options = {} if worker_kind is None else {"backend": worker_kind}
    started = time.perf_counter()
    worker = AiWorker(AI_LEVEL, "bench/2", **options)
    start_blocked_s = time.perf_counter() - started
    worker.wait_ready(60.0)  # a worker process has started and built its AI
    ready_s = time.perf_counter() - started

    player = make_player(AI_LEVEL, "bench/2")  # the worker's AI, timed alone in this thread
    alone_start = time.perf_counter()
    alone = [decide(player, think_on.clone()) for _ in range(1 if quick else 2)]
    alone_s = (time.perf_counter() - alone_start) / len(alone)

    blocks, per_block = (1, 60) if quick else (6, 150)
    phases = {"idle": Phase(), "thinking": Phase()}
    decisions: list[float] = []
    asked_at = 0.0
    clock = app.clock
    frame = 0
    last_start: float | None = None
    gc.collect()
    for block in range(2 * blocks):
        thinking = block % 2 == 1
        phase = phases["thinking" if thinking else "idle"]
        if thinking:
            worker.request(think_on)
            asked_at = time.perf_counter()
        for _ in range(per_block):
            clock.tick(60)
            if thinking and worker.poll() is not None:
                decisions.append(time.perf_counter() - asked_at)
                worker.request(think_on)
                asked_at = time.perf_counter()
            if frame % 30 == 0:
                hover_a_target(scene)
            keep_effects_playing(scene, frame)
            start, cpu_start = time.perf_counter(), time.thread_time()
            scene.update(FRAME_BUDGET)
            scene.draw(app.screen)
            elapsed, cpu = time.perf_counter() - start, time.thread_time() - cpu_start
            if frame >= 30:  # warm-up
                phase.times.append(elapsed)
                phase.cpu.append(cpu)
                if last_start is not None:
                    phase.intervals.append(start - last_start)
            last_start = start
            frame += 1
        if thinking:  # the next idle block starts with nobody thinking
            if worker.wait(60.0) is not None:
                decisions.append(time.perf_counter() - asked_at)
            last_start = None
    worker.close()
    scene.close()
    base = pixel_baseline(app.screen)
    idle, busy = phases["idle"].figures("idle"), phases["thinking"].figures("thinking")
    extra: dict = {
        "map": path.name,
        "ai": AI_LEVEL,
        "worker": worker.backend,
        "cpus": os.cpu_count(),
        "load_before": [round(x, 2) for x in load_before],
        "load_after": [round(x, 2) for x in os.getloadavg()],
        "worker_start_blocked_ms": round(start_blocked_s * 1e3, 2),
        "worker_ready_s": round(ready_s, 3),
        **message_figures(think_on),
        "ai_decision_alone_s": round(alone_s, 3),
        "ai_decisions_during_frames": len(decisions),
        "ai_decision_during_frames_s": round(statistics.median(decisions), 3) if decisions else None,
        "ai_decision_during_frames_max_s": round(max(decisions), 3) if decisions else None,
        **idle,
        **busy,
    }
    for key in ("p99_ms", "median_ms", "cpu_p99_ms", "interval_p99_ms"):
        extra[f"thinking_{key}_vs_idle"] = round(busy[f"thinking_{key}"] / max(idle[f"idle_{key}"], 1e-6), 3)
    figures = {
        "idle_frame_median": idle["idle_median_ms"] / 1e3,
        "idle_frame_p99": idle["idle_p99_ms"] / 1e3,
        "thinking_frame_median": busy["thinking_median_ms"] / 1e3,
        "thinking_frame_p99": busy["thinking_p99_ms"] / 1e3,
    }
    result = report("frame_thinking", figures, base=base, extra=extra)
    app.close()
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short smoke run (60 frames a phase)")
    parser.add_argument(
        "--worker", choices=("thread", "process"), help="where the AI runs (default: a worker process)"
    )
    args = parser.parse_args(argv)
    run(args.quick, args.worker)
    return 0


if __name__ == "__main__":
    sys.exit(main())
