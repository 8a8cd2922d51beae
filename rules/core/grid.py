"""The square grid every game is played on: cells, the eight directions, distance, bounds.

Coordinates are ``(x, y)`` cell indices, x to the right and y down, both from 0 (T-GRID-1,
S-GRID-1). Each game keeps what is its own (movement zones, lines of sight, reach); what they
share lives here.
"""

from __future__ import annotations

Pos = tuple[int, int]

# The eight neighbours of a cell (T-GRID-2, S-GRID-2), row by row from the top left.
NEIGHBOURS: tuple[Pos, ...] = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0))
# The four orthogonal directions: right, down, left, up.
ORTHOGONAL: tuple[Pos, ...] = ((1, 0), (0, 1), (-1, 0), (0, -1))


def distance(a: Pos, b: Pos) -> int:
    """Chebyshev distance: the eight neighbours are at distance 1 (T-GRID-3, S-GRID-3)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def in_bounds(pos: Pos, width: int, height: int) -> bool:
    """Whether ``pos`` is a cell of a ``width`` x ``height`` grid."""
    return 0 <= pos[0] < width and 0 <= pos[1] < height


def step(pos: Pos, direction: Pos) -> Pos:
    """The cell one step from ``pos`` in ``direction``."""
    return (pos[0] + direction[0], pos[1] + direction[1])
