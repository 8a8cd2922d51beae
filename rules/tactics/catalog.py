"""Load the TOML data under ``rules/data`` into frozen, validated catalog objects.

A designer edits numbers in TOML; this module refuses anything it does not
understand: an unknown or missing key, a wrong type or an out-of-range value
fails with :class:`CatalogError` naming the file, the entry and the key.
"""

from __future__ import annotations

import hashlib
import tomllib
from dataclasses import dataclass, fields
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).resolve().parents[1] / "data"

MOVE_ZONES = (0, 1, 2)
ATTACK_TYPES = ("melee", "shooter", "line")
DAMAGE_TYPES = ("physical", "magical")
PROPERTY_NAMES = ("stun", "counterstrike", "melee_penalty", "distance_penalty", "backstab")
RUNE_KINDS = ("damage", "phys_defense", "mag_defense", "dodge", "crit")
FEATURE_VARIANT_KINDS = ("physical", "magical", "escalation", "none")  # T-FEAT-3 variants 5a..5d
ID_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_")  # ids that the client's texts are keyed by


class CatalogError(ValueError):
    """A data file is malformed; the message names the file, the entry and the key."""


@dataclass(frozen=True, slots=True)
class UnitType:
    """Base (level 1) stats of one unit type (T-DATA-2); properties in percentage points."""

    id: str
    name_en: str
    name_ru: str
    move: int
    attack: str
    damage_type: str
    hp: int
    min_damage: int
    max_damage: int
    phys_defense: int
    mag_defense: int
    hit_mod: int
    dodge_mod: int
    crit_mod: int
    stun: int = 0
    counterstrike: int = 0
    melee_penalty: int = 0
    distance_penalty: int = 0
    backstab: int = 0

    @property
    def is_ranged(self) -> bool:
        """Shooter and line-attack units count as ranged for landing zones (T-LAND-5)."""
        return self.attack != "melee"


@dataclass(frozen=True, slots=True)
class BarricadeType:
    """The destructible object of T-DATA-4."""

    name_en: str
    name_ru: str
    hp: int
    phys_defense: int
    mag_defense: int
    dodge_mod: int


@dataclass(frozen=True, slots=True)
class WeightedOption:
    """One outcome of a random table (T-DATA-5): its chance is ``weight`` / the table's total weight."""

    id: str
    weight: int


@dataclass(frozen=True, slots=True)
class BattleConstants:
    """T-DATA-3 battle constants and the T-DATA-5 random tables (the grid is per map, T-DATA-6)."""

    max_squads_per_side: int
    round_limit: int
    defense_bonus: int
    trap_damage_min: int
    trap_damage_max: int
    crit_factor_pct: int
    distance_penalty_range: int
    escalation_step: int
    random_feature_bonus: int
    rune_bonus: tuple[tuple[str, int], ...]
    random_features: tuple[WeightedOption, ...]  # T-FEAT-3/4: the variants of feature 5, in roll order
    chest_bonuses: tuple[WeightedOption, ...]  # T-CHEST-3/4: the bonus ids, in roll order

    def rune(self, kind: str) -> int:
        """The aura bonus of a rune circle kind (T-RUNE-3)."""
        return dict(self.rune_bonus)[kind]


@dataclass(frozen=True, slots=True)
class ArmyEntry:
    """One squad of a default army: unit type, unit count, level."""

    unit: str
    count: int
    level: int = 1


@dataclass(frozen=True, slots=True)
class Catalog:
    """Everything the tactical rules read from data."""

    units: dict[str, UnitType]
    level_coefs: tuple[Fraction, ...]
    battle: BattleConstants
    barricade: BarricadeType
    armies: dict[str, tuple[ArmyEntry, ...]]
    version: str

    def unit(self, unit_id: str) -> UnitType:
        try:
            return self.units[unit_id]
        except KeyError:
            known = ", ".join(sorted(self.units))
            raise CatalogError(f"unknown unit type {unit_id!r}; known: {known}") from None

    def level_coef(self, level: int) -> Fraction:
        """T-STAT-2 / T-DATA-1: the coefficient of a unit level (1-based)."""
        if not 1 <= level <= len(self.level_coefs):
            raise CatalogError(f"level {level} is outside 1..{len(self.level_coefs)}")
        return self.level_coefs[level - 1]

    @property
    def max_level(self) -> int:
        return len(self.level_coefs)


