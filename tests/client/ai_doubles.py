"""AI players that misbehave, for the AI worker's tests: module-level factories, so a worker
process can build them too (``AiWorker(level, seed, factory=...)``).

Each factory takes ``(level, seed)`` like :func:`rules.tactics.ai.make_player`.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from rules.tactics.actions import Action, Skip
from rules.tactics.ai import make_player
from rules.tactics.state import BattleState


class Failing:
    name = "failing"

    def choose(self, state: BattleState) -> Action:
        raise RuntimeError("an AI bug")


class Cheating:
    name = "cheating"

    def choose(self, state: BattleState) -> Action:
        return Skip(1)  # in the duel with team 1 to act: not its squad


class DyingOnce:
    """Ends its process at the first decision (the marker file ``seed`` records it), then plays."""

    name = "dying once"

    def __init__(self, marker: str) -> None:
        self.marker = Path(marker)
        self.inner = make_player("random", 1)

    def choose(self, state: BattleState) -> Action:
        if not self.marker.exists():
            self.marker.write_text(str(os.getpid()))
            os._exit(3)
        return self.inner.choose(state)


class Slow:
    """Thinks for ``seed`` seconds (to test closing a worker that is thinking)."""

    name = "slow"

    def __init__(self, seconds: str) -> None:
        self.seconds = float(seconds)
        self.inner = make_player("random", 1)

    def choose(self, state: BattleState) -> Action:
        time.sleep(self.seconds)
        return self.inner.choose(state)


def failing(level: str, seed: int | str) -> Failing:
    return Failing()


def cheating(level: str, seed: int | str) -> Cheating:
    return Cheating()


def dying_once(level: str, seed: int | str) -> DyingOnce:
    return DyingOnce(str(seed))


def slow(level: str, seed: int | str) -> Slow:
    return Slow(str(seed))


def process_running(pid: int) -> bool:
    """Whether ``pid`` is a live process (a zombie waiting to be reaped counts as gone; Linux)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def gone_within(pid: int, seconds: float) -> bool:
    """Wait up to ``seconds`` for ``pid`` to end."""
    deadline = time.monotonic() + seconds
    while process_running(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True
