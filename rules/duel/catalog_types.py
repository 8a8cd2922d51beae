"""The duel's frozen catalog values: creature and magic cards, heroes, decks and the rule constants.

Loaded from ``rules/data/duel_{cards,heroes,decks}.toml`` by :mod:`rules.duel.catalog`. Costs and
resource amounts are 7-tuples in the order of :data:`RESOURCES` (D-RES-1); creatures pay in the
six non-mana resources, magic in mana only (D-RES-2).
"""

from __future__ import annotations

from dataclasses import dataclass

# D-RES-1: the seven resources; mana (last) pays for magic.
RESOURCES = ("wood", "mercury", "iron", "salt", "crystals", "gems", "mana")
MANA = RESOURCES.index("mana")

# D-CARD-3 / §7: creature types. Attack modes, movement classes (at most one, D-TARGET-1), traits.
ATTACK_MODES = ("melee", "shooter", "pike")
MOVEMENT_CLASSES = ("foot", "cavalry", "flying")
TRAITS = ("mace", "scary")
TYPES = ATTACK_MODES + MOVEMENT_CLASSES + TRAITS

# D-CARD-4 / D-MAGIC-4 / D-MAGIC-6: what a magic card may be aimed at.
SPELL_TARGETS = (
    "friendly_creature",  # +life / +attack / +defense
    "enemy_creature",  # -attack / -defense (and -life that may not reach the hero)
    "enemy_creature_or_hero",  # -life only (D-MAGIC-2)
    "own_hero",  # +morale only (D-MAGIC-6)
    "all_friendly_creatures",  # mass +effects
    "all_enemy_creatures",  # mass -effects
)
MASS_TARGETS = ("all_friendly_creatures", "all_enemy_creatures")

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
    types: frozenset[str]
    cost: Cost
    attacks_on_entry: bool = False  # D-TURN-3's exception, e.g. the Royal Griffin (D-CARD-5)

    kind = "creature"

    def has(self, creature_type: str) -> bool:
        return creature_type in self.types


@dataclass(frozen=True, slots=True)
class SpellCard:
    """D-CARD-4: one fixed effect (D-MAGIC-3) on a target kind, paid in mana."""

    id: str
    name_en: str
    name_ru: str
    target: str
    life: int
    attack: int
    defense: int
    morale: int
    cost: Cost

    kind = "spell"

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
