"""The state of a skirmish in progress: heroes, items, walls, the round's order and the activation.

What never changes in a battle (setup, catalog, melee mode, k, terrain) lives in the shared
:class:`Board`; :meth:`SkirmishState.clone` copies only what moves, which keeps clones cheap
for the search AI. Heroes are numbered by their index in ``state.heroes``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import TypeVar

from rules.core.grid import Pos
from rules.core.memo import BoundedMemo
from rules.core.teams import Mode, PerTeam
from rules.skirmish.catalog import SkirmishCatalog
from rules.skirmish.catalog_types import HeroType, Loadout
from rules.skirmish.formulas import effective_agility
from rules.skirmish.setup import MeleeMode, SkirmishSetup

T = TypeVar("T")
MEMO_LIMIT = 50_000  # entries of a battle's shared memo before it is emptied (a long search's bound)
_MISSING = object()


@dataclass(frozen=True, slots=True)
class Board:
    """The static part of a battle, shared by every clone."""

    setup: SkirmishSetup
    catalog: SkirmishCatalog
    terrain: frozenset[Pos]
    melee_mode: MeleeMode  # S-MODEL-1: fixed at the start, recorded with the battle
    damage_scale: Fraction  # S-MODEL-4: k
    round_limit: int  # S-END-2
    # The battle's shared memo: each entry keyed by all it depends on, written through ``keep``.
    memo: BoundedMemo = field(default_factory=lambda: BoundedMemo(MEMO_LIMIT), compare=False, repr=False)

    def remember(self, key: object, compute: Callable[[], T]) -> T:
        """``compute()``, kept in the battle's memo under ``key`` (which must name all it depends on);
        the memo is emptied when it would grow past ``MEMO_LIMIT`` entries."""
        found = self.memo.get(key, _MISSING)
        if found is _MISSING:
            found = self.memo.keep(key, compute())
        return found

    @property
    def width(self) -> int:
        return self.setup.width

    @property
    def height(self) -> int:
        return self.setup.height

    @property
    def detailed(self) -> bool:
        return self.melee_mode == MeleeMode.DETAILED

    @property
    def mode(self) -> Mode:
        return self.setup.mode


@dataclass(frozen=True, slots=True)
class HeroInfo:
    """The fixed part of a hero in a battle: type, side, loadout, maxima and entry energy."""

    id: int
    team: int
    hero: HeroType
    loadout: Loadout
    max_hp: int
    max_mana: Fraction
    energy: Fraction  # S-ENERGY-1/4/5: entry energy as a fraction of max, fixed for the battle
    energy_mult: Fraction  # S-ENERGY-3
    castable_level: int  # S-SPELL-7
    quick: frozenset[str]  # S-SPELL-11
    agility: Fraction = Fraction(0)  # the hero type's attributes used in a battle (S-ATTR-1)
    strength: Fraction = Fraction(0)
    wisdom: Fraction = Fraction(0)

    # Derived once (read in every legal_actions and AI estimate): can it cast (S-SPELL-7), and
    # S-BIND-5's "mage": any hero whose max mana is above 0.
    can_cast: bool = field(init=False, repr=False, compare=False)
    is_mage: bool = field(init=False, repr=False, compare=False)
    # S-WOUND-1..4: the effective Agility at each HP met so far (Hero.agility, read in every ranged
    # hit chance and AI estimate; a cache keyed by the Fraction cost more in hashing than the rule).
    agility_at: dict[int, Fraction] = field(init=False, repr=False, compare=False)
    # Derived from the effective Agility at each HP met so far, for every activation's start
    # (turns.begin_activation): S-MOVE-2's steps before any effect, and S-DATA-7's shots by divisor.
    steps_at: dict[int, Fraction] = field(init=False, repr=False, compare=False)
    shots_at: dict[tuple[int, int], int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "can_cast", self.castable_level >= 1 and self.max_mana > 0)
        object.__setattr__(self, "is_mage", self.max_mana > 0)
        object.__setattr__(self, "agility_at", {})
        object.__setattr__(self, "steps_at", {})
        object.__setattr__(self, "shots_at", {})


@dataclass(frozen=True, slots=True)
class Effect:
    """A timed effect on a hero (S-DATA-5): lasts until the end of round ``until``."""

    kind: str  # a StatusKind's value: a plain str, as the fingerprint (and the AIs' dice) see it
    value: Fraction
    until: int
    spell: str
    detailed: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", str(self.kind))


@dataclass(frozen=True, slots=True)
class Channel:
    """S-SPELL-9: an unprepared spell being channelled; ``left`` activations to go, this one included."""

    spell: str
    left: int


_new = object.__new__
_ZERO = Fraction(0)


_FIXED_SLOTS = ("id", "info", "team")  # a Hero's slots that never change: not in the fingerprint


class Hero:
    """A hero's changing part (and, for speed, its fixed id and side)."""

    __slots__ = (
        "arms_lost",
        "blocking",
        "bound_by",
        "channel",
        "crippled",
        "effects",
        "eyes_lost",
        "fatigue",
        "hp",
        "id",
        "info",
        "last_attack_round",
        "mana",
        "melee",
        "next_crossbow",
        "pos",
        "ranged",
        "root_next",
        "shield",
        "style",
        "team",
        "thrown",
    )  # fmt: skip

    def __init__(self, info: HeroInfo, pos: Pos, fatigue: int) -> None:
        self.info = info
        self.id = info.id  # the board's (fixed) numbering and side, kept as plain slots: the AIs read
        self.team = info.team  # them hundreds of thousands of times a battle
        self.hp = info.max_hp
        self.mana = info.max_mana  # S-MANA-3: full at the start
        self.pos = pos
        lo = info.loadout
        self.melee, self.ranged, self.shield, self.thrown = lo.melee, lo.ranged, lo.shield, lo.thrown
        self.fatigue = fatigue  # S-MODEL-3 / S-MODEL-5 (detailed mode only)
        self.effects: tuple[Effect, ...] = ()
        self.root_next = False  # 0 steps in the next activation (Entangle, Thunderclap)
        self.style = False  # S-STYLE-6
        self.blocking: tuple[int, ...] = ()  # S-STYLE-3a: enemies this defender blocks
        self.bound_by: int | None = None  # S-BIND-5
        self.channel: Channel | None = None  # S-SPELL-9
        self.next_crossbow = 0  # S-ACT-2: first round the crossbow may shoot again
        self.arms_lost = 0  # S-MODEL-7 afflictions
        self.crippled = False
        self.eyes_lost = 0
        self.last_attack_round = -99  # S-MODEL-7: a Crippled hero attacks once in any 3 rounds

    def copy(self) -> Hero:
        # Slot by slot, spelled out: a loop over __slots__ with getattr/setattr costs 3x as much.
        twin = _new(Hero)
        twin.arms_lost, twin.blocking, twin.bound_by = self.arms_lost, self.blocking, self.bound_by
        twin.channel, twin.crippled, twin.effects = self.channel, self.crippled, self.effects
        twin.eyes_lost, twin.fatigue, twin.hp, twin.info = self.eyes_lost, self.fatigue, self.hp, self.info
        twin.last_attack_round, twin.mana, twin.melee = self.last_attack_round, self.mana, self.melee
        twin.next_crossbow, twin.pos, twin.ranged = self.next_crossbow, self.pos, self.ranged
        twin.root_next, twin.shield, twin.style = self.root_next, self.shield, self.style
        twin.thrown, twin.id, twin.team = self.thrown, self.id, self.team
        return twin

    @property
    def out(self) -> bool:
        """S-WOUND-5: incapacitated at HP <= 0."""
        return self.hp <= 0

    @property
    def agility(self) -> Fraction:
        """S-WOUND-1..4: effective Agility now."""
        info, hp = self.info, self.hp
        found = info.agility_at.get(hp)
        if found is None:
            found = info.agility_at[hp] = effective_agility(info.agility, hp, info.max_hp)
        return found

    def effect_total(self, kind: str) -> Fraction:
        if not self.effects:
            return _ZERO
        return sum((e.value for e in self.effects if e.kind == kind), Fraction(0))

    def has_effect(self, kind: str) -> bool:
        return bool(self.effects) and any(e.kind == kind for e in self.effects)

    def __repr__(self) -> str:
        return f"Hero({self.id} {self.info.hero.id} t{self.team} hp {self.hp} mana {self.mana} at {self.pos})"


