"""The hero duel in the simulator: its games (deck pairing and duel seed), one duel, its figures.

Battle k of a run is duel seed ``S/k`` with the k-th deck pairing in turn (``--deck1 all`` /
``--deck2 all`` go through every pairing of ready decks); in a mirrored pair --p1 plays seat 1
first, then seat 2, each AI keeping its deck and hero. Each seat's AI rng is seeded from the duel
seed and the seat (:func:`rules.duel.match.play_match`). The extra figures: rates of wins, draws
and losses with their intervals, mean turns, how the duels ended, the first player's win rate
(D-DATA-6), each AI's exceptions and illegal actions, the results per deck pairing.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass
from typing import Any

from client.sim.schedule import schedule
from client.sim.summary import GameRecord, summarize
from rules.core.stats import decimals, wilson

ALL_DECKS = "all"


@dataclass(frozen=True)
class DuelGame:
    index: int
    a_seat: int  # --p1's seat
    seed: str
    ais: tuple[str, str]  # --p1's AI, --p2's
    decks: tuple[str, str]
    heroes: tuple[str | None, str | None]
    iterations: int
    seconds: float
    time_limit: bool  # False: iterations only, reproducible on any machine


def deck_pair(deck1: str, deck2: str, battle: int) -> tuple[str, str]:
    """(--p1's deck, --p2's deck) of battle ``battle``. With ``all`` the battles go through every
    pairing of ready decks in turn, so a run measures every style (each from both seats when mirrored)."""
    from rules.duel.catalog import default_duel_catalog

    ready = sorted(default_duel_catalog().decks)
    pairs = [
        (a, b)
        for a in (ready if deck1 == ALL_DECKS else [deck1])
        for b in (ready if deck2 == ALL_DECKS else [deck2])
    ]
    return pairs[battle % len(pairs)]


def game_specs(args: Any) -> list[DuelGame]:
    """The games of a ``sim-duel`` run."""
    return [
        DuelGame(
            slot.index,
            slot.a_side,
            f"{args.seed}/{slot.battle}",
            (args.p1, args.p2),
            deck_pair(args.deck1, args.deck2, slot.battle),
            (args.hero1, args.hero2),
            args.iterations,
            args.seconds,
            not args.no_time_limit,
        )
        for slot in schedule(args.games, fixed_sides=args.fixed_sides)
    ]


def play_one(game: DuelGame) -> GameRecord:
    """Play one duel; the record is seen from --p1's side."""
    from rules.duel.ai import make_ai
    from rules.duel.ai.base import Budget
    from rules.duel.match import play_match

    swap = game.a_seat == 2
    names = (game.ais[1], game.ais[0]) if swap else game.ais  # seat 1's, seat 2's
    decks = (game.decks[1], game.decks[0]) if swap else game.decks
    heroes = (game.heroes[1], game.heroes[0]) if swap else game.heroes
    clock = time.perf_counter if game.time_limit else None
    budget = Budget(iterations=game.iterations, seconds=game.seconds, clock=clock)
    seats = (game.a_seat, 3 - game.a_seat)  # --p1's seat, --p2's
    pairing = f"{game.decks[0]} v {game.decks[1]}"
    try:
        result = play_match(
            (make_ai(names[0]), make_ai(names[1])),
            game.seed,
            decks=decks,
            heroes=heroes,
            budgets=(budget, budget),
            clock=time.perf_counter,
        )
    except Exception as exc:  # an engine failure: reported, never hidden
        return GameRecord(game.index, game.a_seat, None, 0, [], [], crash=f"{type(exc).__name__}: {exc}")
    return GameRecord(
        game.index,
        game.a_seat,
        result.winner,
        result.first_player,
        result.decisions[seats[0]],
        result.decisions[seats[1]],
        sum(len(result.errors[s]) for s in seats),
        sum(result.illegal[s] for s in seats),
        extra={
            "decks": pairing,
            "reason": result.reason,
            "turns": result.turns,
            "exceptions": [len(result.errors[s]) for s in seats],
            "illegal": [result.illegal[s] for s in seats],
            "errors": [e for s in seats for e in result.errors[s]],
        },
    )


def summarize_duel(args: Any, records: list[GameRecord]) -> dict[str, Any]:
    """The figures of a run, as printed by ``--json``."""
    played = [r for r in records if r.crash is None]
    n = len(played)
    summary: dict[str, Any] = {
        "p1": args.p1, "p2": args.p2, "deck1": args.deck1, "deck2": args.deck2,
        "hero1": args.hero1, "hero2": args.hero2, "seed": args.seed,
        "iterations": args.iterations, "seconds": None if args.no_time_limit else args.seconds,
        "jobs": args.jobs,
    }  # fmt: skip
    summary.update(summarize(records, args.p1, args.p2, fixed_sides=args.fixed_sides))
    for key, count in (("win", summary["wins_a"]), ("draw", summary["draws"]), ("loss", summary["losses_a"])):
        summary[f"{key}_rate"] = count / n if n else 0.0
        summary[f"{key}_ci95"] = [decimals(x, 4) for x in wilson(count, n)]
    summary["mean_turns"] = statistics.fmean(r.extra["turns"] for r in played) if played else 0.0
    first = sum(r.winner == r.first_side for r in played)
    summary["first_player_win_rate"] = first / n if n else 0.0
    summary["first_player_ci95"] = [decimals(x, 4) for x in wilson(first, n)]
    summary["reasons"] = {
        reason: sum(r.extra["reason"] == reason for r in played)
        for reason in sorted({r.extra["reason"] for r in played})
    }
    for key, field in (("exceptions_by_player", "exceptions"), ("illegal_actions_by_player", "illegal")):
        summary[key] = {p: sum(r.extra[field][i] for r in played) for i, p in enumerate(("p1", "p2"))}
    pairings = sorted({r.extra["decks"] for r in played})
    if len(pairings) > 1:  # --deck1 all / --deck2 all: --p1's wins, draws and losses per pairing
        summary["by_decks"] = {
            d: [
                sum(r.extra["decks"] == d and r.outcome == key for r in played)
                for key in ("win", "draw", "loss")
            ]
            for d in pairings
        }
    summary["engine_crashes"] = [r.crash for r in records if r.crash is not None]
    summary["first_errors"] = [e for r in played for e in r.extra["errors"]][:5]
    return summary
