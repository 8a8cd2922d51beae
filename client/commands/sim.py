"""``runetide sim``: AI-vs-AI battles headless, with win rates, confidence intervals and timings.

runetide sim --map maps/arena_pit.tmx --team1 normal --team2 greedy --games 200 --seed 1 --jobs 2
runetide sim --matrix --games 40          # the ladder: every level pair on every shipped map, Elo
runetide sim --map maps/breakout.tmx --team1 greedy --team2 hard --fixed-sides   # a mission's balance
runetide sim --map maps/arena_pit.tmx --team1 hard --team2 easy --games 2 --explain 1   # why each move
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from client.sim.flags import add_shared_flags
from rules.tactics.setup import TurnOrder


def register(subparsers: Any) -> None:
    """Add the ``sim`` subcommand; its help lists the AIs and every default."""
    from rules.tactics.ai import PLAYERS

    ais = " | ".join(PLAYERS.choices())
    parser = subparsers.add_parser("sim", help="play AI-vs-AI battles headless and report the results")
    parser.add_argument(
        "--map",
        action="append",
        type=Path,
        metavar="PATH",
        help="a map (repeat for several; default: every shipped map)",
    )
    parser.add_argument(
        "--team1", default="greedy", metavar="AI", help=f"the first AI: {ais} (default greedy)"
    )
    parser.add_argument("--team2", default="random", metavar="AI", help="the second AI (default random)")
    add_shared_flags(
        parser,
        games=20,
        seed=1,
        seed_type=int,
        seed_help="match seed: battle k has seed S+k",
        fixed_sides_help="--team1 always plays team 1 (a mission's player side against its mobs)",
    )
    parser.add_argument(
        "--matrix",
        action="store_true",
        help="every AI pair on every map, with Elo (default: --team1 against --team2)",
    )
    parser.add_argument(
        "--ais", default="", help="comma-separated AIs or levels for --matrix (default: easy,normal,hard)"
    )
    parser.add_argument(
        "--turn-order",
        default="",
        choices=["", *(str(order) for order in TurnOrder)],
        metavar="ORDER",
        help="play every battle with this T-TURN-4 order: "
        + ", ".join(str(order) for order in TurnOrder)
        + " (default: missions fixed, PvP the catalog's turn_order)",
    )
    parser.add_argument(
        "--explain",
        type=int,
        default=0,
        metavar="N",
        help="also print why the AIs made each decision of game N (from 1): the top three plans they "
        "weighed with their figures, the chosen one marked (the games and results are the same)",
    )
    parser.set_defaults(func=run)


def _maps(args: argparse.Namespace) -> list[str]:
    """The maps named by ``--map``, else every shipped map."""
    from client.resources import shipped_maps

    paths = args.map or shipped_maps()
    return [str(p) for p in paths]


def run(args: argparse.Namespace) -> int:
    from client.sim.flags import progress_printer, refuse_bad_counts
    from client.sim.schedule import run_games
    from client.sim.tactics import game_specs, play_one, summarize_tactics
    from client.tiled import MapError, load_setup
    from rules.tactics.ai import PLAYERS

    if refuse_bad_counts(args, "sim"):
        return 2
    maps = _maps(args)
    if not maps:
        from client.resources import maps_dir

        print(f"sim: no maps found in {maps_dir()}; name one with --map PATH", file=sys.stderr)
        return 1
    try:
        for path in maps:
            load_setup(path)
    except MapError as exc:
        print(exc, file=sys.stderr)
        return 1
    if args.matrix:
        from client.sim.ladder import ladder_ais

        ais = ladder_ais(args.ais)
    else:
        ais = [args.team1, args.team2]
    unknown = [a for a in ais if a not in PLAYERS]
    if unknown:
        print(f"unknown AI {unknown[0]!r}; choose from {', '.join(PLAYERS.choices())}", file=sys.stderr)
        return 2
    if args.explain and (args.matrix or not 1 <= args.explain <= args.games):
        print(f"sim: --explain takes a game from 1 to {args.games} (not with --matrix)", file=sys.stderr)
        return 2
    if not args.matrix:
        specs = game_specs(
            maps,
            args.team1,
            args.team2,
            args.games,
            args.seed,
            fixed_sides=args.fixed_sides,
            turn_order=args.turn_order,
            explain=args.explain,
        )
        records = run_games(play_one, specs, args.jobs, progress_printer(args, len(specs), args.team1))
        summary = summarize_tactics(args.team1, args.team2, records, fixed_sides=args.fixed_sides)
        explained = records[args.explain - 1] if args.explain else None
        if args.json:
            if explained is not None:
                summary["explanations"] = {
                    "game": args.explain,
                    "decisions": [
                        {k: v for k, v in e.items() if k != "text"} for e in explained.extra["explanations"]
                    ],
                }
            print(json.dumps(summary, indent=1))
        else:
            print(_text(summary))
            if explained is not None:
                from client.sim.tactics import explanation_text

                print()
                print(explanation_text(explained))
        return 1 if summary["exceptions"] or summary["illegal_actions"] else 0
    from client.sim.ladder import ladder_failed, play_ladder, print_ladder

    per_map = args.games + args.games % 2  # whole mirrored pairs on every map

    def play_pair(a: str, b: str) -> dict[str, Any]:
        specs = game_specs(maps, a, b, per_map * len(maps), args.seed, turn_order=args.turn_order)
        return summarize_tactics(
            a, b, run_games(play_one, specs, args.jobs, progress_printer(args, len(specs), a))
        )

    ladder = play_ladder(ais, play_pair)
    print_ladder(ladder, as_json=args.json, describe=_text)
    return 1 if ladder_failed(ladder) else 0


def _text(s: dict[str, Any]) -> str:
    from client.sim.summary import count, decision_lines, score_line, seat_lines

    a = s["ai_a"]
    lines = [
        f"{a} vs {s['ai_b']}: {count(s['games'], 'games')}, "
        + ("sides mirrored in pairs" if s["sides"] == "mirrored" else f"{a} always team 1"),
        score_line(s, a),
        f"  mean rounds {s['mean_rounds']}; outcomes: "
        + ", ".join(f"{k} {v}" for k, v in sorted(s["outcomes"].items())),
        *decision_lines(s),
    ]
    for name, m in s["per_map"].items():
        lines.append(f"  {name}: {count(m['games'], 'games')}, score {m['score_a']:.3f}")
    lines += seat_lines(s, a)
    lines.append(f"  exceptions {s['exceptions']}, illegal actions {s['illegal_actions']}")
    return "\n".join(lines)
