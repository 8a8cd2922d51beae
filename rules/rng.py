"""Dice for the rules: the Rng protocol, a seeded generator and a scripted test double.

The rng is passed into ``apply`` and never stored in a game state, so an AI
working on a clone cannot see future rolls. Every random choice in the rules is
expressed through :meth:`Rng.randint` (inclusive bounds), which is what lets
:class:`ScriptedRng` force any outcome in a test.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Protocol, TypeVar

T = TypeVar("T")


class Rng(Protocol):
    """A source of uniformly distributed integers."""

    def randint(self, lo: int, hi: int) -> int:
        """A uniform integer in [lo, hi], both inclusive."""
        ...


def roll_percent(rng: Rng, chance_pct: int) -> tuple[bool, int | None]:
    """Succeed with chance_pct percent: (success, d100 roll).

    Certain outcomes (<= 0 or >= 100) do not roll and report ``None``; any other
    chance rolls 1..100 and succeeds when the roll is <= chance_pct.
    """
    if chance_pct <= 0:
        return False, None
    if chance_pct >= 100:
        return True, None
    roll = rng.randint(1, 100)
    return roll <= chance_pct, roll


def choose(rng: Rng, options: Sequence[T]) -> T:
    """A uniformly random element (one roll, even for a single option)."""
    if not options:
        raise ValueError("choose() needs at least one option")
    return options[rng.randint(0, len(options) - 1)]


def choose_weighted(rng: Rng, options: Sequence[T], weights: Sequence[int]) -> T:
    """An element with chance weight / sum(weights) (one roll).

    Equal weights make it exactly :func:`choose` (the same single roll in 0..n-1), so a table
    whose weights are all equal draws as a plain uniform choice; otherwise one roll in
    1..sum(weights) picks by the cumulative weights, in order.
    """
    if len(options) != len(weights) or any(w < 0 for w in weights) or not sum(weights):
        raise ValueError(f"choose_weighted() needs a weight >= 0 per option, not all 0: {weights}")
    if len(set(weights)) == 1:
        return choose(rng, options)
    pick = rng.randint(1, sum(weights))
    for option, weight in zip(options, weights, strict=True):
        if pick <= weight:
            return option
        pick -= weight
    raise AssertionError("unreachable: the weights cover the whole range")


def shuffled(rng: Rng, items: Iterable[T]) -> list[T]:
    """A new list in uniformly random order (Fisher-Yates through randint)."""
    result = list(items)
    for i in range(len(result) - 1, 0, -1):
        j = rng.randint(0, i)
        result[i], result[j] = result[j], result[i]
    return result


class SeededRng:
    """A reproducible generator whose state can be saved with a match and restored."""

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed
        self._random = random.Random(seed)

    def randint(self, lo: int, hi: int) -> int:
        if lo > hi:
            raise ValueError(f"randint({lo}, {hi}): empty range")
        # random.randint(lo, hi) draws exactly lo + _randbelow(hi - lo + 1) for ints (CPython's
        # randrange); calling it directly skips two layers of argument checks on the hottest call.
        return lo + self._random._randbelow(hi - lo + 1)  # type: ignore[attr-defined]

    def get_state(self) -> object:
        """An opaque, picklable snapshot of the generator."""
        return self._random.getstate()

    def set_state(self, state: object) -> None:
        """Restore a snapshot taken by :meth:`get_state`."""
        self._random.setstate(state)  # type: ignore[arg-type]

    def fork(self, salt: int | str) -> SeededRng:
        """An independent generator derived from this one's seed and a salt."""
        return SeededRng(f"{self.seed}/{salt}")


class ScriptedRngExhausted(AssertionError):
    """A test forced fewer rolls than the rules asked for."""


class ScriptedRng:
    """Returns the given rolls in order; each must lie within the asked range.

    ``ScriptedRng([37, 18])`` answers the first randint with 37 and the second
    with 18. Asking for more rolls than scripted, or scripting a value outside
    the asked range, fails loudly so a scenario test cannot pass by accident.
    ``calls`` records every (lo, hi, value) for assertions.
    """

    def __init__(self, rolls: Iterable[int]) -> None:
        self._rolls = list(rolls)
        self._next = 0
        self.calls: list[tuple[int, int, int]] = []

    def randint(self, lo: int, hi: int) -> int:
        if self._next >= len(self._rolls):
            raise ScriptedRngExhausted(
                f"roll #{self._next + 1} in [{lo}, {hi}] was asked for, but only {len(self._rolls)} scripted"
            )
        value = self._rolls[self._next]
        if not lo <= value <= hi:
            raise AssertionError(f"scripted roll #{self._next + 1} = {value} is outside [{lo}, {hi}]")
        self._next += 1
        self.calls.append((lo, hi, value))
        return value

    @property
    def remaining(self) -> int:
        """How many scripted rolls are still unused."""
        return len(self._rolls) - self._next
