"""The level ladder of any game: every pair of AIs played, Elo fitted, each step checked against the bar.

``--matrix`` of ``sim``, ``sim-duel`` and ``sim-skirmish`` hands :func:`play_ladder` the AI names
(weakest first; levels by default) and its own function that plays one pair and returns that
run's summary (the shared keys of :mod:`client.sim.summary`: ``games``, ``score_a``,
``score_ci95``...). The ladder holds each AI's fitted Elo rating, each pair's score with its 95%
interval and the Elo difference that score means (with the interval from the score's bounds,
:func:`rules.core.stats.elo_interval`), and for consecutive AIs whether the stronger one meets
issue #23's bar: a score of at least :data:`BAR` (about 100 Elo) over at least :data:`MIN_GAMES`
mirrored games. ``--json`` prints the same as one object.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from rules.core.players import LEVELS, PlayerRegistry
from rules.core.stats import decimals, elo_interval, elo_ratings

BAR = 0.64  # the stronger of two consecutive levels scores at least this: about +100 Elo
MIN_GAMES = 400  # ... over at least this many mirrored games

PlayPair = Callable[[str, str], dict[str, Any]]


def ladder_ais(text: str) -> list[str]:
    """The AIs of ``--ais a,b,c`` (weakest first); empty means the three levels."""
    return [name.strip() for name in text.split(",") if name.strip()] or list(LEVELS)


def unknown_ai(names: list[str], registry: PlayerRegistry[Any]) -> str | None:
    """The message for the first name the registry does not know (listing its choices), else None."""
    for name in names:
        try:
            registry.resolve(name)
        except ValueError as exc:
            return str(exc)
    return None


def play_ladder(ais: list[str], play_pair: PlayPair) -> dict[str, Any]:
    """Play every pair (a before b in ``ais``) with ``play_pair(a, b)``, fit Elo, check each step."""
    pairs: list[dict[str, Any]] = []
    scores: dict[tuple[str, str], float] = {}
    counts: dict[tuple[str, str], int] = {}
    for i, a in enumerate(ais):
        for b in ais[i + 1 :]:
            summary = play_pair(a, b)
            diff, low, high = elo_interval(summary["score_a"], summary["score_ci95"])
            pairs.append(
                {**summary, "a": a, "b": b, "elo_diff": decimals(diff, 1),
                 "elo_ci95": [decimals(low, 1), decimals(high, 1)]}
            )  # fmt: skip
            if summary["games"]:
                scores[(a, b)], counts[(a, b)] = summary["score_a"], summary["games"]
    elo = elo_ratings(scores, counts) if scores else {}
    return {"ais": list(ais), "elo": {name: elo.get(name) for name in ais}, "pairs": pairs,
            "steps": [_step(p) for p in pairs if ais.index(p["b"]) == ais.index(p["a"]) + 1],
            "bar": BAR, "min_games": MIN_GAMES}  # fmt: skip


def _step(pair: dict[str, Any]) -> dict[str, Any]:
    """A consecutive pair seen from the stronger (later) AI: its score, interval, Elo, the bar."""
    score = decimals(1 - pair["score_a"], 4)
    low, high = (decimals(1 - x, 4) for x in reversed(pair["score_ci95"]))
    elo_low, elo_high = (0.0 - x for x in reversed(pair["elo_ci95"]))
    return {
        "weaker": pair["a"], "stronger": pair["b"], "games": pair["games"],
        "score": score, "score_ci95": [low, high],
        "elo_diff": 0.0 - pair["elo_diff"], "elo_ci95": [elo_low, elo_high],
        "meets_bar": score >= BAR, "ci_above_bar": low >= BAR, "enough_games": pair["games"] >= MIN_GAMES,
    }  # fmt: skip


def ladder_text(ladder: dict[str, Any]) -> str:
    """The ladder as text: ratings, every pair with its score and Elo difference, then each step."""
    width = max(len(name) for name in ladder["ais"])
    lines = ["Elo (fitted to every pair, mean 1500), weakest first:"]
    lines += [f"  {name:{width}s} {ladder['elo'][name]}" for name in ladder["ais"]]
    lines.append("Pairs: the first AI's score (95% CI) and the Elo difference it means (95% CI):")
    for p in ladder["pairs"]:
        low, high = p["score_ci95"]
        elo_low, elo_high = p["elo_ci95"]
        lines.append(
            f"  {p['a']} v {p['b']}: {p['games']} games, W {p['wins_a']} D {p['draws']} L {p['losses_a']},"
            f" score {p['score_a']:.3f} ({low:.3f}-{high:.3f}), Elo {p['elo_diff']:+.0f}"
            f" ({elo_low:+.0f}..{elo_high:+.0f})"
        )
    lines.append(
        f"Consecutive levels: the stronger must score >= {BAR} (about +100 Elo) over >= {MIN_GAMES} games:"
    )
    for s in ladder["steps"]:
        low, high = s["score_ci95"]
        verdict = "meets the bar" if s["meets_bar"] else "BELOW the bar"
        if s["meets_bar"]:
            verdict += " (whole interval above it)" if s["ci_above_bar"] else " (interval reaches below it)"
        if not s["enough_games"]:
            verdict += f"; only {s['games']} games"
        lines.append(
            f"  {s['stronger']} over {s['weaker']}: {s['score']:.3f} ({low:.3f}-{high:.3f}),"
            f" {s['elo_diff']:+.0f} Elo ({s['elo_ci95'][0]:+.0f}..{s['elo_ci95'][1]:+.0f}): {verdict}"
        )
    return "\n".join(lines)


def print_ladder(
    ladder: dict[str, Any], *, as_json: bool, describe: Callable[[dict[str, Any]], str] | None = None
) -> None:
    """Print the ladder: one JSON object, or each pair's own report (``describe``) and the ladder."""
    if as_json:
        print(json.dumps(ladder, indent=1, sort_keys=True))
        return
    if describe is not None:
        for pair in ladder["pairs"]:
            print(describe(pair))
            print()
    print(ladder_text(ladder))


def ladder_failed(ladder: dict[str, Any]) -> bool:
    """True when any pair's run had an AI exception, an illegal action or an engine crash."""
    return any(
        p.get("exceptions") or p.get("illegal_actions") or p.get("engine_crashes") for p in ladder["pairs"]
    )