class Table:
    """Reads one TOML table, remembering where it came from for error messages."""

    def __init__(self, data: dict[str, Any], where: str) -> None:
        if not isinstance(data, dict):
            raise CatalogError(f"{where}: expected a table")
        self.data = data
        self.where = where
        self.used: set[str] = set()

    def get(self, key: str, kind: type, *, default: Any = ..., lo: int | None = None) -> Any:
        self.used.add(key)
        if key not in self.data:
            if default is ...:
                raise CatalogError(f"{self.where}: missing key {key!r}")
            return default
        value = self.data[key]
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise CatalogError(f"{self.where}: key {key!r} must be an integer, got {value!r}")
        if kind is not int and not isinstance(value, kind):
            raise CatalogError(f"{self.where}: key {key!r} must be a {kind.__name__}, got {value!r}")
        if lo is not None and value < lo:
            raise CatalogError(f"{self.where}: key {key!r} must be >= {lo}, got {value}")
        return value

    def choice(self, key: str, options: tuple) -> Any:
        value = self.get(key, type(options[0]))
        if value not in options:
            raise CatalogError(f"{self.where}: key {key!r} must be one of {list(options)}, got {value!r}")
        return value

    def finish(self) -> None:
        unknown = sorted(set(self.data) - self.used)
        if unknown:
            raise CatalogError(f"{self.where}: unknown key {unknown[0]!r}")


def _unit(unit_id: str, table: Table) -> UnitType:
    props = Table(table.get("properties", dict, default={}), f"{table.where}.properties")
    values = {name: props.get(name, int, default=0, lo=0) for name in PROPERTY_NAMES}
    props.finish()
    for name, value in values.items():
        if value > 100:
            raise CatalogError(f"{props.where}: key {name!r} must be <= 100, got {value}")
    unit = UnitType(
        id=unit_id,
        name_en=table.get("name_en", str),
        name_ru=table.get("name_ru", str),
        move=table.choice("move", MOVE_ZONES),
        attack=table.choice("attack", ATTACK_TYPES),
        damage_type=table.choice("damage_type", DAMAGE_TYPES),
        hp=table.get("hp", int, lo=1),
        min_damage=table.get("min_damage", int, lo=0),
        max_damage=table.get("max_damage", int, lo=0),
        phys_defense=table.get("phys_defense", int),
        mag_defense=table.get("mag_defense", int),
        hit_mod=table.get("hit_mod", int),
        dodge_mod=table.get("dodge_mod", int),
        crit_mod=table.get("crit_mod", int),
        **values,
    )
    table.finish()
    if unit.min_damage > unit.max_damage:
        raise CatalogError(
            f"{table.where}: min_damage {unit.min_damage} exceeds max_damage {unit.max_damage}"
        )
    if unit.distance_penalty and unit.attack != "shooter":
        # T-PROP-4(a): only shooters can have the distance penalty.
        raise CatalogError(f"{table.where}: key 'distance_penalty' is only allowed on shooters")
    return unit


def _weighted(
    table: Table, key: str, id_key: str, options: tuple[str, ...] | None
) -> tuple[WeightedOption, ...]:
    """A non-empty list of ``{<id_key> = ..., weight = n}`` tables; ids distinct, total weight above 0."""
    rows = table.get(key, list)
    if not rows:
        raise CatalogError(f"{table.where}: key {key!r} must list at least one entry")
    result: list[WeightedOption] = []
    for i, raw in enumerate(rows):
        entry = Table(raw, f"{table.where}.{key}[{i}]")
        value = entry.choice(id_key, options) if options else entry.get(id_key, str)
        if not value or any(ch not in ID_CHARS for ch in value):
            raise CatalogError(f"{entry.where}: key {id_key!r} must be a lower-case id, got {value!r}")
        if any(option.id == value for option in result):
            raise CatalogError(f"{entry.where}: key {id_key!r}: {value!r} is listed twice")
        result.append(WeightedOption(value, entry.get("weight", int, lo=0)))
        entry.finish()
    if not sum(option.weight for option in result):
        raise CatalogError(f"{table.where}: key {key!r}: the weights must not all be 0")
    return tuple(result)


