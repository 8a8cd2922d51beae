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
from collections.abc import Callable, Container, Mapping
from fractions import Fraction
from functools import lru_cache

from rules.core.grid import NEIGHBOURS, Pos
from rules.skirmish.formulas import DIAGONAL_COST, ORTHOGONAL_COST

# S-MOVE-3 in half-steps: 2 orthogonally, 3 diagonally.
HALF_COST = {(dx, dy): int(2 * (DIAGONAL_COST if dx and dy else ORTHOGONAL_COST)) for dx, dy in NEIGHBOURS}
Line = tuple[tuple[Pos, ...], tuple[tuple[Pos, Pos], ...]]


@lru_cache(maxsize=200_000)
def line_cells(a: Pos, b: Pos) -> Line:
    """(cells strictly between a and b that the centre line crosses, corner pairs it passes between)."""
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
    exits: Mapping[Pos, Exits],
    blocked: Container[Pos],
    max_cells: int | None = None,
) -> dict[Pos, tuple[int, Pos | None]]:
    """Every cell reachable within ``budget`` steps: cell -> (cost in half-steps, previous cell).

    ``exits`` is :func:`exits_of` the map's ground (its cells without terrain); a cell in ``blocked``
    (walls and units) may not be entered (S-MOVE-4), and two closed corner cells (off the ground or
    blocked) block a diagonal squeeze between them (S-MOVE-6). ``max_cells`` limits the number of
    cells entered (S-MOVE-5: defensive style, 1).
    """
    limit = int(budget * 2 // 1)  # cost (an integer) <= 2 x budget  <=>  cost <= floor(2 x budget)
    best: dict[Pos, tuple[int, Pos | None]] = {start: (0, None)}
    cells_used = {start: 0}
    heap = [(0, start[1], start[0])]
    while heap:
        cost, y, x = heapq.heappop(heap)
        here = (x, y)
        if cost > best[here][0]:
            continue
        used = cells_used[here]
        if max_cells is not None and used >= max_cells:
            continue
        for nxt, step, side, other in exits[here]:
            new = cost + step
            if new > limit or nxt in blocked:
                continue
            if step == _DIAGONAL:
                if (side is None or side in blocked) and (other is None or other in blocked):
                    continue  # S-MOVE-6: no squeezing between two occupied corner cells
            old = best.get(nxt)
            if old is None or new < old[0]:
                best[nxt] = (new, here)
                cells_used[nxt] = used + 1
                heapq.heappush(heap, (new, nxt[1], nxt[0]))
    return best


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
