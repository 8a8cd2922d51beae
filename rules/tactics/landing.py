"""Landing (T-LAND-5): which zone type a squad wants and whether a map has room for an army."""

from __future__ import annotations

from rules.tactics.catalog import Catalog, UnitType
from rules.tactics.setup import BattleSetup, Pos

RANGED_ZONE = 1
ANY_ZONE = 2
MELEE_ZONE = 3


def dedicated_zone(unit: UnitType) -> int:
    """T-LAND-5: shooters and line attackers land on type 1, melee units on type 3 (immobile ones too)."""
    return RANGED_ZONE if unit.is_ranged else MELEE_ZONE


def team_drop_sectors(setup: BattleSetup, team: int) -> dict[int, list[Pos]]:
    """The team's usable landing sectors by zone type, in map order, without duplicates."""
    by_type: dict[int, list[Pos]] = {RANGED_ZONE: [], ANY_ZONE: [], MELEE_ZONE: []}
    seen: set[Pos] = set()
    unusable = setup.blocked | {b.pos for b in setup.barricades}  # T-GRID-4: nobody can stand there
    for sector in setup.drop_zones:
        if sector.team == team and sector.pos not in seen and sector.pos not in unusable:
            seen.add(sector.pos)
            by_type[sector.drop_type].append(sector.pos)
    return by_type


def landing_shortfall(setup: BattleSetup, catalog: Catalog, team: int) -> int:
    """How many of the team's squads would find no landing sector (0 = the map has room).

    Placement order does not matter: squads overflowing their dedicated type all
    compete for type 2, so the army fits exactly when the overflow fits type 2.
    """
    sectors = team_drop_sectors(setup, team)
    wanted = {RANGED_ZONE: 0, MELEE_ZONE: 0}
    for spec in setup.army(team):
        wanted[dedicated_zone(catalog.unit(spec.unit))] += 1
    overflow = sum(max(0, wanted[t] - len(sectors[t])) for t in wanted)
    return max(0, overflow - len(sectors[ANY_ZONE]))
