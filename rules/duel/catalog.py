"""The duel catalog: ``rules/data/duel_{cards,heroes,decks}.toml`` as a frozen :class:`DuelCatalog`.

Read with :mod:`rules.core.toml_reader`, like every game's catalog: anything not understood is
refused with :class:`CatalogError` naming the file, the entry and the key: an unknown key or type,
a cost in the wrong resources, a card that is both Melee and Flying (D-TARGET-1), a magic effect
its target cannot take (D-MAGIC-6), or a deck with fewer than 21 cards (D-DECK-1). The records
and vocabularies are in :mod:`rules.duel.catalog_types`; ``version`` hashes the files' contents.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import cache
from pathlib import Path

from rules.core.toml_reader import DATA_DIR, CatalogError, CatalogFiles, Table
from rules.duel.catalog_types import (
    FRIENDLY_TARGETS,
    MANA,
    MOVEMENT_CLASSES,
    RESOURCES,
    TYPES,
    AttackMode,
    Card,
    Cost,
    CreatureCard,
    Deck,
    DuelRules,
    Hero,
    MovementClass,
    SpellCard,
    SpellTarget,
)

FILES = ("duel_cards.toml", "duel_heroes.toml", "duel_decks.toml")  # in the order the version hashes them
MAX_TACTICS = 10  # D-ORDER-3 keeps the other die faces positive far beyond this


@dataclass(frozen=True, slots=True)
class DuelCatalog:
    """Everything the duel rules read from data."""

    creatures: dict[str, CreatureCard]
    spells: dict[str, SpellCard]
    heroes: dict[str, Hero]
    decks: dict[str, Deck]
    rules: DuelRules
    version: str

    def card(self, card_id: str) -> Card:
        found = self.creatures.get(card_id) or self.spells.get(card_id)
        if found is None:
            raise CatalogError(f"unknown card {card_id!r}")
        return found

    def hero(self, hero_id: str) -> Hero:
        try:
            return self.heroes[hero_id]
        except KeyError:
            known = ", ".join(sorted(self.heroes))
            raise CatalogError(f"unknown hero {hero_id!r}; known: {known}") from None

    def deck(self, deck_id: str) -> Deck:
        try:
            return self.decks[deck_id]
        except KeyError:
            known = ", ".join(sorted(self.decks))
            raise CatalogError(f"unknown deck {deck_id!r}; known: {known}") from None


def _cost(table: Table, allowed: tuple[str, ...]) -> Cost:
    """A {resource = amount} table as a 7-tuple; only ``allowed`` resources may appear (D-RES-2)."""
    for name in table.keys():
        if name not in RESOURCES:
            raise table.error(f"unknown resource {name!r}; known: {', '.join(RESOURCES)}")
        if name not in allowed:
            raise table.error(f"key {name!r}: this cost is paid in {', '.join(allowed)} only")
    values = tuple(table.integer(name, 0, lo=0) for name in RESOURCES)
    table.finish()
    return values  # type: ignore[return-value]  # seven resources


def _names(table: Table) -> tuple[str, str]:
    return table.text("name_en"), table.text("name_ru")


def _creature(card_id: str, table: Table) -> CreatureCard:
    types = table.members("types", TYPES, what="type")
    if sum(t in MOVEMENT_CLASSES for t in types) > 1:  # D-TARGET-1
        raise table.error(f"key 'types': at most one of {', '.join(MOVEMENT_CLASSES)}")
    if AttackMode.MELEE in types and MovementClass.FLYING in types:  # D-TARGET-1
        raise table.error("key 'types': a creature cannot be both melee and flying")
    name_en, name_ru = _names(table)
    cost_table = table.sub("cost")
    cost = _cost(cost_table, RESOURCES[:MANA])
    if not any(cost):
        raise cost_table.error("a creature must cost something")
    card = CreatureCard(
        id=card_id,
        name_en=name_en,
        name_ru=name_ru,
        attack=table.integer("attack", lo=1),
        defense=table.integer("defense", lo=1),
        life=table.integer("life", lo=1),
        types=frozenset(types),
        cost=cost,
        attacks_on_entry=table.flag("attacks_on_entry", False),
    )
    table.finish()
    return card


def _spell(card_id: str, table: Table) -> SpellCard:
    name_en, name_ru = _names(table)
    target = table.choice("target", SpellTarget)
    effect = {key: table.integer(key, 0) for key in ("life", "attack", "defense", "morale")}
    mana = table.integer("mana", lo=0)
    table.finish()
    if not any(effect.values()):
        raise table.error("a magic card needs an effect (life, attack, defense or morale)")
    # D-CARD-4: the nine effect kinds: +-life, +-attack, +-defense, +-attack and defense, +morale.
    if effect["morale"]:
        if effect["morale"] < 0 or effect["life"] or effect["attack"] or effect["defense"]:
            raise table.error("key 'morale': a morale card only raises its own hero's morale")
        if target != SpellTarget.OWN_HERO:
            raise table.error("key 'target': a morale card targets 'own_hero' (D-MAGIC-6)")
    elif target == SpellTarget.OWN_HERO:
        raise table.error("key 'target': only +morale cards target 'own_hero' (D-MAGIC-6)")
    if effect["life"] and (effect["attack"] or effect["defense"]):
        raise table.error("key 'life': a life card changes life only (D-CARD-4)")
    signs = {value > 0 for value in effect.values() if value}
    if len(signs) > 1:
        raise table.error("the effect mixes raising and lowering (D-CARD-4)")
    friendly = target in FRIENDLY_TARGETS
    if signs != {friendly}:
        side = "friendly" if friendly else "enemy"
        raise table.error(f"key 'target': a {side} target needs a {'+' if friendly else '-'} effect")
    if target == SpellTarget.ENEMY_CREATURE_OR_HERO and (effect["attack"] or effect["defense"]):
        raise table.error("key 'target': only -life may reach the enemy hero (D-MAGIC-6)")
    cost = tuple(mana if i == MANA else 0 for i in range(len(RESOURCES)))
    return SpellCard(card_id, name_en, name_ru, target, cost=cost, **effect)  # type: ignore[arg-type]


def _hero(hero_id: str, table: Table) -> Hero:
    name_en, name_ru = _names(table)
    hero = Hero(
        id=hero_id,
        name_en=name_en,
        name_ru=name_ru,
        morale=table.integer("morale", lo=1),
        knowledge=table.integer("knowledge", lo=0),
        attack=table.integer("attack", lo=1),
        defense=table.integer("defense", lo=1),
        tactics=table.integer("tactics", lo=0, hi=MAX_TACTICS),
        income=_cost(table.sub("income"), RESOURCES),
    )
    table.finish()
    return hero


def check_deck_size(where: str, size: int, rules: DuelRules) -> None:
    """D-DECK-1: refuse a deck with fewer than ``min_deck`` cards, saying how many it has."""
    if size < rules.min_deck:
        raise CatalogError(
            f"{where}: the deck has {size} cards; a deck needs at least {rules.min_deck} (D-DECK-1)"
        )


def _deck(
    deck_id: str, table: Table, cards: dict[str, Card], heroes: dict[str, Hero], rules: DuelRules
) -> Deck:
    name_en, name_ru = _names(table)
    style = table.text("style")
    hero = table.text("hero")
    if hero not in heroes:
        raise table.error(f"key 'hero': unknown hero {hero!r}")
    counts = table.sub("cards")
    listed: list[str] = []
    for card_id in counts.keys():
        if card_id not in cards:
            raise counts.error(f"unknown card {card_id!r}")
        listed += [card_id] * counts.integer(card_id, lo=1)
    counts.finish()
    table.finish()
    check_deck_size(table.where, len(listed), rules)
    return Deck(deck_id, name_en, name_ru, style, hero, tuple(sorted(listed)))


def _rules(table: Table) -> DuelRules:
    percentages = ("mace_stun_pct", "foot_dodge_pct", "tactics_bonus_pct")
    at_least_one = ("hand_size", "max_field", "die_faces", "turn_limit")
    values = {
        f.name: table.integer(
            f.name, lo=1 if f.name in at_least_one else 0, hi=100 if f.name in percentages else None
        )
        for f in fields(DuelRules)
    }
    table.finish()
    return DuelRules(**values)


def load_duel_catalog(data_dir: Path | None = None) -> DuelCatalog:
    """Parse and validate the three duel files in ``data_dir`` (default: the shipped ``rules/data``)."""
    folder = data_dir or DATA_DIR
    files = CatalogFiles()
    cards_root, heroes_root, decks_root = (files.read(folder / name) for name in FILES)
    rules = _rules(cards_root.sub("rules"))
    creatures = {cid: _creature(cid, table) for cid, table in cards_root.entries("creatures").items()}
    spells = {}
    for sid, table in cards_root.entries("spells").items():
        if sid in creatures:
            raise table.error("the id is already a creature card")
        spells[sid] = _spell(sid, table)
    cards_root.finish()
    heroes = {hid: _hero(hid, table) for hid, table in heroes_root.entries("heroes").items()}
    heroes_root.finish()
    all_cards: dict[str, Card] = {**creatures, **spells}
    decks = {
        did: _deck(did, table, all_cards, heroes, rules) for did, table in decks_root.entries("decks").items()
    }
    decks_root.finish()
    return DuelCatalog(creatures, spells, heroes, decks, rules, files.version())


@cache
def default_duel_catalog() -> DuelCatalog:
    """The shipped duel catalog, loaded once."""
    return load_duel_catalog()
