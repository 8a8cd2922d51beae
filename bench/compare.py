"""Compare two revisions' speed: their benches run alternately in one session, and (optionally) the
instruction counts of fixed workloads, which are far steadier than wall-clock time.

    python bench/compare.py dd9dbc9 HEAD                 # benches, 2 alternating rounds
    python bench/compare.py dd9dbc9 HEAD --instructions  # also callgrind counts (needs valgrind)

Each revision is checked out into a temporary git worktree (removed afterwards); each runs its
own bench scripts, with this interpreter, so a figure is what that revision's bench measured.
Printed: a Markdown table of every ``*_ratio`` and ``*_per_s`` figure (mean over rounds) with
B / A, and, with ``--instructions``, the millions of instructions of each workload of
bench/workloads.py at both revisions. A ratio figure is a time (higher is slower); a per-second
figure is a rate (higher is faster).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCHES = ("rules_tactics", "duel", "skirmish")
WORKLOAD_RUNS = {"tactics": 1, "duel": 4, "ismcts": 3, "skirmish": 3}


@contextmanager
def checkout(rev: str, folder: Path) -> Iterator[Path]:
    """A detached worktree of ``rev`` in ``folder``, with this revision's workloads.py copied in."""
    subprocess.run(["git", "worktree", "add", "--detach", "-q", str(folder), rev], cwd=ROOT, check=True)
    try:
        shutil.copy(ROOT / "bench" / "workloads.py", folder / "bench" / "workloads.py")
        yield folder
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(folder)], cwd=ROOT, check=False)


def run_bench(tree: Path, name: str) -> dict:
    """One bench script of ``tree``: its JSON object."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    done = subprocess.run(
        [sys.executable, f"bench/{name}.py"], cwd=tree, env=env, capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def instructions(tree: Path, workload: str, runs: int) -> int:
    """Instructions of ``runs`` runs of a workload, less the same process doing none (callgrind)."""

    def count(n: int) -> int:
        env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
        command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
        command += [sys.executable, "bench/workloads.py", workload, str(n)]
        done = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True, check=True)
        found = re.search(r"refs:\s*([\d,]+)", done.stderr)
        if found is None:
            raise SystemExit(f"compare: no instruction count from callgrind:\n{done.stderr[-2000:]}")
        return int(found.group(1).replace(",", ""))

    return count(runs) - count(0)


def table(results: list[tuple[str, str, dict]]) -> str:
    """The Markdown table of every figure: mean of A, mean of B, B / A."""
    figures: dict[tuple[str, str], dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for side, bench, result in results:
        for key, value in result.items():
            if key.endswith(("_ratio", "_per_s")) and isinstance(value, int | float):
                figures[(bench, key)][side].append(float(value))
    lines = ["| bench | figure | A | B | B / A |", "|---|---|---|---|---|"]
    for (bench, key), sides in figures.items():
        if len(sides) < 2:
            continue
        a = sum(sides["A"]) / len(sides["A"])
        b = sum(sides["B"]) / len(sides["B"])
        lines.append(f"| {bench} | {key} | {a:.4g} | {b:.4g} | {b / a:.3f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rev_a", help="the reference revision (A)")
    parser.add_argument("rev_b", help="the revision compared with it (B)")
    parser.add_argument("--rounds", type=int, default=2, help="alternating rounds of every bench (2)")
    parser.add_argument("--bench", action="append", choices=BENCHES, help="only this bench (repeatable)")
    parser.add_argument("--instructions", action="store_true", help="also count workload instructions")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    if args.instructions and shutil.which("valgrind") is None:
        parser.error("--instructions needs valgrind (apt-get install valgrind)")
    with tempfile.TemporaryDirectory() as scratch:
        a, b = Path(scratch) / "a", Path(scratch) / "b"
        with checkout(args.rev_a, a) as tree_a, checkout(args.rev_b, b) as tree_b:
            trees = {"A": tree_a, "B": tree_b}
            results = []
            for _ in range(args.rounds):
                for bench in args.bench or BENCHES:
                    for side, tree in trees.items():
                        results.append((side, bench, run_bench(tree, bench)))
            print(f"A = {args.rev_a}, B = {args.rev_b}, {args.rounds} alternating rounds\n")
            print(table(results))
            if args.instructions:
                print("\n| workload | runs | A (M instructions) | B | B / A |\n|---|---|---|---|---|")
                for workload, runs in WORKLOAD_RUNS.items():
                    a, b = (instructions(tree, workload, runs) for tree in trees.values())
                    print(f"| {workload} | {runs} | {a / 1e6:.0f} | {b / 1e6:.0f} | {b / a:.3f} |")


if __name__ == "__main__":
    main()
