"""Where a spell can go: origin cells (S-SPELL-6), ranges and lines of sight, areas (S-DATA-5).

:func:`target_problem` says why one (spell, origin, target) is not allowed; :func:`cast_options`
lists one origin per distinct effect for ``legal_actions`` (the first valid origin, nearest
the caster); :func:`affected` says whom a cast reaches.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from rules.core.grid import NEIGHBOURS, Pos
from rules.core.memo import BoundedMemo
from rules.rng import Rng
from rules.skirmish.catalog_types import Spell, SpellTarget
from rules.skirmish.formulas import SPELL_ORIGIN_REACH, grid_distance, in_range
from rules.skirmish.grid import ray_cells
from rules.skirmish.state import Hero, SkirmishState
from rules.skirmish.values import sees, sees_terrain

# Enum members read in hot loops, bound once (a StrEnum member lookup costs ~6 plain lookups).
_SPELL_TARGET_ALLY = SpellTarget.ALLY
_SPELL_TARGET_CELL = SpellTarget.CELL
_SPELL_TARGET_CHAIN = SpellTarget.CHAIN
_SPELL_TARGET_ENEMY = SpellTarget.ENEMY
_SPELL_TARGET_LINE = SpellTarget.LINE
_SPELL_TARGET_OTHER_ALLY = SpellTarget.OTHER_ALLY
_SPELL_TARGET_SELF = SpellTarget.SELF
_SPELL_TARGET_WALL = SpellTarget.WALL
# Spells that reach the one hero on their target cell (affected's quick case).
_ONE_HERO = frozenset((SpellTarget.ALLY, SpellTarget.ENEMY, SpellTarget.OTHER_ALLY, SpellTarget.SELF))

WALL_DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


def origin_problem(state: SkirmishState, hero: Hero, origin: Pos) -> str | None:
    """S-SPELL-6: within grid distance 2, not an obstacle, and no terrain on the line from the caster."""
    if grid_distance(hero.pos, origin) > SPELL_ORIGIN_REACH:
        return f"origin {origin} is more than {SPELL_ORIGIN_REACH} cells from the caster (S-SPELL-6)"
    if state.obstacle(origin):
        return f"origin {origin} is an obstacle or off the map"
    if not sees_terrain(state, hero.pos, origin):
        return f"terrain blocks the line from the caster to origin {origin} (S-SPELL-6)"
    return None


def origins(state: SkirmishState, hero: Hero) -> tuple[Pos, ...]:
    """Valid origin cells, the caster's own first, then nearest first (row-major within a distance).

    They depend on the map's size and terrain and the walls only (S-SPELL-6), so they are kept
    under those for every battle on the map (a frozenset keeps its hash: the terrain's costs once)."""
    board = state.board
    key = (hero.pos, board.width, board.height, board.terrain, frozenset(state.walls))
    found = _ORIGINS.get(key)
    if found is None:
        x, y = hero.pos
        cells = [(x + dx, y + dy) for dy in range(-2, 3) for dx in range(-2, 3)]
        cells.sort(key=lambda p: (grid_distance(p, hero.pos), p[1], p[0]))
        found = _ORIGINS.keep(key, tuple(p for p in cells if origin_problem(state, hero, p) is None))
    return found


_ORIGINS = BoundedMemo(50_000)  # origins' memo


def line_affected_cells(state: SkirmishState, spell: Spell, origin: Pos, toward: Pos) -> tuple[Pos, ...]:
    """S-DATA-5 "line n": the first n cells toward ``toward``, stopping before an obstacle."""
    cells = []
    for cell in ray_cells(origin, toward, spell.length, state.in_bounds):
        if state.obstacle(cell):
            break
        cells.append(cell)
    return tuple(cells)


def target_problem(
    state: SkirmishState, hero: Hero, spell: Spell, origin: Pos, target: Pos, cells: tuple[Pos, ...]
) -> str | None:
    """Why this cast cannot go from ``origin`` to ``target`` (None when it can)."""
    if spell.target == _SPELL_TARGET_SELF:
        return None if target == hero.pos == origin else "a self spell targets the caster's own cell"
    return origin_problem(state, hero, origin) or reach_problem(state, hero, spell, origin, target, cells)


def reach_problem(
    state: SkirmishState, hero: Hero, spell: Spell, origin: Pos, target: Pos, cells: tuple[Pos, ...]
) -> str | None:
    """:func:`target_problem` for an origin already known to be valid."""
    if spell.target == _SPELL_TARGET_LINE:
        if target == origin:
            return "a line needs a direction: a target cell other than the origin"
        return None if line_affected_cells(state, spell, origin, target) else "the line is blocked at once"
    if spell.target == _SPELL_TARGET_WALL:
        return _wall_problem(state, spell, origin, cells, target)
    if not in_range(spell.range, target[0] - origin[0], target[1] - origin[1]):
        return f"target {target} is beyond range {spell.range} of origin {origin} (S-HIT-11)"
    if state.obstacle(target):
        return f"target {target} is off the map or an obstacle"
    if not sees(state, origin, target):
        return f"target {target} is not in line of sight from origin {origin} (S-SPELL-6)"
    if spell.target == _SPELL_TARGET_CELL:
        return None
    other = state.hero_at(target)
    if other is None or other.out:
        return f"no hero stands on {target}"
    if spell.target in (_SPELL_TARGET_ENEMY, _SPELL_TARGET_CHAIN) and other.team == hero.team:
        return f"{spell.id} targets an enemy"
    if spell.target == _SPELL_TARGET_ALLY and other.team != hero.team:
        return f"{spell.id} targets an ally or the caster"
    if spell.target == _SPELL_TARGET_OTHER_ALLY and (other.team != hero.team or other.id == hero.id):
        return f"{spell.id} targets another ally"
    return None


def _wall_problem(
    state: SkirmishState, spell: Spell, origin: Pos, cells: tuple[Pos, ...], target: Pos
) -> str | None:
    max_cells = spell.wall[0]
    if not 1 <= len(cells) <= max_cells or len(set(cells)) != len(cells) or cells[0] != target:
        return f"a wall is 1 to {max_cells} distinct cells starting at the target cell"
    if len(cells) > 1:
        step = (cells[1][0] - cells[0][0], cells[1][1] - cells[0][1])
        if step not in NEIGHBOURS or any((b[0] - a[0], b[1] - a[1]) != step for a, b in pairwise(cells)):
            return "wall cells must form a straight orthogonal or diagonal row"
    for cell in cells:
        if not state.in_bounds(cell) or state.obstacle(cell) or cell in state.occupant:
            return f"wall cell {cell} is not empty"
        if not in_range(spell.range, cell[0] - origin[0], cell[1] - origin[1]) or not sees(
            state, origin, cell
        ):
            return f"wall cell {cell} is out of range or sight of origin {origin}"
    return None


def aimed_origin(
    state: SkirmishState, hero: Hero, spell: Spell, target: Pos, all_origins: Sequence[Pos], memo: dict
) -> Pos | None:
    """The first of ``all_origins`` (the caster's :func:`origins`) from which a spell (not a wall) aimed
    at a hero whom its side allows reaches that hero's cell, kept in ``memo`` (one per caster's cell
    and side and :func:`units_key`): from a valid origin such a spell only needs range and line of
    sight to the cell, so spells of one range share the answer (a line, whose test is its own, is
    kept by spell)."""
    key = (spell.id if spell.target == _SPELL_TARGET_LINE else spell.range, target)
    found = memo.get(key, memo)
    if found is memo:
        found = memo[key] = _first_origin(state, hero, spell, target, (), all_origins)
    return found


def _first_origin(
    state: SkirmishState,
    hero: Hero,
    spell: Spell,
    target: Pos,
    cells: tuple[Pos, ...],
    all_origins: Sequence[Pos],
) -> Pos | None:
    reach_sq = spell.range * spell.range
    for origin in all_origins:
        dx, dy = target[0] - origin[0], target[1] - origin[1]
        if dx * dx + dy * dy <= reach_sq and reach_problem(state, hero, spell, origin, target, cells) is None:
            return origin
    return None


def cast_options(state: SkirmishState, hero: Hero, spell: Spell) -> list[tuple[Pos, Pos, tuple[Pos, ...]]]:
    """(origin, target, cells) for each distinct effect of ``spell`` the hero could cast now.

    Memoised on the board by what they depend on: the caster's cell and side, every living hero's
    cell and side, and the walls."""
    return cast_options_in(state, hero, spell, units_key(state))


def units_key(state: SkirmishState) -> tuple:
    """What :func:`cast_options` depends on besides the caster and the spell: every living hero's
    cell and side, and the walls (computed once for all of a caster's spells)."""
    return tuple(sorted((h.pos, h.team) for h in state.heroes if not h.out)), frozenset(state.walls)


def cast_options_in(
    state: SkirmishState, hero: Hero, spell: Spell, units: tuple
) -> list[tuple[Pos, Pos, tuple[Pos, ...]]]:
    """:func:`cast_options` with ``units`` = :func:`units_key` of the state."""
    key = ("cast", spell.id, hero.pos, hero.team, units)
    return state.board.remember(key, lambda: _cast_options(state, hero, spell))


def _cast_options(state: SkirmishState, hero: Hero, spell: Spell) -> list[tuple[Pos, Pos, tuple[Pos, ...]]]:
    if spell.target == _SPELL_TARGET_SELF:
        return [(hero.pos, hero.pos, ())]
    all_origins = origins(state, hero)
    living = [h for h in state.heroes if not h.out]
    found: list[tuple[Pos, Pos, tuple[Pos, ...]]] = []
    if spell.target == _SPELL_TARGET_LINE:
        seen = set()
        for origin in all_origins:
            for other in living:
                if other.team != hero.team:
                    area = line_affected_cells(state, spell, origin, other.pos)
                    if other.pos in area and area not in seen:
                        seen.add(area)
                        found.append((origin, other.pos, ()))
        return found
    if spell.target == _SPELL_TARGET_WALL:
        return _wall_options(state, hero, spell, all_origins)
    if spell.target == _SPELL_TARGET_CELL:
        side = [h for h in living if (h.team != hero.team) == spell.hostile]
        centres = sorted(
            {(h.pos[0] + dx, h.pos[1] + dy) for h in side for dx in range(-spell.radius, spell.radius + 1)
             for dy in range(-spell.radius, spell.radius + 1)},
            key=lambda p: (p[1], p[0]),
        )  # fmt: skip
    else:
        centres = [h.pos for h in living]
    for centre in centres:
        if state.obstacle(centre):
            continue
        first = _first_origin(state, hero, spell, centre, (), all_origins)
        if first is not None:
            found.append((first, centre, ()))
    return found


def _wall_options(
    state: SkirmishState, hero: Hero, spell: Spell, all_origins: Sequence[Pos]
) -> list[tuple[Pos, Pos, tuple[Pos, ...]]]:
    """Single cells, and rows of the longest length centred next to an enemy (a representative set)."""
    found: list[tuple[Pos, Pos, tuple[Pos, ...]]] = []
    if not all_origins:
        return found
    origin = all_origins[0]
    r = spell.range
    for dy in range(-r, r + 1):
        for dx in range(-r, r + 1):
            cell = (origin[0] + dx, origin[1] + dy)
            if _wall_problem(state, spell, origin, (cell,), cell) is None:
                found.append((origin, cell, (cell,)))
    n = spell.wall[0]
    for enemy in state.heroes:
        if enemy.out or enemy.team == hero.team:
            continue
        for ddx, ddy in NEIGHBOURS:
            centre = (enemy.pos[0] + ddx, enemy.pos[1] + ddy)
            for sx, sy in WALL_DIRECTIONS:
                half = (n - 1) // 2
                cells = tuple((centre[0] + sx * (i - half), centre[1] + sy * (i - half)) for i in range(n))
                if n > 1 and _wall_problem(state, spell, origin, cells, cells[0]) is None:
                    option: tuple[Pos, Pos, tuple[Pos, ...]] = (origin, cells[0], cells)
                    if option not in found:
                        found.append(option)
    return found


def affected(
    state: SkirmishState, hero: Hero, spell: Spell, origin: Pos, target: Pos, rng: Rng
) -> list[Hero]:
    """The heroes a cast reaches, in resolution order (S-DATA-5 areas)."""
    if spell.target in _ONE_HERO:
        first = state.hero_at(target)
        assert first is not None
        return [first]
    living = [h for h in state.heroes if not h.out]
    if spell.target == _SPELL_TARGET_CELL:
        return [
            h for h in living
            if grid_distance(h.pos, target) <= spell.radius and (spell.hostile or h.team == hero.team)
        ]  # fmt: skip
    if spell.target == _SPELL_TARGET_LINE:
        cells = line_affected_cells(state, spell, origin, target)
        return [h for c in cells for h in living if h.pos == c]
    if spell.target == _SPELL_TARGET_WALL:
        return []
    first = state.hero_at(target)
    assert first is not None and spell.target == _SPELL_TARGET_CHAIN
    chain = [first]
    count, jump = spell.chain
    while len(chain) < count:  # the nearest enemy not yet hit within grid distance `jump` (ties: Rng)
        last = chain[-1]
        near = [
            h
            for h in living
            if h.team != hero.team and h not in chain and grid_distance(h.pos, last.pos) <= jump
        ]
        if not near:
            break
        best = min(grid_distance(h.pos, last.pos) for h in near)
        tied = [h for h in near if grid_distance(h.pos, last.pos) == best]
        chain.append(tied[0] if len(tied) == 1 else tied[rng.randint(0, len(tied) - 1)])
    return chain
