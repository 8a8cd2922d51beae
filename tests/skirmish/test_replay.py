"""Skirmish replays (rules/skirmish/replay.py): the melee mode fought in (S-MODEL-1) and each hero's
loadout (S-SPELL-11) are recorded with the seed, and the setup is rebuilt from them and the map."""

from __future__ import annotations

from dataclasses import replace

from rules.core.replay import read_replay, verify
from rules.skirmish.ai import make_player
from rules.skirmish.catalog import default_skirmish_catalog
from rules.skirmish.catalog_types import Loadout
from rules.skirmish.match import play_match
from rules.skirmish.replay import rebuild, rebuilds, record
from rules.skirmish.setup import HeroSpec, from_battle_setup
from rules.tactics.setup import BattleSetup, DropSector, Mode, SquadSpec


def cells() -> BattleSetup:
    """What a loaded map gives a skirmish: a 9 x 6 grid, a wall, a landing zone per side."""
    army = (SquadSpec("swordsman", 1),)
    drops = tuple(DropSector((x, y), team, 2) for team, x in ((1, 0), (2, 8)) for y in range(6))
    return BattleSetup(
        9, 6, (army, army), blocked=frozenset({(4, 2), (4, 3)}), drop_zones=drops, mode=Mode.PVP
    )


def test_the_melee_mode_fought_in_is_recorded_with_the_seed_S_MODEL_1() -> None:
    catalog = default_skirmish_catalog()
    setup = from_battle_setup(cells(), (HeroSpec("hilda"),), (HeroSpec("bjorn"),))  # the mode left open
    assert setup.melee_mode is None
    record_ = play_match(setup, {1: make_player("greedy", "a"), 2: make_player("greedy", "b")}, "mode")
    replay = record(setup, "mode", record_.actions, record_.state, map_path="m.tmx", map_hash="h")
    assert replay.setup["melee_mode"] == record_.state.board.melee_mode == catalog.battle.melee_mode
    assert rebuild(replay.setup, cells()).melee_mode == catalog.battle.melee_mode
    other = "detailed" if catalog.battle.melee_mode == "basic" else "basic"
    assert rebuild({**replay.setup, "melee_mode": other}, cells()).melee_mode == other


def test_a_chosen_loadout_is_recorded_and_played_back_S_SPELL_11() -> None:
    hilda = default_skirmish_catalog().hero("hilda").loadout
    chosen = replace(hilda, thrown=(), quick=hilda.quick[:1])
    party1 = (HeroSpec("hilda", (0, 2), chosen), HeroSpec("mirela"))
    setup = from_battle_setup(cells(), party1, (HeroSpec("aldric"),), melee_mode="detailed")
    played = play_match(setup, {1: make_player("greedy", "c"), 2: make_player("random", "d")}, "loadout")
    replay = read_replay(
        record(setup, "loadout", played.actions, played.state, map_path="m.tmx", map_hash="h").to_json()
    )
    written = replay.setup["parties"][0][0]
    assert (
        written["pos"] == [0, 2]
        and written["loadout"]["thrown"] == []
        and written["loadout"]["quick"] == ["pebble_shot"]
    )
    assert replay.setup["parties"][0][1]["loadout"] is None  # the catalog's default loadout
    assert rebuild(replay.setup, cells()) == setup
    final = verify(replay, cells(), map_hash="h")
    assert final.fingerprint() == played.state.fingerprint()
    assert final.heroes[0].info.loadout == chosen and isinstance(final.heroes[0].info.loadout, Loadout)


def test_a_setup_its_map_cannot_give_back_is_told_apart() -> None:
    setup = from_battle_setup(cells(), (HeroSpec("hilda"),), (HeroSpec("bjorn"),), melee_mode="basic")
    assert rebuilds(setup, cells(), "basic")
    assert not rebuilds(replace(setup, blocked=frozenset()), cells(), "basic")
    assert not rebuilds(replace(setup, width=10), cells(), "basic")
