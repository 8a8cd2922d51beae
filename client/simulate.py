"""Headless AI-vs-AI battles for balance work: run games (in several processes), aggregate, rate.

Used by ``runetide sim``. Sides are mirrored: games 2k and 2k+1 are the same battle (map and
seed) with the AIs' sides swapped, so each AI plays every landing, every first move (T-TURN-4:
the team that acts first keeps that lead every round; two normal players score 0.72 from the
first seat on the arena maps) and every side of an asymmetric map once. Over a run the map's
and the coin's advantages cancel out exactly instead of on average, which removes the largest
source of noise from a comparison. With fixed sides the first AI always plays team 1: on a
mission map, the player's side against its mobs.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path

from client.tiled import load_setup
from rules.tactics.ai import make_player
from rules.tactics.match import play_match


@dataclass(frozen=True)
class GameSpec:
    map_path: str
    ai_a: str
    ai_b: str
    seed: int
    a_team: int


@dataclass
class GameOutcome:
    map_path: str
    a_team: int
    winner: int | None
    reason: str
    rounds: int
    seconds_a: list[float]
    seconds_b: list[float]
    exceptions: int
    illegal_actions: int
    first_team: int  # the team that acted first every round (T-TURN-4)

    @property
    def score_a(self) -> float:
        """1 for a win of AI a, 0.5 for a draw, 0 for a loss."""
        return 0.5 if self.winner is None else float(self.winner == self.a_team)


_SETUPS: dict[str, object] = {}


def play_one(spec: GameSpec) -> GameOutcome:
    """Play one game (runs in a worker process; maps are loaded once per process)."""
    setup = _SETUPS.get(spec.map_path)
    if setup is None:
        setup = _SETUPS[spec.map_path] = load_setup(spec.map_path)
    b_team = 3 - spec.a_team
    players = {
        spec.a_team: make_player(spec.ai_a, spec.seed * 2),
        b_team: make_player(spec.ai_b, spec.seed * 2 + 1),
    }
    result = play_match(setup, players, spec.seed)  # type: ignore[arg-type]
    assert result.state is not None  # play_match always returns the final state
    return GameOutcome(
        spec.map_path,
        spec.a_team,
        result.winner,
        result.reason,
        result.rounds,
        result.decision_seconds[spec.a_team],
        result.decision_seconds[b_team],
        result.exceptions,
        result.illegal_actions,
        result.state.first_team,
    )


def game_specs(
    maps: list[str], ai_a: str, ai_b: str, games: int, seed: int, *, fixed_sides: bool = False
) -> list[GameSpec]:
    """``games`` games cycling over the maps in mirrored pairs: games 2k and 2k+1 share map and
    seed ``seed + k``, with ``ai_a`` on team 1 in the first and on team 2 in the second.

    With ``fixed_sides`` every game has its own seed and ``ai_a`` is always team 1.
    """
    count = len(maps)
    if fixed_sides:
        return [GameSpec(maps[i % count], ai_a, ai_b, seed + i, 1) for i in range(games)]
    return [GameSpec(maps[i // 2 % count], ai_a, ai_b, seed + i // 2, 1 + i % 2) for i in range(games)]


def run_games(specs: list[GameSpec], jobs: int = 1) -> list[GameOutcome]:
    if jobs <= 1:
        return [play_one(spec) for spec in specs]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(play_one, specs, chunksize=max(1, len(specs) // (jobs * 4))))


def wilson_interval(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a proportion (draws count as half a success)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def timing(seconds: list[float]) -> dict[str, float]:
    if not seconds:
        return {"median_ms": 0.0, "p95_ms": 0.0, "max_ms": 0.0}
    ordered = sorted(seconds)
    return {
        "median_ms": round(statistics.median(ordered) * 1000, 2),
        "p95_ms": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] * 1000, 2),
        "max_ms": round(ordered[-1] * 1000, 2),
    }


@dataclass
class Summary:
    ai_a: str
    ai_b: str
    games: int
    wins_a: int
    draws: int
    losses_a: int
    score_a: float
    score_ci95: tuple[float, float]
    mean_rounds: float
    outcomes: dict[str, int]
    decisions: dict[str, dict[str, float]]
    exceptions: int
    illegal_actions: int
    per_map: dict[str, dict[str, float]] = field(default_factory=dict)
    # ai_a's score in the games its team acted first and in those it acted second (T-TURN-4):
    # how much of a result is the first move's and how much the players'.
    by_seat: dict[str, dict[str, float]] = field(default_factory=dict)
    sides: str = "mirrored"  # in pairs of the same battle (see game_specs); or "fixed": ai_a always team 1

    def to_dict(self) -> dict:
        return asdict(self)


def _games_and_score(games: list[GameOutcome]) -> dict[str, float]:
    return {"games": len(games), "score_a": round(sum(g.score_a for g in games) / len(games), 3)}


def summarize(ai_a: str, ai_b: str, outcomes: list[GameOutcome], *, fixed_sides: bool = False) -> Summary:
    """Wins, draws and losses of ``ai_a`` with a 95% interval, rounds, outcomes, timings, per map."""
    wins = sum(1 for o in outcomes if o.winner == o.a_team)
    draws = sum(1 for o in outcomes if o.winner is None)
    score = wins + draws / 2
    per_map: dict[str, dict[str, float]] = {}
    for path in sorted({o.map_path for o in outcomes}):
        games = [o for o in outcomes if o.map_path == path]
        per_map[Path(path).stem] = _games_and_score(games)
    by_seat = {}
    for seat, acted_first in (("first", True), ("second", False)):
        games = [o for o in outcomes if (o.first_team == o.a_team) == acted_first]
        if games:
            by_seat[seat] = _games_and_score(games)
    names = {ai_a: "a", ai_b: "b"} if ai_a != ai_b else {ai_a + " (a)": "a", ai_b + " (b)": "b"}
    decisions = {
        name: timing([s for o in outcomes for s in (o.seconds_a if side == "a" else o.seconds_b)])
        for name, side in names.items()
    }
    return Summary(
        ai_a,
        ai_b,
        len(outcomes),
        wins,
        draws,
        len(outcomes) - wins - draws,
        round(score / len(outcomes), 4) if outcomes else 0.0,
        tuple(round(x, 4) for x in wilson_interval(score, len(outcomes))),  # type: ignore[arg-type]
        round(statistics.mean(o.rounds for o in outcomes), 2) if outcomes else 0.0,
        dict(Counter(o.reason for o in outcomes)),
        decisions,
        sum(o.exceptions for o in outcomes),
        sum(o.illegal_actions for o in outcomes),
        per_map,
        by_seat,
        "fixed" if fixed_sides else "mirrored",
    )


def elo_ratings(scores: dict[tuple[str, str], float], games: dict[tuple[str, str], int]) -> dict[str, float]:
    """Elo ratings (mean 1500) fitted to pairwise scores by gradient steps on the logistic model."""
    names = sorted({name for pair in scores for name in pair})
    rating = dict.fromkeys(names, 1500.0)
    for _ in range(2000):
        for a, b in scores:
            expected = 1 / (1 + 10 ** ((rating[b] - rating[a]) / 400))
            step = 8.0 * games[(a, b)] ** 0.5 * (scores[(a, b)] - expected)
            rating[a] += step
            rating[b] -= step
        mean = statistics.mean(rating.values())
        rating = {name: value - mean + 1500 for name, value in rating.items()}
    return {name: round(value) for name, value in rating.items()}
