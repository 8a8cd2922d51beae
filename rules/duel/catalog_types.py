"""The duel's frozen catalog values: creature and magic cards, heroes, decks and the rule constants.

Loaded from ``rules/data/duel_{cards,heroes,decks}.toml`` by :mod:`rules.duel.catalog`. Costs and
resource amounts are 7-tuples in the order of :data:`RESOURCES` (D-RES-1); creatures pay in the
six non-mana resources, magic in mana only (D-RES-2).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar


class CardKind(StrEnum):
    """D-CARD-1: a card is a creature or a magic card."""

    CREATURE = "creature"
    SPELL = "spell"


class Resource(StrEnum):
    """D-RES-1: the seven resources, in the order of every cost tuple; mana (last) pays for magic."""

    WOOD = "wood"
    MERCURY = "mercury"
    IRON = "iron"
    SALT = "salt"
    CRYSTALS = "crystals"
    GEMS = "gems"
    MANA = "mana"


RESOURCES = tuple(Resource)
MANA = RESOURCES.index(Resource.MANA)


class AttackMode(StrEnum):
    """D-CARD-3 / section 7: how a creature attacks (at most one)."""

    MELEE = "melee"
    SHOOTER = "shooter"
    PIKE = "pike"


class MovementClass(StrEnum):
    """D-CARD-3 / D-TARGET-1: how a creature moves (at most one)."""

    FOOT = "foot"
    CAVALRY = "cavalry"
    FLYING = "flying"


class Trait(StrEnum):
    """D-TYPE-4 / D-TYPE-8: the creature traits."""

    MACE = "mace"
    SCARY = "scary"


CreatureType = AttackMode | MovementClass | Trait
ATTACK_MODES = tuple(AttackMode)
MOVEMENT_CLASSES = tuple(MovementClass)
TRAITS = tuple(Trait)
TYPES: tuple[CreatureType, ...] = (*ATTACK_MODES, *MOVEMENT_CLASSES, *TRAITS)


class SpellTarget(StrEnum):
    """D-CARD-4 / D-MAGIC-4 / D-MAGIC-6: what a magic card may be aimed at."""

    FRIENDLY_CREATURE = "friendly_creature"  # +life / +attack / +defense
    ENEMY_CREATURE = "enemy_creature"  # -attack / -defense (and -life that may not reach the hero)
    ENEMY_CREATURE_OR_HERO = "enemy_creature_or_hero"  # -life only (D-MAGIC-2)
    OWN_HERO = "own_hero"  # +morale only (D-MAGIC-6)
    ALL_FRIENDLY_CREATURES = "all_friendly_creatures"  # mass +effects
    ALL_ENEMY_CREATURES = "all_enemy_creatures"  # mass -effects


SPELL_TARGETS = tuple(SpellTarget)
MASS_TARGETS = (SpellTarget.ALL_FRIENDLY_CREATURES, SpellTarget.ALL_ENEMY_CREATURES)
FRIENDLY_TARGETS = (SpellTarget.FRIENDLY_CREATURE, SpellTarget.ALL_FRIENDLY_CREATURES, SpellTarget.OWN_HERO)

Cost = tuple[int, int, int, int, int, int, int]


@dataclass(frozen=True, slots=True)
class CreatureCard:
    """D-CARD-3: attack, defense, life, types and the entry cost (non-mana resources)."""

    id: str
    name_en: str
    name_ru: str
    attack: int
    defense: int
    life: int
    types: frozenset[CreatureType]
    cost: Cost
    attacks_on_entry: bool = False  # D-TURN-3's exception, e.g. the Royal Griffin (D-CARD-5)

    kind: ClassVar[CardKind] = CardKind.CREATURE

    def has(self, creature_type: CreatureType) -> bool:
        return creature_type in self.types


@dataclass(frozen=True, slots=True)
class SpellCard:
    """D-CARD-4: one fixed effect (D-MAGIC-3) on a target kind, paid in mana."""

    id: str
    name_en: str
    name_ru: str
    target: SpellTarget
    life: int
    attack: int
    defense: int
    morale: int
    cost: Cost

    kind: ClassVar[CardKind] = CardKind.SPELL

    @property
    def mana(self) -> int:
        return self.cost[MANA]

    @property
    def mass(self) -> bool:
        return self.target in MASS_TARGETS


Card = CreatureCard | SpellCard


@dataclass(frozen=True, slots=True)
class Hero:
    """D-HERO / D-DATA-1: morale (also its cap, D-HERO-7), knowledge, fight stats, tactics, income."""

    id: str
    name_en: str
    name_ru: str
    morale: int
    knowledge: int
    attack: int
    defense: int
    tactics: int
    income: Cost  # D-RES-5 per own turn; the mana entry is the regeneration (D-RES-6)

    @property
    def max_mana(self) -> int:
        """D-RES-4 / D-RES-6: knowledge x 10 is both the starting mana and the cap."""
        return self.knowledge * 10


@dataclass(frozen=True, slots=True)
class Deck:
    """A ready deck: its default hero and its cards (ids, one entry per copy, sorted)."""

    id: str
    name_en: str
    name_ru: str
    style: str
    hero: str
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DuelRules:
    """D-DATA-5 constants and the [REC] turn limit (D-TURN-13)."""

    hand_size: int  # D-DECK-2 / D-DECK-3
    max_field: int  # D-FIELD-1
    min_deck: int  # D-DECK-1
    turn_seconds: int  # D-TURN-6
    surrender_after_turns: int  # D-TURN-11
    turn_limit: int  # D-TURN-13
    scary_morale: int  # D-TYPE-8
    mace_stun_pct: int  # D-TYPE-4
    foot_dodge_pct: int  # D-TYPE-7
    cavalry_factor_pct: int  # D-TYPE-6
    die_faces: int  # D-ORDER-1
    tactics_bonus_pct: int  # D-ORDER-2
