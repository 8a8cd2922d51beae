"""``runetide replay FILE``: watch a saved battle; ``--verify`` recomputes a replay of any game headless.

Only tactics battles can be watched for now; for a duel or skirmish replay without ``--verify``
the command says in one line that its viewer comes with that game's scene.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("replay", help="watch a saved battle (or --verify a replay of any game)")
    parser.add_argument("file", type=Path, help="a replay file (.json) saved at the end of a game")
    parser.add_argument("--verify", action="store_true", help="recompute it and check the final state")
    parser.set_defaults(func=run)


def result_text(game: str, state: Any) -> str:
    """How the recomputed game ended: "winner 1 by annihilation, 14 rounds" (a duel: its turns)."""
    outcome = state.outcome
    result = "unfinished" if outcome is None else f"winner {outcome.winner} by {outcome.reason}"
    from client.sim.summary import count

    if game == "tactics":
        return f"{result}, {count(state.round_no, 'rounds')}"
    if game == "duel":
        return f"duel, {result}, {count(state.turn_no, 'turns')}"
    return f"{game}, {result}, {count(state.round_no, 'rounds')}"


def run(args: argparse.Namespace) -> int:
    from client.replays import load_replay, not_watchable, read_replay, verify_replay
    from client.tiled import MapError
    from rules.core.replay import ReplayError

    try:
        replay = read_replay(args.file)
        if args.verify:
            state = verify_replay(args.file, replay)
            print(f"OK {args.file}: {result_text(replay.game, state)}")
            return 0
        if replay.game != "tactics":
            print(f"{args.file}: {not_watchable(replay.game)}; use --verify to check it", file=sys.stderr)
            return 1
        replay, setup = load_replay(args.file)
    except (ReplayError, MapError) as exc:
        print(f"{args.file}: {str(exc).removeprefix(f'{args.file}: ')}", file=sys.stderr)
        return 1
    from client.commands._startup import pin_video_driver, window_problem

    problem = window_problem()
    if problem is not None:
        print(f"runetide replay: {problem}", file=sys.stderr)
        return 1
    if sys.platform.startswith("linux"):
        pin_video_driver()
    from client.scenes.replay_player import play_replay

    return play_replay(replay, setup)
