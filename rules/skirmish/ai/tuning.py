"""The skirmish AIs' tunables, read once from ``rules/data/skirmish_ai.toml`` (the rules never read it).

:data:`TUNING` holds the planner's caster valuation, the search's budget and the lower levels'
knobs; the planner's :class:`~rules.skirmish.ai.plans.Weights`, the search's settings and the
casual and novice players take their values from it.
An unknown or missing key fails with :class:`~rules.core.toml_reader.CatalogError`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rules.core.toml_reader import DATA_DIR, CatalogFiles, Table


@dataclass(frozen=True, slots=True)
class PlannerTuning:
    mana: float
    heal_min_use: float
    area_heal_min_targets: int
    spent_threat: float
    spent_approach: float


@dataclass(frozen=True, slots=True)
class SearchTuning:
    plans: int
    band: float
    horizon: int
    rollout_candidates: int
    alive: float
    mana: float
    pressure: float
    margin: float


@dataclass(frozen=True, slots=True)
class LevelTuning:
    casual_among: int
    casual_margin: float
    casual_floor: float
    novice_among: int
    novice_margin: float
    novice_floor: float


@dataclass(frozen=True, slots=True)
class Tuning:
    planner: PlannerTuning
    search: SearchTuning
    levels: LevelTuning


def _number(table: Table, key: str) -> float:
    value = table.raw(key)
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
        raise table.fail(key, f"must be a non-negative number, got {value!r}")
    return float(value)


def load_tuning(path: Path | None = None) -> Tuning:
    """Parse and validate the AI tunables (default: the shipped file)."""
    root = CatalogFiles().read(path or DATA_DIR / "skirmish_ai.toml")
    p, s, lv = root.sub("planner"), root.sub("search"), root.sub("levels")
    planner = PlannerTuning(
        mana=_number(p, "mana"),
        heal_min_use=_number(p, "heal_min_use"),
        area_heal_min_targets=p.integer("area_heal_min_targets", lo=1),
        spent_threat=_number(p, "spent_threat"),
        spent_approach=_number(p, "spent_approach"),
    )
    search = SearchTuning(
        plans=s.integer("plans", lo=1),
        band=_number(s, "band"),
        horizon=s.integer("horizon", lo=0),
        rollout_candidates=s.integer("rollout_candidates", lo=0),
        alive=_number(s, "alive"),
        mana=_number(s, "mana"),
        pressure=_number(s, "pressure"),
        margin=_number(s, "margin"),
    )
    levels = LevelTuning(
        casual_among=lv.integer("casual_among", lo=1),
        casual_margin=_number(lv, "casual_margin"),
        casual_floor=_number(lv, "casual_floor"),
        novice_among=lv.integer("novice_among", lo=1),
        novice_margin=_number(lv, "novice_margin"),
        novice_floor=_number(lv, "novice_floor"),
    )
    for table in (p, s, lv, root):
        table.finish()
    return Tuning(planner, search, levels)


TUNING = load_tuning()
