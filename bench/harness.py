"""Timing helpers for the scripts in bench/: measure a call, measure a fixed baseline, print JSON.

Use from a sibling script run as ``python bench/NAME.py`` (Python puts the script's folder
first on sys.path, so ``from harness import measure, report`` just works)::

    from harness import measure, report
    clone = measure(lambda: state.clone(), repeats=9, number=200)
    report("rules_tactics", {"clone": clone}, extra={"squads": 12})

prints one JSON object on one line, for example::

    {"bench": "rules_tactics", "baseline_ms": 31.2, "clone_us": 12.3, "clone_ratio": 0.0003942, ...}

How to read it. Every figure ``X`` (seconds per call, or a :class:`Timing`, whose median is
used) appears twice: ``X_us``, microseconds per call on this machine, and ``X_ratio``, that time
divided by the baseline's median time in the same run. The baseline is a fixed, deterministic
pure-Python workload (integer arithmetic, dict and list work, a sort; ~20-50 ms), so it moves
with the machine and the interpreter the same way our pure-Python rules code does. Compare
ratios, not microseconds, across machines and CI runs: ``clone_ratio`` 0.0004 means a clone
costs 0.04 % of the baseline, and a ratio that doubles is a real slowdown even if a faster
machine hides it in ``_us``. Ratios are noisy by a few per cent; look for changes beyond ~20 %.
"""

from __future__ import annotations

import json
import platform
import statistics
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TextIO


@dataclass(frozen=True)
class Timing:
    """Seconds per call over ``repeats`` samples of ``number`` calls each."""

    median: float
    min: float
    max: float
    repeats: int
    number: int


def measure(fn: Callable[[], object], *, warmup: int = 2, repeats: int = 7, number: int = 1) -> Timing:
    """Call ``fn`` ``warmup`` times, then time ``repeats`` batches of ``number`` calls each."""
    if repeats < 1 or number < 1:
        raise ValueError("repeats and number must be at least 1")
    for _ in range(warmup):
        fn()
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        samples.append((time.perf_counter() - start) / number)
    return Timing(statistics.median(samples), min(samples), max(samples), repeats, number)


def baseline_workload(n: int = 60_000) -> int:
    """The fixed reference work: deterministic integer, dict and list operations. Returns a checksum."""
    counts: dict[int, int] = {}
    items: list[int] = []
    acc = 0
    for i in range(n):
        key = (i * 7919) % 1009
        counts[key] = counts.get(key, 0) + i
        items.append(key ^ i)
        acc = (acc * 31 + counts[key]) % 1_000_003
    items.sort()
    return acc + items[n // 2] + len(counts)


def baseline(*, repeats: int = 7) -> Timing:
    """Time :func:`baseline_workload` on this machine, now."""
    return measure(baseline_workload, warmup=1, repeats=repeats)


def report(
    name: str,
    figures: Mapping[str, float | Timing],
    *,
    base: Timing | None = None,
    extra: Mapping[str, Any] | None = None,
    stream: TextIO | None = None,
) -> dict[str, Any]:
    """Print one JSON object: each figure in microseconds and as a ratio to the baseline. Returns it."""
    base = base if base is not None else baseline()
    out: dict[str, Any] = {
        "bench": name,
        "baseline_ms": round(base.median * 1e3, 3),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
    }
    for key, value in figures.items():
        seconds = value.median if isinstance(value, Timing) else float(value)
        out[f"{key}_us"] = round(seconds * 1e6, 3)
        out[f"{key}_ratio"] = float(f"{seconds / base.median:.4g}")
    if extra:
        out.update(extra)
    print(json.dumps(out), file=stream if stream is not None else sys.stdout, flush=True)
    return out


if __name__ == "__main__":
    # Print the baseline alone: handy to see how noisy this machine is between runs.
    report("baseline", {"baseline_workload": baseline()})


def window_bench_main(
    run: Callable[[bool, tuple[int, int]], object], doc: str, quick_help: str, argv: list[str] | None
) -> int:
    """The command line of a frame bench: ``--quick`` and ``--size WxH`` (default 1280x720)."""
    import argparse

    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help=quick_help)
    parser.add_argument("--size", default="1280x720", help="the window, WxH (default 1280x720)")
    args = parser.parse_args(argv)
    width, height = (int(n) for n in args.size.lower().split("x"))
    run(args.quick, (width, height))
    return 0
