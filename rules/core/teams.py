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
from typing import TYPE_CHECKING, Generic, NoReturn, TypeVar

T = TypeVar("T")

TEAMS = (1, 2)


def other_team(team: int) -> int:
    """The opposing team of ``team`` (1 <-> 2)."""
    if team == 1:
        return 2
    if team == 2:
        return 1
    raise ValueError(f"a team is 1 or 2, got {team!r}")


class Mode(StrEnum):
    """A mission against the map's mobs, or a battle between two players (arena or hot-seat)."""

    MISSION = "mission"
    PVP = "pvp"


class _NoTeam:
    """What ``values[0]`` of a :class:`PerTeam` gives: an error as soon as it is used."""

    __slots__ = ()

    def _refuse(self, *_: object) -> NoReturn:
        raise KeyError("per-team values are read by team number, 1 or 2, never 0 (team - 1)")

    __getattr__ = __bool__ = __int__ = __index__ = __add__ = __sub__ = __lt__ = __iter__ = _refuse

    def __reduce__(self) -> str:
        return "NO_TEAM"


NO_TEAM = _NoTeam()


class PerTeam(tuple, Generic[T]):
    """An immutable pair of values, one per team, read by team number: ``pair[1]``, ``pair[2]``.

    Iterating yields the values in team order (team 1 first), so ``a, b = pair`` works; it
    compares and hashes like the tuple ``(value1, value2)``, so it can stand in frozen setups.
    Reading is as fast as a tuple's (it is one, with an unusable slot 0 that fails when used).
    """

    __slots__ = ()

    def __new__(cls, team1: T, team2: T) -> PerTeam[T]:
        return tuple.__new__(cls, (NO_TEAM, team1, team2))

    def __getnewargs__(self) -> tuple[T, T]:
        return self.as_tuple()

    @classmethod
    def of(cls, values: tuple[T, T] | PerTeam[T]) -> PerTeam[T]:
        """A PerTeam from a (team 1, team 2) tuple (or another PerTeam, returned as it is)."""
        if type(values) is cls:
            return values  # immutable: sharing it is safe
        first, second = values
        return cls(first, second)

    if TYPE_CHECKING:

        def __getitem__(self, team: int) -> T: ...  # type: ignore[override]

    def __iter__(self) -> Iterator[T]:
        return iter((tuple.__getitem__(self, 1), tuple.__getitem__(self, 2)))

    def __len__(self) -> int:
        return 2

    def items(self) -> Iterator[tuple[int, T]]:
        """(team, value) for both teams."""
        return zip(TEAMS, self.as_tuple(), strict=True)

    def replace(self, team: int, value: T) -> PerTeam[T]:
        """A copy with ``team``'s value replaced."""
        if team == 1:
            return PerTeam(value, self[2])
        if team == 2:
            return PerTeam(self[1], value)
        raise KeyError(f"a team is 1 or 2, got {team!r}")

    def as_tuple(self) -> tuple[T, T]:
        return (tuple.__getitem__(self, 1), tuple.__getitem__(self, 2))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, tuple):
            return self.as_tuple() == (other.as_tuple() if isinstance(other, PerTeam) else other)
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash(self.as_tuple())

    def __repr__(self) -> str:
        return repr(self.as_tuple())
