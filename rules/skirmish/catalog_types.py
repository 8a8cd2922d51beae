"""The skirmish catalog's frozen records: weapons, armours, shields, spells, classes, heroes, parties.

Loaded and validated by :mod:`rules.skirmish.catalog` from ``rules/data/skirmish_*.toml``, which checks
every closed set of names against the vocabularies here (weapon kinds, damage types, schools...).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import TYPE_CHECKING

from rules.skirmish.formulas import X_DAMAGE, max_castable_level, quick_slots

if TYPE_CHECKING:
    from rules.skirmish.setup import MeleeMode


class WeaponKind(StrEnum):
    """S-DATA-2: how a weapon is used: in melee, in melee or thrown, thrown only, or launched."""

    MELEE = "melee"
    MELEE_THROWN = "melee_thrown"
    THROWN = "thrown"
    BOW = "bow"
    CROSSBOW = "crossbow"


class DamageType(StrEnum):
    """melee.md ML-WPN: the damage types of a weapon in detailed melee."""

    PIERCING = "piercing"
    SLASHING = "slashing"
    BLUNT = "blunt"
    ARMOUR_PIERCING = "armour_piercing"


class School(StrEnum):
    """S-DATA-6: the four schools of magic."""

    FIRE = "fire"
    AIR = "air"
    EARTH = "earth"
    WATER = "water"


class SpellTarget(StrEnum):
    """S-DATA-5 / S-SPELL-6: what a spell is aimed at, and so the shape of its area."""

    ENEMY = "enemy"
    ALLY = "ally"
    OTHER_ALLY = "other_ally"
    SELF = "self"
    CELL = "cell"
    LINE = "line"
    CHAIN = "chain"
    WALL = "wall"


class StatusKind(StrEnum):
    """S-DATA-5: the timed effects a spell may give."""

    HIT_OWN = "hit_own"
    HIT_AGAINST = "hit_against"
    HIT_AGAINST_RANGED = "hit_against_ranged"
    STEPS_ADD = "steps_add"
    STEPS_HALF = "steps_half"
    ROOT = "root"
    TOMB = "tomb"
    ARMOUR = "armour"


class Attribute(StrEnum):
    """S-ATTR-1: a hero's attributes, in X."""

    HEALTH = "health"
    STRENGTH = "strength"
    AGILITY = "agility"
    WILL = "will"
    ENDURANCE = "endurance"
    BEAUTY = "beauty"
    CHARISMA = "charisma"
    CARD_MASTER = "card_master"
    WISDOM = "wisdom"
    CONCENTRATION = "concentration"


@dataclass(frozen=True, slots=True)
class DetailedWeapon:
    """A weapon's detailed-melee values (S-DATA-2 detailed columns, melee.md ML-DATA-3)."""

    damage: int
    attack: int
    defence: int
    length: int
    types: tuple[DamageType, ...]


_MELEE_KINDS = (WeaponKind.MELEE, WeaponKind.MELEE_THROWN)  # bound once: hot in the engine and AIs
_THROW_KINDS = (WeaponKind.MELEE_THROWN, WeaponKind.THROWN)
_LAUNCHER_KINDS = (WeaponKind.BOW, WeaponKind.CROSSBOW)


@dataclass(frozen=True, slots=True)
class Weapon:
    """S-DATA-2: one weapon type."""

    id: str
    name_en: str
    name_ru: str
    weapon_class: str
    kind: WeaponKind
    hands: int
    base_x: Fraction
    optimal: int | None
    max_range: int | None
    style_ok: bool
    detailed: DetailedWeapon | None
    base_damage: Fraction = field(init=False)  # S-DMG-5: base damage in points (1X = 12), set once
    # What its kind allows, set once (read in every legality test and AI estimate): held in melee,
    # thrown, and a bow or a crossbow (the ranged slot of S-DATA-11).
    can_melee: bool = field(init=False, repr=False, compare=False)
    can_throw: bool = field(init=False, repr=False, compare=False)
    is_launcher: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "base_damage", self.base_x * X_DAMAGE)  # read in every damage estimate
        object.__setattr__(self, "can_melee", self.kind in _MELEE_KINDS)
        object.__setattr__(self, "can_throw", self.kind in _THROW_KINDS)
        object.__setattr__(self, "is_launcher", self.kind in _LAUNCHER_KINDS)


