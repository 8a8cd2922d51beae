"""One game's record and the summary every simulator prints, seen from the first AI ("a").

Every game's summary has the same keys: ``games, wins_a, draws, losses_a, score_a, score_ci95,
by_seat, decisions, exceptions, illegal_actions`` and ``sides``; each game adds its own figures
beside them. ``by_seat`` is a's score in the games its side moved first and in those it moved
second (the tactics team that acts first keeps that lead every round, T-TURN-4; the duel's die
roll, D-ORDER-1; the skirmish's first activation): how much of a result is the first move's and
how much the players'.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.core.stats import decimals, game_score, seat_split, timing, wilson


@dataclass
class GameRecord:
    """How one game went, for the summary: sides are 1 and 2 (team or seat)."""

    index: int
    a_side: int  # the side the first AI played
    winner: int | None  # the winning side; None for a draw
    first_side: int  # the side that moved first
    seconds_a: list[float]  # the first AI's decision times
    seconds_b: list[float]
    exceptions: int = 0
    illegal_actions: int = 0
    crash: str | None = None  # the engine itself raised: the game has no result
    extra: dict[str, Any] = field(default_factory=dict)  # the game's own figures

    @property
    def score_a(self) -> float:
        """1 for a win of the first AI, 0.5 for a draw, 0 for a loss."""
        return game_score(self.winner, self.a_side)

    @property
    def outcome(self) -> str:
        """ "win", "draw" or "loss" of the first AI ("crash" if the engine raised)."""
        if self.crash is not None:
            return "crash"
        return {1.0: "win", 0.5: "draw", 0.0: "loss"}[self.score_a]


def decision_names(ai_a: str, ai_b: str) -> tuple[str, str]:
    """The keys of the two AIs' decision times: their names, marked (a) and (b) when the same."""
    return (ai_a, ai_b) if ai_a != ai_b else (f"{ai_a} (a)", f"{ai_b} (b)")


def score_of(records: list[GameRecord]) -> dict[str, float]:
    """Games and the first AI's mean score (3 decimals): a row of a per-map or per-seat table."""
    return {"games": len(records), "score_a": decimals(sum(r.score_a for r in records) / len(records), 3)}


def summarize(
    records: list[GameRecord], ai_a: str, ai_b: str, *, fixed_sides: bool = False
) -> dict[str, Any]:
    """The shared keys of a run's summary; games the engine crashed in are left out."""
    played = [r for r in records if r.crash is None]
    n = len(played)
    wins = sum(r.outcome == "win" for r in played)
    draws = sum(r.outcome == "draw" for r in played)
    score = wins + draws / 2
    by_seat = seat_split((r.first_side == r.a_side, r.score_a) for r in played)
    name_a, name_b = decision_names(ai_a, ai_b)
    return {
        "games": n,
        "wins_a": wins,
        "draws": draws,
        "losses_a": n - wins - draws,
        "score_a": decimals(score / n, 4) if n else 0.0,
        "score_ci95": [decimals(x, 4) for x in wilson(score, n)],
        "by_seat": {
            seat: {"games": row["games"], "score_a": decimals(row["score_a"], 3)}
            for seat, row in by_seat.items()
        },
        "decisions": {
            name_a: timing([s for r in played for s in r.seconds_a]),
            name_b: timing([s for r in played for s in r.seconds_b]),
        },
        "exceptions": sum(r.exceptions for r in played),
        "illegal_actions": sum(r.illegal_actions for r in played),
        "sides": "fixed" if fixed_sides else "mirrored",
    }


def count(n: int, noun: str) -> str:
    """ "1 game", "2 games": ``n`` and the noun ``count.<noun>`` through the plural helper."""
    from client.i18n import tr_count

    return tr_count(f"count.{noun}", n)


def results(wins: int, draws: int, losses: int) -> str:
    """ "3 wins, 1 draw, 0 losses"."""
    return f"{count(wins, 'wins')}, {count(draws, 'draws')}, {count(losses, 'losses')}"


def seat_lines(summary: dict[str, Any], ai_a: str) -> list[str]:
    """The text lines of the seat split."""
    return [
        f"  {ai_a} acting {seat}: {count(row['games'], 'games')}, score {row['score_a']:.3f}"
        for seat, row in summary["by_seat"].items()
    ]


def decision_lines(summary: dict[str, Any]) -> list[str]:
    """The text lines of the decision times, one per AI."""
    return [
        f"  {name} decisions: {t['count']}, median {t['median_ms']} ms, p95 {t['p95_ms']} ms,"
        f" max {t['max_ms']} ms"
        for name, t in summary["decisions"].items()
    ]


def score_line(summary: dict[str, Any], ai_a: str) -> str:
    """The first AI's wins, draws, losses and score with its 95% interval."""
    s = summary
    low, high = s["score_ci95"]
    return (
        f"  {ai_a}: {results(s['wins_a'], s['draws'], s['losses_a'])}; score {s['score_a']:.3f}"
        f" (95% CI {low:.3f}-{high:.3f})"
    )
