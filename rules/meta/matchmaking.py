"""Matchmaking (M-MM) as a pure state machine: a pool of open applications and one search.

Time is injected (seconds); randomness through an :class:`~rules.rng.Rng`. The client calls
:func:`start_search`, then :func:`poll` as time passes (rival applications arrive with
:func:`add_application`), or :func:`cancel`. Supplies are handled by the profile (M-SUP-6d).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.meta.catalog import MetaCatalog, default_meta_catalog
from rules.rng import Rng, choose

MOB = "mob"


@dataclass(frozen=True, slots=True)
class Application:
    player: str
    cups: int  # snapshotted when the application was made (M-OQ-4)
    league: int  # M-LEAGUE-4: the league at application time
    created: float


@dataclass(frozen=True, slots=True)
class Search:
    """The applicant's running search: ``result`` is None while waiting, MOB or the opponent's application."""

    own: Application
    result: Application | str | None = None


@dataclass(frozen=True, slots=True)
class Pool:
    applications: tuple[Application, ...] = ()


def add_application(pool: Pool, app: Application) -> Pool:
    """M-MM-6(e)(f): 0-cup players never enter the pool; one open application per player."""
    if app.cups <= 0:
        return pool
    if any(a.player == app.player for a in pool.applications):
        raise ValueError(f"{app.player} already has an open application (M-MM-6f)")
    return Pool((*pool.applications, app))


def candidates(pool: Pool, own: Application, cat: MetaCatalog | None = None) -> list[Application]:
    """M-MM-3 / M-MM-6(a)(b): other players' applications within [C - 100, C + 100]."""
    cat = cat or default_meta_catalog()
    return [
        a
        for a in pool.applications
        if a.player != own.player and own.cups - cat.mm_window <= a.cups <= own.cups + cat.mm_window
    ]


def start_search(pool: Pool, own: Application, rng: Rng) -> tuple[Pool, Search]:
    """M-MM-2: 0 cups -> a mob at once; otherwise the first poll at the creation time."""
    if own.cups <= 0:
        return pool, Search(own, MOB)
    return poll(pool, Search(own), own.created, rng)


def poll(
    pool: Pool, search: Search, now: float, rng: Rng, cat: MetaCatalog | None = None
) -> tuple[Pool, Search]:
    """M-MM-3/4/5 / M-MM-6(c)(d): >= 2 candidates -> a uniform pick, both leave the pool;
    after the wait with fewer -> a mob."""
    cat = cat or default_meta_catalog()
    if search.result is not None:
        return pool, search
    found = candidates(pool, search.own, cat)
    if len(found) >= cat.mm_min_applications:
        rival = choose(rng, found)
        rest = tuple(a for a in pool.applications if a is not rival and a.player != search.own.player)
        return Pool(rest), replace(search, result=rival)
    if now - search.own.created >= cat.mm_wait_seconds:
        return pool, replace(search, result=MOB)
    return pool, search


def cancel(pool: Pool, search: Search) -> Pool:
    """M-MM-4: «Отмена» withdraws the application (the 5 supplies are refunded by the caller, M-SUP-6d)."""
    if search.result is not None:
        raise ValueError("the search has already found an opponent")
    return Pool(tuple(a for a in pool.applications if a.player != search.own.player))