class Activation:
    """The activation under way (S-ACT-7): the hero's step budget and what it has done."""

    __slots__ = (
        "action",
        "cells",
        "hero",
        "melee_attacked",
        "moved",
        "shots_left",
        "spent",
        "steps",
        "style_turn",
    )

    def __init__(self, hero: int, steps: Fraction) -> None:
        self.hero = hero
        self.steps = steps  # budget at the start (S-MOVE-2 and effects)
        self.spent = Fraction(0)
        self.cells = 0  # cells entered (S-MOVE-5: at most 1 in defensive style)
        self.moved = False  # moved or picked up (S-ACT-3: a bow then cannot shoot)
        self.action: str | None = None  # an ActionTaken value (S-ACT-8, S-SPELL-12)
        self.shots_left = 0  # S-DATA-7: ranged attacks still allowed
        self.melee_attacked = False  # S-MODEL-5: no fatigue recovery
        self.style_turn = False  # defensive style declared in this activation (S-STYLE-6)

    def copy(self) -> Activation:
        twin = _new(Activation)
        twin.action, twin.cells, twin.hero = self.action, self.cells, self.hero
        twin.melee_attacked, twin.moved, twin.shots_left = self.melee_attacked, self.moved, self.shots_left
        twin.spent, twin.steps, twin.style_turn = self.spent, self.steps, self.style_turn
        return twin

    @property
    def left(self) -> Fraction:
        return self.steps - self.spent


