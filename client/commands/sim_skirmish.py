"""``runetide sim-skirmish``: AI-against-AI hero skirmishes on a Tiled map, with statistics.

The map is read by :func:`client.tiled.load_setup`; its grid, blocked cells and team drop zones
become the skirmish setup (:func:`rules.skirmish.setup.from_battle_setup`). Sides are mirrored
(:mod:`client.sim.schedule`): games 2k and 2k+1 are the same game seed and party pairing with the
teams swapped; ``--fixed-sides`` keeps the first AI on team 1. Prints wins / draws / losses of the
first AI with 95% confidence intervals, its score when its team moved first and second, decision
times (median, p95, max), and the counts of AI exceptions and illegal actions (both must be 0);
``--json`` prints the same as one JSON object. ``--calibrate-k`` runs the S-MODEL-4 calibration of
detailed melee's damage scale instead (no map needed).

``--map all`` plays every shipped map the skirmish can play, ``--melee both`` each battle setup in
both melee modes. ``--matrix [--ais easy,normal,hard]`` plays every pair of those AIs (``--games
N`` each; by default every party pairing on every such map in both melee modes) and prints the
level ladder (:mod:`client.sim.ladder`). Pair (a, b) plays exactly the games of ``sim-skirmish
--ai1 a --ai2 b --map all --melee both --party1 all --party2 all`` with the same ``--games`` and
``--seed``.
"""

from __future__ import annotations

import argparse
import json
import sys
from fractions import Fraction
from itertools import combinations_with_replacement
from pathlib import Path
from typing import Any

from client.sim.flags import add_shared_flags

ALL_MAPS = "all"  # --map all: every shipped map the skirmish can play
BOTH = "both"  # --melee both: every setup in basic and in detailed melee


def positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def fraction(text: str) -> Fraction:
    try:
        value = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise argparse.ArgumentTypeError(f"not a number: {text!r} (use 0.4 or 2/5)") from None
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(f"entry energy is a fraction in [0, 1], got {text}")
    return value


def register(subparsers: Any) -> None:
    """Add the ``sim-skirmish`` subcommand."""
    p = subparsers.add_parser(
        "sim-skirmish", help="simulate AI-against-AI hero skirmishes and print statistics"
    )
    p.add_argument(
        "--map",
        type=Path,
        metavar="PATH",
        help="a .tmx map (its grid, blocked cells and drop zones), or 'all': every shipped map it can play"
        " (the default of --matrix)",
    )
    p.add_argument(
        "--party1",
        default=None,
        help="a party id of skirmish_parties.toml, hero ids a,b,c, or 'all' (every ready party in turn);"
        " default vanguard, all with --matrix",
    )
    p.add_argument("--party2", default=None, help="the second party (same forms; wardens, all with --matrix)")
    p.add_argument(
        "--ai1",
        default="greedy",
        help="the first AI: easy, normal, hard, or random, novice, casual, greedy, search",
    )
    p.add_argument("--ai2", default="random", help="the second AI")
    p.add_argument(
        "--melee",
        choices=("basic", "detailed", BOTH),
        help="melee mode, or both: each setup in each (default: the map's, else basic; --matrix: both)",
    )
    add_shared_flags(
        p,
        games=20,
        seed="0",
        seed_help="match seed: battle k uses S/k, its dice and AIs are reproducible",
        fixed_sides_help="--ai1 always plays team 1, a fresh game seed each game",
    )
    p.add_argument("--round-limit", type=positive_int, help="override R_max (S-END-2)")
    p.add_argument(
        "--mode",
        choices=("pvp", "map"),
        default="pvp",
        help="pvp: undecided at the round limit is a draw (default); map: the map's mission or PvP mode",
    )
    p.add_argument("--energy1", type=fraction, help="team 1 entry energy as a fraction (S-ENERGY-5)")
    p.add_argument("--energy2", type=fraction, help="team 2 entry energy")
    p.add_argument(
        "--matrix",
        action="store_true",
        help="every pair of --ais (N games each, every map, mode and pairing): the level ladder with Elo",
    )
    p.add_argument(
        "--ais",
        default="",
        help="comma-separated AIs or levels for --matrix, weakest first (easy,normal,hard)",
    )
    p.add_argument("--calibrate-k", action="store_true", help="calibrate detailed melee's k (S-MODEL-4)")
    p.add_argument("--trials", type=positive_int, default=2000, help="calibration trials per pair and mode")
    p.add_argument(
        "--k-values",
        default="3/2,7/4,17/10,2,9/4,5/2",
        help="the k (multiples of 1/20) the calibration evaluates, comma-separated",
    )
    p.set_defaults(func=run)


