"""Benchmark of the hero duel: whole random duels, the hot calls of the search AI, one ISMCTS decision.

Run ``python bench/duel.py`` (``--quick`` for a smoke run). It prints one JSON object through
``harness.report``: timings in microseconds and as a ratio to the in-run pure-Python baseline
(compare ratios across machines), plus

* ``duels_per_s``: random-vs-random duels (uniform legal actions, no Surrender) over the ready decks;
* ``legal_actions``, ``apply`` (EndTurn, which draws and starts the next turn) and ``clone()`` on a
  mid-duel state taken from a greedy duel; ``greedy_decision`` on the same state;
* ``ismcts_decision``: one ISMCTS decision with the player's default iterations (``Budget()``,
  no time limit, so the work is the same on every machine), averaged over four mid-duel states
  of different decks (the time limit that caps the slowest decisions is not measured here).

The AIs' strength is measured by ``runetide sim-duel``, not here.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repo root, for ``rules``

from harness import Timing, baseline, measure, report  # bench/ is first on sys.path

from rules.duel.actions import EndTurn, Surrender
from rules.duel.ai import make_ai
from rules.duel.ai.base import Budget
from rules.duel.catalog import default_duel_catalog
from rules.duel.engine import apply, legal_actions
from rules.duel.match import play_match
from rules.duel.setup import new_duel
from rules.duel.state import DuelState
from rules.duel.view import view
from rules.rng import SeededRng


def random_duel(seed: int, decks: list[str]) -> int:
    """Play one random duel; returns its number of plies."""
    pick = random.Random(seed)
    dice = SeededRng(seed)
    state, _ = new_duel(dice, pick.choice(decks), pick.choice(decks))
    plies = 0
    while state.outcome is None:
        apply(state, pick.choice([a for a in legal_actions(state) if not isinstance(a, Surrender)]), dice)
        plies += 1
    return plies


def mid_duel_state(seed: int = 3, decks: tuple[str, str] = ("starter", "starter")) -> DuelState:
    """The 40th state of a greedy duel: both fields populated, hands full."""
    states: list[DuelState] = []
    play_match(
        (make_ai("greedy"), make_ai("greedy")), seed, decks=decks, on_state=lambda s: states.append(s.clone())
    )
    return states[min(40, len(states) - 2)]


def search_states() -> list[DuelState]:
    """Four mid-duel states, one per deck mirror."""
    return [
        mid_duel_state(seed, (deck, deck)) for seed, deck in enumerate(sorted(default_duel_catalog().decks))
    ]


def scale(timing: Timing, factor: float) -> Timing:
    """The same samples, per item of a batch (a batch of four decisions -> one decision)."""
    return Timing(
        timing.median * factor, timing.min * factor, timing.max * factor, timing.repeats, timing.number
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few seconds, for smoke tests")
    args = parser.parse_args()
    decks = sorted(default_duel_catalog().decks)
    duels = 20 if args.quick else 200
    start = time.perf_counter()
    plies = sum(random_duel(seed, decks) for seed in range(duels))
    elapsed = time.perf_counter() - start
    state = mid_duel_state()
    v = view(state, state.active)
    search_views = [view(s, s.active) for s in search_states()]
    repeats = 3 if args.quick else 7
    figures = {
        "legal_actions": measure(lambda: legal_actions(state), repeats=repeats, number=200),
        "clone": measure(state.clone, repeats=repeats, number=500),
        "apply_end_turn": measure(
            lambda: apply(state.clone(), EndTurn(), SeededRng(1)), repeats=repeats, number=100
        ),
        "greedy_decision": measure(
            lambda: make_ai("greedy").decide(v, SeededRng(1), Budget()), repeats=repeats, number=20
        ),
        "ismcts_decision": measure(
            lambda: [make_ai("ismcts").decide(sv, SeededRng(1), Budget()) for sv in search_views],
            repeats=repeats,
            number=1,
        ),
    }
    figures["ismcts_decision"] = scale(figures["ismcts_decision"], 1 / len(search_views))
    report(
        "duel",
        figures,
        base=baseline(),
        extra={
            "duels_per_s": round(duels / elapsed, 1),
            "plies_per_s": round(plies / elapsed),
            "duels": duels,
        },
    )


if __name__ == "__main__":
    main()
