"""Load ``rules/data/duel_{cards,heroes,decks}.toml`` into a frozen :class:`DuelCatalog`.

Like :mod:`rules.tactics.catalog`, anything not understood is refused with :class:`CatalogError` naming
the file, the entry and the key: an unknown key or type, a cost in the wrong resources, a card
that is both Melee and Flying (D-TARGET-1), a magic effect its target cannot take (D-MAGIC-6),
or a deck with fewer than 21 cards (D-DECK-1).
"""

from __future__ import annotations

import hashlib
import tomllib
from dataclasses import dataclass, fields
from functools import cache
from pathlib import Path
from typing import Any

from rules.duel.catalog_types import (
    MANA,
    MOVEMENT_CLASSES,
    RESOURCES,
    SPELL_TARGETS,
    TYPES,
    Card,
    Cost,
    CreatureCard,
    Deck,
    DuelRules,
    Hero,
    SpellCard,
)
from rules.tactics.catalog import DATA_DIR, CatalogError, Table

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


def _read(path: Path) -> tuple[dict[str, Any], bytes]:
    raw_bytes = path.read_bytes()
    try:
        return tomllib.loads(raw_bytes.decode("utf-8")), raw_bytes
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise CatalogError(f"{path.name}: not valid TOML: {exc}") from None


def _cost(table: Table, allowed: tuple[str, ...]) -> Cost:
    """A {resource = amount} table as a 7-tuple; only ``allowed`` resources may appear (D-RES-2)."""
    for name in table.data:
        if name not in RESOURCES:
            raise CatalogError(f"{table.where}: unknown resource {name!r}; known: {', '.join(RESOURCES)}")
        if name not in allowed:
            raise CatalogError(f"{table.where}: key {name!r}: this cost is paid in {', '.join(allowed)} only")
    values = tuple(table.get(name, int, default=0, lo=0) for name in RESOURCES)
    table.finish()
    return values


def _names(table: Table) -> tuple[str, str]:
    return table.get("name_en", str), table.get("name_ru", str)


def _creature(card_id: str, table: Table) -> CreatureCard:
    types = table.get("types", list)
    for value in types:
        if value not in TYPES:
            raise CatalogError(
                f"{table.where}: key 'types': unknown type {value!r}; known: {', '.join(TYPES)}"
            )
    if len(set(types)) != len(types):
        raise CatalogError(f"{table.where}: key 'types' lists a type twice")
    if sum(t in MOVEMENT_CLASSES for t in types) > 1:  # D-TARGET-1
        raise CatalogError(f"{table.where}: key 'types': at most one of foot, cavalry, flying")
    if "melee" in types and "flying" in types:  # D-TARGET-1
        raise CatalogError(f"{table.where}: key 'types': a creature cannot be both melee and flying")
    name_en, name_ru = _names(table)
    cost = _cost(Table(table.get("cost", dict), f"{table.where}.cost"), RESOURCES[:MANA])
    if not any(cost):
        raise CatalogError(f"{table.where}.cost: a creature must cost something")
    card = CreatureCard(
        id=card_id,
        name_en=name_en,
        name_ru=name_ru,
        attack=table.get("attack", int, lo=1),
        defense=table.get("defense", int, lo=1),
        life=table.get("life", int, lo=1),
        types=frozenset(types),
        cost=cost,
        attacks_on_entry=table.get("attacks_on_entry", bool, default=False),
    )
    table.finish()
    return card


def _spell(card_id: str, table: Table) -> SpellCard:
    name_en, name_ru = _names(table)
    target = table.choice("target", SPELL_TARGETS)
    effect = {key: table.get(key, int, default=0) for key in ("life", "attack", "defense", "morale")}
    mana = table.get("mana", int, lo=0)
    table.finish()
    where = table.where
    if not any(effect.values()):
        raise CatalogError(f"{where}: a magic card needs an effect (life, attack, defense or morale)")
    # D-CARD-4: the nine effect kinds: +-life, +-attack, +-defense, +-attack and defense, +morale.
    if effect["morale"]:
        if effect["morale"] < 0 or effect["life"] or effect["attack"] or effect["defense"]:
            raise CatalogError(f"{where}: key 'morale': a morale card only raises its own hero's morale")
        if target != "own_hero":
            raise CatalogError(f"{where}: key 'target': a morale card targets 'own_hero' (D-MAGIC-6)")
    elif target == "own_hero":
        raise CatalogError(f"{where}: key 'target': only +morale cards target 'own_hero' (D-MAGIC-6)")
    if effect["life"] and (effect["attack"] or effect["defense"]):
        raise CatalogError(f"{where}: key 'life': a life card changes life only (D-CARD-4)")
    signs = {value > 0 for value in effect.values() if value}
    if len(signs) > 1:
        raise CatalogError(f"{where}: the effect mixes raising and lowering (D-CARD-4)")
    friendly = target in ("friendly_creature", "all_friendly_creatures", "own_hero")
    if signs != {friendly}:
        side = "friendly" if friendly else "enemy"
        raise CatalogError(
            f"{where}: key 'target': a {side} target needs a {'+' if friendly else '-'} effect"
        )
    if target == "enemy_creature_or_hero" and (effect["attack"] or effect["defense"]):
        raise CatalogError(f"{where}: key 'target': only -life may reach the enemy hero (D-MAGIC-6)")
    cost = tuple(mana if i == MANA else 0 for i in range(len(RESOURCES)))
    return SpellCard(card_id, name_en, name_ru, target, cost=cost, **effect)  # type: ignore[arg-type]


