"""The skirmish AIs' tunables, read once from ``rules/data/skirmish_ai.toml`` (the rules never read it).

:data:`TUNING` holds the planner's caster valuation and the search's budget; the planner's
:class:`~rules.skirmish.ai.plans.Weights` and the search's settings take their defaults from it.
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
    margin: float


@dataclass(frozen=True, slots=True)
class Tuning:
    planner: PlannerTuning
    search: SearchTuning


def _number(table: Table, key: str) -> float:
    value = table.raw(key)
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
        raise table.fail(key, f"must be a non-negative number, got {value!r}")
    return float(value)


def load_tuning(path: Path | None = None) -> Tuning:
    """Parse and validate the AI tunables (default: the shipped file)."""
    root = CatalogFiles().read(path or DATA_DIR / "skirmish_ai.toml")
    p, s = root.sub("planner"), root.sub("search")
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
        margin=_number(s, "margin"),
    )
    for table in (p, s, root):
        table.finish()
    return Tuning(planner, search)


TUNING = load_tuning()
