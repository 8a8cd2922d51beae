"""The AI seat's plays at the table: each decided in the battle's AI worker, each played after a pause.

The worker (:class:`client.battle.opponent.AiWorker`, ``game="duel"``) thinks in its own process
(a thread where no process can start) from the AI's own view, so the window keeps drawing; while it
thinks the table says so. An answer is played only once :data:`AI_PAUSE_SECONDS` (divided by
Settings' speed; none at instant) have passed since the table became free, so a person can follow
each play. An answer for a state that has changed meanwhile (the turn's time ran out while the AI
thought: D-TURN-8) is dropped and the AI is asked again. A failing AI or a dead worker plays the
worker's fallback, which ends the AI's turn (``rules.duel.match.RULES.on_failure``).
"""

from __future__ import annotations

from client.battle.opponent import AiWorker
from client.duel.session import DuelSession
from rules.duel.actions import Action

AI_PAUSE_SECONDS = 0.6  # before each AI play, at 1x, so a person can follow


class AiTurn:
    """Asks the worker for the AI's next action and hands it to the table when it is due."""

    def __init__(self, session: DuelSession, backend: str = "process") -> None:
        self.session = session
        self.worker: AiWorker | None = None if session.hotseat else session.ai_worker(backend)
        self.asked: int | None = None  # the session version the worker is deciding for
        self.ready: Action | None = None
        self.waited = 0.0

    @property
    def thinking(self) -> bool:
        """The worker is deciding (the table shows it)."""
        return self.worker is not None and self.worker.thinking

    def step(self, dt: float, speed: float) -> Action | None:
        """One frame of the AI's turn while the table is free: the action to play now, or None."""
        if self.worker is None:
            return None
        self.waited += dt
        version = self.session.version
        if self.ready is None:
            action = self.worker.poll()
            if action is not None and self.asked == version:
                self.ready = action
            elif not self.worker.thinking:
                self.worker.request(self.session.state)
                self.asked = version
        pause = AI_PAUSE_SECONDS / speed if speed > 0 else 0.0
        if self.ready is not None and self.waited >= pause:
            action, self.ready = self.ready, None
            self.waited = 0.0
            return action
        return None

    def forget(self) -> None:
        """The state changed without the AI (a time-out): drop what was decided for the old one."""
        self.ready = None
        self.asked = None
        self.waited = 0.0

    def close(self) -> None:
        """Stop the worker (the table is being left); safe to call more than once."""
        if self.worker is not None:
            self.worker.close()
