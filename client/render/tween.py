"""Tweens: a value going from A to B over a time with an easing curve, advanced by ``update(dt)``."""

from __future__ import annotations

import math
from collections.abc import Callable

Easing = Callable[[float], float]


def ease_in_out(t: float) -> float:
    """Smooth start and stop (cubic)."""
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out(t: float) -> float:
    return 1 - (1 - t) ** 3


def there_and_back(t: float) -> float:
    """0 -> 1 -> 0 (a lunge): fast out, eased back."""
    return ease_out(t / 0.45) if t < 0.45 else 1 - ease_in_out((t - 0.45) / 0.55)


def hop(t: float) -> float:
    """A jump arc: 0 at both ends, 1 in the middle."""
    return math.sin(math.pi * t)


class Tween:
    """Progress from 0 to 1 over ``duration`` seconds; ``value`` applies the easing."""

    def __init__(self, duration: float, easing: Easing = ease_in_out) -> None:
        self.duration = max(duration, 1e-6)
        self.easing = easing
        self.elapsed = 0.0

    def update(self, dt: float) -> bool:
        """Advance; True while still running."""
        self.elapsed = min(self.duration, self.elapsed + dt)
        return self.elapsed < self.duration

    @property
    def t(self) -> float:
        return self.elapsed / self.duration

    @property
    def value(self) -> float:
        return self.easing(self.t)


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t