class EndReason(StrEnum):
    """How a battle ends (S-END)."""

    ANNIHILATION = "annihilation"  # S-END-1
    ROUND_LIMIT = "round_limit"  # S-END-2
    SURRENDER = "surrender"  # S-END-4


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the battle ended: ``winner`` None is a draw."""

    winner: int | None
    reason: str  # an EndReason's plain value, as the fingerprint (and the AIs' dice) see it

    def __post_init__(self) -> None:
        object.__setattr__(self, "reason", str(self.reason))


class SkirmishState:
    """Everything that changes during a battle. Mutated only by the engine."""

    __slots__ = (
        "act", "attacks_on", "board", "cards", "cards_played", "checks_done", "heroes", "items",
        "occupant", "order", "outcome", "round_no", "turn", "walls",
    )  # fmt: skip

    def __init__(self, board: Board) -> None:
        self.board = board
        self.heroes: list[Hero] = []
        self.occupant: dict[Pos, int] = {}
        self.items: dict[Pos, tuple[str, ...]] = {}  # S-ACT-9: weapons lying in cells
        self.walls: dict[Pos, int] = {}  # Stone wall cells -> last round they stand
        self.round_no = 0
        self.order: tuple[int, ...] = ()  # S-ACT-7: this round's activation order
        self.turn = 0  # index into order
        self.act: Activation | None = None
        self.attacks_on: list[int] = []  # S-HIT-2 / ML-HIT-5: attacks on each hero this round
        self.checks_done: frozenset[tuple[int, int]] = frozenset()  # S-STYLE-3a: (enemy, defender)
        self.cards: PerTeam[tuple[str, ...]] = board.setup.cards
        self.cards_played = [0, 0, 0]  # S-ACT-4: per side this round
        self.outcome: Outcome | None = None

    def clone(self) -> SkirmishState:
        """An independent copy (no deepcopy: immutable parts are shared)."""
        twin = _new(SkirmishState)  # a view's clone is a plain state (view.py)
        twin.board = self.board
        twin.heroes = [h.copy() for h in self.heroes]
        twin.occupant = self.occupant.copy()
        twin.items = self.items.copy()
        twin.walls = self.walls.copy()
        twin.round_no = self.round_no
        twin.order = self.order
        twin.turn = self.turn
        twin.act = self.act.copy() if self.act is not None else None
        twin.attacks_on = self.attacks_on.copy()
        twin.checks_done = self.checks_done
        twin.cards = self.cards
        twin.cards_played = self.cards_played.copy()
        twin.outcome = self.outcome
        return twin

    # ---- queries --------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.outcome is not None

    @property
    def current(self) -> Hero | None:
        return None if self.act is None else self.heroes[self.act.hero]

    @property
    def active_team(self) -> int:
        """The side whose hero is acting (0 when the battle is over)."""
        return 0 if self.act is None else self.heroes[self.act.hero].team

    def living(self, team: int | None = None) -> list[Hero]:
        return [h for h in self.heroes if not h.out and (team is None or h.team == team)]

    def hero_at(self, pos: Pos) -> Hero | None:
        hid = self.occupant.get(pos)
        return None if hid is None else self.heroes[hid]

    def in_bounds(self, pos: Pos) -> bool:
        return 0 <= pos[0] < self.board.width and 0 <= pos[1] < self.board.height

    def obstacle(self, pos: Pos) -> bool:
        """Terrain or a standing wall (or off the map)."""
        x, y = pos
        board = self.board
        inside = 0 <= x < board.setup.width and 0 <= y < board.setup.height
        return not inside or pos in board.terrain or pos in self.walls

    def __str__(self) -> str:
        from rules.skirmish.text import render_board  # local: text.py imports this module

        return render_board(self)

    def fingerprint(self) -> tuple:
        """A hashable summary of everything that changes, for determinism and replay checks."""
        return (
            self.round_no,
            self.order,
            self.turn,
            None if self.act is None else tuple(getattr(self.act, n) for n in Activation.__slots__),
            tuple(tuple(getattr(h, n) for n in Hero.__slots__ if n not in _FIXED_SLOTS) for h in self.heroes),
            tuple(sorted(self.items.items())),
            tuple(sorted(self.walls.items())),
            tuple(self.attacks_on),
            tuple(sorted(self.checks_done)),
            self.cards,
            tuple(self.cards_played),
            self.outcome,
        )
