"""``runetide play``: open the game window at the main menu."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any


def positive_int(text: str) -> int:
    """argparse type for a count of at least 1."""
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def register(subparsers: Any) -> None:
    """Add the ``play`` subcommand."""
    parser = subparsers.add_parser("play", help="open the game window at the main menu (the default)")
    parser.add_argument("--map", type=Path, metavar="PATH", help="a .tmx map to battle on")
    parser.add_argument(
        "--frames", type=positive_int, metavar="N", help="quit after N frames (for tests and smoke runs)"
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run the main loop until the player quits (or ``--frames`` frames have been drawn)."""
    from client.app import App
    from client.scenes.menu import MenuScene

    if args.map is not None:
        print(f"battle scene not yet available; opening the main menu instead of {args.map}")
    app = App()
    try:
        app.run(MenuScene(app.size), max_frames=args.frames)
    finally:
        app.close()
    return 0
