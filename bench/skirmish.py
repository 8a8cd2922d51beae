"""Benchmark of the hero skirmish engine and its AIs: the hot calls and whole decisions.

Run ``python bench/skirmish.py`` (``--quick`` for a smoke run). It prints one JSON object through
``harness.report``: ``clone``, ``legal_actions`` and ``apply`` on a mid-battle state of the
shipped parties (vanguard against wardens) on a 14 x 10 open grid, one decision of each AI
(``greedy``, ``search``) on that state, ``battles_per_s`` of random-against-random battles and
``greedy_battles_per_s`` of whole greedy-against-greedy battles (issue #22's target: 15; one run
without a warm-up, as recorded since #22's start; ``greedy_battles_per_s_warm`` is the median of
three runs after one, the rate a simulator keeps up over many battles), and
``search_battle_decision_ms``: the median and p95 of search's decisions over a whole battle
against greedy (the figure ``sim-skirmish`` reports; #22's target for the median: 50 ms).
Timings are in microseconds and as ratios to the in-run baseline (compare ratios across machines).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repo root, for ``rules``

from harness import baseline, measure, report  # bench/ is first on sys.path

from rules.rng import SeededRng
from rules.skirmish.ai import decide, make_player
from rules.skirmish.battle import new_battle
from rules.skirmish.catalog import default_skirmish_catalog
from rules.skirmish.engine import apply, legal_actions
from rules.skirmish.match import play_match
from rules.skirmish.setup import SkirmishSetup, party_of
from rules.skirmish.state import SkirmishState


def setup() -> SkirmishSetup:
    cat = default_skirmish_catalog()
    return SkirmishSetup(
        14, 10, (party_of(cat.party("vanguard").heroes), party_of(cat.party("wardens").heroes))
    )


def random_battle(seed: int) -> int:
    rng, chooser = SeededRng(seed), random.Random(seed)
    state, _ = new_battle(setup(), rng)
    plies = 0
    while not state.over:
        apply(state, chooser.choice(legal_actions(state)[:-1]), rng)
        plies += 1
    return plies


def greedy_battle(seed: int) -> int:
    players = {1: make_player("greedy", f"{seed}/t1"), 2: make_player("greedy", f"{seed}/t2")}
    return len(play_match(setup(), players, str(seed)).actions)


def search_battle_decisions() -> list[float]:
    """Seconds per decision of search over one battle against greedy (search on team 1)."""
    players = {1: make_player("search", "b/t1"), 2: make_player("greedy", "b/t2")}
    return play_match(setup(), players, "b").decision_seconds[1]


def mid_battle() -> SkirmishState:
    rng, chooser = SeededRng(7), random.Random(7)
    state, _ = new_battle(setup(), rng)
    while state.round_no < 4 and not state.over:
        apply(state, chooser.choice(legal_actions(state)[:-1]), rng)
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    repeats = 3 if args.quick else 7
    base = baseline(repeats=repeats)
    state = mid_battle()
    actions = legal_actions(state)
    greedy, search = make_player("greedy", 1), make_player("search", 1)

    def one_apply() -> None:
        twin = state.clone()
        apply(twin, actions[len(actions) // 2], SeededRng(1))

    figures = {
        "clone": measure(state.clone, repeats=repeats, number=200),
        "legal_actions": measure(lambda: legal_actions(state.clone()), repeats=repeats, number=5),
        "apply_with_clone": measure(one_apply, repeats=repeats, number=20),
        "greedy_decision": measure(lambda: decide(greedy, state), repeats=repeats, number=1),
        "search_decision": measure(lambda: decide(search, state), repeats=repeats, number=1),
    }
    games = 2 if args.quick else 6
    battle = measure(lambda: [random_battle(s) for s in range(games)], repeats=1, number=1)
    greedy_games = 1 if args.quick else 4

    def greedy_set() -> list[int]:
        return [greedy_battle(s) for s in range(greedy_games)]

    greedy_battles = measure(greedy_set, warmup=0, repeats=1)  # no warm-up, as recorded since #22's start
    greedy_warm = measure(greedy_set, warmup=1, repeats=1 if args.quick else 3)  # a simulator's steady rate
    extra = {
        "battles_per_s": round(games / battle.median, 3),
        "greedy_battles_per_s": round(greedy_games / greedy_battles.median, 3),
        "greedy_battles_per_s_warm": round(greedy_games / greedy_warm.median, 3),
        "legal_actions_count": len(actions),
    }
    if not args.quick:
        times = sorted(search_battle_decisions())
        extra["search_battle_decision_ms"] = {
            "median": round(statistics.median(times) * 1e3, 2),
            "p95": round(times[int(0.95 * (len(times) - 1))] * 1e3, 2),
            "decisions": len(times),
        }
    report("skirmish", figures, base=base, extra=extra)


if __name__ == "__main__":
    main()
