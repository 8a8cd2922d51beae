"""No AI worker process outlives its battle: leaving the scene, quitting the game, the game exiting
without closing anything, or the game being killed all end it (Linux: checked in /proc)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from client.app import App
from client.context import MAPS_DIR
from client.scenes.base import Pop, Quit
from tests.client.ai_doubles import gone_within, process_running

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")

# A game with a battle against the hard AI on the largest map, run until the AI is thinking; it
# prints the worker's pid, then does what argv[1] says: "exit" (no close, no pygame.quit) or "hang".
GAME = textwrap.dedent(
    """
    import sys, time
    from client.app import App
    from client.battle.scene import TacticsScene
    from client.battle.spec import load_spec
    from client.context import Context
    from client.scenes.base import Push
    from pathlib import Path

    ctx = Context()
    ctx.settings.ai_level = "hard"
    ctx.settings.speed = "instant"
    app = App((1280, 720), fps=0, context=ctx)
    spec = load_spec(Path(sys.argv[2]), ctx.settings)
    scene = TacticsScene(ctx, app.size, spec, seed=3)
    app.stack.apply(Push(scene))
    worker = scene.workers[2]
    while not (worker.thinking and worker.pid):
        if scene.session.human_turn():
            scene._act(next(a for a in scene.session.legal() if type(a).__name__ == "Skip"))
        app.step()
    print(worker.pid, flush=True)
    if sys.argv[1] == "hang":
        time.sleep(600)
    sys.exit(0)
    """
)


def start_game(mode: str, tmp_path: Path) -> tuple[subprocess.Popen, int]:
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        RUNETIDE_CONFIG_DIR=str(tmp_path / "config"),
        RUNETIDE_DATA_DIR=str(tmp_path / "data"),
    )
    game = subprocess.Popen(
        [sys.executable, "-c", GAME, mode, str(MAPS_DIR / "ballista_ridge.tmx")],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert game.stdout is not None
    line = game.stdout.readline()
    assert line.strip().isdigit(), "the game printed its AI worker's pid"
    return game, int(line)


def worker_pid(scene) -> int:
    worker = scene.workers[2]
    assert worker.backend == "process" and worker.wait_ready(60)
    assert worker.pid is not None and process_running(worker.pid)
    return worker.pid


def test_leaving_a_battle_ends_its_ai_worker(app: App, battle) -> None:
    pid = worker_pid(battle())
    app.stack.apply(Pop())
    assert gone_within(pid, 10)


def test_quitting_the_game_with_a_battle_open_ends_its_ai_worker(app: App, battle) -> None:
    pid = worker_pid(battle())
    app.stack.apply(Quit())  # what closing the window does
    assert gone_within(pid, 10)


def test_play_again_ends_the_old_worker(app: App, battle) -> None:
    scene = battle()
    pid = worker_pid(scene)
    app.stack.apply(Pop())
    again = battle()
    assert again.workers[2].wait_ready(60) and again.workers[2].pid != pid
    assert gone_within(pid, 10)


def test_a_game_that_exits_without_closing_leaves_no_worker(tmp_path: Path) -> None:
    game, pid = start_game("exit", tmp_path)
    assert game.wait(60) == 0
    assert gone_within(pid, 10)


def test_a_killed_game_leaves_no_worker(tmp_path: Path) -> None:
    game, pid = start_game("hang", tmp_path)
    assert process_running(pid)
    game.send_signal(signal.SIGKILL)
    game.wait(10)
    assert gone_within(pid, 60), "the worker ends once it finds the game's end of the pipe closed"
