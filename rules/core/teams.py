"""Teams and the one convention for per-team values, shared by every game.

Every game has two sides, numbered as in the specs: 1 and 2 (tactics: team 1 is the player in a
mission; duel: players 1 and 2; skirmish: teams 1 and 2). A per-team value is always read by the
team's number, never by ``team - 1``:

- in mutable state, a dict keyed by team: ``{1: value1, 2: value2}``;
- in immutable setups and records, a :class:`PerTeam`, whose ``values[team]`` works the same way.
"""

from __future__ import annotations

from collections.abc import Iterator
from enum import StrEnum
from typing import Generic, TypeVar

T = TypeVar("T")

TEAMS = (1, 2)


def other_team(team: int) -> int:
    """The opposing team of ``team`` (1 <-> 2)."""
    if team not in TEAMS:
        raise ValueError(f"a team is 1 or 2, got {team!r}")
    return 3 - team


class Mode(StrEnum):
    """A mission against the map's mobs, or a battle between two players (arena or hot-seat)."""

    MISSION = "mission"
    PVP = "pvp"


class PerTeam(Generic[T]):
    """An immutable pair of values, one per team, read by team number: ``pair[1]``, ``pair[2]``.

    Iterating yields the values in team order (team 1 first), so ``a, b = pair`` works; it
    compares and hashes like the tuple ``(value1, value2)``, so it can stand in frozen setups.
    """

    __slots__ = ("_values",)

    def __init__(self, team1: T, team2: T) -> None:
        self._values = (team1, team2)

    @classmethod
    def of(cls, values: tuple[T, T] | PerTeam[T]) -> PerTeam[T]:
        """A PerTeam from a (team 1, team 2) tuple (or another PerTeam)."""
        first, second = values
        return cls(first, second)

    def __getitem__(self, team: int) -> T:
        if team == 1:
            return self._values[0]
        if team == 2:
            return self._values[1]
        raise KeyError(f"a team is 1 or 2, got {team!r}")

    def __iter__(self) -> Iterator[T]:
        return iter(self._values)

    def __len__(self) -> int:
        return 2

    def items(self) -> Iterator[tuple[int, T]]:
        """(team, value) for both teams."""
        return zip(TEAMS, self._values, strict=True)

    def replace(self, team: int, value: T) -> PerTeam[T]:
        """A copy with ``team``'s value replaced."""
        if team == 1:
            return PerTeam(value, self._values[1])
        if team == 2:
            return PerTeam(self._values[0], value)
        raise KeyError(f"a team is 1 or 2, got {team!r}")

    def as_tuple(self) -> tuple[T, T]:
        return self._values

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PerTeam):
            return self._values == other._values
        if isinstance(other, tuple):
            return self._values == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._values)

    def __repr__(self) -> str:
        return repr(self._values)
