"""Whole-map checks on a built setup: objective against objects, PvP flag modes, room to land.

Each rule names the spec rule it protects. A problem about one object names it;
a problem about the map as a whole names the map property to change.
"""

from __future__ import annotations

from client.tiled.errors import Problems, counted
from rules.tactics.catalog import Catalog
from rules.tactics.landing import ANY_ZONE, MELEE_ZONE, RANGED_ZONE, landing_shortfall, team_drop_sectors
from rules.tactics.setup import BattleSetup, Mode, Objective, Pos

Where = dict[tuple[str, Pos], tuple[str, str]]  # (kind, sector) -> (layer, object label)


def check_setup(setup: BattleSetup, catalog: Catalog, problems: Problems, where: Where) -> None:
    """Add a problem for every rule of the map as a whole that the setup breaks."""

    def at(kind: str, pos: Pos, message: str) -> None:
        layer, label = where.get((kind, pos), (None, None))
        problems.add(message, layer, label)

    pvp = setup.mode is Mode.PVP
    objective = setup.objective
    target = setup.objective_target
    if not pvp:
        for flag in setup.flags:
            if flag.team != 1:
                at(
                    "flag",
                    flag.pos,
                    "in a mission flags belong to team 1 (the player, T-FLAG-2); set team to 1",
                )
        for sector in setup.exits:
            if sector.team != 1:
                at(
                    "exit_zone",
                    sector.pos,
                    "in a mission only team 1 (the player) has exit zones; set team to 1",
                )
        if setup.flag_mode is not None:
            problems.add("map property 'flag_mode' is only for PvP maps; set it to none")
    if objective is not Objective.FLAGS:
        if setup.flags:
            at(
                "flag",
                setup.flags[0].pos,
                "flags only count when the map's objective is flags; remove the flag "
                "or set the map property 'objective' to flags",
            )
        if setup.flag_mode is not None and pvp:
            problems.add("map property 'flag_mode' only applies when 'objective' is flags; set it to none")
    if objective is not Objective.EXIT and setup.exits:
        at(
            "exit_zone",
            setup.exits[0].pos,
            "exit zones only count when the map's objective is exit; remove the "
            "zone or set the map property 'objective' to exit",
        )
    if objective is Objective.ANNIHILATION and target is not None:
        problems.add(
            "map property 'objective_target' only applies to the flags and exit objectives; set it to 0"
        )
    if objective is Objective.FLAGS:
        _check_flags(setup, problems, at)
    if objective is Objective.EXIT:
        for team in (1, 2) if pvp else (1,):
            count = len({s.pos for s in setup.exits if s.team == team})
            if count == 0:
                problems.add(f"objective is exit but team {team} has no exit_zone sectors; add an exit_zone")
            elif target is not None and target > min(count, catalog.battle.max_squads_per_side):
                problems.add(
                    f"map property 'objective_target' is {target} but team {team} can fill at most "
                    f"{min(count, catalog.battle.max_squads_per_side)} exit sectors (T-EXIT-4)"
                )
    _check_landing(setup, catalog, problems)


def _check_flags(setup: BattleSetup, problems: Problems, at) -> None:
    target = setup.objective_target
    if not setup.flags:
        problems.add("objective is flags but the map has no flags; add flag objects")
        return
    if setup.mode is Mode.MISSION:
        if target is not None and target > len(setup.flags):
            problems.add(
                f"map property 'objective_target' is {target} but the map has only "
                f"{counted(len(setup.flags), 'flag')} (T-FLAG-1)"
            )
        return
    if setup.flag_mode is None:
        problems.add(
            "a PvP map with objective flags needs the map property 'flag_mode': 1 (own red and blue "
            "flags) or 2 (shared red flags) (T-FLAG-3)"
        )
        return
    if setup.flag_mode == 1:
        for flag in setup.flags:
            if flag.team is None:
                at(
                    "flag",
                    flag.pos,
                    "flag mode 1 gives each team its own flags; set team to 1 (red) or 2 (blue)",
                )
        counts = [sum(1 for f in setup.flags if f.team == team) for team in (1, 2)]
        for team, count in zip((1, 2), counts, strict=True):
            if count == 0:
                problems.add(f"flag mode 1 but team {team} has no flags; add flags with team {team}")
        if target is not None and target > min(counts):
            problems.add(
                f"map property 'objective_target' is {target} but a team has only "
                f"{counted(min(counts), 'flag')}"
            )
    else:
        for flag in setup.flags:
            if flag.team is not None:
                at("flag", flag.pos, "flag mode 2 uses shared flags; set team to shared")
        if target is not None:
            problems.add(
                "flag mode 2 is won by holding more than half of the flags (T-FLAG-4); set the map "
                "property 'objective_target' to 0"
            )


def _check_landing(setup: BattleSetup, catalog: Catalog, problems: Problems) -> None:
    """T-LAND-5: every squad must find a landing sector; player armies of any mix must fit too."""
    for team in (1, 2):
        army = setup.army(team)
        short = landing_shortfall(setup, catalog, team)
        if short:
            ranged = sum(1 for s in army if catalog.unit(s.unit).is_ranged)
            problems.add(
                f"too few drop-zone sectors for team {team}: {short} of its {counted(len(army), 'squad')} "
                f"({ranged} ranged, {len(army) - ranged} melee) find no landing sector (T-LAND-5); "
                "add drop_zone sectors of type 2 (or 1 for ranged, 3 for melee units)"
            )
            continue
        if team == 2 and setup.mode is Mode.MISSION:
            continue  # the mobs' army is fixed by the map
        sectors = team_drop_sectors(setup, team)
        ranged_room, any_room, melee_room = (len(sectors[t]) for t in (RANGED_ZONE, ANY_ZONE, MELEE_ZONE))
        n = catalog.battle.max_squads_per_side
        for r in range(n + 1):
            if max(0, r - ranged_room) + max(0, n - r - melee_room) > any_room:
                problems.add(
                    f"too few drop-zone sectors for team {team}: a player's army of {n} squads "
                    f"({r} ranged, {n - r} melee) would not fit (T-LAND-5); add drop_zone sectors "
                    "of type 2"
                )
                break
