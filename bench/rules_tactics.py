"""Benchmark of the grid battle engine: whole random battles, plies, and the hot calls of search AIs.

Run ``python bench/rules_tactics.py`` (``--quick`` for a smoke run of a few seconds). It prints one
JSON object through ``harness.report``: every timing in microseconds and as a ratio to the in-run
pure-Python baseline (compare ratios across machines), plus

* ``battles_per_s``: random-vs-random PvP battles, 8 squads a side, on a 12x10 grid with landing
  sectors on the two outer columns of each side, the random battle feature, armies drawn from the
  catalog with a fixed seed; both players use ``rules.tactics.sampling.random_action`` (no surrender);
* ``battles_per_s_enumerating``: the same battles with players that build the full
  ``legal_actions`` list and pick uniformly from it (Surrender, always last, left out: so the games
  are move for move those of ``random_action``, and the difference is the cost of enumerating);
* ``plies_per_s``; ``legal_actions``, ``apply`` and ``clone()`` timings on a mid-battle state;
* ``targets``: clone <= 20 us and >= 150 battles per second on one core, with whether they are met
  (issue #23: the engine ran 104 battles per second; a faster one buys search AIs more samples).

Everything runs in one process on one core.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
from collections.abc import Callable
from itertools import cycle
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repo root, for ``rules``

from harness import baseline, measure, report  # bench/ is first on sys.path

from rules.rng import SeededRng
from rules.tactics.actions import Action, Surrender
from rules.tactics.battle import new_battle
from rules.tactics.catalog import Catalog, default_catalog
from rules.tactics.engine import apply, legal_actions
from rules.tactics.sampling import random_action
from rules.tactics.setup import (
    BattleFeature,
    BattleSetup,
    DropSector,
    FeatureKind,
    Mode,
    SquadSpec,
)
from rules.tactics.state import BattleState

WIDTH, HEIGHT = 12, 10
SQUADS_PER_SIDE = 8
ARMY_SEED = 20_260_101
SETUPS = 8  # distinct army pairs, reused round robin
TARGET_CLONE_US = 20.0
TARGET_BATTLES_PER_S = 150.0  # issue #23 (was 100)


def bench_setup(index: int, catalog: Catalog) -> BattleSetup:
    """A PvP battle on 12x10, landing on the two outer columns of each side, random feature."""
    r = random.Random(f"{ARMY_SEED}/{index}")
    units = sorted(catalog.units)
    armies = tuple(
        tuple(SquadSpec(r.choice(units), r.randint(5, 20), r.randint(1, 5)) for _ in range(SQUADS_PER_SIDE))
        for _ in range(2)
    )
    columns = {1: (0, 1), 2: (WIDTH - 2, WIDTH - 1)}
    drops = tuple(
        DropSector((x, y), team, 2) for team, xs in columns.items() for x in xs for y in range(HEIGHT)
    )
    return BattleSetup(
        width=WIDTH,
        height=HEIGHT,
        armies=armies,  # type: ignore[arg-type]
        drop_zones=drops,
        feature=BattleFeature(FeatureKind.RANDOM),
        mode=Mode.PVP,
        name=f"bench-{index}",
    )


Player = Callable[[BattleState, SeededRng], Action]


def enumerating_action(state: BattleState, rng: SeededRng) -> Action:
    """Build the whole legal_actions list and pick uniformly from it, Surrender (the last one) excepted."""
    legal = legal_actions(state)
    return legal[rng.randint(0, len(legal) - 2)]


def random_player(state: BattleState, rng: SeededRng) -> Action:
    return random_action(state, rng)


def play_battle(setup: BattleSetup, seed: int, player: Player, catalog: Catalog) -> int:
    """One whole battle; returns the number of plies."""
    rng = SeededRng(seed)
    state, _ = new_battle(setup, rng, catalog)
    plies = 0
    while state.outcome is None:
        apply(state, player(state, rng), rng)
        plies += 1
    return plies


def mid_battle_state(setup: BattleSetup, catalog: Catalog, seed: int = 1) -> BattleState:
    """A state about halfway through a random battle (replayed to the ply count of half the battle)."""
    total = play_battle(setup, seed, random_player, catalog)
    rng = SeededRng(seed)
    state, _ = new_battle(setup, rng, catalog)
    for _ in range(total // 2):
        apply(state, random_action(state, rng), rng)
    assert state.outcome is None
    return state


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run of a few seconds")
    args = parser.parse_args(argv)
    quick = args.quick
    battles = 12 if quick else 120
    repeats = 2 if quick else 5
    calls = 50 if quick else 2000

    catalog = default_catalog()
    setups = [bench_setup(i, catalog) for i in range(SETUPS)]
    base = baseline(repeats=3 if quick else 7)

    plies_seen: list[int] = []

    def run_battles(player: Player) -> None:
        plies_seen.append(sum(play_battle(setups[i % SETUPS], i, player, catalog) for i in range(battles)))

    random_batch = measure(lambda: run_battles(random_player), warmup=1, repeats=repeats)
    enumerating_batch = measure(lambda: run_battles(enumerating_action), warmup=1, repeats=repeats)
    plies = plies_seen[0]
    assert all(p == plies for p in plies_seen), "the same seeds must give the same battles"
    per_battle = random_batch.median / battles
    per_battle_enumerating = enumerating_batch.median / battles

    state = mid_battle_state(setups[0], catalog)
    actions = [a for a in legal_actions(state) if not isinstance(a, Surrender)]
    gc.collect()  # the battles above leave garbage; do not bill its collection to the first micro timing
    legal = measure(lambda: legal_actions(state), repeats=repeats, number=calls)
    gc.collect()
    clone = measure(state.clone, repeats=repeats, number=calls)
    warmup = 2
    clones = iter([state.clone() for _ in range(warmup + repeats * calls)])
    gc.collect()
    next_action = cycle(actions).__next__
    rng = SeededRng(7)
    applied = measure(
        lambda: apply(next(clones), next_action(), rng), warmup=warmup, repeats=repeats, number=calls
    )

    battles_per_s = 1 / per_battle
    return report(
        "rules_tactics",
        {
            "battle": per_battle,
            "battle_enumerating": per_battle_enumerating,
            "ply": random_batch.median / plies,
            "legal_actions": legal,
            "apply": applied,
            "clone": clone,
        },
        base=base,
        extra={
            "battles_per_s": round(battles_per_s, 1),
            "battles_per_s_enumerating": round(1 / per_battle_enumerating, 1),
            "plies_per_s": round(plies / random_batch.median, 1),
            "plies_per_battle": round(plies / battles, 1),
            "mid_battle_actions": len(actions) + 1,
            "targets": {
                "clone_us_max": TARGET_CLONE_US,
                "clone_met": clone.median * 1e6 <= TARGET_CLONE_US,
                "battles_per_s_min": TARGET_BATTLES_PER_S,
                "battles_met": battles_per_s >= TARGET_BATTLES_PER_S,
            },
            "battles": battles,
            "squads_per_side": SQUADS_PER_SIDE,
            "grid": f"{WIDTH}x{HEIGHT}",
            "quick": quick,
        },
    )


if __name__ == "__main__":
    main()
