"""The timing core every event player shares: a queue of events started one by one, a hold while one
plays, motions (tweens that move sprites) and effects (pop-ups, glows) that run on beside the next
events, the speed (1, 2, 4, or 0 for instant) and the ``idle`` that input and AI turns wait for.

A game's player subclasses :class:`Playback` with one ``_on_<EventName>(event, animate)`` handler per
event it shows, returning how long the queue holds; :class:`client.render.event_player.EventPlayer`
is the tactical battle's, :class:`client.skirmish.player.SkirmishPlayer` the hero skirmish's.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any, Protocol

from client.render.tween import Tween


class Motion:
    """A tween driving ``step(t)``; ``done()`` runs when it ends or is cut short (snap the sprite)."""

    def __init__(self, tween: Tween, step: Callable[[float], None], done: Callable[[], None]) -> None:
        self.tween, self.step, self.done = tween, step, done

    def update(self, dt: float) -> bool:
        running = self.tween.update(dt)
        self.step(self.tween.t)
        if not running:
            self.done()
        return running

    def finish(self) -> None:
        self.done()


class _Effect(Protocol):
    def update(self, dt: float) -> bool: ...


class Playback:
    """Plays queued events in order; ``speed`` 1, 2, 4, or 0 for instant (no pictures)."""

    def __init__(self, speed: float = 1.0, on_event: Callable[[Any], None] | None = None) -> None:
        self.speed = speed
        self.on_event = on_event
        self.queue: deque[Any] = deque()
        self.effects: list = []
        self.motions: list = []
        self.hold = 0.0
        self.after: Callable[[], None] | None = None
        self.played: list[Any] = []  # every event started, in order (tests, debugging)

    @property
    def idle(self) -> bool:
        return not self.queue and self.hold <= 0 and self.after is None and not self.motions

    def push(self, events: list) -> None:
        self.queue.extend(events)
        if self.speed <= 0:
            self.flush()

    def set_speed(self, speed: float) -> None:
        self.speed = speed
        if speed <= 0:
            self.flush()

    def flush(self) -> None:
        """Apply everything queued now, without pictures (instant speed, or skipping ahead)."""
        self._finish_hold()
        for motion in self.motions:
            motion.finish()
        self.motions.clear()
        self.effects = [e for e in self.effects if getattr(e, "screen_space", False)]
        while self.queue:
            self._start(self.queue.popleft(), animate=False)
            self._finish_hold()

    def update(self, dt: float) -> None:
        if self.speed <= 0:
            self.flush()
            return
        dt *= self.speed
        self.motions = [m for m in self.motions if m.update(dt)]
        self.effects = [e for e in self.effects if e.update(dt)]
        self.tick(dt)
        self.hold -= dt
        while self.hold <= 0 and (self.queue or self.after is not None):
            self._finish_hold()
            if not self.queue:
                break
            self._start(self.queue.popleft(), animate=True)

    def tick(self, dt: float) -> None:
        """Per-frame upkeep of the subclass (hit flashes fading), at the played speed."""

    def _finish_hold(self) -> None:
        if self.after is not None:
            after, self.after = self.after, None
            after()
        self.hold = 0.0

    def _start(self, event: Any, animate: bool) -> None:
        self.played.append(event)
        handler = getattr(self, "_on_" + type(event).__name__, None)
        hold = handler(event, animate) if handler is not None else 0.0
        self.hold = hold if animate else 0.0
        if self.on_event is not None:
            self.on_event(event)
