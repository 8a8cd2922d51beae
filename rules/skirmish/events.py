"""Events: frozen, past-tense records of every change ``apply`` makes, in order.

Each carries what a screen needs to show it (numbers, cells, rolls). Chances are percentage
points as exact Fractions; a roll of None means the outcome was certain and nothing was rolled.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from rules.core.grid import Pos


class SkipReason(StrEnum):
    """Why a hero's activation was skipped."""

    INCAPACITATED = "incapacitated"  # S-ACT-7
    TOMB = "tomb"  # Stone tomb: no movement and no action


class Affliction(StrEnum):
    """S-MODEL-7 / ML-DATA-6: what a severe hit in detailed melee did."""

    WEAPON_ARM = "weapon_arm"
    OTHER_ARM = "other_arm"
    LEG = "leg"
    HEAD = "head"
    EYE = "eye"
    BLIND = "blind"  # the second eye


class ChannelEndReason(StrEnum):
    """Why a channel (S-SPELL-9) ended before its spell was cast."""

    BOUND = "bound"  # S-BIND-5
    INCAPACITATED = "incapacitated"
    LAPSED = "lapsed"  # the hero did not go on channelling


@dataclass(frozen=True, slots=True)
class BattleStarted:
    width: int
    height: int
    mode: str
    melee_mode: str  # S-MODEL-1: recorded with the battle
    round_limit: int
    damage_scale: Fraction


@dataclass(frozen=True, slots=True)
class HeroDeployed:
    hero: int
    team: int
    hero_type: str
    pos: Pos
    hp: int
    mana: Fraction
    fatigue: int


@dataclass(frozen=True, slots=True)
class RoundStarted:
    round_no: int
    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ActivationStarted:
    hero: int
    steps: Fraction


@dataclass(frozen=True, slots=True)
class ActivationSkipped:
    hero: int
    reason: SkipReason


@dataclass(frozen=True, slots=True)
class ActivationEnded:
    hero: int


@dataclass(frozen=True, slots=True)
class RoundEnded:
    round_no: int


@dataclass(frozen=True, slots=True)
class StyleDeclared:
    hero: int
    blocked: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class StyleEnded:
    hero: int


@dataclass(frozen=True, slots=True)
class BlockingChanged:
    hero: int
    blocked: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class StyleCheckRolled:
    hero: int
    defender: int
    chance: int
    roll: int | None
    passed: bool


@dataclass(frozen=True, slots=True)
class HeroMoved:
    hero: int
    path: tuple[Pos, ...]
    cost: Fraction


@dataclass(frozen=True, slots=True)
class ItemPickedUp:
    hero: int
    weapon: str
    pos: Pos


@dataclass(frozen=True, slots=True)
class ItemDropped:
    weapon: str
    pos: Pos


@dataclass(frozen=True, slots=True)
class AttackResolved:
    """A basic-model attack (S-HIT, S-DMG): chance, hit roll, U, crit roll and the damage."""

    hero: int
    target: int
    kind: str  # melee | bow | crossbow | thrown
    weapon: str
    chance: Fraction
    roll: int | None
    hit: bool
    u: Fraction | None = None
    crit_roll: int | None = None
    crit: bool = False
    damage: int = 0


@dataclass(frozen=True, slots=True)
class StrikeResolved:
    """A detailed melee strike (S-MODEL-2, ML-SEQ-1)."""

    hero: int
    target: int
    weapon: str
    prior: int
    attack_value: Fraction
    defence_value: Fraction
    hit: bool
    shield_hit: bool
    location: str | None
    damage_type: str | None
    crit: bool
    net: Fraction
    damage: int


@dataclass(frozen=True, slots=True)
class HeroDamaged:
    hero: int
    amount: int
    hp: int


@dataclass(frozen=True, slots=True)
class HeroIncapacitated:
    hero: int


@dataclass(frozen=True, slots=True)
class FatigueChanged:
    hero: int
    fatigue: int


@dataclass(frozen=True, slots=True)
class AfflictionSuffered:
    hero: int
    kind: Affliction


@dataclass(frozen=True, slots=True)
class ChannelStarted:
    hero: int
    spell: str
    activations: int


@dataclass(frozen=True, slots=True)
class ChannelContinued:
    hero: int
    spell: str
    left: int


@dataclass(frozen=True, slots=True)
class ChannelEnded:
    hero: int
    spell: str
    reason: ChannelEndReason


@dataclass(frozen=True, slots=True)
class SpellCast:
    hero: int
    spell: str
    origin: Pos
    target: Pos
    how: str  # a rules.skirmish.magic.CastMode: quick | unprepared | channelled
    mana_spent: int
    mana: Fraction


@dataclass(frozen=True, slots=True)
class SpellFailed:
    hero: int
    spell: str
    reason: str


@dataclass(frozen=True, slots=True)
class SpellHitRolled:
    target: int
    chance: Fraction
    roll: int | None
    hit: bool


@dataclass(frozen=True, slots=True)
class SpellResisted:
    """S-RESIST: the block roll, then the repel cost and what the target paid, and the effect left."""

    target: int
    chance: Fraction
    roll: int | None
    blocked: bool
    cost: Fraction | None = None
    paid: Fraction = Fraction(0)
    factor: Fraction = Fraction(0)


@dataclass(frozen=True, slots=True)
class SpellStruck:
    target: int
    u: Fraction
    crit_roll: int | None
    crit: bool
    damage: int


@dataclass(frozen=True, slots=True)
class EffectApplied:
    hero: int
    kind: str
    value: Fraction
    until: int
    spell: str


@dataclass(frozen=True, slots=True)
class EffectEnded:
    hero: int
    kind: str
    spell: str


@dataclass(frozen=True, slots=True)
class Healed:
    hero: int
    amount: int
    hp: int


@dataclass(frozen=True, slots=True)
class ManaChanged:
    hero: int
    delta: Fraction
    mana: Fraction


@dataclass(frozen=True, slots=True)
class WallRaised:
    cells: tuple[Pos, ...]
    until: int


@dataclass(frozen=True, slots=True)
class WallCrumbled:
    cells: tuple[Pos, ...]


@dataclass(frozen=True, slots=True)
class EtherAttackResolved:
    hero: int
    target: int
    chance: Fraction
    roll: int | None
    hit: bool
    u: Fraction | None
    damage: int
    mana: Fraction


@dataclass(frozen=True, slots=True)
class HeroBound:
    hero: int
    target: int


@dataclass(frozen=True, slots=True)
class BindingEnded:
    hero: int
    target: int


@dataclass(frozen=True, slots=True)
class CardPlayed:
    team: int
    hero: int
    card: str


@dataclass(frozen=True, slots=True)
class BattleEnded:
    winner: int | None
    reason: str  # a rules.skirmish.state.EndReason


Event = (
    BattleStarted | HeroDeployed | RoundStarted | ActivationStarted | ActivationSkipped | ActivationEnded
    | RoundEnded | StyleDeclared | StyleEnded | BlockingChanged | StyleCheckRolled | HeroMoved
    | ItemPickedUp | ItemDropped | AttackResolved | StrikeResolved | HeroDamaged | HeroIncapacitated
    | FatigueChanged | AfflictionSuffered | ChannelStarted | ChannelContinued | ChannelEnded | SpellCast
    | SpellFailed | SpellHitRolled | SpellResisted | SpellStruck | EffectApplied | EffectEnded | Healed
    | ManaChanged | WallRaised | WallCrumbled | EtherAttackResolved | HeroBound | BindingEnded
    | CardPlayed | BattleEnded
)  # fmt: skip
