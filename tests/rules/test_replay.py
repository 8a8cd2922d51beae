"""Tactics replays keep their module and public functions (rules/tactics/replay.py), now over the one
replay format: record, verify, replay_battle, check_compatible, the setup override, the codec."""

from __future__ import annotations

import json

import pytest

from rules.tactics.actions import Move
from rules.tactics.ai import make_player
from rules.tactics.match import play_match
from rules.tactics.replay import (
    Replay,
    ReplayError,
    action_from_json,
    action_to_json,
    check_compatible,
    record,
    replay_battle,
    state_hash,
    verify,
)
from rules.tactics.setup import BattleSetup, DropSector, Mode, SquadSpec


def setup() -> BattleSetup:
    army = (SquadSpec("swordsman", 5), SquadSpec("archer", 4))
    drops = tuple(DropSector((x, y), team, 2) for team, x in ((1, 0), (2, 7)) for y in range(5))
    return BattleSetup(8, 5, (army, army), drop_zones=drops, mode=Mode.PVP, first_team=2)


def test_a_recorded_battle_replays_through_the_tactics_functions_P_SAVE_1() -> None:
    result = play_match(setup(), {1: make_player("greedy", 1), 2: make_player("greedy", 2)}, seed=9)
    assert result.state is not None and result.state.outcome is not None
    saved = record(setup(), 9, result.actions, result.state, map_path="m.tmx", map_hash="h", flag_mode=2)
    assert json.loads(saved.to_json())["setup_override"] == {"flag_mode": 2}
    replay = Replay.from_json(saved.to_json())
    assert (
        isinstance(replay, Replay) and replay.flag_mode == 2 and replay.setup_override() == {"flag_mode": 2}
    )
    assert (replay.map_path, replay.map_hash, replay.seed) == ("m.tmx", "h", 9)
    state, events = replay_battle(setup(), replay)
    assert type(events[-1]).__name__ == "BattleEnded" and state_hash(state) == replay.final_hash
    assert verify(setup(), replay, "h").outcome == result.state.outcome
    with pytest.raises(ReplayError, match=r"^the map m\.tmx changed since this replay was saved"):
        check_compatible(replay, "other")
    with pytest.raises(ReplayError, match=r"^the unit catalog changed since this replay was saved"):
        verify(setup(), Replay.from_json(saved.to_json().replace(saved.catalog_hash, "0" * 16)), "h")


def test_the_tactics_action_codec_names_a_bad_action_in_words() -> None:
    assert action_to_json(Move(1, (2, 3))) == {"type": "Move", "squad": 1, "to": [2, 3]}
    assert action_from_json({"type": "Move", "squad": 1, "to": [2, 3]}) == Move(1, (2, 3))
    with pytest.raises(
        ReplayError, match=r"^the action \(Move\) field 'to' must be a list of 2 values, not \[2\]$"
    ):
        action_from_json({"type": "Move", "squad": 1, "to": [2]})
    with pytest.raises(ReplayError, match=r"^the action \(Move\) is missing field 'squad'$"):
        action_from_json({"type": "Move", "to": [2, 3]})
