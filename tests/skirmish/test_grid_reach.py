"""``grid.reach`` (S-MOVE-3/4/5/6) against a plain Dijkstra over cells, on random maps.

``reach`` numbers the cells and keeps its tables in lists (the AIs call it for every destination
list); this reference works on the cells themselves. Both must find the same cells, costs and
previous cells, in the same order: the order of ``legal_actions``' moves (pinned by the golden
battles) comes from it.
"""

from __future__ import annotations

import heapq
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.grid import NEIGHBOURS, Pos
from rules.skirmish.grid import HALF_COST, ground_of, reach

WIDTH, HEIGHT = 7, 5
CELLS = [(x, y) for y in range(HEIGHT) for x in range(WIDTH)]


def reference(
    start: Pos, budget: Fraction, terrain: set[Pos], blocked: set[Pos], max_cells: int | None
) -> dict[Pos, tuple[int, Pos | None]]:
    """Dijkstra in half-steps: orthogonal 2, diagonal 3 (S-MOVE-3); no blocked cell entered (S-MOVE-4);
    no diagonal between two closed corners (S-MOVE-6); at most ``max_cells`` entered (S-MOVE-5)."""

    def ground(c: Pos) -> bool:
        return 0 <= c[0] < WIDTH and 0 <= c[1] < HEIGHT and c not in terrain

    limit = int(budget * 2 // 1)
    best: dict[Pos, tuple[int, Pos | None]] = {start: (0, None)}
    used = {start: 0}
    heap = [(0, start[1], start[0])]
    while heap:
        cost, y, x = heapq.heappop(heap)
        if cost > best[(x, y)][0] or (max_cells is not None and used[(x, y)] >= max_cells):
            continue
        for dx, dy in NEIGHBOURS:
            nxt, new = (x + dx, y + dy), cost + HALF_COST[(dx, dy)]
            if not ground(nxt) or nxt in blocked or new > limit:
                continue
            corners = ((x + dx, y), (x, y + dy))
            if dx and dy and all(not ground(c) or c in blocked for c in corners):
                continue
            if nxt not in best or new < best[nxt][0]:
                best[nxt], used[nxt] = (new, (x, y)), used[(x, y)] + 1
                heapq.heappush(heap, (new, nxt[1], nxt[0]))
    return best


@settings(max_examples=300, deadline=None)
@given(
    terrain=st.sets(st.sampled_from(CELLS), max_size=10),
    blocked=st.sets(st.sampled_from(CELLS), max_size=10),
    start=st.sampled_from(CELLS),
    half_steps=st.integers(0, 24),
    max_cells=st.sampled_from([None, None, 1, 2]),
)
def test_reach_equals_a_plain_dijkstra_S_MOVE_3_S_MOVE_4_S_MOVE_6(
    terrain, blocked, start, half_steps, max_cells
):
    terrain.discard(start)
    blocked = (blocked - terrain) | {start}  # the hero's own cell is occupied (by the hero)
    budget = Fraction(half_steps, 2)
    found = reach(start, budget, ground_of(WIDTH, HEIGHT, terrain), blocked, max_cells)
    expected = reference(start, budget, terrain, blocked, max_cells)
    assert list(found.items()) == list(expected.items())
