"""``runetide sim-duel``: play AI against AI in the hero duel and print the figures.

Seats alternate: even games put ``--p1`` in seat 1 with ``--deck1``, odd games swap the seats
(each AI keeps its deck). Printed from ``--p1``'s side: wins, draws and losses with Wilson 95%
confidence intervals, mean turns, each AI's decision time (median, p95, max), its exceptions and
illegal actions (both must be 0), how the duels ended and the first player's win rate
(D-DATA-6). ``--json`` prints one JSON object instead. Games are independent: ``--jobs`` spreads
them over processes with the same results (decision times then include the other jobs' load).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from typing import Any

Z95 = 1.959963984540054


def positive_int(text: str) -> int:
    """argparse type for a count of at least 1."""
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def register(subparsers: Any) -> None:
    """Add the ``sim-duel`` subcommand."""
    from rules.duel.ai.base import Budget  # the player's defaults (rules is imported lazily here)

    parser = subparsers.add_parser("sim-duel", help="play duel AIs against each other and print statistics")
    parser.add_argument(
        "--p1", default="greedy", metavar="AI", help="random | greedy | ismcts (default greedy)"
    )
    parser.add_argument("--p2", default="random", metavar="AI", help="the opponent AI (default random)")
    parser.add_argument(
        "--deck1",
        default="starter",
        metavar="DECK",
        help="--p1's ready deck, or 'all' to cycle through every ready deck (default starter)",
    )
    parser.add_argument(
        "--deck2", default="starter", metavar="DECK", help="--p2's ready deck, or 'all' (default starter)"
    )
    parser.add_argument("--hero1", default=None, metavar="HERO", help="--p1's hero (default: the deck's)")
    parser.add_argument("--hero2", default=None, metavar="HERO", help="--p2's hero (default: the deck's)")
    parser.add_argument("--games", type=positive_int, default=200, metavar="N", help="number of duels (200)")
    parser.add_argument("--seed", default="0", metavar="S", help="match seed; game i uses S/i (default 0)")
    defaults = Budget()
    parser.add_argument(
        "--iterations",
        type=positive_int,
        default=defaults.iterations,
        metavar="N",
        help=f"search iterations ({defaults.iterations})",
    )
    parser.add_argument(
        "--seconds",
        type=float,
        default=defaults.seconds,
        metavar="T",
        help=f"time limit of one search decision ({defaults.seconds})",
    )
    parser.add_argument(
        "--no-time-limit", action="store_true", help="iterations only: fully reproducible, any machine"
    )
    parser.add_argument("--jobs", type=positive_int, default=1, metavar="J", help="worker processes (1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--progress", action="store_true", help="print a line per game to stderr")
    parser.set_defaults(func=run)


def wilson(successes: int, n: int) -> tuple[float, float]:
    """The Wilson score 95% interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + Z95 * Z95 / n
    centre = (p + Z95 * Z95 / (2 * n)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 * Z95 / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(sorted_values: list[float], pct: float) -> float:
    """The nearest-rank percentile of an ascending list (0 for an empty one)."""
    if not sorted_values:
        return 0.0
    rank = max(1, math.ceil(pct / 100 * len(sorted_values)))
    return sorted_values[rank - 1]


ALL_DECKS = "all"


def deck_pair(deck1: str, deck2: str, index: int) -> tuple[str, str]:
    """(--p1's deck, --p2's deck) of game ``index``. With ``all`` the games go through every pairing
    of ready decks in turn, two games each (one from each seat), so a run measures every style."""
    from rules.duel.catalog import default_duel_catalog

    ready = sorted(default_duel_catalog().decks)
    pairs = [
        (a, b)
        for a in (ready if deck1 == ALL_DECKS else [deck1])
        for b in (ready if deck2 == ALL_DECKS else [deck2])
    ]
    return pairs[(index // 2) % len(pairs)]


def play_one(args: argparse.Namespace, index: int) -> dict[str, Any]:
    """Play game ``index``; the result seen from ``--p1``'s side."""
    from rules.duel.ai import make_ai
    from rules.duel.ai.base import Budget
    from rules.duel.match import play_match

    swap = index % 2 == 1
    names = (args.p2, args.p1) if swap else (args.p1, args.p2)
    pair = deck_pair(args.deck1, args.deck2, index)
    decks = (pair[1], pair[0]) if swap else pair
    heroes = (args.hero2, args.hero1) if swap else (args.hero1, args.hero2)
    clock = None if args.no_time_limit else time.perf_counter
    budget = Budget(iterations=args.iterations, seconds=args.seconds, clock=clock)
    seat = {"p1": 2 if swap else 1, "p2": 1 if swap else 2}
    try:
        result = play_match(
            (make_ai(names[0]), make_ai(names[1])),
            f"{args.seed}/{index}",
            decks=decks,
            heroes=heroes,
            budgets=(budget, budget),
            clock=time.perf_counter,
        )
    except Exception as exc:  # an engine failure: reported, never hidden
        return {"index": index, "crash": f"{type(exc).__name__}: {exc}"}
    winner = result.winner
    return {
        "index": index,
        "decks": f"{pair[0]} v {pair[1]}",
        "outcome": "draw" if winner is None else ("win" if winner == seat["p1"] else "loss"),
        "reason": result.reason,
        "turns": result.turns,
        "first_player_won": winner == result.first_player,
        "times": {key: result.decisions[s] for key, s in seat.items()},
        "illegal": {key: result.illegal[s] for key, s in seat.items()},
        "errors": {key: result.errors[s] for key, s in seat.items()},
    }


def summarize(args: argparse.Namespace, games: list[dict[str, Any]]) -> dict[str, Any]:
    """The figures of a run, as printed by ``--json``."""
    played = [g for g in games if "crash" not in g]
    n = len(played)
    counts = {key: sum(g["outcome"] == key for g in played) for key in ("win", "draw", "loss")}
    summary: dict[str, Any] = {
        "p1": args.p1, "p2": args.p2, "deck1": args.deck1, "deck2": args.deck2,
        "hero1": args.hero1, "hero2": args.hero2, "games": len(games), "seed": args.seed,
        "iterations": args.iterations, "seconds": None if args.no_time_limit else args.seconds,
        "jobs": args.jobs,
    }  # fmt: skip
    for key, plural in (("win", "wins"), ("draw", "draws"), ("loss", "losses")):
        low, high = wilson(counts[key], n)
        summary[plural] = counts[key]
        summary[f"{key}_rate"] = counts[key] / n if n else 0.0
        summary[f"{key}_ci95"] = [round(low, 4), round(high, 4)]
    summary["mean_turns"] = statistics.fmean(g["turns"] for g in played) if played else 0.0
    first = sum(g["first_player_won"] for g in played)
    summary["first_player_win_rate"] = first / n if n else 0.0
    summary["first_player_ci95"] = [round(x, 4) for x in wilson(first, n)]
    summary["reasons"] = {
        r: sum(g["reason"] == r for g in played) for r in sorted({g["reason"] for g in played})
    }
    summary["decision_ms"] = {}
    for key in ("p1", "p2"):
        times = sorted(t * 1000 for g in played for t in g["times"][key])
        summary["decision_ms"][key] = {
            "count": len(times),
            "median": round(statistics.median(times), 3) if times else 0.0,
            "p95": round(percentile(times, 95), 3),
            "max": round(times[-1], 3) if times else 0.0,
        }
    summary["exceptions"] = {key: sum(len(g["errors"][key]) for g in played) for key in ("p1", "p2")}
    summary["illegal_actions"] = {key: sum(g["illegal"][key] for g in played) for key in ("p1", "p2")}
    pairings = sorted({g["decks"] for g in played})
    if len(pairings) > 1:  # --deck1 all / --deck2 all: --p1's wins, draws and losses per pairing
        summary["by_decks"] = {
            d: [
                sum(g["decks"] == d and g["outcome"] == key for g in played)
                for key in ("win", "draw", "loss")
            ]
            for d in pairings
        }
    summary["engine_crashes"] = [g["crash"] for g in games if "crash" in g]
    summary["first_errors"] = [e for g in played for key in ("p1", "p2") for e in g["errors"][key]][:5]
    return summary


def report(summary: dict[str, Any]) -> str:
    """The human-readable lines of a summary."""
    s = summary

    def pct(key: str) -> str:
        low, high = s[f"{key}_ci95"]
        return f"{100 * s[f'{key}_rate']:5.1f}% [{100 * low:.1f}, {100 * high:.1f}]"

    lines = [
        f"{s['p1']} ({s['deck1']}) vs {s['p2']} ({s['deck2']}): {s['games']} games, seats alternated,"
        f" seed {s['seed']}",
        f"  wins   {s['wins']:4d}  {pct('win')}   (95% CI, Wilson)",
        f"  draws  {s['draws']:4d}  {pct('draw')}",
        f"  losses {s['losses']:4d}  {pct('loss')}",
        f"  mean turns {s['mean_turns']:.1f}; ended by {s['reasons']}; first player won"
        f" {100 * s['first_player_win_rate']:.1f}% [{100 * s['first_player_ci95'][0]:.1f},"
        f" {100 * s['first_player_ci95'][1]:.1f}]",
    ]
    for key in ("p1", "p2"):
        d = s["decision_ms"][key]
        lines.append(
            f"  {key} {s[key]:7s} decisions {d['count']:6d}  median {d['median']:8.2f} ms"
            f"  p95 {d['p95']:8.2f} ms  max {d['max']:8.2f} ms"
            f"  exceptions {s['exceptions'][key]}  illegal {s['illegal_actions'][key]}"
        )
    for pairing, (won, drawn, lost) in s.get("by_decks", {}).items():
        lines.append(f"  {pairing}: {won} wins, {drawn} draws, {lost} losses")
    if s["engine_crashes"]:
        lines.append(f"  ENGINE CRASHES: {len(s['engine_crashes'])}: {s['engine_crashes'][:3]}")
    for error in s["first_errors"]:
        lines.append(f"  AI error: {error}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Play the games, print the figures; 1 if anything raised or was illegal, 2 for a bad choice."""
    from rules.catalog import CatalogError
    from rules.duel.ai import ai_names
    from rules.duel.catalog import default_duel_catalog

    catalog = default_duel_catalog()
    try:
        for name in (args.p1, args.p2):
            if name not in ai_names():
                raise CatalogError(f"unknown duel AI {name!r}; choose from {', '.join(ai_names())}")
        for deck in (args.deck1, args.deck2):
            if deck != ALL_DECKS:
                catalog.deck(deck)
        for hero in (args.hero1, args.hero2):
            if hero is not None:
                catalog.hero(hero)
    except CatalogError as exc:
        print(f"sim-duel: {exc}", file=sys.stderr)
        return 2
    indices = range(args.games)
    if args.jobs > 1:
        from concurrent.futures import ProcessPoolExecutor
        from functools import partial

        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            games = list(pool.map(partial(play_one, args), indices))
    else:
        games = []
        for i in indices:
            games.append(play_one(args, i))
            if args.progress:
                won = sum(g.get("outcome") == "win" for g in games)
                print(
                    f"game {i + 1}/{args.games}: {games[-1].get('outcome', 'crash')}"
                    f" ({won}/{len(games)} won)",
                    file=sys.stderr,
                    flush=True,
                )
    summary = summarize(args, games)
    print(json.dumps(summary) if args.json else report(summary))
    bad = (
        summary["engine_crashes"]
        or any(summary["exceptions"].values())
        or any(summary["illegal_actions"].values())
    )
    return 1 if bad else 0
