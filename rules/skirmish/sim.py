"""Headless AI-against-AI skirmishes: results with 95% confidence intervals and decision times.

Sides alternate from game to game (the first AI plays team 1 in even games, team 2 in odd ones),
so neither AI profits from the map's side. Each game gets its own battle seed and AI seeds,
derived from the match seed, so a match is reproducible. An AI that raises or returns an illegal
action is counted (both must be 0) and its hero's activation is ended instead.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from rules.skirmish.ai import make_player
from rules.skirmish.match import play_match
from rules.skirmish.setup import SkirmishSetup

Z95 = 1.959963984540054


def wilson(successes: float, n: int) -> tuple[float, float]:
    """The Wilson score interval (95%) of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + Z95**2 / n
    centre = (p + Z95**2 / (2 * n)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class MatchStats:
    games: int = 0
    wins: int = 0  # for the first AI
    draws: int = 0
    losses: int = 0
    reasons: Counter = field(default_factory=Counter)
    rounds: list[int] = field(default_factory=list)
    times: dict[str, list[float]] = field(default_factory=dict)  # seconds per decision, by AI slot
    exceptions: int = 0
    illegal: int = 0
    errors: list[str] = field(default_factory=list)
    by_label: dict[str, list[int]] = field(default_factory=dict)  # label -> [wins, draws, losses]

    def summary(self, names: tuple[str, str]) -> dict:
        n = self.games
        lo, hi = wilson(self.wins, n)
        score = (self.wins + self.draws / 2) / n if n else 0.0
        s_lo, s_hi = wilson(self.wins + self.draws / 2, n)
        out: dict = {
            "ai1": names[0], "ai2": names[1], "games": n, "wins": self.wins, "draws": self.draws,
            "losses": self.losses, "win_rate": self.wins / n if n else 0.0, "win_rate_ci95": [lo, hi],
            "score": score, "score_ci95": [s_lo, s_hi], "reasons": dict(self.reasons),
            "rounds_median": statistics.median(self.rounds) if self.rounds else 0,
            "exceptions": self.exceptions, "illegal_actions": self.illegal, "errors": self.errors[:5],
            "by_label": {k: list(v) for k, v in self.by_label.items()},
        }  # fmt: skip
        for slot, times in self.times.items():
            ms = sorted(t * 1000 for t in times)
            out[f"decision_ms_{slot}"] = {
                "count": len(ms),
                "median": statistics.median(ms) if ms else 0.0,
                "p95": ms[min(len(ms) - 1, int(0.95 * len(ms)))] if ms else 0.0,
                "max": ms[-1] if ms else 0.0,
            }
        return out


def play_game(
    setup: SkirmishSetup,
    ai_names: tuple[str, str],
    seed: str,
    stats: MatchStats,
    swap: bool,
    label: str = "",
) -> None:
    """One game; ``swap`` puts the first AI on team 2. Updates ``stats`` (and its ``label`` row)."""
    slots = ("ai2", "ai1") if swap else ("ai1", "ai2")  # slot playing team 1, team 2
    players = {1: make_player(ai_names[slots[0] == "ai2"], f"{seed}/t1"),
               2: make_player(ai_names[slots[1] == "ai2"], f"{seed}/t2")}  # fmt: skip
    record = play_match(setup, players, seed)
    state = record.state
    for team in (1, 2):
        slot = slots[team - 1]
        stats.exceptions += record.exceptions[team]
        stats.illegal += record.illegal[team]
        stats.errors += [f"{slot}: {error}" for error in record.errors[team]]
        stats.times.setdefault(slot, []).extend(record.decision_seconds[team])
    outcome = state.outcome
    assert outcome is not None
    stats.games += 1
    stats.reasons[outcome.reason] += 1
    stats.rounds.append(state.round_no)
    first_team = 2 if swap else 1
    row = stats.by_label.setdefault(label, [0, 0, 0]) if label else [0, 0, 0]
    if outcome.winner is None:
        stats.draws += 1
        row[1] += 1
    elif outcome.winner == first_team:
        stats.wins += 1
        row[0] += 1
    else:
        stats.losses += 1
        row[2] += 1


def run_match(
    setup_for: Callable[[int], SkirmishSetup],
    ai_names: tuple[str, str],
    games: int,
    seed: int | str = 0,
    progress: Callable[[int, MatchStats], None] | None = None,
    label_for: Callable[[int], str] | None = None,
) -> MatchStats:
    """``games`` games between two AIs, alternating sides; ``setup_for(i)`` gives game i's setup and
    ``label_for(i)`` the row of the per-setup breakdown it counts in (none without it)."""
    stats = MatchStats()
    for i in range(games):
        label = label_for(i) if label_for is not None else ""
        play_game(setup_for(i), ai_names, f"{seed}/{i}", stats, swap=i % 2 == 1, label=label)
        if progress is not None:
            progress(i + 1, stats)
    return stats