def pairings(text1: str, text2: str, catalog: Any) -> list[tuple[str, str]]:
    """The party pairings a match cycles through. 'all' stands for every ready party; 'all' against
    'all' is every unordered pairing, mirrors included (sides are mirrored anyway)."""
    ready = sorted(catalog.parties)
    if text1 == "all" and text2 == "all":
        return list(combinations_with_replacement(ready, 2))
    firsts = ready if text1 == "all" else [text1]
    seconds = ready if text2 == "all" else [text2]
    return [(a, b) for a in firsts for b in seconds]


def party_spec(text: str, catalog: Any) -> tuple:
    from rules.skirmish.setup import party_of

    if text in catalog.parties:
        return party_of(catalog.party(text).heroes)
    ids = [h.strip() for h in text.split(",") if h.strip()]
    unknown = [h for h in ids if h not in catalog.heroes]
    if not ids or unknown:
        known = ", ".join(sorted(catalog.parties)) + "; heroes: " + ", ".join(sorted(catalog.heroes))
        raise SystemExit(f"sim-skirmish: unknown party or hero {text!r} (parties: {known})")
    return party_of(ids)


def run(args: argparse.Namespace) -> int:
    from client.sim.flags import refuse_bad_counts
    from rules.skirmish.ai import PLAYERS
    from rules.skirmish.catalog import default_skirmish_catalog

    if refuse_bad_counts(args, "sim-skirmish"):
        return 2
    catalog = default_skirmish_catalog()
    if args.calibrate_k:
        return _calibrate(args, catalog)
    if args.matrix:
        args.map = Path(ALL_MAPS) if args.map is None else args.map
        args.melee = args.melee or BOTH
    all_or = "all" if args.matrix else None
    args.party1 = args.party1 or all_or or "vanguard"
    args.party2 = args.party2 or all_or or "wardens"
    if args.map is None:
        print("sim-skirmish: --map PATH is required (or --calibrate-k)", file=sys.stderr)
        return 2
    from client.sim.ladder import ladder_ais, unknown_ai

    names = ladder_ais(args.ais) if args.matrix else [args.ai1, args.ai2]
    unknown = unknown_ai(names, PLAYERS)
    if unknown is not None:
        print(f"sim-skirmish: {unknown}", file=sys.stderr)
        return 2
    built = _setups(args, catalog)
    if isinstance(built, str):
        print(f"sim-skirmish: {built}", file=sys.stderr)
        return 2
    if args.matrix:
        return _matrix(args, names, built)
    summary = _play(args, (args.ai1, args.ai2), args.games, built)
    if args.json:
        print(json.dumps(summary, sort_keys=True))
    else:
        _print_text(summary)
    return 0 if summary["exceptions"] == 0 and summary["illegal_actions"] == 0 else 1


Setups = tuple[list[Any], list[str], list[str]]  # the setups, their pairings' labels, their maps


def _setups(args: argparse.Namespace, catalog: Any) -> Setups | str:
    """Every setup a run cycles through (:func:`client.sim.skirmish.setup_order`), or an error."""
    from client.resources import shipped_maps
    from client.sim.skirmish import setup_order, skirmish_maps
    from client.tiled import MapError, load_map
    from rules.skirmish.setup import from_battle_setup
    from rules.tactics.setup import Mode

    if str(args.map) == ALL_MAPS:
        paths, skipped = skirmish_maps(shipped_maps())
        for line in skipped:
            print(f"sim-skirmish: left out {line}", file=sys.stderr)
        if not paths:
            return "no shipped map can hold the skirmish"
    else:
        paths = [args.map]
    try:
        loaded = [load_map(path) for path in paths]
    except MapError as exc:
        return str(exc)
    pairs = pairings(args.party1, args.party2, catalog)
    parties = [(party_spec(p1, catalog), party_spec(p2, catalog)) for p1, p2 in pairs]
    modes = ["basic", "detailed"] if args.melee == BOTH else [args.melee]
    setups, labels, maps = [], [], []
    for m, mode, p in setup_order(len(loaded), len(modes), len(pairs)):
        props = getattr(loaded[m].tiled, "properties", {}) or {}
        melee = modes[mode] or (
            props.get("melee_mode") if props.get("melee_mode") in ("basic", "detailed") else None
        )
        setups.append(
            from_battle_setup(
                loaded[m].setup,
                *parties[p],
                melee_mode=melee,
                entry_energy=(args.energy1, args.energy2),
                mode=None if args.mode == "map" else Mode.PVP,
                round_limit=args.round_limit,
            )
        )
        labels.append(f"{pairs[p][0]} v {pairs[p][1]}")
        maps.append(Path(paths[m]).stem)
    return setups, labels, maps


