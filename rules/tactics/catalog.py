"""The tactics catalog: ``rules/data/tactics_units.toml`` as frozen, validated records.

The unit types (T-DATA-2), level coefficients (T-DATA-1), battle constants and random tables
(T-DATA-3, T-DATA-5), the barricade (T-DATA-4) and the default armies. The file is read with
:mod:`rules.core.toml_reader`: anything not understood fails with :class:`CatalogError` naming
the file, the entry and the key. ``version`` hashes the file's contents (replays record it).

Like every game: :func:`load_tactics_catalog` (a data folder) and the cached
:func:`default_tactics_catalog`; :func:`load_catalog` reads one units file of any name.
``Catalog`` and ``default_catalog`` are the names the tactics rules and the client use.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum
from fractions import Fraction
from functools import cache
from pathlib import Path

from rules.core.toml_reader import DATA_DIR, CatalogError, CatalogFiles, Table
from rules.tactics.setup import FeatureKind, RuneKind, TurnOrder

UNITS_FILE = "tactics_units.toml"
MOVE_ZONES = (0, 1, 2)
FEATURE_VARIANTS = (FeatureKind.PHYSICAL, FeatureKind.MAGICAL, FeatureKind.ESCALATION, FeatureKind.NONE)
ID_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_")  # ids that the client's texts are keyed by


class AttackType(StrEnum):
    """How a unit type attacks (T-ATK-1..3)."""

    MELEE = "melee"
    SHOOTER = "shooter"
    LINE = "line"


class DamageType(StrEnum):
    """The one damage type of a unit type (T-DTYPE-1)."""

    PHYSICAL = "physical"
    MAGICAL = "magical"


class UnitProperty(StrEnum):
    """The special properties a unit type may have, each with its own parameter (T-PROP)."""

    STUN = "stun"
    COUNTERSTRIKE = "counterstrike"
    MELEE_PENALTY = "melee_penalty"
    DISTANCE_PENALTY = "distance_penalty"
    BACKSTAB = "backstab"


@dataclass(frozen=True, slots=True)
class UnitType:
    """Base (level 1) stats of one unit type (T-DATA-2); properties in percentage points."""

    id: str
    name_en: str
    name_ru: str
    move: int
    attack: AttackType
    damage_type: DamageType
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
        return self.attack != AttackType.MELEE


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
    rune_bonus: tuple[tuple[str, int], ...]  # (RuneKind, bonus) in RuneKind order
    random_features: tuple[WeightedOption, ...]  # T-FEAT-3/4: the variants of feature 5, in roll order
    chest_bonuses: tuple[WeightedOption, ...]  # T-CHEST-3/4: the bonus ids, in roll order
    turn_order: TurnOrder  # T-TURN-4 [REC, T-OQ-10]: who picks first in each round of a PvP battle

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
class TacticsCatalog:
    """Everything the tactical rules read from data; ``version`` hashes the data file's contents."""

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


def _unit(unit_id: str, table: Table) -> UnitType:
    props = table.sub("properties", {})
    values = {name.value: props.integer(name, 0, lo=0, hi=100) for name in UnitProperty}
    props.finish()
    unit = UnitType(
        id=unit_id,
        name_en=table.text("name_en"),
        name_ru=table.text("name_ru"),
        move=table.integer("move", lo=MOVE_ZONES[0], hi=MOVE_ZONES[-1]),
        attack=table.choice("attack", AttackType),
        damage_type=table.choice("damage_type", DamageType),
        hp=table.integer("hp", lo=1),
        min_damage=table.integer("min_damage", lo=0),
        max_damage=table.integer("max_damage", lo=0),
        phys_defense=table.integer("phys_defense"),
        mag_defense=table.integer("mag_defense"),
        hit_mod=table.integer("hit_mod"),
        dodge_mod=table.integer("dodge_mod"),
        crit_mod=table.integer("crit_mod"),
        **values,
    )
    table.finish()
    if unit.min_damage > unit.max_damage:
        raise table.fail("min_damage", f"{unit.min_damage} exceeds max_damage {unit.max_damage}")
    if unit.distance_penalty and unit.attack != AttackType.SHOOTER:
        # T-PROP-4(a): only shooters can have the distance penalty.
        raise table.fail("distance_penalty", "is only allowed on shooters")
    return unit


