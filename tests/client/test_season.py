"""The headless season (#21): a scripted player plays 100 real arena battles in a row.

The battles go through the Arena's own code (the search on a fake clock, the match, the settle)
and are played to the end by AIs; after each one the season checks that the saved profile reads
back equal (P-SAVE-1), that cups moved exactly between the player and the rival (M-CUP-8), and
that every killed unit came back wounded (M-HEAL-2). These tests also show that those checks fail
when the rule is broken.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import replace
from pathlib import Path

import pytest

from client.__main__ import main
from client.meta.profile_store import ProfileStore
from client.meta.season import FakeClock, SeasonError, check_battle, play_season
from client.meta.state import MetaState
from client.resources import maps_dir
from rules.meta.profile import Squad


def test_a_season_of_100_arena_battles_keeps_the_profile_consistent_M_CUP_8_M_HEAL_2(tmp_path: Path) -> None:
    report = play_season(tmp_path, 100, seed=7, maps_dir=maps_dir())
    assert report.stopped == "" and len(report.battles) == 100
    opponents = {b.opponent for b in report.battles}
    assert "mob" in opponents and len(opponents) > 3, "both rivals and mobs were met"
    assert {b.outcome for b in report.battles} >= {"win", "loss"}
    assert {b.map for b in report.battles} == {p.name for p in maps_dir().glob("arena_*.tmx")}
    assert report.hires > 0 and report.heals > 0, "the scripted player used the Barracks"
    for before, after in itertools.pairwise(report.battles):
        assert after.cups[0] == before.cups[1], "no cups move between battles"
    for b in report.battles:
        if b.rival_cups is not None and b.outcome == "win":
            gained, lost = b.cups[1] - b.cups[0], b.rival_cups[0] - b.rival_cups[1]
            assert gained >= 0 and (lost == gained or b.rival_cups[1] == 0)  # M-CUP-8
    final = ProfileStore(tmp_path, clock=lambda: 0.0).load()
    assert final.cups == report.final.cups and final.roster == report.final.roster


def test_the_same_seed_plays_the_same_season(tmp_path: Path) -> None:
    one = play_season(tmp_path / "a", 12, seed=3, maps_dir=maps_dir())
    two = play_season(tmp_path / "b", 12, seed=3, maps_dir=maps_dir())
    assert one.battles == two.battles and one.final == two.final
    other = play_season(tmp_path / "c", 12, seed=4, maps_dir=maps_dir())
    assert other.battles != one.battles


@pytest.fixture
def meta(tmp_path: Path) -> MetaState:
    clock = FakeClock(1_800_000_000.0)
    store = ProfileStore(tmp_path, clock=clock)
    state = MetaState(store, clock)
    state.profile = replace(state.profile, roster=(Squad("swordsman", 10),))
    store.save(state.profile)
    return state


def test_the_checks_catch_a_unit_lost_instead_of_wounded_M_HEAL_2(meta: MetaState) -> None:
    before = meta.profile
    after = replace(before, roster=(Squad("swordsman", 9),))
    meta.store.save(after)
    with pytest.raises(SeasonError, match="battle 4: M-HEAL-2: 10 units went in, 9 came back"):
        check_battle(4, meta, before, after, "loss", None, None)


def test_the_checks_catch_cups_that_do_not_balance_M_CUP_8(meta: MetaState) -> None:
    before = meta.profile
    after = replace(before, cups=before.cups + 12)
    meta.store.save(after)
    with pytest.raises(SeasonError, match="M-CUP-8: the winner gained 12 cups and the loser lost 10"):
        check_battle(0, meta, before, after, "win", 150, 140)
    check_battle(0, meta, before, after, "win", 150, 138)  # balanced: no error
    with pytest.raises(SeasonError, match="M-CUP-7"):
        check_battle(0, meta, before, after, "draw", 150, 150)


def test_the_checks_catch_a_profile_that_was_not_saved_P_SAVE_1(meta: MetaState) -> None:
    before = meta.profile
    after = replace(before, piastres=before.piastres + 40)  # paid, but never written to the file
    with pytest.raises(SeasonError, match="P-SAVE-1"):
        check_battle(1, meta, before, after, "win", None, None)


def test_the_season_command_prints_its_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["season", "--battles", "3", "--seed", "5", "--battle-lines"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["battles"] == 3 and out["wins"] + out["draws"] + out["losses"] == 3
    assert len(out["battle_lines"]) == 3 and out["profile"]["league"] >= 1
    assert main(["season", "--battles", "0"]) == 2
