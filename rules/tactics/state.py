"""The state of a battle in progress: squads, remaining map objects, counters, whose turn.

What never changes during a battle (the setup, the catalog, runes, exits,
blocked sectors) lives in one shared :class:`Board`; :meth:`BattleState.clone`
copies only what moves, which keeps clones cheap for search AIs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from rules.core.teams import PerTeam
from rules.tactics.catalog import Catalog, UnitType
from rules.tactics.formulas import movement_zone
from rules.tactics.setup import BattleFeature, BattleSetup, Chest, Flag, Mode, Pos, Trap, TurnOrder


@dataclass(frozen=True, slots=True)
class SquadInfo:
    """The fixed part of a squad: its type, level and battle stats (T-STAT-1a..c)."""

    id: int
    team: int
    unit: UnitType
    level: int
    hp: int
    min_damage: int
    max_damage: int
    start_count: int


class Squad:
    """A squad's changing part: stack-model HP (T-HP-1), position, turn and effect flags."""

    __slots__ = ("acted", "auras", "count", "defending", "info", "pos", "stunned_until", "top_hp")

    def __init__(self, info: SquadInfo, pos: Pos) -> None:
        self.info = info
        self.count = info.start_count
        self.top_hp = info.hp
        self.pos = pos
        self.acted = False
        self.defending = False
        self.stunned_until = 0  # last round in which the squad is stunned (T-PROP-1(d)); 0 = never
        self.auras: frozenset[str] = frozenset()  # rune kinds taken (T-RUNE-2)

    def copy(self) -> Squad:
        twin = Squad.__new__(Squad)
        twin.info = self.info
        twin.count = self.count
        twin.top_hp = self.top_hp
        twin.pos = self.pos
        twin.acted = self.acted
        twin.defending = self.defending
        twin.stunned_until = self.stunned_until
        twin.auras = self.auras
        return twin

    @property
    def id(self) -> int:
        return self.info.id

    @property
    def team(self) -> int:
        return self.info.team

    @property
    def unit(self) -> UnitType:
        return self.info.unit

    @property
    def alive(self) -> bool:
        return self.count > 0

    def stunned(self, round_no: int) -> bool:
        return self.stunned_until >= round_no

    def __repr__(self) -> str:
        return (
            f"Squad({self.id}, team {self.team}, {self.unit.id} x{self.count}"
            f" top {self.top_hp}/{self.info.hp} at {self.pos})"
        )


@lru_cache(maxsize=64)
def _zone_mask_tables(width: int, height: int, blocked: frozenset[Pos]) -> tuple[dict[Pos, int], ...]:
    """Per movement zone, each sector's zone as a bit mask (shared by battles on the same map)."""
    tables = []
    for zone in (0, 1, 2):
        offsets = movement_zone(zone)
        table = {}
        for x in range(width):
            for y in range(height):
                mask = 0
                for dx, dy in offsets:
                    sx, sy = x + dx, y + dy
                    if 0 <= sx < width and 0 <= sy < height and (sx, sy) not in blocked:
                        mask |= 1 << (sy * width + sx)
                table[(x, y)] = mask
        tables.append(table)
    return tuple(tables)


