"""``runetide replay FILE``: watch a saved battle; ``--verify`` recomputes it headless instead."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("replay", help="play back a saved battle (or --verify it headless)")
    parser.add_argument("file", type=Path, help="a replay file (.json) saved at the end of a battle")
    parser.add_argument("--verify", action="store_true", help="recompute it and check the final state")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from client.replays import load_replay, verify_file
    from client.tiled import MapError
    from rules.tactics.replay import ReplayError

    try:
        if args.verify:
            state = verify_file(args.file)
            outcome = state.outcome
            result = "unfinished" if outcome is None else f"winner {outcome.winner} by {outcome.reason}"
            print(f"OK {args.file}: {result}, {state.round_no} rounds")
            return 0
        replay, setup = load_replay(args.file)
    except (ReplayError, MapError) as exc:
        print(f"{args.file}: {exc}", file=sys.stderr)
        return 1
    from client.scenes.replay_player import play_replay

    return play_replay(replay, setup)
