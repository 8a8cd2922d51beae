"""Cells, lines of sight and paths on the skirmish grid (S-GRID, S-MOVE, S-HIT-8, S-SPELL-6).

A line between two cells is traced through their centres (S-HIT-8 / S-OQ-13). It passes through
the cells whose interior it crosses; where it runs exactly through a cell corner it enters
neither side cell, but, as a diagonal step may not squeeze between two occupied corner cells
(S-MOVE-6), a line through a corner whose two side cells both block is blocked too.

Paths are found with Dijkstra in half-steps (orthogonal 2, diagonal 3, S-MOVE-3), so step
costs stay exact integers and the budget test cost <= 2 x steps is exact for any Fraction.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Container, Iterable
from dataclasses import dataclass
from fractions import Fraction

from rules.core.grid import NEIGHBOURS, Pos
from rules.core.memo import BoundedMemo
from rules.skirmish.formulas import DIAGONAL_COST, ORTHOGONAL_COST

# S-MOVE-3 in half-steps: 2 orthogonally, 3 diagonally.
HALF_COST = {(dx, dy): int(2 * (DIAGONAL_COST if dx and dy else ORTHOGONAL_COST)) for dx, dy in NEIGHBOURS}
Line = tuple[tuple[Pos, ...], tuple[tuple[Pos, Pos], ...]]


_LINES = BoundedMemo(200_000)  # line_cells' memo


def line_cells(a: Pos, b: Pos) -> Line:
    """(cells strictly between a and b that the centre line crosses, corner pairs it passes between).

    Memoised in a plain dict: its keys and lines are tuples of integers, which the garbage collector
    stops tracking, where an lru_cache keeps a tracked node per entry that every full collection
    walks (about 5 ms each for the 10,000 lines of a few battles)."""
    found = _LINES.get((a, b))
    return found if found is not None else _LINES.keep((a, b), _line_cells(a, b))


def _line_cells(a: Pos, b: Pos) -> Line:
    x, y = a
    nx, ny = abs(b[0] - x), abs(b[1] - y)
    sx = 1 if b[0] > x else -1
    sy = 1 if b[1] > y else -1
    cells: list[Pos] = []
    corners: list[tuple[Pos, Pos]] = []
    ix = iy = 0
    while ix < nx or iy < ny:
        # Compare where the line meets the next vertical and horizontal cell borders (exact integers).
        horizontal = (1 + 2 * ix) * ny
        vertical = (1 + 2 * iy) * nx
        if horizontal == vertical:  # exactly through a corner
            corners.append(((x + sx, y), (x, y + sy)))
            x, y, ix, iy = x + sx, y + sy, ix + 1, iy + 1
        elif horizontal < vertical:
            x, ix = x + sx, ix + 1
        else:
            y, iy = y + sy, iy + 1
        if (x, y) != b:
            cells.append((x, y))
    return tuple(cells), tuple(corners)


def line_clear(a: Pos, b: Pos, blocks: Callable[[Pos], bool]) -> bool:
    """S-HIT-8: no blocking cell between a and b, and no corner squeezed between two blocking cells."""
    cells, corners = line_cells(a, b)
    return not any(blocks(c) for c in cells) and not any(blocks(p) and blocks(q) for p, q in corners)


def ray_cells(origin: Pos, toward: Pos, length: int, in_bounds: Callable[[Pos], bool]) -> tuple[Pos, ...]:
    """S-DATA-5 "line n": the first n cells of the straight line from ``origin`` toward ``toward``.

    The line is extended beyond ``toward`` (same direction) until it has ``length`` cells or leaves
    the map; obstacles are cut by the caller.
    """
    dx, dy = toward[0] - origin[0], toward[1] - origin[1]
    if (dx, dy) == (0, 0):
        return ()
    scale = 1
    while True:
        far = (origin[0] + dx * scale, origin[1] + dy * scale)
        cells = [*line_cells(origin, far)[0], far]
        if len(cells) >= length or not in_bounds(far):
            break
        scale += 1
    result = []
    for cell in cells[:length]:
        if not in_bounds(cell):
            break
        result.append(cell)
    return tuple(result)


def reach(
    start: Pos,
    budget: Fraction,
    ground: Ground,
    blocked: Iterable[Pos],
    max_cells: int | None = None,
) -> dict[Pos, tuple[int, Pos | None]]:
    """Every cell reachable within ``budget`` steps: cell -> (cost in half-steps, previous cell).

    ``ground`` is :func:`ground_of` the map; a cell in ``blocked`` (walls and units) may not be
    entered (S-MOVE-4), and two closed corner cells (off the ground or blocked) block a diagonal
    squeeze between them (S-MOVE-6). ``max_cells`` limits the number of cells entered (S-MOVE-5:
    defensive style, 1). Cells are found cheapest first, ties row by row (the order of the dict),
    and the first of equal-cost ways to a cell is kept.
    """
    limit = int(budget * 2 // 1)  # cost (an integer) <= 2 x budget  <=>  cost <= floor(2 x budget)
    width, cells, exits = ground.width, ground.cells, ground.exits
    closed = [False] * (len(cells) + 1)  # by index; the last slot, index -1, is the off-ground corner
    closed[-1] = True
    for x, y in blocked:
        closed[y * width + x] = True
    first = start[1] * width + start[0]
    cost = [-1] * len(cells)  # -1: not reached
    came_from = [-1] * len(cells)
    cells_used = [0] * len(cells)
    cost[first] = 0
    found = [first]  # in the order first reached
    heap = [(0, first)]  # (cost, index): ties row by row, as index = y x width + x
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        here_cost, here = pop(heap)
        if here_cost > cost[here]:
            continue
        used = cells_used[here]
        if max_cells is not None and used >= max_cells:
            continue
        for nxt, step, side, other in exits[here]:
            new = here_cost + step
            if new > limit or closed[nxt]:
                continue
            if step == _DIAGONAL and closed[side] and closed[other]:
                continue  # S-MOVE-6: no squeezing between two occupied corner cells
            old = cost[nxt]
            if old < 0 or new < old:
                if old < 0:
                    found.append(nxt)
                cost[nxt], came_from[nxt], cells_used[nxt] = new, here, used + 1
                push(heap, (new, nxt))
    return {cells[i]: (cost[i], cells[came_from[i]] if came_from[i] >= 0 else None) for i in found}


@dataclass(frozen=True, slots=True)
class Ground:
    """The map's cells numbered row by row (index ``y * width + x``), for :func:`reach`: each ground
    cell's steps as (cell entered, cost in half-steps, corner, corner) indices in :data:`NEIGHBOURS`
    order, a corner off the ground as -1 (always closed); a terrain cell has no steps."""

    width: int
    cells: tuple[Pos, ...]
    exits: tuple[tuple[tuple[int, int, int, int], ...], ...]


def ground_of(width: int, height: int, terrain: Container[Pos]) -> Ground:
    """The :class:`Ground` of a ``width`` x ``height`` map whose ``terrain`` cells are not ground."""
    cells = tuple((x, y) for y in range(height) for x in range(width))
    by_pos = exits_of(frozenset(c for c in cells if c not in terrain))

    def index(cell: Pos | None) -> int:
        return -1 if cell is None else cell[1] * width + cell[0]

    exits = tuple(
        tuple((index(nxt), step, index(side), index(other)) for nxt, step, side, other in by_pos.get(c, ()))
        for c in cells
    )
    return Ground(width, cells, exits)


# A cell's exits: (the ground cell entered, its cost in half-steps, and for a diagonal step the two
# corner cells, None where a corner is off the ground and so always closed).
Exits = tuple[tuple[Pos, int, Pos | None, Pos | None], ...]


def exits_of(ground: frozenset[Pos]) -> dict[Pos, Exits]:
    """Each ground cell's steps onto ground cells, in :data:`NEIGHBOURS` order (S-MOVE-3's costs)."""
    found = {}
    for x, y in ground:
        steps = []
        for dx, dy, step in _STEPS:
            nxt = (x + dx, y + dy)
            if nxt in ground:
                side, other = ((x + dx, y), (x, y + dy)) if dx and dy else (None, None)
                steps.append(
                    (nxt, step, side if side in ground else None, other if other in ground else None)
                )
        found[(x, y)] = tuple(steps)
    return found


_STEPS = tuple((dx, dy, HALF_COST[(dx, dy)]) for dx, dy in NEIGHBOURS)
_DIAGONAL = HALF_COST[(1, 1)]


def path_to(best: dict[Pos, tuple[int, Pos | None]], goal: Pos) -> tuple[Pos, ...]:
    """The cells from the start (excluded) to ``goal`` (included) in a :func:`reach` result."""
    cells = []
    cell: Pos | None = goal
    while cell is not None and best[cell][1] is not None:
        cells.append(cell)
        cell = best[cell][1]
    return tuple(reversed(cells))
