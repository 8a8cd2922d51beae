"""``runetide validate PATH...``: check Tiled maps and say what to fix.

Prints ``OK path`` for a playable map, otherwise every problem as
``file: layer: object: message``. A folder means every ``.tmx`` file in it (recursively).
Exits 1 when any map has a problem (or a path holds no map), 0 otherwise.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any


def register(subparsers: Any) -> None:
    """Add the ``validate`` subcommand."""
    parser = subparsers.add_parser("validate", help="check Tiled maps (.tmx) and list every problem")
    parser.add_argument("paths", nargs="+", type=Path, metavar="PATH", help="a .tmx file or a folder of maps")
    parser.set_defaults(func=run)


def map_files(paths: list[Path]) -> tuple[list[Path], list[str]]:
    """The map files named by ``paths`` (folders expanded), and a complaint per empty or missing path."""
    files: list[Path] = []
    missing: list[str] = []
    for path in paths:
        if path.is_dir():
            found = sorted(path.rglob("*.tmx"))
            files.extend(found)
            if not found:
                missing.append(f"{path}: -: -: no .tmx maps in this folder")
        else:
            files.append(path)
    return files, missing


def run(args: argparse.Namespace) -> int:
    """Validate every map; print OK or each problem; 1 if anything is wrong."""
    from client.tiled import validate_map

    files, complaints = map_files(args.paths)
    for line in complaints:
        print(line)
    failed = bool(complaints)
    for path in files:
        errors = validate_map(path)
        if errors:
            failed = True
            for error in errors:
                print(error)
        else:
            print(f"OK {path}")
    return 1 if failed else 0
