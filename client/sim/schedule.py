"""Which games a run plays, and playing them in one process or several.

Sides are mirrored: games 2k and 2k+1 are the same battle k (one battle seed, one map or deck or
party pairing) with the two AIs' sides swapped, so each AI plays every first move, landing and
side of an asymmetric setup once. The advantages of side and seat then cancel exactly instead of
on average, which removes the largest source of noise from a comparison. With fixed sides the
first AI keeps side 1 and every game is a battle of its own. Each game derives its battle seed
and content from the battle number ``k`` its own way.

Games are independent, so ``jobs`` worker processes give the same results as one (only the
decision times then include the other jobs' load).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import TypeVar

from client.sim.summary import GameRecord

Spec = TypeVar("Spec")


@dataclass(frozen=True)
class Slot:
    """Game ``index`` of a run: battle number ``battle``, with the first AI on side ``a_side``."""

    index: int
    battle: int
    a_side: int


def schedule(games: int, *, fixed_sides: bool = False) -> list[Slot]:
    """``games`` slots in mirrored pairs (battle k = game // 2, the first AI on side 1 then 2), or
    with ``fixed_sides`` one battle per game, the first AI always on side 1."""
    if fixed_sides:
        return [Slot(i, i, 1) for i in range(games)]
    return [Slot(i, i // 2, 1 + i % 2) for i in range(games)]


def run_games(
    play: Callable[[Spec], GameRecord],
    specs: Sequence[Spec],
    jobs: int = 1,
    on_done: Callable[[GameRecord], None] | None = None,
) -> list[GameRecord]:
    """``play`` every spec, in ``jobs`` processes; the records come back in the specs' order.

    ``on_done`` sees each record as its game finishes (out of order with several jobs). ``play``
    and the specs must pickle (a module-level function, plain data) when ``jobs`` > 1.
    """
    if jobs <= 1 or len(specs) <= 1:
        records = []
        for spec in specs:
            records.append(play(spec))
            if on_done is not None:
                on_done(records[-1])
        return records
    done: dict[int, GameRecord] = {}
    with ProcessPoolExecutor(max_workers=min(jobs, len(specs))) as pool:
        futures = {pool.submit(play, spec): i for i, spec in enumerate(specs)}
        for future in as_completed(futures):
            done[futures[future]] = future.result()
            if on_done is not None:
                on_done(done[futures[future]])
    return [done[i] for i in range(len(specs))]
