"""A headless arena season: a scripted player plays arena battles in a row against the rival pool.

The season goes through the code the Arena screen uses, without a window: the profile lives in a
:class:`~client.meta.profile_store.ProfileStore` folder, :class:`~client.meta.arena.ArenaSearch`
applies and waits on a fake clock, :func:`~client.meta.arena_battle.prepare_match` picks the map
and the armies, the battle is played to its end by AIs (the player's by a fixed AI, the rival's
by the rival's own level, a mob's by ``mob_level``) and the match's ``settle`` pays the result.

Between battles the scripted player heals the wounded it can pay for and hires with the unit cards
it has, and three hours pass (supplies regenerate, M-SUP-2). After every battle the season checks
(:class:`SeasonError` names the battle and the broken rule): the profile read back from its file
equals the one in play (P-SAVE-1); cups move exactly between the player and a rival, the loser
never below 0 (M-CUP-8), a draw moves none (M-CUP-7), a mob moves at most one (M-CUP-6/9);
supplies, piastres and rum never go negative; every unit the battle killed comes back wounded
(M-HEAL-2), so a battle leaves the roster's fit plus wounded as it was.

``runetide season`` runs it and prints the report as JSON; tests/meta/test_season_battles.py plays
a whole season of 100.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from client.meta import barracks
from client.meta.arena import ArenaSearch, fit_army
from client.meta.arena_battle import outcome_of, prepare_match, with_armies
from client.meta.profile_store import ProfileStore, starting_profile
from client.meta.state import MetaState
from client.tiled import load_setup
from rules.meta.catalog import default_meta_catalog
from rules.meta.formulas import league_for
from rules.meta.profile import Profile
from rules.tactics import events as ev
from rules.tactics.ai import make_player
from rules.tactics.match import play_match
from rules.tactics.state import BattleState

PAUSE_SECONDS = 3 * 3600  # between two battles: supplies regenerate meanwhile (M-SUP-2)
POLL_SECONDS = 5  # the fake clock's step while the search waits


class SeasonError(AssertionError):
    """An invariant of the season broke: the message names the battle and the rule."""


class FakeClock:
    """The season's time, in Unix seconds, moved only by the season."""

    def __init__(self, start: float) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@dataclass(frozen=True)
class BattleLine:
    """One battle of the season, as the report lists it."""

    index: int
    opponent: str  # the rival's name, or "mob"
    map: str
    outcome: str  # the player's: win, draw or loss
    reason: str
    cups: tuple[int, int]  # the player's before and after
    rival_cups: tuple[int, int] | None  # the rival's before and after (None: a mob)
    actions: int


@dataclass
class SeasonReport:
    """What the season played and where the profile ended."""

    battles: list[BattleLine] = field(default_factory=list)
    final: Profile | None = None
    stopped: str = ""  # why the season ended early ("" when it played every battle)
    hires: int = 0
    heals: int = 0
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        outcomes = Counter(b.outcome for b in self.battles)
        p = self.final
        return {
            "battles": len(self.battles),
            "wins": outcomes["win"],
            "draws": outcomes["draw"],
            "losses": outcomes["loss"],
            "against_mobs": sum(b.opponent == "mob" for b in self.battles),
            "hires": self.hires,
            "heals": self.heals,
            "stopped": self.stopped,
            "seconds": round(self.seconds, 1),
            "profile": None
            if p is None
            else {
                "cups": p.cups,
                "league": league_for(p.cups),
                "piastres": p.piastres,
                "rum": p.rum,
                "supplies": p.supplies,
                "cards": dict(p.cards),
                "roster": [{"unit": s.unit, "fit": s.count, "wounded": s.wounded} for s in p.roster],
            },
        }


def units(p: Profile) -> int:
    """Every unit of the roster, fit or wounded."""
    return sum(s.count + s.wounded for s in p.roster)


def prepare_player(meta: MetaState, report: SeasonReport) -> None:
    """The scripted player's visit to the Barracks: heal what it can pay for (all at once, else type
    by type), then hire one of each type whose cards suffice (M-HIRE-1, M-HEAL-2)."""
    for unit in (None, *(s.unit for s in meta.profile.roster)):
        p = meta.profile
        if not any(s.wounded for s in p.roster):
            break
        try:
            meta.change(lambda q, u=unit: barracks.heal(q, u))
            report.heals += 1
        except ValueError:
            continue
    for unit in default_meta_catalog().card_types:
        if barracks.refusal(meta.profile, unit) is None:
            meta.change(lambda q, u=unit: barracks.hire_one(q, u))
            report.hires += 1


