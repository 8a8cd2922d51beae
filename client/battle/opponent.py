"""The computer opponent: which AI level plays, and a worker thread so it never freezes the window.

The level is the first that names a known AI among: the mission map's ``ai`` property (if the
map format ever gets one), the Settings choice, and finally the strongest AI the rules offer
(the last of :func:`rules.tactics.ai.player_names`). The AI decides on a clone of the state in
a :class:`concurrent.futures.ThreadPoolExecutor`; the scene polls :meth:`AiWorker.poll` each
frame and shows a thinking indicator meanwhile. An AI that fails or answers with an illegal
action is replaced for that decision by the first legal action that is not a surrender. While it
thinks, the interpreter hands the GIL between threads every millisecond (instead of every 5), so
frames keep their pace however long the AI takes.
"""

from __future__ import annotations

import logging
import sys
from concurrent.futures import Future, ThreadPoolExecutor, wait

from rules.tactics.actions import Action, Skip, Surrender
from rules.tactics.ai import make_player, player_names
from rules.tactics.engine import check, legal_actions
from rules.tactics.state import BattleState

AUTO = "auto"
THINKING_SWITCH_INTERVAL = 0.001  # seconds; how soon the drawing thread gets the GIL back while the AI thinks
log = logging.getLogger(__name__)


def strongest_level() -> str:
    """The strongest AI available now."""
    return player_names()[-1]


def resolve_level(settings_level: str | None, map_level: str | None = None) -> str:
    """The AI level that plays: the map's, else the player's choice, else the strongest."""
    known = player_names()
    for candidate in (map_level, settings_level):
        if candidate and candidate != AUTO and candidate in known:
            return candidate
    return strongest_level()


def fallback_action(state: BattleState) -> Action:
    """A harmless legal action for the side to act (never Surrender)."""
    for action in legal_actions(state):
        if not isinstance(action, Surrender):
            return action
    return Skip(state.current if state.current is not None else 0)


class AiWorker:
    """Runs one AI player's decisions off the main thread, one at a time."""

    def __init__(self, level: str, seed: int | str) -> None:
        self.level = level
        self.player = make_player(level, seed)
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="runetide-ai")
        self._future: Future[Action] | None = None
        self._asked: BattleState | None = None
        self._normal_interval = sys.getswitchinterval()

    @property
    def thinking(self) -> bool:
        return self._future is not None

    def request(self, state: BattleState) -> None:
        """Start deciding for ``state.active_team`` (no-op while a decision is under way)."""
        if self._future is None:
            self._asked = state.clone()
            self._normal_interval = sys.getswitchinterval()
            sys.setswitchinterval(min(self._normal_interval, THINKING_SWITCH_INTERVAL))
            self._future = self._executor.submit(self.player.choose, self._asked.clone())

    def poll(self) -> Action | None:
        """The decided action once ready (checked against the state it was asked about), else None."""
        future = self._future
        if future is None or not future.done():
            return None
        self._future = None
        sys.setswitchinterval(self._normal_interval)
        asked = self._asked
        assert asked is not None
        try:
            action = future.result()
        except Exception:  # an AI bug must not end the game
            log.exception("AI %s failed; playing a fallback action", self.level)
            return fallback_action(asked)
        if check(asked, action) is not None:
            log.error("AI %s chose an illegal action %r; playing a fallback action", self.level, action)
            return fallback_action(asked)
        return action

    def wait(self, timeout: float | None = None) -> Action | None:
        """Block until the decision is ready (tests and instant benches); None if nothing was asked."""
        if self._future is None:
            return None
        wait([self._future], timeout)
        return self.poll()

    def close(self) -> None:
        """Stop taking work; a decision under way finishes in the background and is dropped."""
        if self._future is not None:
            sys.setswitchinterval(self._normal_interval)
        self._future = None
        self._executor.shutdown(wait=False, cancel_futures=True)
