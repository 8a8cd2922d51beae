"""``runetide validate PATH...``: check Tiled maps and say what to fix.

Prints ``OK path`` for a playable map, otherwise every problem as
``file: layer: object: message``. ``runetide_maps/NAME.tmx`` names a shipped map by its package path
(where the current folder has no such file). A folder means every ``.tmx`` file in it (recursively);
the Tiled JSON maps in it (``.tmj``, or ``.json`` holding a map) are not read, and each is
named on a ``SKIPPED path: ...`` line. Exits 1 when any map has a problem (or a path holds
no .tmx map), 0 otherwise; a skipped JSON map alone does not fail a folder.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any


def register(subparsers: Any) -> None:
    """Add the ``validate`` subcommand."""
    parser = subparsers.add_parser("validate", help="check Tiled maps (.tmx) and list every problem")
    parser.add_argument("paths", nargs="+", type=Path, metavar="PATH", help="a .tmx file or a folder of maps")
    parser.set_defaults(func=run)


def is_json_map(path: Path) -> bool:
    """A ``.tmj`` file, or a ``.json`` file holding a Tiled map (not a tileset or other data)."""
    from client.tiled.xmlcheck import MAX_FILE_BYTES

    if path.suffix.lower() == ".tmj":
        return True
    try:
        if path.suffix.lower() != ".json" or path.stat().st_size > MAX_FILE_BYTES:
            return False
        data = json.loads(path.read_bytes())
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and (
        data.get("type") == "map" or ("orientation" in data and "layers" in data)  # before Tiled 1.2
    )


def shipped_shorthand(path: Path) -> Path:
    """``runetide_maps/NAME.tmx`` (the package the shipped maps are installed as) as the shipped
    map's real file, when no such file is there relative to the current folder; else ``path``."""
    from client.resources import MAPS_PACKAGE, ResourceError, maps_dir

    parts = path.parts
    if path.exists() or not parts or parts[0] != MAPS_PACKAGE:
        return path
    try:
        return maps_dir().joinpath(*parts[1:])
    except ResourceError:
        return path


def map_files(paths: list[Path]) -> tuple[list[Path], list[str], list[Path]]:
    """The map files named by ``paths`` (folders expanded), a complaint per folder with no .tmx
    map, and the JSON maps the folders hold (skipped)."""
    files: list[Path] = []
    complaints: list[str] = []
    skipped: list[Path] = []
    for path in map(shipped_shorthand, paths):
        if path.is_dir():
            found = sorted(path.rglob("*.tmx"))
            files.extend(found)
            if not found:
                complaints.append(f"{path}: no .tmx maps in this folder")
            skipped.extend(sorted(p for p in path.rglob("*") if p.is_file() and is_json_map(p)))
        else:
            files.append(path)
    return files, complaints, skipped


def run(args: argparse.Namespace) -> int:
    """Validate every map; print OK or each problem, and each skipped JSON map; 1 if anything is wrong."""
    from client.tiled import validate_map
    from client.tiled.xmlcheck import JSON_MAPS

    files, complaints, skipped = map_files(args.paths)
    for line in complaints:
        print(line)
    for path in skipped:
        print(f"SKIPPED {path}: {JSON_MAPS}")
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