def battle_ended(state: BattleState) -> ev.BattleEnded:
    """The BattleEnded event of a finished battle, from its outcome (what the scene's event carries)."""
    out = state.outcome
    assert out is not None, "the battle has not ended"
    rewards = state.pending_bonus[out.winner] if out.winner else ()
    return ev.BattleEnded(out.winner, out.reason, out.efficiency, (state.kills[1], state.kills[2]), rewards)


def play_season(
    folder: Path,
    battles: int,
    seed: int,
    maps_dir: Path,
    player_ai: str = "normal",
    mob_level: str = "normal",
    start: float = 1_800_000_000.0,
) -> SeasonReport:
    """Play ``battles`` arena battles with a new profile of ``seed`` saved in ``folder``."""
    began = time.perf_counter()
    clock = FakeClock(start)
    store = ProfileStore(folder, clock=clock)
    store.save(starting_profile(clock(), seed=seed))
    meta = MetaState(store, clock)
    report = SeasonReport()
    cost = default_meta_catalog().application_cost
    for index in range(battles):
        clock.advance(PAUSE_SECONDS)
        prepare_player(meta, report)
        if not fit_army(meta.profile):
            report.stopped = f"battle {index}: no fit units and too few piastres to heal"
            break
        if meta.refresh().supplies < cost:
            clock.advance(default_meta_catalog().regen_minutes * 60 * cost)
        line = _one_battle(meta, index, maps_dir, player_ai, mob_level, seed)
        report.battles.append(line)
    report.final = meta.profile
    report.seconds = time.perf_counter() - began
    return report


def _one_battle(
    meta: MetaState, index: int, maps_dir: Path, player_ai: str, mob_level: str, seed: int
) -> BattleLine:
    clock = meta.clock
    assert isinstance(clock, FakeClock)
    arena = ArenaSearch(meta)
    arena.apply()
    while not arena.matched:
        clock.advance(POLL_SECONDS)
        arena.poll()
    match = prepare_match(meta, arena, mob_level, maps_dir)
    before = meta.refresh()
    rival_before = None if match.rival is None else _rival(before, match.rival.name).cups
    setup = with_armies(load_setup(match.map_path), match.player, match.enemy)
    players = {1: make_player(player_ai, f"{seed}/{index}/1"), 2: make_player(match.ai, f"{seed}/{index}/2")}
    result = play_match(setup, players, match.seed)
    state = result.state
    if result.exceptions or result.illegal_actions or state.outcome is None:
        raise SeasonError(
            f"battle {index}: {result.exceptions} exceptions, {result.illegal_actions} illegal, "
            f"ended: {state.outcome is not None}"
        )
    event = battle_ended(state)
    match.settle(event, state, tuple(state.pending_bonus[1]))
    after = meta.profile
    rival_after = None if match.rival is None else _rival(after, match.rival.name).cups
    outcome = outcome_of(event)
    check_battle(index, meta, before, after, outcome, rival_before, rival_after)
    name = "mob" if match.rival is None else match.rival.name
    cups = (before.cups, after.cups)
    rivals = None if rival_before is None or rival_after is None else (rival_before, rival_after)
    return BattleLine(
        index, name, match.map_path.name, outcome, str(event.reason), cups, rivals, len(result.actions)
    )


def _rival(p: Profile, name: str) -> Any:
    return next(r for r in p.rivals if r.name == name)


def check_battle(
    index: int,
    meta: MetaState,
    before: Profile,
    after: Profile,
    outcome: str,
    rival_before: int | None,
    rival_after: int | None,
) -> None:
    """The season's invariants after one battle (see the module doc); SeasonError when one breaks."""

    def fail(rule: str, what: str) -> None:
        raise SeasonError(f"battle {index}: {rule}: {what}")

    saved = ProfileStore(meta.store.folder, clock=meta.clock).load()
    if saved != after:
        fail("P-SAVE-1", "the profile read back from its file differs from the one in play")
    mine = after.cups - before.cups
    if rival_before is None or rival_after is None:
        if abs(mine) > 1:
            fail("M-CUP-6/9", f"a battle against a mob moved {mine} cups")
    else:
        theirs = rival_after - rival_before
        if outcome == "draw" and (mine or theirs):
            fail("M-CUP-7", f"a draw moved cups ({mine}, {theirs})")
        winner_gain, loser_loss = (mine, -theirs) if outcome == "win" else (theirs, -mine)
        loser_after = rival_after if outcome == "win" else after.cups
        if outcome != "draw" and not (winner_gain >= 0 and (loser_loss == winner_gain or loser_after == 0)):
            fail("M-CUP-8", f"the winner gained {winner_gain} cups and the loser lost {loser_loss}")
    if min(after.supplies, after.piastres, after.rum, after.cups) < 0:
        fail("M-SUP-6", "a resource went below 0")
    if units(after) != units(before):
        fail("M-HEAL-2", f"{units(before)} units went in, {units(after)} came back (fit or wounded)")