def _play(args: argparse.Namespace, ais: tuple[str, str], games: int, built: Setups) -> dict[str, Any]:
    """Play one pair's games over the setups; its summary."""
    from client.sim.flags import progress_printer
    from client.sim.schedule import run_games
    from client.sim.skirmish import game_specs, play_one, summarize_skirmish
    from rules.skirmish.catalog import default_skirmish_catalog

    setups, labels, maps = built
    specs = game_specs(setups, labels, ais, games, args.seed, fixed_sides=args.fixed_sides, maps=maps)
    records = run_games(play_one, specs, args.jobs, progress_printer(args, len(specs), ais[0]))
    summary = summarize_skirmish(ais, records, fixed_sides=args.fixed_sides)
    melee = (
        BOTH if args.melee == BOTH else setups[0].melee_mode or default_skirmish_catalog().battle.melee_mode
    )
    summary.update(map=str(args.map), party1=args.party1, party2=args.party2, seed=args.seed,
                   melee_mode=melee)  # fmt: skip
    return summary


def _matrix(args: argparse.Namespace, ais: list[str], built: Setups) -> int:
    """The level ladder: every pair of ``ais`` plays ``--games`` (whole mirrored pairs)."""
    from client.sim.ladder import ladder_failed, play_ladder, print_ladder

    games = args.games + args.games % 2
    ladder = play_ladder(ais, lambda a, b: _play(args, (a, b), games, built))
    ladder.update(map=str(args.map), melee_mode=args.melee, party1=args.party1, party2=args.party2,
                  seed=args.seed, games_per_pair=games, maps=sorted(set(built[2])))  # fmt: skip
    print_ladder(ladder, as_json=args.json, describe=_text)
    return 1 if ladder_failed(ladder) else 0


def _print_text(s: dict) -> None:
    print(_text(s))


def _text(s: dict) -> str:
    """The human-readable lines of a summary."""
    from client.sim.summary import count, decision_lines, results, seat_lines

    lo, hi = s["win_rate_ci95"]
    slo, shi = s["score_ci95"]
    sides = "sides mirrored in pairs" if s["sides"] == "mirrored" else f"{s['ai1']} always team 1"
    lines = [
        f"{s['ai1']} vs {s['ai2']} on {s['map']} ({s['party1']} v {s['party2']}, {s['melee_mode']} melee)",
        f"  {count(s['games'], 'games')} ({sides}): {results(s['wins_a'], s['draws'], s['losses_a'])}",
        f"  win rate {s['win_rate']:.1%} (95% CI {lo:.1%}..{hi:.1%})",
        f"  score (draw = 1/2) {s['score_a']:.1%} (95% CI {slo:.1%}..{shi:.1%})",
        f"  ends: {s['reasons']}; median rounds {s['rounds_median']}",
        *decision_lines(s),
        *seat_lines(s, s["ai1"]),
    ]
    for label, (w, d, lost) in s["by_label"].items():
        lines.append(f"    {label}: W {w} D {d} L {lost}")
    for key in ("by_map", "by_melee"):
        for name, row in s.get(key, {}).items():
            lines.append(f"    {name}: {count(row['games'], 'games')}, score {row['score_a']:.3f}")
    lines.append(f"  exceptions {s['exceptions']}, illegal actions {s['illegal_actions']}")
    lines += [f"    {line}" for line in s["errors"]]
    return "\n".join(lines)


def _calibrate(args: argparse.Namespace, catalog: Any) -> int:
    from client.sim.summary import count
    from rules.skirmish.calibrate import calibrate

    def progress(line: str) -> None:
        if args.progress:
            print(line, file=sys.stderr)

    ks = [Fraction(k) for k in args.k_values.split(",") if k.strip()]
    result = calibrate(catalog, ks, trials=args.trials, seed=args.seed, progress=progress)
    report = {
        "k": str(result.k),
        "band_met": result.met,
        "trials": result.trials,
        "seed": result.seed,
        "tried": [[str(k), outside, lo, hi] for k, outside, lo, hi in result.tried],
        "pairs": [[p.attacker, p.defender, p.basic, p.detailed, p.ratio] for p in result.pairs],
        "outside_band": [[p.attacker, p.defender, p.ratio] for p in result.outside],
    }
    if args.json:
        print(json.dumps(report))
    else:
        met = "every pair within +-25%" if result.met else "no k tried puts every pair within +-25%"
        print(f"k = {report['k']}: {met} ({result.trials} trials per pair and mode, seed {result.seed})")
        for k, outside, lo, hi in result.tried:
            outside_text = count(outside, "pairs_outside")
            print(f"  k {k}: {outside_text}; detailed/basic mean rounds {lo:.3f} .. {hi:.3f}")
        for a, d, r in report["outside_band"]:
            print(f"  outside +-25%: {a} -> {d}: {r:.3f}")
    return 0 if result.met else 1
