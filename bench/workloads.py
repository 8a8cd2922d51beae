"""Fixed rules workloads for comparing two revisions by instruction count (see bench/compare.py).

``python bench/workloads.py NAME N`` runs workload NAME N times and prints nothing of interest;
``bench/compare.py --instructions`` runs it under ``valgrind --tool=callgrind`` with N and with 0
and reports the difference, which is the workload's own cost without the interpreter's start-up
and the imports. Instruction counts move by well under 1 % from run to run, where wall-clock
ratios on a shared 2-core machine move by 10-20 %.

Each workload plays the same games on any revision since issue #18 started (the rules'
behaviour is fixed; where an AI's entry point was renamed, both names are tried):

- ``tactics``: bench/rules_tactics.py's random PvP battles, one per bench setup (8 setups);
- ``duel``: greedy against greedy, starter against night_terror, seeds 0..N-1;
- ``ismcts``: four ISMCTS decisions with the default budget on states reached by seeded random
  play (two decks);
- ``skirmish``: bench/skirmish.py's random battles, then greedy decisions on its mid-battle state.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repo root, for ``rules``


def _decide(player: object) -> Callable[..., object]:
    """An AI's decision call under its current name (``decide``) or its earlier one (``choose``)."""
    return getattr(player, "decide", None) or player.choose  # type: ignore[attr-defined]


def tactics(n: int) -> None:
    import rules_tactics as bench  # bench/ is first on sys.path

    catalog = bench.default_catalog()  # imported there from wherever the revision keeps it
    for i in range(n):
        for index in range(8):
            bench.play_battle(bench.bench_setup(index, catalog), i * 8 + index, bench.random_player, catalog)


def duel(n: int) -> None:
    from rules.duel.ai import make_ai
    from rules.duel.match import play_match

    for seed in range(n):
        play_match((make_ai("greedy"), make_ai("greedy")), seed, decks=("starter", "night_terror"))


def ismcts(n: int) -> None:
    from rules.duel.actions import Surrender
    from rules.duel.ai import make_ai
    from rules.duel.ai.base import Budget
    from rules.duel.engine import apply, legal_actions
    from rules.duel.setup import new_duel
    from rules.duel.view import view
    from rules.rng import SeededRng

    views = []
    for seed, deck in enumerate(("starter", "night_terror", "starter", "night_terror")):
        pick, dice = random.Random(seed), SeededRng(seed)
        state, _ = new_duel(dice, deck, deck)
        for _ in range(30):
            if state.outcome is not None:
                break
            apply(state, pick.choice([a for a in legal_actions(state) if not isinstance(a, Surrender)]), dice)
        views.append(view(state, state.active))
    decide = _decide(make_ai("ismcts"))
    for _ in range(n):
        for v in views:
            decide(v, SeededRng(1), Budget())


def skirmish(n: int) -> None:
    import skirmish as bench  # bench/skirmish.py

    from rules.skirmish import ai

    for seed in range(n):
        bench.random_battle(seed)
    state = bench.mid_battle()
    player = ai.make_player("greedy", 1)
    decide = getattr(ai, "decide", None)
    for _ in range(n):
        decide(player, state) if decide else player.choose(state)  # type: ignore[attr-defined]


WORKLOADS: dict[str, Callable[[int], None]] = {
    "tactics": tactics,
    "duel": duel,
    "ismcts": ismcts,
    "skirmish": skirmish,
}

if __name__ == "__main__":
    WORKLOADS[sys.argv[1]](int(sys.argv[2]))
