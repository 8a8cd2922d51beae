"""``runetide play``: open the game window at the main menu, or straight into a battle.

``--map PATH`` starts a battle on any valid map (a mission against the AI, a PvP map hot-seat);
Back leads to the main menu. ``--watch`` restarts that battle whenever the file is saved and
shows a map that no longer validates with its errors instead of crashing.
"""

from __future__ import annotations

import argparse
import sys
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
    parser.add_argument("--map", type=Path, metavar="PATH", help="start a battle on this .tmx map")
    parser.add_argument(
        "--watch", action="store_true", help="with --map: restart the battle whenever the map file is saved"
    )
    parser.add_argument(
        "--frames", type=positive_int, metavar="N", help="quit after N frames (for tests and smoke runs)"
    )
    parser.set_defaults(func=run)


def first_scene(ctx: Any, size: tuple[int, int], map_path: Path, watch: bool) -> Any:
    """The battle (or watcher, or error screen) for ``--map``."""
    from client.battle.scene import TacticsScene
    from client.battle.spec import load_spec
    from client.scenes.map_error import MapErrorScene
    from client.scenes.watch import WatchScene
    from client.tiled import MapError

    if watch:
        return WatchScene(ctx, size, map_path)
    try:
        return TacticsScene(ctx, size, load_spec(map_path, ctx.settings))
    except MapError as exc:
        print(exc)
        return MapErrorScene(ctx, size, map_path, [exc])


def run(args: argparse.Namespace) -> int:
    """Run the main loop until the player quits (or ``--frames`` frames have been drawn)."""
    if args.watch and args.map is None:
        print("runetide play: --watch needs --map PATH")
        return 2
    from client.commands._startup import open_window, window_problem

    problem = window_problem()
    if problem is not None:
        print(f"runetide play: {problem}", file=sys.stderr)
        return 1
    from client.context import Context
    from client.scenes.base import Push
    from client.scenes.menu import MenuScene

    ctx = Context.load()
    if ctx.store is not None and ctx.store.problem:
        print(f"settings: {ctx.store.problem}")
    app = open_window(ctx)
    if app is None:
        return 1
    try:
        app.stack.apply(Push(MenuScene(ctx, app.size)))
        if args.map is not None:
            app.stack.apply(Push(first_scene(ctx, app.size, args.map, args.watch)))
        app.run(max_frames=args.frames)
    finally:
        app.close()  # closes every scene still on the stack (a battle stops its AI worker)
    return 0
