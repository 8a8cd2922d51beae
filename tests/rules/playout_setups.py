"""Generated battle setups for random-playout tests: varied maps, objects, modes and armies from a seed.

``random_setup(seed)`` is deterministic. It draws a grid (6x5 .. 14x12), blocked
sectors, landing sectors of all three types for both teams (always enough of them,
checked with :func:`rules.tactics.landing.landing_shortfall`), traps, rune circles
of every kind, flags, chests, barricades and exit sectors, a mode (mission / PvP),
an objective (annihilation / flags / exit) with PvP flag modes 1 and 2, any battle
feature (random included), armies of 1..8 squads of catalog units (counts 1..20,
levels 1..5) and a round limit of 3..20.

Import from tests as ``from playout_setups import random_setup`` (tests/ is on the path).
"""

from __future__ import annotations

import random
from dataclasses import replace

from rules.tactics.catalog import Catalog, default_catalog
from rules.tactics.landing import ANY_ZONE, MELEE_ZONE, RANGED_ZONE, landing_shortfall
from rules.tactics.setup import (
    Army,
    Barricade,
    BattleFeature,
    BattleSetup,
    Chest,
    DropSector,
    ExitSector,
    FeatureKind,
    Flag,
    Mode,
    Objective,
    Pos,
    RuneCircle,
    RuneKind,
    SquadSpec,
    Trap,
)

MIN_SIZE = (6, 5)
MAX_SIZE = (14, 12)
MAX_SQUADS = 8


def random_army(r: random.Random, catalog: Catalog, squads: int | None = None) -> Army:
    """1..8 squads of random catalog units (a unit type may repeat), 1..20 units, level 1..5."""
    unit_ids = sorted(catalog.units)
    size = squads if squads is not None else r.randint(1, MAX_SQUADS)
    return tuple(SquadSpec(r.choice(unit_ids), r.randint(1, 20), r.randint(1, 5)) for _ in range(size))


def random_feature(r: random.Random) -> BattleFeature:
    """Any of the five battle features; X anywhere in -100..100 for the physical and magical ones."""
    kind = r.choice(list(FeatureKind))
    if kind in (FeatureKind.PHYSICAL, FeatureKind.MAGICAL):
        return BattleFeature(kind, r.choice([-100, -30, 0, 20, 100, r.randint(-100, 100)]))
    return BattleFeature(kind)


def drop_sectors(
    r: random.Random, setup: BattleSetup, catalog: Catalog, team: int, columns: list[int]
) -> tuple[DropSector, ...]:
    """Landing sectors of random types in the given columns, retyped to type 2 until the army fits."""
    cells = [(x, y) for x in columns for y in range(setup.height)]
    army_size = len(setup.army(team))
    chosen = r.sample(cells, r.randint(army_size, min(len(cells), army_size + 4)))
    types = {pos: r.choice((RANGED_ZONE, ANY_ZONE, MELEE_ZONE)) for pos in chosen}

    def as_sectors() -> tuple[DropSector, ...]:
        return tuple(DropSector(pos, team, types[pos]) for pos in chosen)

    while landing_shortfall(replace(setup, drop_zones=as_sectors()), catalog, team):
        dedicated = [pos for pos in chosen if types[pos] != ANY_ZONE]
        types[r.choice(dedicated)] = ANY_ZONE  # enough sectors exist, so this ends
    return as_sectors()


def _sample(r: random.Random, cells: list[Pos], low: int, high: int) -> list[Pos]:
    return r.sample(cells, min(len(cells), r.randint(low, high)))


def random_setup(
    seed: int,
    catalog: Catalog | None = None,
    *,
    max_size: tuple[int, int] = MAX_SIZE,
    traps_on_exits: bool = True,
) -> BattleSetup:
    """A varied, valid battle setup, the same for the same seed and arguments.

    Map objects may share a sector (a rune and a flag, a trap and a chest ...). With
    ``traps_on_exits`` False no trap lies on an exit sector (the draws stay the same).
    """
    catalog = catalog or default_catalog()
    r = random.Random(f"playout-setup/{seed}")
    width = r.randint(MIN_SIZE[0], max(MIN_SIZE[0], max_size[0]))
    height = r.randint(MIN_SIZE[1], max(MIN_SIZE[1], max_size[1]))
    armies = (random_army(r, catalog), random_army(r, catalog))
    setup = BattleSetup(width=width, height=height, armies=armies)

    # Landing zones: team 1 on the left columns, team 2 on the right, deep enough for 8 squads.
    depth = max(1, r.randint(1, 2), -(-max(len(armies[0]), len(armies[1])) // height))
    left, right = list(range(depth)), list(range(width - depth, width))
    drops = drop_sectors(r, setup, catalog, 1, left) + drop_sectors(r, setup, catalog, 2, right)
    setup = replace(setup, drop_zones=drops)

    landing = {d.pos for d in drops}
    open_cells = [(x, y) for x in range(width) for y in range(height) if (x, y) not in landing]
    blocked = set(_sample(r, open_cells, 0, width * height // 8))
    free = [pos for pos in open_cells if pos not in blocked]
    barricades = _sample(r, free, 0, 3)
    free = [pos for pos in free if pos not in barricades]

    mode = r.choice(list(Mode))
    objective = r.choice(list(Objective))
    flag_mode = r.choice((1, 2)) if mode is Mode.PVP else None
    flags: list[Flag] = []
    if mode is Mode.MISSION:
        flags = [Flag(pos, 1) for pos in _sample(r, free, 1 if objective is Objective.FLAGS else 0, 4)]
    elif flag_mode == 2:
        flags = [Flag(pos, None) for pos in _sample(r, free, 1 if objective is Objective.FLAGS else 0, 5)]
    else:
        cells = _sample(r, free, 2 if objective is Objective.FLAGS else 0, 6)
        flags = [Flag(pos, 1 + i % 2) for i, pos in enumerate(cells)]
    exit_teams = (1,) if mode is Mode.MISSION else (1, 2)
    exits = [
        ExitSector(pos, r.choice(exit_teams))
        for pos in _sample(r, free, 1 if objective is Objective.EXIT else 0, 5)
    ]
    runes = [RuneCircle(pos, r.choice(tuple(RuneKind))) for pos in _sample(r, free, 0, 6)]
    traps = [Trap(pos, r.random() < 0.3) for pos in _sample(r, free, 0, 4)]
    if not traps_on_exits:
        exit_cells = {e.pos for e in exits}
        traps = [trap for trap in traps if trap.pos not in exit_cells]
    return replace(
        setup,
        blocked=frozenset(blocked),
        traps=tuple(traps),
        runes=tuple(runes),
        exits=tuple(exits),
        flags=tuple(flags),
        chests=tuple(Chest(pos) for pos in _sample(r, free, 0, 3)),
        barricades=tuple(Barricade(pos, r.choice((None, None, r.randint(1, 600)))) for pos in barricades),
        feature=random_feature(r),
        mode=mode,
        objective=objective,
        objective_target=r.choice((None, None, 1, 2, 3)) if objective is not Objective.ANNIHILATION else None,
        flag_mode=flag_mode,
        round_limit=r.randint(3, 20),
        first_team=r.choice((None, None, None, 1, 2)),
        name=f"playout-{seed}",
    )
