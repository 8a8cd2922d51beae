"""Benchmark of the "Where to stand" shading (issue #24): the full map's shading for one squad.

Run ``python bench/standing.py`` (``--quick`` for a smoke run). On Ballista Ridge (the largest
shipped map, 24 x 18, with the most enemy squads), at the opening and after 24 random plies, it
times :func:`client.battle.standing.shading` (what the battle scene computes when a squad is
selected with the shading on) for every squad of the player's team, and prints through
``harness.report`` the slowest squad's median (``worst_shading``) and the mean over the squads
(``mean_shading``), in microseconds and as ratios to the in-run baseline. The target is
``worst_shading_us`` <= 30 000 (30 ms: fast enough to follow the mouse).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repo root, for ``rules``/``client``

from harness import baseline, measure, report  # bench/ is first on sys.path

from client.battle.standing import shading
from client.context import MAPS_DIR
from client.tiled import load_setup
from rules.rng import SeededRng
from rules.tactics.battle import new_battle
from rules.tactics.engine import apply, legal_actions
from rules.tactics.state import BattleState

RIDGE = MAPS_DIR / "ballista_ridge.tmx"


def states() -> list[BattleState]:
    """The opening of Ballista Ridge and the same battle 24 random plies later (the player to act)."""
    opening, _ = new_battle(load_setup(RIDGE), SeededRng(1))
    later, _ = new_battle(load_setup(RIDGE), SeededRng(1))
    chooser, rng = random.Random(1), SeededRng(2)
    plies = 0
    while plies < 24 or later.active_team != 1:
        actions = [a for a in legal_actions(later) if type(a).__name__ != "Surrender"]
        apply(later, chooser.choice(actions), rng)
        plies += 1
        if later.over:
            break
    return [opening, later]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    repeats = 3 if args.quick else 7
    base = baseline(repeats=repeats)
    timings = []
    for state in states():
        for squad in state.squads:
            if squad.alive and squad.info.team == 1:
                timings.append(measure(lambda s=state, i=squad.info.id: shading(s, i), repeats=repeats))
    worst = max(t.median for t in timings)
    mean = sum(t.median for t in timings) / len(timings)
    report(
        "standing",
        {"worst_shading": worst, "mean_shading": mean},
        base=base,
        extra={"squads_timed": len(timings), "target_worst_us": 30_000},
    )


if __name__ == "__main__":
    main()
