"""The flags the three simulator commands share, their checks, and the ``--progress`` lines.

``--games N --seed S --jobs J --json --progress --fixed-sides``: each command gives its own
defaults (and says what side 1 is for its game), adds its own flags beside them and calls
:func:`refuse_bad_counts` first thing in its ``run``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from client.sim.summary import GameRecord


def add_shared_flags(
    parser: argparse.ArgumentParser,
    *,
    games: int,
    seed: Any,
    seed_type: Callable[[str], Any] = str,
    seed_help: str = "match seed: every game is reproducible from it",
    fixed_sides_help: str = "the first AI always plays side 1, a fresh battle each game",
) -> None:
    """Add the shared flags to a simulator's parser, with its own defaults."""
    parser.add_argument("--games", type=int, default=games, metavar="N", help=f"number of games ({games})")
    parser.add_argument(
        "--seed", type=seed_type, default=seed, metavar="S", help=f"{seed_help} (default {seed})"
    )
    parser.add_argument("--jobs", type=int, default=1, metavar="J", help="worker processes (1)")
    parser.add_argument(
        "--fixed-sides",
        action="store_true",
        help=f"{fixed_sides_help} (default: mirrored, games 2k and 2k+1 one battle with the sides swapped)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    parser.add_argument("--progress", action="store_true", help="print a line per finished game to stderr")


def refuse_bad_counts(args: argparse.Namespace, command: str) -> bool:
    """Print a one-line message and return True if ``--games`` or ``--jobs`` is below 1."""
    for flag in ("games", "jobs"):
        value = getattr(args, flag)
        if value < 1:
            print(f"{command}: --{flag} must be at least 1, got {value}", file=sys.stderr)
            return True
    return False


def progress_printer(args: argparse.Namespace, total: int, ai_a: str) -> Callable[[GameRecord], None] | None:
    """With ``--progress``: a callback printing a line to stderr per finished game, else None."""
    if not args.progress:
        return None
    tally = {"win": 0, "draw": 0, "loss": 0, "crash": 0}

    def report(record: GameRecord) -> None:
        tally[record.outcome] += 1
        done = sum(tally.values())
        print(
            f"game {done}/{total} (#{record.index + 1}): {record.outcome} for {ai_a};"
            f" W {tally['win']} D {tally['draw']} L {tally['loss']}",
            file=sys.stderr,
            flush=True,
        )

    return report