def _weighted(
    table: Table, key: str, id_key: str, options: tuple[FeatureKind, ...] | None
) -> tuple[WeightedOption, ...]:
    """A non-empty list of ``{<id_key> = ..., weight = n}`` tables; ids distinct, total weight above 0."""
    rows = table.rows(key)
    if not rows:
        raise table.fail(key, "must list at least one entry")
    result: list[WeightedOption] = []
    for entry in rows:
        value = entry.text(id_key)
        if options is not None and value not in options:
            raise entry.fail(id_key, f"must be one of {[str(o) for o in options]}, got {value!r}")
        if not value or any(ch not in ID_CHARS for ch in value):
            raise entry.fail(id_key, f"must be a lower-case id, got {value!r}")
        if any(option.id == value for option in result):
            raise entry.error(f"key {id_key!r}: {value!r} is listed twice")
        result.append(WeightedOption(value, entry.integer("weight", lo=0)))
        entry.finish()
    if not sum(option.weight for option in result):
        raise table.error(f"key {key!r}: the weights must not all be 0")
    return tuple(result)


def _battle(table: Table) -> BattleConstants:
    runes = table.sub("rune_bonus")
    rune_bonus = tuple((kind, runes.integer(kind)) for kind in RuneKind)
    runes.finish()
    random_features = _weighted(table, "random_features", "kind", FEATURE_VARIANTS)
    chest_bonuses = _weighted(table, "chest_bonuses", "bonus", None)
    turn_order = table.choice("turn_order", TurnOrder)
    names = [f.name for f in fields(BattleConstants) if f.type == "int"]
    values = {name: table.integer(name, lo=0) for name in names}
    table.finish()
    if values["trap_damage_min"] > values["trap_damage_max"]:
        raise table.fail("trap_damage_min", "exceeds trap_damage_max")
    if values["random_feature_bonus"] > 100:  # T-FEAT-1: X is within -100..+100
        raise table.fail("random_feature_bonus", "must be <= 100")
    return BattleConstants(
        rune_bonus=rune_bonus,
        random_features=random_features,
        chest_bonuses=chest_bonuses,
        turn_order=turn_order,
        **values,
    )


def _levels(table: Table) -> tuple[Fraction, ...]:
    raw = table.items("level_coef")
    table.finish()
    coefs = []
    for i, text in enumerate(raw, start=1):
        if not isinstance(text, str):
            raise table.error(f'level_coef[{i}] must be a decimal string like "1.10", got {text!r}')
        try:
            coefs.append(Fraction(text))
        except ValueError:
            raise table.error(f"level_coef[{i}] = {text!r} is not a decimal") from None
    if not coefs:
        raise table.fail("level_coef", "is empty")
    for i, coef in enumerate(coefs, start=1):
        if coef <= 0:
            raise table.error(f"level_coef[{i}] must be positive, got {raw[i - 1]!r}")
    return tuple(coefs)


def _armies(table: Table, units: dict[str, UnitType], max_level: int) -> dict[str, tuple[ArmyEntry, ...]]:
    armies = {}
    for name in table.keys():
        army = []
        for entry in table.rows(name):
            unit = entry.text("unit")
            if unit not in units:
                raise entry.error(f"key 'unit': unknown unit type {unit!r}")
            level = entry.integer("level", 1, lo=1, hi=max_level)
            army.append(ArmyEntry(unit, entry.integer("count", lo=1), level))
            entry.finish()
        armies[name] = tuple(army)
    return armies


def _barricade(table: Table) -> BarricadeType:
    barricade = BarricadeType(
        name_en=table.text("name_en"),
        name_ru=table.text("name_ru"),
        hp=table.integer("hp", lo=1),
        phys_defense=table.integer("phys_defense"),
        mag_defense=table.integer("mag_defense"),
        dodge_mod=table.integer("dodge_mod"),
    )
    table.finish()
    return barricade


def load_catalog(path: Path | None = None) -> TacticsCatalog:
    """Parse and validate one units file (default: the shipped ``rules/data/tactics_units.toml``)."""
    files = CatalogFiles()
    root = files.read(path or DATA_DIR / UNITS_FILE)
    units = {uid: _unit(uid, table) for uid, table in root.entries("units").items()}
    level_coefs = _levels(root.sub("levels"))
    catalog = TacticsCatalog(
        units=units,
        level_coefs=level_coefs,
        battle=_battle(root.sub("battle")),
        barricade=_barricade(root.sub("barricade")),
        armies=_armies(root.sub("armies", {}), units, len(level_coefs)),
        version=files.version(),
    )
    root.finish()
    return catalog


def load_tactics_catalog(data_dir: Path | None = None) -> TacticsCatalog:
    """The tactics catalog of a data folder (default: the shipped ``rules/data``)."""
    return load_catalog((data_dir or DATA_DIR) / UNITS_FILE)


@cache
def default_tactics_catalog() -> TacticsCatalog:
    """The shipped tactics catalog, loaded once."""
    return load_tactics_catalog()


Catalog = TacticsCatalog  # the name the tactics rules, the client and the tests use
default_catalog = default_tactics_catalog