def _battle(table: Table) -> BattleConstants:
    runes = Table(table.get("rune_bonus", dict), f"{table.where}.rune_bonus")
    rune_bonus = tuple((kind, runes.get(kind, int)) for kind in RUNE_KINDS)
    runes.finish()
    random_features = _weighted(table, "random_features", "kind", FEATURE_VARIANT_KINDS)
    chest_bonuses = _weighted(table, "chest_bonuses", "bonus", None)
    names = [f.name for f in fields(BattleConstants) if f.type == "int"]
    values = {name: table.get(name, int, lo=0) for name in names}
    table.finish()
    if values["trap_damage_min"] > values["trap_damage_max"]:
        raise CatalogError(f"{table.where}: trap_damage_min exceeds trap_damage_max")
    if values["random_feature_bonus"] > 100:  # T-FEAT-1: X is within -100..+100
        raise CatalogError(f"{table.where}: key 'random_feature_bonus' must be <= 100")
    return BattleConstants(
        rune_bonus=rune_bonus, random_features=random_features, chest_bonuses=chest_bonuses, **values
    )


def _levels(table: Table) -> tuple[Fraction, ...]:
    raw = table.get("level_coef", list)
    table.finish()
    coefs = []
    for i, text in enumerate(raw, start=1):
        if not isinstance(text, str):
            raise CatalogError(f'{table.where}: level_coef[{i}] must be a decimal string like "1.10"')
        try:
            coefs.append(Fraction(text))
        except ValueError:
            raise CatalogError(f"{table.where}: level_coef[{i}] = {text!r} is not a decimal") from None
    if not coefs:
        raise CatalogError(f"{table.where}: level_coef is empty")
    for i, coef in enumerate(coefs, start=1):
        if coef <= 0:
            raise CatalogError(f"{table.where}: level_coef[{i}] must be positive, got {raw[i - 1]!r}")
    return tuple(coefs)


def _armies(table: Table, units: dict[str, UnitType], max_level: int) -> dict[str, tuple[ArmyEntry, ...]]:
    armies = {}
    for name in list(table.data):
        entries = table.get(name, list)
        army = []
        for i, raw in enumerate(entries):
            entry = Table(raw, f"{table.where}.{name}[{i}]")
            unit = entry.get("unit", str)
            if unit not in units:
                raise CatalogError(f"{entry.where}: key 'unit': unknown unit type {unit!r}")
            level = entry.get("level", int, default=1, lo=1)
            if level > max_level:
                raise CatalogError(
                    f"{entry.where}: key 'level' must be <= {max_level} (the level table), got {level}"
                )
            army.append(ArmyEntry(unit, entry.get("count", int, lo=1), level))
            entry.finish()
        armies[name] = tuple(army)
    return armies


def load_catalog(path: Path | None = None) -> Catalog:
    """Parse and validate a units file (default: the shipped ``rules/data/tactics_units.toml``)."""
    path = path or DATA_DIR / "tactics_units.toml"
    raw_bytes = path.read_bytes()
    try:
        raw = tomllib.loads(raw_bytes.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise CatalogError(f"{path.name}: not valid TOML: {exc}") from None
    root = Table(raw, path.name)
    units_table = Table(root.get("units", dict), f"{path.name}: units")
    units = {
        uid: _unit(uid, Table(units_table.get(uid, dict), f"{path.name}: units.{uid}"))
        for uid in raw["units"]
    }
    barricade = Table(root.get("barricade", dict), f"{path.name}: barricade")
    barricade_type = BarricadeType(
        name_en=barricade.get("name_en", str),
        name_ru=barricade.get("name_ru", str),
        hp=barricade.get("hp", int, lo=1),
        phys_defense=barricade.get("phys_defense", int),
        mag_defense=barricade.get("mag_defense", int),
        dodge_mod=barricade.get("dodge_mod", int),
    )
    barricade.finish()
    level_coefs = _levels(Table(root.get("levels", dict), f"{path.name}: levels"))
    catalog = Catalog(
        units=units,
        level_coefs=level_coefs,
        battle=_battle(Table(root.get("battle", dict), f"{path.name}: battle")),
        barricade=barricade_type,
        armies=_armies(
            Table(root.get("armies", dict, default={}), f"{path.name}: armies"), units, len(level_coefs)
        ),
        version=hashlib.sha256(raw_bytes).hexdigest()[:16],
    )
    root.finish()
    return catalog


@cache
def default_catalog() -> Catalog:
    """The shipped catalog, loaded once."""
    return load_catalog()