def _hero(hero_id: str, table: Table) -> Hero:
    name_en, name_ru = _names(table)
    hero = Hero(
        id=hero_id,
        name_en=name_en,
        name_ru=name_ru,
        morale=table.get("morale", int, lo=1),
        knowledge=table.get("knowledge", int, lo=0),
        attack=table.get("attack", int, lo=1),
        defense=table.get("defense", int, lo=1),
        tactics=table.get("tactics", int, lo=0),
        income=_cost(Table(table.get("income", dict), f"{table.where}.income"), RESOURCES),
    )
    table.finish()
    if hero.tactics > MAX_TACTICS:
        raise CatalogError(f"{table.where}: key 'tactics' must be <= {MAX_TACTICS}, got {hero.tactics}")
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
    style = table.get("style", str)
    hero = table.get("hero", str)
    if hero not in heroes:
        raise CatalogError(f"{table.where}: key 'hero': unknown hero {hero!r}")
    counts = Table(table.get("cards", dict), f"{table.where}.cards")
    listed: list[str] = []
    for card_id in list(counts.data):
        if card_id not in cards:
            raise CatalogError(f"{counts.where}: unknown card {card_id!r}")
        listed += [card_id] * counts.get(card_id, int, lo=1)
    counts.finish()
    table.finish()
    check_deck_size(table.where, len(listed), rules)
    return Deck(deck_id, name_en, name_ru, style, hero, tuple(sorted(listed)))


def _rules(table: Table) -> DuelRules:
    values = {f.name: table.get(f.name, int, lo=0) for f in fields(DuelRules)}
    table.finish()
    for name in ("mace_stun_pct", "foot_dodge_pct", "tactics_bonus_pct"):
        if values[name] > 100:
            raise CatalogError(f"{table.where}: key {name!r} must be <= 100, got {values[name]}")
    for name in ("hand_size", "max_field", "die_faces", "turn_limit"):
        if values[name] < 1:
            raise CatalogError(f"{table.where}: key {name!r} must be >= 1, got {values[name]}")
    return DuelRules(**values)


def _entries(root: Table, key: str, name: str) -> Table:
    return Table(root.get(key, dict), f"{name}: {key}")


def load_duel_catalog(data_dir: Path | None = None) -> DuelCatalog:
    """Parse and validate the three duel files in ``data_dir`` (default: the shipped ``rules/data``)."""
    folder = data_dir or DATA_DIR
    paths = [folder / name for name in ("duel_cards.toml", "duel_heroes.toml", "duel_decks.toml")]
    (cards_raw, cards_bytes), (heroes_raw, heroes_bytes), (decks_raw, decks_bytes) = map(_read, paths)
    cards_root = Table(cards_raw, "duel_cards.toml")
    rules = _rules(Table(cards_root.get("rules", dict), "duel_cards.toml: rules"))
    creature_table = _entries(cards_root, "creatures", "duel_cards.toml")
    creatures = {
        cid: _creature(cid, Table(creature_table.get(cid, dict), f"duel_cards.toml: creatures.{cid}"))
        for cid in list(creature_table.data)
    }
    spell_table = _entries(cards_root, "spells", "duel_cards.toml")
    spells = {}
    for sid in list(spell_table.data):
        if sid in creatures:
            raise CatalogError(f"duel_cards.toml: spells.{sid}: the id is already a creature card")
        spells[sid] = _spell(sid, Table(spell_table.get(sid, dict), f"duel_cards.toml: spells.{sid}"))
    cards_root.finish()
    heroes_root = Table(heroes_raw, "duel_heroes.toml")
    hero_table = _entries(heroes_root, "heroes", "duel_heroes.toml")
    heroes = {
        hid: _hero(hid, Table(hero_table.get(hid, dict), f"duel_heroes.toml: heroes.{hid}"))
        for hid in list(hero_table.data)
    }
    heroes_root.finish()
    decks_root = Table(decks_raw, "duel_decks.toml")
    deck_table = _entries(decks_root, "decks", "duel_decks.toml")
    all_cards: dict[str, Card] = {**creatures, **spells}
    decks = {
        did: _deck(
            did, Table(deck_table.get(did, dict), f"duel_decks.toml: decks.{did}"), all_cards, heroes, rules
        )
        for did in list(deck_table.data)
    }
    decks_root.finish()
    digest = hashlib.sha256(cards_bytes + b"\0" + heroes_bytes + b"\0" + decks_bytes).hexdigest()[:16]
    return DuelCatalog(creatures, spells, heroes, decks, rules, digest)


@cache
def default_duel_catalog() -> DuelCatalog:
    """The shipped duel catalog, loaded once."""
    return load_duel_catalog()
