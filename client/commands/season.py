"""``runetide season``: a scripted player plays arena battles in a row against the rival pool.

Headless (no window): the profile is a new one on ``--seed`` saved in ``--folder`` (a temporary
folder by default, never the player's own profile), the battles are played by AIs through the
Arena's own code, and every battle is checked (see :mod:`client.meta.season`). Prints the report
as JSON; exits 1 when an invariant broke (the message names the battle and the rule).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Any


def register(subparsers: Any) -> None:
    """Add the ``season`` subcommand."""
    parser = subparsers.add_parser(
        "season", help="a scripted player plays arena battles in a row against the rivals (headless)"
    )
    parser.add_argument("--battles", type=int, default=100, help="how many battles (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="the new profile's seed (default 1)")
    parser.add_argument("--ai", default="normal", help="the player's AI or level (default normal)")
    parser.add_argument("--mob-level", default="normal", help="the AI level of the mobs (default normal)")
    parser.add_argument("--folder", type=Path, help="the profile's folder (default: a temporary one)")
    parser.add_argument("--battle-lines", action="store_true", help="list every battle in the JSON")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Play the season and print its report."""
    from client.meta.season import SeasonError, play_season
    from client.resources import maps_dir

    if args.battles < 1:
        print("season: --battles must be at least 1", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="runetide-season-") as scratch:
        folder = args.folder or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        try:
            report = play_season(folder, args.battles, args.seed, maps_dir(), args.ai, args.mob_level)
        except SeasonError as exc:
            print(f"season: {exc}", file=sys.stderr)
            return 1
    out = report.to_json()
    if args.battle_lines:
        out["battle_lines"] = [
            {
                "opponent": b.opponent,
                "map": b.map,
                "outcome": b.outcome,
                "reason": b.reason,
                "cups": list(b.cups),
                "rival_cups": None if b.rival_cups is None else list(b.rival_cups),
            }
            for b in report.battles
        ]
    print(json.dumps(out, ensure_ascii=False, indent=1))
    return 0
