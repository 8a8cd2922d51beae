"""The arena's search and the ladder, over the profile and :mod:`rules.meta.matchmaking` (no pygame).

An :class:`ArenaSearch` lives while the Arena screen is open: the pool of open rival applications
(their arrival times are the profile's rivals' ``next_application``, on the real clock), the
player's search, and the dice (seeded by the profile's seed and the application's time, so the same
seed and clock give the same opponent). :meth:`apply` pays the supplies (M-SUP-3) and starts the
search, :meth:`poll` advances it, :meth:`cancel` withdraws it and refunds (M-SUP-6d). The wait can
be shortened for end-to-end tests with ``RUNETIDE_ARENA_WAIT`` (seconds).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace

from client.meta.state import MetaState
from rules.meta.catalog import MetaCatalog, default_meta_catalog
from rules.meta.formulas import league_for
from rules.meta.matchmaking import MOB, Application, Pool, Search, add_application, cancel, poll, start_search
from rules.meta.profile import Profile, add_resources, spend_supplies
from rules.meta.rivals import Rival, due_applications
from rules.rng import SeededRng

PLAYER_ID = "\u2063player"  # the player's id in the pool: no rival's name can be it
WAIT_VAR = "RUNETIDE_ARENA_WAIT"


def arena_catalog() -> MetaCatalog:
    """The meta catalog, with the matchmaking wait from ``$RUNETIDE_ARENA_WAIT`` when set."""
    cat = default_meta_catalog()
    wait = os.environ.get(WAIT_VAR, "")
    return replace(cat, mm_wait_seconds=int(wait)) if wait.isdigit() else cat


@dataclass(frozen=True)
class LadderRow:
    rank: int
    name: str  # the rival's id (English name), or the player's name
    cups: int
    is_player: bool


def ladder(p: Profile) -> list[LadderRow]:
    """M-CUP-1: the player among the rivals, ordered by cups (ties: the player first, then by name)."""
    entries = [(p.cups, 0, p.name, True)] + [(r.cups, 1, r.name, False) for r in p.rivals]
    entries.sort(key=lambda e: (-e[0], e[1], e[2]))
    return [LadderRow(i + 1, name, cups, mine) for i, (cups, _, name, mine) in enumerate(entries)]


def fit_army(p: Profile) -> list[tuple[int, str, int, int]]:
    """(roster index, unit, fit count, level) of each squad that can fight (wounded stay home)."""
    return [(i, s.unit, s.count, s.level) for i, s in enumerate(p.roster) if s.count > 0][:4]


class ArenaSearch:
    """One visit of the Arena: the rival pool and at most one running search."""

    def __init__(self, meta: MetaState, cat: MetaCatalog | None = None) -> None:
        self.meta = meta
        self.cat = cat or arena_catalog()
        self.pool = Pool()
        self.search: Search | None = None
        now = meta.now()
        self.rng = SeededRng(f"{meta.profile.seed}/arena/{int(now)}")
        self._reschedule(now)

    def _reschedule(self, now: float) -> None:
        """Rivals overdue while the arena was closed apply again within the next arrival span (not
        all at once the moment it opens)."""
        span = self.cat.rivals.arrival_max_seconds
        rivals = tuple(
            replace(r, next_application=now + self.rng.randint(1, span)) if r.next_application <= now else r
            for r in self.meta.profile.rivals
        )
        self.meta.profile = replace(self.meta.profile, rivals=rivals)

    @property
    def searching(self) -> bool:
        return self.search is not None and self.search.result is None

    @property
    def matched(self) -> bool:
        return self.search is not None and self.search.result is not None

    def seconds_left(self) -> float:
        """The wait left before a mob is set against the player (M-MM-5)."""
        if self.search is None:
            return 0.0
        return max(0.0, self.search.own.created + self.cat.mm_wait_seconds - self.meta.now())

    def apply(self) -> None:
        """«Создать заявку» (M-MM-1): ValueError with the reason when it cannot be made."""
        if self.search is not None:
            raise ValueError("an application is already open (M-MM-6f)")
        if not fit_army(self.meta.profile):
            raise ValueError("no fit units")
        self.meta.change(lambda p: spend_supplies(p, self.cat.application_cost, self.meta.now()))
        p, now = self.meta.profile, self.meta.now()
        own = Application(PLAYER_ID, p.cups, league_for(p.cups, self.cat), now)
        self._arrivals(now)
        self.pool, self.search = start_search(self.pool, own, self.rng)

    def poll(self) -> None:
        """Rivals whose time has come apply; the search picks, waits or falls back to a mob."""
        now = self.meta.now()
        self._arrivals(now)
        if self.searching:
            assert self.search is not None
            self.pool, self.search = poll(self.pool, self.search, now, self.rng, self.cat)

    def cancel(self) -> None:
        """«Отмена» (M-MM-4): the application is withdrawn and its supplies refunded (M-SUP-6d)."""
        if not self.searching:
            return
        assert self.search is not None
        self.pool = cancel(self.pool, self.search)
        self.search = None
        self.meta.change(lambda p: add_resources(p, supplies=self.cat.application_cost))

    def opponent(self) -> Rival | None:
        """The matched rival (None: a mob, or no match yet)."""
        if self.search is None or not isinstance(self.search.result, Application):
            return None
        name = self.search.result.player
        return next((r for r in self.meta.profile.rivals if r.name == name), None)

    @property
    def against_mob(self) -> bool:
        return self.search is not None and self.search.result == MOB

    def _arrivals(self, now: float) -> None:
        rivals, apps = due_applications(self.meta.profile.rivals, now, self.rng, self.cat)
        self.meta.profile = replace(self.meta.profile, rivals=rivals)
        for app in apps:
            if all(a.player != app.player for a in self.pool.applications):
                self.pool = add_application(self.pool, app)
