"""Load ``rules/data/skirmish_*.toml`` into a frozen, validated :class:`SkirmishCatalog`.

As :mod:`rules.tactics.catalog`: an unknown or missing key, a wrong type, an inexact number (a TOML
float) or a value the rules forbid fails with :class:`CatalogError` naming the file, the entry
and the key. Loadouts are checked against S-DATA-11, S-SPELL-11 and S-CLASS-2 at load time.
"""

from __future__ import annotations

import hashlib
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from rules.skirmish.catalog_load import (
    armour,
    battle_rules,
    hero_class,
    hero_type,
    party,
    shield,
    spell,
    weapon,
)
from rules.skirmish.catalog_read import Reader
from rules.skirmish.catalog_types import (
    Armour,
    BattleRules,
    HeroClass,
    HeroType,
    Party,
    Shield,
    Spell,
    Weapon,
)
from rules.tactics.catalog import DATA_DIR, CatalogError

FILES = ("weapons", "armours", "spells", "heroes", "parties", "battle")


@dataclass(frozen=True, slots=True)
class SkirmishCatalog:
    """Everything the skirmish rules read from data."""

    weapons: dict[str, Weapon]
    armours: dict[str, Armour]
    shields: dict[str, Shield]
    spells: dict[str, Spell]
    classes: dict[str, HeroClass]
    heroes: dict[str, HeroType]
    parties: dict[str, Party]
    battle: BattleRules
    version: str

    def hero(self, hero_id: str) -> HeroType:
        return _lookup(self.heroes, hero_id, "hero")

    def party(self, party_id: str) -> Party:
        return _lookup(self.parties, party_id, "party")

    def weapon(self, weapon_id: str) -> Weapon:
        return _lookup(self.weapons, weapon_id, "weapon")

    def spell(self, spell_id: str) -> Spell:
        return _lookup(self.spells, spell_id, "spell")


def _lookup(table: dict, key: str, what: str) -> Any:
    try:
        return table[key]
    except KeyError:
        raise CatalogError(f"unknown {what} {key!r}; known: {', '.join(sorted(table))}") from None


def _read(path: Path) -> tuple[dict[str, Any], bytes]:
    raw_bytes = path.read_bytes()
    try:
        return tomllib.loads(raw_bytes.decode("utf-8")), raw_bytes
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise CatalogError(f"{path.name}: not valid TOML: {exc}") from None


def _section(root: Reader, key: str) -> dict[str, Reader]:
    table = root.sub(key)
    return {name: table.sub(name) for name in list(table.data)}


def load_skirmish_catalog(data_dir: Path | None = None) -> SkirmishCatalog:
    """Parse and validate the six skirmish files (default: the shipped ``rules/data``)."""
    folder = data_dir or DATA_DIR
    roots, digest = {}, hashlib.sha256()
    for name in FILES:
        path = folder / f"skirmish_{name}.toml"
        raw, raw_bytes = _read(path)
        roots[name] = Reader(raw, path.name)
        digest.update(raw_bytes)
    weapons = {k: weapon(k, r) for k, r in _section(roots["weapons"], "weapons").items()}
    armours = {k: armour(k, r) for k, r in _section(roots["armours"], "armours").items()}
    shields = {k: shield(k, r) for k, r in _section(roots["armours"], "shields").items()}
    spells = {k: spell(k, r) for k, r in _section(roots["spells"], "spells").items()}
    classes = {k: hero_class(k, r, weapons) for k, r in _section(roots["heroes"], "classes").items()}
    known = Known(weapons, armours, shields, spells, classes)
    heroes = {k: hero_type(k, r, known) for k, r in _section(roots["heroes"], "heroes").items()}
    parties = {k: party(k, r, heroes) for k, r in _section(roots["parties"], "parties").items()}
    battle = battle_rules(roots["battle"])
    for name in ("weapons", "spells", "parties", "battle"):
        roots[name].finish()
    roots["armours"].finish()
    roots["heroes"].finish()
    if "none" not in armours:
        raise CatalogError(
            "skirmish_armours.toml: armours: the entry 'none' (no armour, S-DMG-9) is required"
        )
    return SkirmishCatalog(
        weapons=weapons,
        armours=armours,
        shields=shields,
        spells=spells,
        classes=classes,
        heroes=heroes,
        parties=parties,
        battle=battle,
        version=digest.hexdigest()[:16],
    )


@dataclass(frozen=True, slots=True)
class Known:
    """The tables a hero entry refers to."""

    weapons: dict[str, Weapon]
    armours: dict[str, Armour]
    shields: dict[str, Shield]
    spells: dict[str, Spell]
    classes: dict[str, HeroClass]


@cache
def default_skirmish_catalog() -> SkirmishCatalog:
    """The shipped skirmish catalog, loaded once."""
    return load_skirmish_catalog()
