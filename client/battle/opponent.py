"""The computer opponent: which AI level plays, and a worker so its thinking never slows the window.

The AI that plays is the first known among: the mission map's ``ai`` property (a level or an
AI's own name), the level chosen in Settings (easy, normal or hard), and finally Normal. Each
game's registry maps the levels to its AIs (``PLAYERS.levels``).

:class:`AiWorker` decides on a clone of the state away from the main loop; the scene polls
:meth:`AiWorker.poll` each frame and shows a thinking indicator meanwhile. An AI that fails,
answers with an illegal action, or whose worker dies is replaced for that decision by the first
legal action that is not a surrender (a dead worker is started again for the next decision).
The same seed and state give the same action wherever the AI runs (its dice come from both).

Where it runs. By default in a worker process (:mod:`client.battle.ai_process`), not on a
thread: on a busy machine a thinking AI thread holds the GIL while the OS has it off the core,
and the window's frames wait for it (``bench/frame_thinking.py`` compares the two; its figures
are in docs/ai.md). The thread remains the fallback where no process can be started
(``backend="thread"`` asks for it).
"""

from __future__ import annotations

import logging
import sys
import time
import traceback
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import wait as wait_for
from typing import Any

from client.battle.ai_process import PlayerFactory, ProcessBackend, WorkerDied, decide, registry_player
from rules.core.explain import Explanation, ask_to_explain
from rules.core.match import GameRules
from rules.tactics.actions import Action, Skip, Surrender
from rules.tactics.ai import PLAYERS
from rules.tactics.engine import legal_actions
from rules.tactics.state import BattleState

DEFAULT_LEVEL = "normal"  # a Settings value that names no level (an old "auto", a removed AI)
BACKENDS = ("process", "thread")
THINKING_SWITCH_INTERVAL = 0.001  # thread backend: how soon the drawing thread gets the GIL back
log = logging.getLogger(__name__)


def strongest_level() -> str:
    """The AI of the Hard level."""
    return PLAYERS.resolve("hard")


def resolve_level(settings_level: str | None, map_level: str | None = None) -> str:
    """The AI that plays (its own name): the map's ``ai``, else the Settings level, else Normal's."""
    for candidate in (map_level, settings_level):
        if candidate and candidate in PLAYERS:
            return PLAYERS.resolve(candidate)
    return PLAYERS.resolve(DEFAULT_LEVEL)


def fallback_action(state: BattleState) -> Action:
    """A harmless legal action for the side to act (never Surrender)."""
    for action in legal_actions(state):
        if not isinstance(action, Surrender):
            return action
    return Skip(state.current if state.current is not None else 0)


def game_rules(game: str) -> GameRules:
    """``game``'s adapter of the one match runner (who acts, views, check)."""
    if game == "tactics":
        from rules.tactics.match import RULES as TACTICS

        return TACTICS
    if game == "duel":
        from rules.duel.match import RULES as DUEL

        return DUEL
    if game == "skirmish":
        from rules.skirmish.match import RULES as SKIRMISH

        return SKIRMISH
    raise ValueError(f"unknown game {game!r}")


class ThreadBackend:
    """The AI on a thread of this process (the fallback): it shares the GIL with the drawing."""

    kind = "thread"

    def __init__(
        self, level: str, seed: int | str, factory: PlayerFactory | None = None, game: str = "tactics"
    ) -> None:
        self.player = (factory or registry_player(game))(level, seed)
        ask_to_explain(self.player)
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="runetide-ai")
        self._future: Future[tuple[Action, Explanation | None]] | None = None
        self._normal_interval = sys.getswitchinterval()

    def submit(self, view: Any) -> None:
        self._normal_interval = sys.getswitchinterval()
        sys.setswitchinterval(min(self._normal_interval, THINKING_SWITCH_INTERVAL))
        self._future = self._executor.submit(decide, self.player, view)

    def result(self) -> tuple[str, Any, Explanation | None] | None:
        future = self._future
        if future is None or not future.done():
            return None
        self._future = None
        sys.setswitchinterval(self._normal_interval)
        try:
            action, explanation = future.result()
        except Exception:  # an AI bug must not end the game
            return "error", traceback.format_exc(), None
        return "ok", action, explanation

    def wait_ready(self, timeout: float) -> bool:
        return True

    def wait(self, timeout: float | None) -> None:
        if self._future is not None:
            wait_for([self._future], timeout)

    def close(self) -> None:
        """Stop taking work; a decision under way finishes in the background and is dropped."""
        if self._future is not None:
            sys.setswitchinterval(self._normal_interval)
        self._future = None
        self._executor.shutdown(wait=False, cancel_futures=True)


