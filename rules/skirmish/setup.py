"""What a battle starts from: :class:`SkirmishSetup` (map cells, parties, mode) and its builders.

A skirmish is fought on the same Tiled maps as the grid battle: :func:`from_battle_setup`
takes what a map gives (any :class:`MapCells`, such as the grid battle's setup: grid, blocked
cells, drop zones of teams 1 and 2, mission or PvP, round limit) and the two parties. Barricades count as
blocked cells; traps, runes, flags and the like belong to the grid battle and are ignored.
Coordinates are (x, y) cells, x to the right and y down.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import Protocol

from rules.core.grid import Pos
from rules.core.teams import Mode, PerTeam, other_team
from rules.skirmish.catalog_types import Loadout


class MeleeMode(StrEnum):
    """S-MODEL-1: how melee is resolved, chosen once per battle."""

    BASIC = "basic"
    DETAILED = "detailed"  # melee.md's resolver


MELEE_MODES = tuple(MeleeMode)


class _Placed(Protocol):
    @property
    def pos(self) -> Pos: ...


class _DropCell(_Placed, Protocol):
    @property
    def team(self) -> int: ...


class MapCells(Protocol):
    """What a skirmish reads of a loaded map (the grid battle's setup has all of it)."""

    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def blocked(self) -> frozenset[Pos]: ...
    @property
    def barricades(self) -> Sequence[_Placed]: ...
    @property
    def drop_zones(self) -> Sequence[_DropCell]: ...
    @property
    def mode(self) -> Mode: ...
    @property
    def round_limit(self) -> int | None: ...
    @property
    def name(self) -> str: ...


@dataclass(frozen=True, slots=True)
class HeroSpec:
    """One hero of a party: its catalog id, an optional fixed cell and an optional loadout (S-SPELL-11)."""

    hero: str
    pos: Pos | None = None
    loadout: Loadout | None = None


Party = tuple[HeroSpec, ...]


@dataclass(frozen=True, slots=True)
class SkirmishSetup:
    """Everything a battle needs before it starts; immutable and recorded with the replay (S-MODEL-1)."""

    width: int
    height: int
    parties: PerTeam[Party]  # each per-team field accepts a (team 1, team 2) tuple
    blocked: frozenset[Pos] = frozenset()
    drop_zones: PerTeam[tuple[Pos, ...]] = field(default_factory=lambda: PerTeam((), ()))
    mode: Mode = Mode.PVP
    melee_mode: str | None = None  # None: the Settings choice, else the catalog default (S-MODEL-1)
    round_limit: int | None = None  # None: the catalog's R_max (S-END-2)
    entry_energy: PerTeam[Fraction | None] = field(default_factory=lambda: PerTeam(None, None))  # S-ENERGY-5
    cards: PerTeam[tuple[str, ...]] = field(default_factory=lambda: PerTeam((), ()))  # S-ACT-4: cards held
    name: str = ""

    def __post_init__(self) -> None:
        for name in ("parties", "drop_zones", "entry_energy", "cards"):
            object.__setattr__(self, name, PerTeam.of(getattr(self, name)))
        if self.melee_mode is not None and self.melee_mode not in MELEE_MODES:
            raise ValueError(f"melee mode must be one of {MELEE_MODES}, got {self.melee_mode!r}")
        for energy in self.entry_energy:
            if energy is not None and not 0 <= energy <= 1:
                raise ValueError(f"entry energy is a fraction of max energy in [0, 1], got {energy}")

    def in_bounds(self, pos: Pos) -> bool:
        return 0 <= pos[0] < self.width and 0 <= pos[1] < self.height


def party_of(hero_ids: tuple[str, ...] | list[str]) -> Party:
    """A party of catalog heroes in their default loadouts, placed by :func:`deploy_cells`."""
    return tuple(HeroSpec(h) for h in hero_ids)


def from_battle_setup(
    battle: MapCells,
    party1: Party,
    party2: Party,
    *,
    melee_mode: str | None = None,
    entry_energy: tuple[Fraction | None, Fraction | None] = (None, None),
    mode: Mode | None = None,
    round_limit: int | None = None,
) -> SkirmishSetup:
    """The skirmish on a map: its grid, blocked cells (barricades too) and team drop zones."""
    zones = tuple(tuple(sorted(d.pos for d in battle.drop_zones if d.team == team)) for team in (1, 2))
    return SkirmishSetup(
        width=battle.width,
        height=battle.height,
        parties=PerTeam(party1, party2),
        blocked=battle.blocked | frozenset(b.pos for b in battle.barricades),
        drop_zones=PerTeam(zones[0], zones[1]),
        mode=mode or battle.mode,
        melee_mode=melee_mode,
        round_limit=round_limit if round_limit is not None else battle.round_limit,
        entry_energy=PerTeam.of(entry_energy),
        name=battle.name,
    )


def deploy_cells(setup: SkirmishSetup, team: int, count: int, taken: set[Pos]) -> list[Pos]:
    """Cells for ``count`` heroes without a fixed cell: the team's drop zone, nearest the enemy first.

    Without a drop zone a team uses the first (team 1) or last (team 2) free columns.
    """
    own = [p for p in setup.drop_zones[team] if p not in setup.blocked and p not in taken]
    other = setup.drop_zones[other_team(team)] or _edge(setup, other_team(team))
    cx = Fraction(sum(p[0] for p in other), max(1, len(other)))
    cy = Fraction(sum(p[1] for p in other), max(1, len(other)))
    if len(own) < count:
        own += [p for p in _edge(setup, team) if p not in own and p not in taken and p not in setup.blocked]
    own.sort(key=lambda p: ((p[0] - cx) ** 2 + (p[1] - cy) ** 2, p[1], p[0]))
    if len(own) < count:
        raise ValueError(f"team {team} has {len(own)} free cells to deploy {count} heroes")
    return own[:count]


def _edge(setup: SkirmishSetup, team: int) -> list[Pos]:
    """The two first (team 1) or last (team 2) columns."""
    cols = (0, 1) if team == 1 else (setup.width - 1, setup.width - 2)
    return [(x, y) for x in cols for y in range(setup.height)]
