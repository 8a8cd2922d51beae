"""Benchmark of one frame of the hero-duel table: update + draw, headless.

Run ``python bench/frame_duel.py`` (``--quick`` for a short smoke run). The scene is the real
:class:`client.duel.scene.DuelScene` at 1280x720 with a full table: five creatures on each field
(ten), a full hand fanned, the log full, and, in turns, the mouse over a hand card (the hover zoom
with its text box) and a fight window playing its pop-ups (the beats queue refilled with a whole
fight: the cards, damage and parry, the life lost, the counterstrike). The mouse moves a pixel every
frame, so no hover frame is a repeat of the last (the table skips repeated frames: during a fight
its pop-ups rise in four steps a beat, and the frames between repeat). It prints one JSON object
through ``harness.report``, shaped like ``bench/frame_tactics.py``: the median, p99 and max frame
time (``frame_median_us`` ... and ratios), the frames over 16.7 ms after warm-up, the CPU-time
figures, and the ratio of each to a fixed pixel workload measured in the same run (the same one
as frame_tactics). Targets: median <= 1.0 ms, p99 <= 3 ms, no frame over 16.7 ms. Card faces,
rotations and zooms are cached, so after warm-up a frame only blits. ``--size 3840x2160``
measures another window (the targets are for 1280x720).
"""

from __future__ import annotations

import gc
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repo root, for ``client``

from frame_tactics import FRAME_BUDGET, frame_figures, pixel_baseline, spread  # bench/ is first on sys.path
from harness import report, window_bench_main

SIZE = (1280, 720)
WARMUP = 120
PHASE = 90  # frames of hover, then frames of a fight, in turn
TARGETS = {"median_ms": 1.0, "p99_ms": 3.0, "over_16_7ms": 0}
FIELD = ("knight", "black_dragon", "royal_griffin", "crossbowman", "mace_bearer")
HAND = ("black_dragon", "lightning", "griffin", "bless", "dread_knight")


def full_table(app, ctx):
    """A duel on the player's turn with both fields full and a full hand; the clock stands still."""
    from client.duel.scene import DuelScene
    from client.duel.session import HUMAN, DuelSession
    from client.scenes.base import Push
    from rules.duel.state import Creature

    seed = next(s for s in range(50) if DuelSession(s, "starter", None).state.active == HUMAN)
    ctx.settings.speed = "1x"
    scene = DuelScene(ctx, app.size, seed=seed, ai="greedy", now=lambda: 0)
    app.stack.apply(Push(scene))
    state = scene.session.state
    for side in state.sides:
        side.field.clear()
        for card_id in FIELD:
            side.field.append(Creature(state.next_uid, state.catalog.card(card_id), side.player, True))
            state.next_uid += 1
    state.side(HUMAN).hand[:] = list(HAND)
    scene.session.changed()
    for i in range(60):
        scene.log.add(f"Turn {i}: a line of the duel log that is long enough to be cut")
    scene.update(0.0)
    return scene


def fight_beats(scene):
    """A whole fight's beats, as the scene queues them after an attack."""
    from client.duel.beats import beats_of, fighters
    from rules.duel import events as ev

    state = scene.session.state
    a, t = state.side(1).field[0], state.side(2).field[1]
    L = ev.LossSource
    events = [
        ev.FightStarted(1, a.uid, t.uid),
        ev.Rolled(a.uid, t.uid, L.ATTACK, 7, 3),
        ev.LifeLost(t.uid, 4, t.life - 4, L.ATTACK),
        ev.Rolled(t.uid, a.uid, L.COUNTER, 9, 2),
        ev.LifeLost(a.uid, 7, a.life - 7, L.COUNTER),
        ev.FightEnded(a.uid, t.uid),
    ]
    return beats_of(events, state, scene.names, fighters(state))


def run(quick: bool, size: tuple[int, int] = SIZE) -> dict:
    from client.app import App
    from client.context import Context

    ctx = Context()  # default settings, never saved
    app = App(size, context=ctx)
    scene = full_table(app, ctx)
    frames = 600 if quick else 3600
    times: list[float] = []
    cpu_times: list[float] = []
    hand = scene.hand_rects()
    fight_frames = 0
    for _, rect in hand:  # the first sight of each card's zoom and the fight is drawn before measuring
        scene.mouse = rect.center
        scene.draw(app.screen)
    scene.beats.extend(fight_beats(scene), 1.0)
    while scene.beats.busy:
        scene.draw(app.screen)
        scene.beats.hurry()
    gc.collect()
    for frame in range(WARMUP + frames):
        fighting = (frame // PHASE) % 2 == 1
        if fighting:
            if not scene.beats.busy:
                scene.beats.extend(fight_beats(scene), 1.0)
            fight_frames += frame >= WARMUP
        else:
            scene.beats.queue.clear()
            x, y = hand[(frame // PHASE // 2) % len(hand)][1].center
            scene.mouse = (x + frame % 2, y)  # a hand never holds the mouse still: every frame redraws
        start, cpu_start = time.perf_counter(), time.thread_time()
        scene.update(FRAME_BUDGET)
        scene.draw(app.screen)
        elapsed, cpu = time.perf_counter() - start, time.thread_time() - cpu_start
        if frame >= WARMUP:
            times.append(elapsed)
            cpu_times.append(cpu)
    base = pixel_baseline(app.screen)
    median, p99, worst = spread(times)
    state = scene.session.state
    extra = {
        "window": f"{size[0]}x{size[1]}",
        "creatures": sum(len(side.field) for side in state.sides),
        "hand": len(state.side(1).hand),
        "fight_frames": fight_frames,
        "hover_frames": len(times) - fight_frames,
        "targets": TARGETS,
        **frame_figures(times, cpu_times, TARGETS),
    }
    getattr(scene, "close", lambda: None)()
    figures = {"frame_median": median, "frame_p99": p99, "frame_max": worst}
    result = report("frame_duel", figures, base=base, extra=extra)
    app.close()
    return result


def main(argv: list[str] | None = None) -> int:
    return window_bench_main(run, __doc__ or "", "a few seconds: 600 frames", argv)


if __name__ == "__main__":
    sys.exit(main())