class AiWorker:
    """Runs one AI player's decisions away from the main loop, one at a time, for any game.

    The player is shown only the view of the side to act (``rules.<game>.match.RULES.view``); its
    answer is checked against the state it was asked about, and a failure plays the game's
    fallback (tactics: a harmless legal action; the others: their runner's ``on_failure``).

    With each action :meth:`poll` returns, :attr:`explanation` is the AI's explanation of it
    (:mod:`rules.core.explain`), or None: a fallback action, a player that does not explain, or an
    explanation whose chosen plan is not the action played (never shown as if it were).
    """

    def __init__(
        self,
        level: str,
        seed: int | str,
        backend: str = "process",
        factory: PlayerFactory | None = None,
        game: str = "tactics",
    ) -> None:
        if backend not in BACKENDS:
            raise ValueError(f"unknown AI backend {backend!r}; choose from {', '.join(BACKENDS)}")
        self.level = level
        self.seed = seed
        self.game = game
        self._rules = game_rules(game)
        self._factory = factory or registry_player(game)
        self._asked: Any = None
        self.explanation: Explanation | None = None  # why the last action poll() returned was chosen
        self._runner = self._start(backend)

    def _start(self, backend: str) -> ProcessBackend | ThreadBackend:
        if backend == "process":
            try:
                return ProcessBackend(self.level, self.seed, self._factory, self.game)
            except (OSError, ValueError, RuntimeError) as exc:  # no processes here: think on a thread
                log.warning("cannot start an AI worker process (%s); the AI runs on a thread", exc)
        return ThreadBackend(self.level, self.seed, self._factory, self.game)

    @property
    def backend(self) -> str:
        """Where the AI runs now: "process" or "thread"."""
        return self._runner.kind

    @property
    def pid(self) -> int | None:
        """The worker process's id (None on the thread backend)."""
        return getattr(self._runner, "pid", None)

    @property
    def thinking(self) -> bool:
        return self._asked is not None

    def request(self, state: Any) -> None:
        """Start deciding for the side to act in ``state`` (no-op while a decision is under way)."""
        if self._asked is not None:
            return
        self.explanation = None
        self._asked = state.clone()
        try:
            self._runner.submit(self._view(self._asked))
        except WorkerDied:
            pass  # poll() finds the worker gone and plays the fallback

    def poll(self) -> Any:
        """The decided action once ready (checked against the state it was asked about), else None."""
        asked = self._asked
        if asked is None:
            return None
        try:
            answer = self._runner.result()
        except WorkerDied as exc:
            self._runner.close()
            if exc.could_not_start:  # no worker processes here: the same decision on a thread
                log.warning("AI %s: %s; the AI runs on a thread", self.level, exc)
                self._runner = ThreadBackend(self.level, self.seed, self._factory, self.game)
                self._runner.submit(self._view(asked))
                return None
            log.error("AI %s: %s; playing a fallback action and starting a new worker", self.level, exc)
            self._asked = None
            self._runner = self._start(self._runner.kind)
            return self._fallback(asked)
        if answer is None:
            return None
        self._asked = None
        kind, value, explanation = answer
        if kind != "ok":
            log.error("AI %s failed; playing a fallback action\n%s", self.level, value)
            return self._fallback(asked)
        if self._rules.check(asked, value) is not None:
            log.error("AI %s chose an illegal action %r; playing a fallback action", self.level, value)
            return self._fallback(asked)
        if explanation is not None and explanation.played.steps[0] != value:
            log.error("AI %s explained another action than %r; the explanation is dropped", self.level, value)
            explanation = None
        self.explanation = explanation
        return value

    def _view(self, state: Any) -> Any:
        return self._rules.view(state, self._rules.active(state))

    def _fallback(self, state: Any) -> Any:
        self.explanation = None
        if self.game == "tactics":
            return fallback_action(state)
        return self._rules.on_failure(state, self._rules.active(state))

    def wait_ready(self, timeout: float = 60.0) -> bool:
        """Block until the worker can take a decision at once (benches and tests)."""
        return self._runner.wait_ready(timeout)

    def wait(self, timeout: float | None = None) -> Any:
        """Block until the decision is ready (tests and benches); None if nothing was asked or in time."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while self._asked is not None:
            action = self.poll()
            if action is not None:
                return action
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                return None
            self._runner.wait(0.5 if left is None else min(left, 0.5))
        return None

    def close(self) -> None:
        """Stop the worker (a decision under way is dropped); safe to call more than once."""
        self._asked = None
        self._runner.close()