@dataclass(frozen=True, slots=True)
class Board:
    """The static part of a battle, shared by every clone."""

    setup: BattleSetup
    catalog: Catalog
    width: int
    height: int
    blocked: frozenset[Pos]
    runes: dict[Pos, str]
    exits: dict[Pos, int]
    round_limit: int
    turn_order: TurnOrder  # T-TURN-4: resolved from the setup and the catalog (missions: FIXED)
    flags_required: PerTeam[int]  # per team (T-FLAG-1/4); 0 when flags do not decide
    start_units: PerTeam[int]  # M-EFF-4: units each team had at battle start
    zone_masks: tuple[dict[Pos, int], ...] = field(default=(), compare=False, repr=False)
    _line_masks: dict[Pos, int] = field(default_factory=dict, compare=False, repr=False)
    _positions: dict[int, tuple[Pos, ...]] = field(default_factory=dict, compare=False, repr=False)
    actions: dict = field(default_factory=dict, compare=False, repr=False)  # memo for legal_actions

    # Sets of sectors are also kept as bit masks (bit y * width + x), which makes the
    # hot questions of legal_actions ("which zone sectors are free?") one integer operation.
    # ``zone_masks[zone][pos]``: in-bounds, unblocked sectors of movement zone 0/1/2 around
    # pos (T-MOVE-1/2); zone 1 is also the 8 neighbours (T-GRID-2) of melee reach.
    def __post_init__(self) -> None:
        if not self.zone_masks:
            object.__setattr__(self, "zone_masks", _zone_mask_tables(self.width, self.height, self.blocked))

    def bit(self, pos: Pos) -> int:
        return 1 << (pos[1] * self.width + pos[0])

    def line_mask(self, x: int, y: int) -> int:
        """Every sector of column x and row y except (x, y) itself (T-ATK-3's cross)."""
        mask = self._line_masks.get((x, y))
        if mask is None:
            mask = sum(self.bit((x, row)) for row in range(self.height) if row != y)
            mask += sum(self.bit((col, y)) for col in range(self.width) if col != x)
            self._line_masks[(x, y)] = mask
        return mask

    def positions(self, mask: int) -> tuple[Pos, ...]:
        """The sectors of a bit mask in row-major order, memoised."""
        cached = self._positions.get(mask)
        if cached is None:
            found: list[Pos] = []
            rest, width = mask, self.width
            while rest:
                low = rest & -rest
                index = low.bit_length() - 1
                found.append((index % width, index // width))
                rest ^= low
            cached = self._positions[mask] = tuple(found)
        return cached

    def nth_position(self, mask: int, k: int) -> Pos:
        """``positions(mask)[k]`` without building (or memoising) the tuple: random players pick
        one sector of a mask that is rarely seen twice (0 <= k < mask.bit_count())."""
        for _ in range(k):
            mask &= mask - 1  # drop the lowest sector
        index = (mask & -mask).bit_length() - 1
        return (index % self.width, index // self.width)

    @property
    def mode(self) -> Mode:
        return self.setup.mode


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the battle ended: ``winner`` None is a draw."""

    winner: int | None
    reason: str
    efficiency: PerTeam[Fraction]  # a (team 1, team 2) tuple is accepted and converted

    def __post_init__(self) -> None:
        object.__setattr__(self, "efficiency", PerTeam.of(self.efficiency))
        # an EndReason's plain value: the fingerprint (the AIs' dice, replays) hashes the outcome's repr
        object.__setattr__(self, "reason", str(self.reason))


class BattleState:
    """Everything that changes during a battle. Mutated only by the engine's primitives."""

    __slots__ = (
        "active_team",
        "barricade_bits",
        "barricades",
        "board",
        "chests",
        "current",
        "exit_count",
        "feature",
        "first_team",
        "flag_count",
        "flags",
        "kills",
        "occupant",
        "outcome",
        "pending_bonus",
        "round_no",
        "squads",
        "team_bits",
        "traps",
    )

    def __init__(self, board: Board, feature: BattleFeature, first_team: int) -> None:
        self.board = board
        self.feature = feature
        self.first_team = first_team
        self.active_team = first_team
        self.round_no = 1
        self.current: int | None = None  # squad whose main turn is under way (moved, may still attack)
        self.squads: list[Squad] = []
        self.occupant: dict[Pos, int] = {}
        self.barricades: dict[Pos, int] = {
            b.pos: b.hp or board.catalog.barricade.hp for b in board.setup.barricades
        }
        self.barricade_bits = sum(board.bit(pos) for pos in self.barricades)
        self.team_bits = [0, 0, 0]  # sectors held by each team's squads (index 1, 2)
        self.traps: dict[Pos, Trap] = {t.pos: t for t in board.setup.traps}
        self.flags: dict[Pos, Flag] = {f.pos: f for f in board.setup.flags}
        self.chests: dict[Pos, Chest] = {c.pos: c for c in board.setup.chests}
        self.flag_count = [0, 0, 0]  # index by team (1, 2)
        self.exit_count = [0, 0, 0]
        self.kills = [0, 0, 0]  # Ч1 per team: enemy units killed by the team's own strikes (T-HP-4)
        self.pending_bonus: tuple[tuple[str, ...], ...] = ((), (), ())
        self.outcome: Outcome | None = None

    def clone(self) -> BattleState:
        """An independent copy (no deepcopy: immutable parts are shared)."""
        twin = BattleState.__new__(BattleState)
        twin.board = self.board
        twin.feature = self.feature
        twin.first_team = self.first_team
        twin.active_team = self.active_team
        twin.round_no = self.round_no
        twin.current = self.current
        twin.squads = [s.copy() for s in self.squads]
        twin.occupant = self.occupant.copy()
        twin.barricades = self.barricades.copy()
        twin.barricade_bits = self.barricade_bits
        twin.team_bits = self.team_bits.copy()
        twin.traps = self.traps.copy()
        twin.flags = self.flags.copy()
        twin.chests = self.chests.copy()
        twin.flag_count = self.flag_count.copy()
        twin.exit_count = self.exit_count.copy()
        twin.kills = self.kills.copy()
        twin.pending_bonus = self.pending_bonus
        twin.outcome = self.outcome
        return twin

    # ---- queries -------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.outcome is not None

    def squad_at(self, pos: Pos) -> Squad | None:
        sid = self.occupant.get(pos)
        return None if sid is None else self.squads[sid]

    def living(self, team: int | None = None) -> list[Squad]:
        return [s for s in self.squads if s.count > 0 and (team is None or s.info.team == team)]

    def in_bounds(self, pos: Pos) -> bool:
        return 0 <= pos[0] < self.board.width and 0 <= pos[1] < self.board.height

    def enterable(self, pos: Pos) -> bool:
        """T-GRID-4: in bounds, not blocked terrain, no squad and no destructible object."""
        return (
            self.in_bounds(pos)
            and pos not in self.occupant
            and pos not in self.barricades
            and pos not in self.board.blocked
        )

    def exit_target(self, team: int) -> int:
        """T-EXIT-4: the mission value, else all of the team's living squads, never below 1."""
        target = self.board.setup.objective_target
        if target:
            return target
        return max(1, sum(1 for s in self.squads if s.count > 0 and s.info.team == team))

    def fingerprint(self) -> tuple:
        """A hashable summary of everything that changes, for determinism and replay checks."""
        return (
            self.round_no,
            self.active_team,
            self.current,
            tuple(
                # auras sorted: a set of strings iterates in a per-process order (PYTHONHASHSEED),
                # and the AIs' dice are seeded from this fingerprint
                (s.count, s.top_hp, s.pos, s.acted, s.defending, s.stunned_until, tuple(sorted(s.auras)))
                for s in self.squads
            ),
            tuple(sorted(self.barricades.items())),
            tuple(sorted(self.traps)),
            tuple(sorted(self.flags)),
            tuple(sorted(self.chests)),
            tuple(self.flag_count),
            tuple(self.exit_count),
            tuple(self.kills),
            self.pending_bonus,
            self.outcome,
        )

    def __str__(self) -> str:
        from rules.tactics.text import render_board  # local: ascii.py imports this module

        return render_board(self)