@dataclass(frozen=True, slots=True)
class Armour:
    """S-DATA-3: divisor for both basic damage and spells, detailed armour and encumbrance."""

    id: str
    name_en: str
    name_ru: str
    divisor: Fraction
    min_strength: Fraction
    detailed_armour: int
    detailed_encumbrance: int


@dataclass(frozen=True, slots=True)
class Shield:
    """S-DATA-4: size in X (-20 to hit per X), detailed parry, armour and encumbrance."""

    id: str
    name_en: str
    name_ru: str
    size_x: Fraction
    min_strength: Fraction
    parry: int
    armour: int
    encumbrance: int


@dataclass(frozen=True, slots=True)
class Status:
    """A timed effect a spell gives (S-DATA-5); ``value`` is points, steps or an armour bonus."""

    kind: StatusKind
    value: Fraction
    rounds: int
    detailed: int = 0


@dataclass(frozen=True, slots=True)
class Spell:
    """S-DATA-5: one spell of the catalogue."""

    id: str
    name_en: str
    name_ru: str
    school: School
    level: int
    mana: int
    range: int
    rolls: bool
    ignores_armour: bool
    hostile: bool
    target: SpellTarget
    radius: int = 0
    length: int = 0
    chain: tuple[int, int] = (0, 0)
    wall: tuple[int, int] = (0, 0)
    damage: int = 0
    heal: int = 0
    mana_gift: int = 0
    status: tuple[Status, ...] = ()

    @property
    def activations(self) -> int:
        """S-SPELL-1 / S-SPELL-9: activations of an unprepared cast, level squared."""
        return self.level * self.level


@dataclass(frozen=True, slots=True)
class HeroClass:
    """S-CLASS-1 [SRC] plus the owned weapon classes of S-DATA-1."""

    id: str
    name_en: str
    name_ru: str
    combat_cap: int
    magic_cap: int
    schools: int
    weapon_skill_cap: int
    weapon_classes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Loadout:
    """S-DATA-11 / S-SPELL-11: what a hero carries into a battle and its quick-spell set."""

    melee: str | None = None
    ranged: str | None = None
    shield: str | None = None
    armour: str = "none"
    thrown: tuple[str, ...] = ()
    quick: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class HeroType:
    """A shipped hero: class, attributes in X (S-ATTR-1), skills, schools and default loadout."""

    id: str
    name_en: str
    name_ru: str
    hero_class: HeroClass
    attributes: tuple[tuple[str, Fraction], ...]  # (Attribute, X) in Attribute order
    skills: tuple[tuple[str, int], ...]
    schools: tuple[School, ...]
    loadout: Loadout
    _skill_of: dict[str, int] = field(init=False, repr=False, compare=False)  # skills, looked up

    def __post_init__(self) -> None:
        object.__setattr__(self, "_skill_of", dict(self.skills))  # read in every hit chance

    def attr(self, name: str) -> Fraction:
        return dict(self.attributes)[name]

    def skill(self, weapon_class: str) -> int:
        """S-CLASS-2: the hero's level in a weapon class, 0 when it has none."""
        return self._skill_of.get(weapon_class, 0)

    @property
    def max_hp(self) -> int:
        return int(self.attr(Attribute.HEALTH) * 100)  # S-ATTR-1a; validated to be whole

    @property
    def max_mana(self) -> Fraction:
        return self.attr(Attribute.CONCENTRATION) * 100  # S-SPELL-8 / S-ATTR-1k

    @property
    def castable_level(self) -> int:
        return max_castable_level(self.hero_class.magic_cap, self.attr(Attribute.WISDOM))  # S-SPELL-7

    @property
    def slots(self) -> Fraction:
        return quick_slots(self.attr(Attribute.CONCENTRATION))  # S-SPELL-4


@dataclass(frozen=True, slots=True)
class Party:
    """A ready party for quick battles."""

    id: str
    name_en: str
    name_ru: str
    heroes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class BattleRules:
    """S-DATA-10 and the other [PROPOSED] battle constants."""

    round_limit: int
    melee_mode: MeleeMode
    entry_energy: Fraction
    start_fatigue: tuple[int, int, int]
    ranged_agility_divisor: int
    fatigue_recovery: int
    fatigue_limit: int
    severing_fraction: Fraction
    eye_fraction: Fraction
    eye_chance: int
    hero_size: int
    damage_scale_k: Fraction
    calibration: tuple[tuple[str, str], ...]
