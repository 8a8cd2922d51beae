"""Events: frozen, past-tense records of every change ``apply`` makes, in order.

Each carries what a screen needs to show it (numbers, positions, rolls), so the
client animates events without re-deriving rules. Squads are named by their id
(index into ``BattleState.squads``); positions are (x, y) sectors.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rules.core.teams import PerTeam
from rules.tactics.setup import Pos


@dataclass(frozen=True, slots=True)
class BattleStarted:
    width: int
    height: int
    mode: str
    first_team: int
    round_limit: int


@dataclass(frozen=True, slots=True)
class FeatureResolved:
    """The battle feature in force (T-FEAT-5); ``rolled`` when feature 5 picked it (T-FEAT-4)."""

    kind: str
    x: int
    text_ru: str
    text_en: str
    rolled: bool


@dataclass(frozen=True, slots=True)
class SquadDeployed:
    squad: int
    team: int
    unit: str
    count: int
    level: int
    pos: Pos


@dataclass(frozen=True, slots=True)
class RoundStarted:
    round_no: int


@dataclass(frozen=True, slots=True)
class StunExpired:
    squad: int


@dataclass(frozen=True, slots=True)
class DefenseEnded:
    """The «Защита» effect ran out at the start of the squad's next main turn (T-DEF-3)."""

    squad: int


@dataclass(frozen=True, slots=True)
class BackstabRolled:
    """An adjacent enemy backstabber rolled before ``target`` moved (T-PROP-5)."""

    squad: int
    target: int
    chance_pct: int
    roll: int | None
    success: bool


@dataclass(frozen=True, slots=True)
class SquadMoved:
    squad: int
    frm: Pos
    to: Pos


@dataclass(frozen=True, slots=True)
class MoveCancelled:
    """The mover was destroyed by a backstab before moving (T-PROP-5(d))."""

    squad: int
    frm: Pos
    to: Pos


@dataclass(frozen=True, slots=True)
class AttackResolved:
    """One strike on one target, with every number of T-SEQ-1 (hit, crit, R1, M, damage).

    ``kind`` is a :class:`~rules.tactics.combat.StrikeKind` (melee, ranged, line, counterstrike,
    backstab); ``modifiers`` lists every bonus and penalty that shaped the chances or M as
    (key, points) pairs, e.g. (("melee_penalty", -50), ("rune_damage", 25)); keys are
    :class:`~rules.tactics.combat.Modifier` names.
    """

    attacker: int
    target: Pos
    target_squad: int | None
    kind: str
    hit_pct: int
    hit_roll: int | None
    hit: bool
    crit_pct: int
    crit_roll: int | None
    crit: bool
    r1: int | None
    multiplier: Fraction
    damage: int
    modifiers: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class Damaged:
    """Damage applied by the stack model (T-HP-1); ``source`` is a
    :class:`~rules.tactics.primitives.DamageSource` (attack or trap)."""

    target: Pos
    target_squad: int | None
    damage: int
    killed: int
    count: int
    top_hp: int
    source: str


@dataclass(frozen=True, slots=True)
class SquadDestroyed:
    squad: int
    team: int
    pos: Pos


@dataclass(frozen=True, slots=True)
class BarricadeDestroyed:
    pos: Pos


@dataclass(frozen=True, slots=True)
class StunRolled:
    """A stun roll after a hit (T-PROP-1); ``until_round`` is the last stunned round on success."""

    attacker: int
    target: int
    chance_pct: int
    roll: int | None
    success: bool
    until_round: int


@dataclass(frozen=True, slots=True)
class CounterstrikeRolled:
    squad: int
    target: int
    chance_pct: int
    roll: int | None
    success: bool


@dataclass(frozen=True, slots=True)
class TrapTriggered:
    pos: Pos
    squad: int
    damage: int


@dataclass(frozen=True, slots=True)
class AuraGained:
    squad: int
    kind: str
    bonus: int


@dataclass(frozen=True, slots=True)
class FlagTaken:
    pos: Pos
    team: int
    squad: int
    count: int
    required: int


@dataclass(frozen=True, slots=True)
class ExitCounterChanged:
    team: int
    squad: int
    count: int
    target: int
    entered: bool


@dataclass(frozen=True, slots=True)
class ChestOpened:
    """A chest was picked up; its bonus is pending until the team wins (T-CHEST-4)."""

    pos: Pos
    team: int
    squad: int
    bonus: str


@dataclass(frozen=True, slots=True)
class Defended:
    squad: int
    bonus: int


@dataclass(frozen=True, slots=True)
class TurnEnded:
    """The squad's main turn is over; ``next_team`` picks the next squad (None when the battle ended)."""

    squad: int
    next_team: int | None


@dataclass(frozen=True, slots=True)
class Surrendered:
    team: int


@dataclass(frozen=True, slots=True)
class BattleEnded:
    """The result (T-END): ``winner`` None is a draw; efficiency per team (M-EFF)."""

    winner: int | None
    reason: str
    efficiency: PerTeam[Fraction]  # a (team 1, team 2) tuple is accepted and converted
    kills: PerTeam[int]
    chest_rewards: tuple[str, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "efficiency", PerTeam.of(self.efficiency))
        object.__setattr__(self, "kills", PerTeam.of(self.kills))


Event = (
    BattleStarted
    | FeatureResolved
    | SquadDeployed
    | RoundStarted
    | StunExpired
    | DefenseEnded
    | BackstabRolled
    | SquadMoved
    | MoveCancelled
    | AttackResolved
    | Damaged
    | SquadDestroyed
    | BarricadeDestroyed
    | StunRolled
    | CounterstrikeRolled
    | TrapTriggered
    | AuraGained
    | FlagTaken
    | ExitCounterChanged
    | ChestOpened
    | Defended
    | TurnEnded
    | Surrendered
    | BattleEnded
)
