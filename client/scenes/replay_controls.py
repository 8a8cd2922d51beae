"""What every replay viewer shares: its buttons (Pause / Play, Step, Speed, Menu, with their keys)
and its pacing (which recorded action plays next, and when).

:class:`ReplayPacer` is the logic: playing, each action waits :data:`STEP` seconds at 1x (divided
by the animation speed; none at instant); Pause stops that; Step (Right arrow or N) asks for exactly
one more action and pauses. The tactical viewer (:mod:`client.scenes.replay_player`) and the duel's
(:mod:`client.duel.replay_view`) both drive it and both show :class:`ReplayButtons`.
"""

from __future__ import annotations

import pygame
import pygame_gui

from client.battle.widgets import ButtonBar, key_label, key_name_label, speed_label
from client.i18n import tr
from client.settings import Settings

STEP = 0.35  # seconds at 1x between actions
PAUSE_KEY = pygame.K_SPACE
STEP_KEYS = (pygame.K_RIGHT, pygame.K_n)
REPLAY_WIDTHS = {"pause": 150, "step": 140, "speed": 118, "menu": 92}


class ReplayButtons(ButtonBar):
    """Pause / Play, Step, Speed and Menu, with their keys, where the battle has its buttons."""

    def __init__(self, ui: pygame_gui.UIManager) -> None:
        super().__init__(ui, REPLAY_WIDTHS, prefix="replay")
        self.paused = False

    def labels(self, settings: Settings, mid_turn: bool, *, compact: bool) -> dict[str, str]:
        """Pause / Play, Step, Speed and Menu with their keys (compact: without them, the speed alone);
        ``mid_turn`` is the battle bar's and means nothing here."""

        def keyed(label: str, key: str) -> str:
            return label if compact else label + key

        return {
            "pause": keyed(
                tr("replay.play" if self.paused else "replay.pause"),
                key_name_label(pygame.key.name(PAUSE_KEY)),
            ),
            "step": keyed(tr("replay.step"), key_name_label(pygame.key.name(STEP_KEYS[0]))),
            "speed": keyed(speed_label(settings, compact=compact), key_label(settings, "speed")),
            "menu": keyed(tr("battle.menu"), key_label(settings, "cancel")),
        }


class ReplayPacer:
    """Pause / Play and Step over ``total`` recorded actions, and when the next one is due."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.paused = False
        self.steps_wanted = 0  # Step presses not played yet (each plays one action once the last is shown)
        self._left: float | None = None  # seconds until the next action (None: not started)
        self._next = -1  # the action ``_left`` counts down to

    def can_step(self, played: int, finished: bool) -> bool:
        return not finished and played + self.steps_wanted < self.total

    def toggle(self, finished: bool) -> bool:
        """Pause / Play; False when there is nothing left to play (no change)."""
        if finished:
            return False
        self.paused = not self.paused
        self.steps_wanted = 0
        return True

    def step(self, played: int, finished: bool) -> bool:
        """Ask for exactly the next action and stay paused; True when this paused the replay."""
        if not self.can_step(played, finished):
            return False
        paused_now = not self.paused
        self.paused = True
        self.steps_wanted += 1
        return paused_now

    def due(self, played: int, dt: float, speed: float) -> bool:
        """Whether action ``played`` (0-based) plays now, ``dt`` seconds on at animation ``speed``."""
        if played >= self.total:
            return False
        if self._next != played or self._left is None:
            self._next, self._left = played, STEP
        if self.steps_wanted:
            self.steps_wanted -= 1
            self._left = None
            return True
        if self.paused:
            return False
        self._left -= dt * max(speed, 1.0)
        if self._left <= 0 or speed <= 0:
            self._left = None
            return True
        return False


def position_text(played: int, total: int, finished: bool, turn: str, paused: bool) -> str:
    """The viewers' position line: "Action 12 / 87 · Red player's turn · Paused"."""
    parts = [tr("replay.position", n=played, total=total)]
    if finished:
        parts.append(tr("replay.finished"))
    else:
        parts.append(turn)
        if paused:
            parts.append(tr("replay.paused"))
    return "  ·  ".join(parts)
