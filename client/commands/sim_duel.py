"""``runetide sim-duel``: play AI against AI in the hero duel and print the figures.

Sides are mirrored (:mod:`client.sim.schedule`): games 2k and 2k+1 are the same duel seed and
deck pairing with the seats swapped (each AI keeps its deck and hero); ``--fixed-sides`` keeps
``--p1`` in seat 1. Printed from ``--p1``'s side: wins, draws and losses with Wilson 95%
confidence intervals and its score, mean turns, how the duels ended, the first player's win rate
(D-DATA-6), ``--p1``'s score when it moved first and second, each AI's decision time (median,
p95, max), its exceptions and illegal actions (both must be 0). ``--json`` prints one JSON object
instead. Games are independent: ``--jobs`` spreads them over processes with the same results
(decision times then include the other jobs' load).

``--matrix [--ais easy,normal,hard]`` plays every pair of those AIs (``--games N`` each, over every
deck pairing unless ``--deck1`` / ``--deck2`` say otherwise) and prints the level ladder
(:mod:`client.sim.ladder`): Elo, each pair's score and Elo difference with their intervals, and
whether consecutive levels are 100 Elo apart. Pair (a, b) plays exactly the games of
``sim-duel --p1 a --p2 b --deck1 all --deck2 all`` with the same ``--games`` and ``--seed``.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from client.sim.duel import ALL_DECKS
from client.sim.flags import add_shared_flags


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
        "--p1",
        default="greedy",
        metavar="AI",
        help="easy | normal | hard, or random | casual | greedy | ismcts (default greedy)",
    )
    parser.add_argument("--p2", default="random", metavar="AI", help="the opponent AI (default random)")
    parser.add_argument(
        "--deck1",
        default=None,
        metavar="DECK",
        help="--p1's ready deck, or 'all' to cycle through every ready deck (starter; --matrix: all)",
    )
    parser.add_argument(
        "--deck2",
        default=None,
        metavar="DECK",
        help="--p2's ready deck, or 'all' (default starter; all with --matrix)",
    )
    parser.add_argument("--hero1", default=None, metavar="HERO", help="--p1's hero (default: the deck's)")
    parser.add_argument("--hero2", default=None, metavar="HERO", help="--p2's hero (default: the deck's)")
    add_shared_flags(
        parser,
        games=200,
        seed="0",
        seed_help="match seed; battle k uses S/k",
        fixed_sides_help="--p1 always plays seat 1, a fresh duel seed each game",
    )
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
    parser.add_argument(
        "--matrix",
        action="store_true",
        help="every pair of --ais (N games each, every deck pairing): the level ladder with Elo",
    )
    parser.add_argument(
        "--ais",
        default="",
        help="comma-separated AIs or levels for --matrix, weakest first (easy,normal,hard)",
    )
    parser.set_defaults(func=run)


def report(summary: dict[str, Any]) -> str:
    """The human-readable lines of a summary."""
    from client.sim.summary import count, decision_names, results, seat_lines

    s = summary

    def pct(key: str) -> str:
        low, high = s[f"{key}_ci95"]
        return f"{100 * s[f'{key}_rate']:5.1f}% [{100 * low:.1f}, {100 * high:.1f}]"

    sides = "seats mirrored in pairs" if s["sides"] == "mirrored" else f"{s['p1']} always seat 1"
    low, high = s["score_ci95"]
    lines = [
        f"{s['p1']} ({s['deck1']}) vs {s['p2']} ({s['deck2']}): {count(s['games'], 'games')}, {sides},"
        f" seed {s['seed']}",
        f"  wins   {s['wins_a']:4d}  {pct('win')}   (95% CI, Wilson)",
        f"  draws  {s['draws']:4d}  {pct('draw')}",
        f"  losses {s['losses_a']:4d}  {pct('loss')}",
        f"  score {s['score_a']:.3f} (95% CI {low:.3f}-{high:.3f})",
        f"  mean turns {s['mean_turns']:.1f}; ended by {s['reasons']}; first player won"
        f" {100 * s['first_player_win_rate']:.1f}% [{100 * s['first_player_ci95'][0]:.1f},"
        f" {100 * s['first_player_ci95'][1]:.1f}]",
    ]
    for key, name in zip(("p1", "p2"), decision_names(s["p1"], s["p2"]), strict=True):
        d = s["decisions"][name]
        lines.append(
            f"  {key} {s[key]:7s} decisions {d['count']:6d}  median {d['median_ms']:8.2f} ms"
            f"  p95 {d['p95_ms']:8.2f} ms  max {d['max_ms']:8.2f} ms"
            f"  exceptions {s['exceptions_by_player'][key]}  illegal {s['illegal_actions_by_player'][key]}"
        )
    lines += seat_lines(s, s["p1"])
    for pairing, (won, drawn, lost) in s.get("by_decks", {}).items():
        lines.append(f"  {pairing}: {results(won, drawn, lost)}")
    if s["engine_crashes"]:
        lines.append(f"  ENGINE CRASHES: {len(s['engine_crashes'])}: {s['engine_crashes'][:3]}")
    for error in s["first_errors"]:
        lines.append(f"  AI error: {error}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Play the games, print the figures; 1 if anything raised or was illegal, 2 for a bad choice."""
    from client.sim.duel import game_specs, play_one, summarize_duel
    from client.sim.flags import progress_printer, refuse_bad_counts
    from client.sim.schedule import run_games
    from rules.core.toml_reader import CatalogError
    from rules.duel.ai import PLAYERS
    from rules.duel.catalog import default_duel_catalog

    if refuse_bad_counts(args, "sim-duel"):
        return 2
    default_deck = ALL_DECKS if args.matrix else "starter"
    args.deck1 = default_deck if args.deck1 is None else args.deck1
    args.deck2 = default_deck if args.deck2 is None else args.deck2
    catalog = default_duel_catalog()
    from client.sim.ladder import ladder_ais

    names = ladder_ais(args.ais) if args.matrix else [args.p1, args.p2]
    try:
        for name in names:
            if name not in PLAYERS:
                raise CatalogError(f"unknown duel AI {name!r}; choose from {', '.join(PLAYERS.choices())}")
        for deck in (args.deck1, args.deck2):
            if deck != ALL_DECKS:
                catalog.deck(deck)
        for hero in (args.hero1, args.hero2):
            if hero is not None:
                catalog.hero(hero)
    except CatalogError as exc:
        print(f"sim-duel: {exc}", file=sys.stderr)
        return 2
    if args.matrix:
        return _matrix(args, names)
    specs = game_specs(args)
    records = run_games(play_one, specs, args.jobs, progress_printer(args, len(specs), args.p1))
    summary = summarize_duel(args, records)
    print(json.dumps(summary) if args.json else report(summary))
    bad = summary["engine_crashes"] or summary["exceptions"] or summary["illegal_actions"]
    return 1 if bad else 0


def _matrix(args: argparse.Namespace, ais: list[str]) -> int:
    """The level ladder: every pair of ``ais`` plays ``--games`` (whole mirrored pairs)."""
    from client.sim.duel import game_specs, play_one, summarize_duel
    from client.sim.flags import progress_printer
    from client.sim.ladder import ladder_failed, play_ladder, print_ladder
    from client.sim.schedule import run_games

    games = args.games + args.games % 2

    def play_pair(a: str, b: str) -> dict[str, Any]:
        pair = argparse.Namespace(**{**vars(args), "p1": a, "p2": b, "games": games})
        specs = game_specs(pair)
        records = run_games(play_one, specs, args.jobs, progress_printer(args, len(specs), a))
        return summarize_duel(pair, records)

    ladder = play_ladder(ais, play_pair)
    ladder.update(deck1=args.deck1, deck2=args.deck2, seed=args.seed, games_per_pair=games)
    print_ladder(ladder, as_json=args.json, describe=report)
    return 1 if ladder_failed(ladder) else 0
