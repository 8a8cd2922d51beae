"""bench/harness.py: timings come back per call, and report() prints one JSON object with ratios."""

from __future__ import annotations

import importlib.util
import io
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"


def load_harness() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_harness", BENCH / "harness.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while being defined
    spec.loader.exec_module(module)
    return module


harness = load_harness()


def test_measure_returns_seconds_per_call_and_counts_calls() -> None:
    calls = []
    timing = harness.measure(lambda: calls.append(1), warmup=2, repeats=3, number=4)
    assert len(calls) == 2 + 3 * 4
    assert 0 <= timing.min <= timing.median <= timing.max
    assert (timing.repeats, timing.number) == (3, 4)
    with pytest.raises(ValueError):
        harness.measure(lambda: None, repeats=0)


def test_baseline_workload_is_deterministic() -> None:
    assert harness.baseline_workload(5000) == harness.baseline_workload(5000)


def test_report_prints_json_with_baseline_and_a_ratio_for_every_figure() -> None:
    base = harness.Timing(median=0.020, min=0.019, max=0.025, repeats=5, number=1)
    clone = harness.Timing(median=0.000012, min=0.00001, max=0.00002, repeats=5, number=100)
    out = io.StringIO()
    returned = harness.report(
        "demo", {"clone": clone, "apply": 0.0001}, base=base, extra={"squads": 12}, stream=out
    )
    lines = out.getvalue().splitlines()
    assert len(lines) == 1
    printed = json.loads(lines[0])
    assert printed == returned
    assert printed["bench"] == "demo" and printed["squads"] == 12
    assert printed["baseline_ms"] == pytest.approx(20.0)
    assert printed["clone_us"] == pytest.approx(12.0)
    assert printed["clone_ratio"] == pytest.approx(0.0006)
    assert printed["apply_ratio"] == pytest.approx(0.005)


def test_running_the_harness_prints_a_measured_baseline() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCH / "harness.py")], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    printed = json.loads(done.stdout)
    assert printed["baseline_ms"] > 0
    assert printed["baseline_workload_ratio"] > 0


def load_bench(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_compare_table_averages_rounds_and_divides_b_by_a() -> None:
    compare = load_bench("compare")
    results = [
        ("A", "duel", {"clone_ratio": 0.002, "clone_us": 3.0, "duels_per_s": 300}),
        ("B", "duel", {"clone_ratio": 0.003, "clone_us": 4.0, "duels_per_s": 330}),
        ("A", "duel", {"clone_ratio": 0.004, "duels_per_s": 300}),
        ("B", "duel", {"clone_ratio": 0.003, "duels_per_s": 330}),
    ]
    lines = compare.table(results).splitlines()
    assert lines[2] == "| duel | clone_ratio | 0.003 | 0.003 | 1.000 |"
    assert lines[3] == "| duel | duels_per_s | 300 | 330 | 1.100 |"
    assert len(lines) == 4  # microseconds are not compared: only ratios and rates


def test_compare_refuses_zero_rounds() -> None:
    compare = load_bench("compare")
    with pytest.raises(SystemExit):
        compare.main(["HEAD", "HEAD", "--rounds", "0"])


def test_every_workload_runs_once_on_this_revision() -> None:
    for name in load_bench("workloads").WORKLOADS:
        done = subprocess.run([sys.executable, str(BENCH / "workloads.py"), name, "1"], capture_output=True)
        assert done.returncode == 0, (name, done.stderr.decode()[-500:])
