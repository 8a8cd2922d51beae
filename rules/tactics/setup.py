"""What a map gives a battle: :class:`BattleSetup` and its map-object records.

A setup is immutable and knows nothing of Tiled; ``client.tiled`` builds one from
a .tmx file, tests build them from ASCII boards. Coordinates are ``(x, y)``
sector indices, x to the right and y down, both from 0.

Teams are numbered as in the spec: team 1 is the player (in a mission) or the
first PvP player, team 2 the mobs or the second PvP player.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from rules.core.grid import Pos
from rules.core.teams import TEAMS, Mode, PerTeam

__all__ = ["TEAMS", "Mode", "Pos"]  # re-exported: the tactics setup speaks in these shared terms


class TurnOrder(StrEnum):
    """T-TURN-4 [REC, T-OQ-10]: which team picks first in each round of a PvP battle.

    Missions always use FIXED: the player acts first in every round (T-TURN-4)."""

    FIXED = "fixed"  # the battle's first team picks first in every round
    ALTERNATE = "alternate"  # the team that picks first changes every round
    SECOND_DOUBLE = "second_double"  # FIXED, but in round 1 the second team activates two squads per one
    ALTERNATE_DOUBLE = "alternate_double"  # ALTERNATE and SECOND_DOUBLE together
    FAIR_SHARE = "fair_share"  # picks follow the Thue-Morse sequence, in a round and across rounds


class RuneKind(StrEnum):
    """The five rune circles (T-RUNE-3)."""

    DAMAGE = "damage"
    PHYS_DEFENSE = "phys_defense"
    MAG_DEFENSE = "mag_defense"
    DODGE = "dodge"
    CRIT = "crit"


class FeatureKind(StrEnum):
    """The battle features of T-FEAT-1 (numbers 1..5)."""

    NONE = "none"  # 1
    PHYSICAL = "physical"  # 2, with X
    MAGICAL = "magical"  # 3, with X
    ESCALATION = "escalation"  # 4
    RANDOM = "random"  # 5, resolved at battle start (T-FEAT-3/4)


class Objective(StrEnum):
    """How a battle is won besides annihilation (T-END-1)."""

    ANNIHILATION = "annihilation"
    FLAGS = "flags"
    EXIT = "exit"


@dataclass(frozen=True, slots=True)
class BattleFeature:
    """One battle feature (T-FEAT-5: exactly one per battle); ``x`` for PHYSICAL / MAGICAL."""

    kind: FeatureKind = FeatureKind.NONE
    x: int = 0

    def __post_init__(self) -> None:
        if not -100 <= self.x <= 100:
            raise ValueError(f"battle feature X must be in -100..100, got {self.x}")  # T-FEAT-1


@dataclass(frozen=True, slots=True)
class Trap:
    """A one-shot trap (T-TRAP): hidden unless the map marks it visible."""

    pos: Pos
    visible: bool = False


@dataclass(frozen=True, slots=True)
class RuneCircle:
    """A permanent rune circle granting an aura (T-RUNE)."""

    pos: Pos
    kind: RuneKind


@dataclass(frozen=True, slots=True)
class DropSector:
    """A landing-zone sector of a team and type (T-LAND-2): 1 ranged only, 2 all units, 3 melee only."""

    pos: Pos
    team: int
    drop_type: int


@dataclass(frozen=True, slots=True)
class ExitSector:
    """An exit-zone sector that reacts to one team's squads (T-EXIT)."""

    pos: Pos
    team: int


@dataclass(frozen=True, slots=True)
class Flag:
    """A one-shot flag (T-FLAG). ``team`` None means shared (PvP mode 2, red)."""

    pos: Pos
    team: int | None = 1


@dataclass(frozen=True, slots=True)
class Chest:
    """A one-shot chest whose bonus is rolled at pickup (T-CHEST)."""

    pos: Pos


@dataclass(frozen=True, slots=True)
class Barricade:
    """A destructible object (T-DOBJ, T-DATA-4); ``hp`` None takes the catalog's value."""

    pos: Pos
    hp: int | None = None


@dataclass(frozen=True, slots=True)
class SquadSpec:
    """One squad of an army: unit type id, number of units, unit level."""

    unit: str
    count: int
    level: int = 1

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError(f"a squad needs at least 1 unit, got {self.count}")  # T-SQUAD-1
        if self.level < 1:
            raise ValueError(f"unit level must be >= 1, got {self.level}")


Army = tuple[SquadSpec, ...]


@dataclass(frozen=True, slots=True)
class BattleSetup:
    """Everything a map (plus the armies) gives a battle before it starts (T-DATA-6)."""

    width: int
    height: int
    armies: PerTeam[Army]  # a (team 1, team 2) tuple is accepted and converted
    blocked: frozenset[Pos] = frozenset()
    traps: tuple[Trap, ...] = ()
    runes: tuple[RuneCircle, ...] = ()
    drop_zones: tuple[DropSector, ...] = ()
    exits: tuple[ExitSector, ...] = ()
    flags: tuple[Flag, ...] = ()
    chests: tuple[Chest, ...] = ()
    barricades: tuple[Barricade, ...] = ()
    feature: BattleFeature = field(default_factory=BattleFeature)
    mode: Mode = Mode.MISSION
    objective: Objective = Objective.ANNIHILATION
    objective_target: int | None = None  # flags or exit counter to reach; None = the spec default
    flag_mode: int | None = None  # PvP flag mode 1 or 2 (T-FLAG-3); None in missions
    round_limit: int | None = None  # None = the catalog's R_max (T-TURN-5)
    first_team: int | None = None  # None = missions: team 1, PvP: random (T-TURN-4)
    turn_order: TurnOrder | None = None  # None = missions: FIXED, PvP: the catalog's turn_order
    name: str = ""
    # the title in other languages, from the map properties ``name_<lang>``: (("ru", "Первая кровь"),)
    names: tuple[tuple[str, str], ...] = ()

    def title(self, lang: str) -> str:
        """The title for language ``lang``: its own (``name_ru``), else ``name``."""
        return dict(self.names).get(lang) or self.name

    def __post_init__(self) -> None:
        object.__setattr__(self, "armies", PerTeam.of(self.armies))

    def in_bounds(self, pos: Pos) -> bool:
        x, y = pos
        return 0 <= x < self.width and 0 <= y < self.height

    def army(self, team: int) -> Army:
        return self.armies[team]
