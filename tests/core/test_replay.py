"""The one replay format (rules/core/replay.py) for the three games: a whole AI match played with the
game's ``play_match``, recorded, written, read back and verified bit-exact; changed actions, another
catalog or map, malformed files and future formats refused in words; the action codec round-trips
every action type of every game (hypothesis); the final hash does not depend on the process."""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
import typing
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core import replay as core
from rules.core.replay import Replay, ReplayError, action_from_json, action_to_json, read_replay, verify
from rules.tactics.setup import BattleSetup, DropSector, Mode, SquadSpec

ROOT = Path(__file__).resolve().parents[2]
MAP_PATH, MAP_HASH = "maps/test_arena.tmx", "a" * 64
GAMES = ("tactics", "duel", "skirmish")
CATALOG_NAMES = {"tactics": "unit catalog", "duel": "card catalog", "skirmish": "hero catalog"}
RAW_EXCEPTION = re.compile(r"Error\b|Traceback|object has no|unhashable|NoneType|Expecting|line \d+ column")


def arena(mode: Mode = Mode.PVP) -> BattleSetup:
    """A small open map with two armies and a landing zone per side (also the skirmish's map cells)."""
    army = (SquadSpec("swordsman", 6), SquadSpec("archer", 5), SquadSpec("mage", 4))
    drops = tuple(
        DropSector((x, y), team, 2) for team, xs in ((1, (0, 1)), (2, (8, 9))) for x in xs for y in range(6)
    )
    return BattleSetup(10, 6, (army, army), drop_zones=drops, mode=mode, name="Test Arena", first_team=1)


@dataclass
class Played:
    """A finished match, its replay, and what verify needs besides it (the map's setup)."""

    replay: Replay
    source: Any
    state: Any


@cache  # a played match is never changed: every test copies what it alters
def play_tactics() -> Played:
    from rules.tactics.ai import make_player
    from rules.tactics.match import play_match
    from rules.tactics.replay import record

    setup = arena()
    result = play_match(setup, {1: make_player("greedy", 1), 2: make_player("random", 2)}, seed=5)
    assert result.state is not None and result.state.outcome is not None
    replay = record(setup, 5, result.actions, result.state, map_path=MAP_PATH, map_hash=MAP_HASH)
    return Played(replay, setup, result.state)


@cache
def play_duel() -> Played:
    from rules.duel.ai import make_ai
    from rules.duel.match import play_match
    from rules.duel.replay import record

    states: list = []
    decks = ("starter", "night_terror")
    result = play_match((make_ai("greedy"), make_ai("random")), "duel/3", decks=decks, on_state=states.append)
    assert states[-1].outcome is not None
    return Played(record(states[-1], "duel/3", result.actions, decks=decks), None, states[-1])


@cache
def play_skirmish() -> Played:
    from rules.skirmish.ai import make_player
    from rules.skirmish.catalog import default_skirmish_catalog
    from rules.skirmish.match import play_match
    from rules.skirmish.replay import record
    from rules.skirmish.setup import from_battle_setup, party_of

    catalog = default_skirmish_catalog()
    cells = arena()
    party1, party2 = (party_of(catalog.party(p).heroes) for p in ("arcane", "iron"))
    setup = from_battle_setup(cells, party1, party2, melee_mode="detailed")
    players = {1: make_player("greedy", "sk/1"), 2: make_player("random", "sk/2")}
    played = play_match(setup, players, "sk")
    assert played.state.over
    replay = record(setup, "sk", played.actions, played.state, map_path=MAP_PATH, map_hash=MAP_HASH)
    return Played(replay, cells, played.state)


PLAYERS = {"tactics": play_tactics, "duel": play_duel, "skirmish": play_skirmish}


@pytest.fixture(scope="module", params=GAMES)
def played(request: pytest.FixtureRequest) -> Played:
    return PLAYERS[request.param]()


def check(played: Played, replay: Replay) -> Any:
    return verify(replay, played.source, map_hash=MAP_HASH)


def test_a_recorded_ai_match_is_written_read_back_and_verified_bit_exact_P_SAVE_1(played: Played) -> None:
    text = played.replay.to_json()
    back = read_replay(text)
    assert type(back) is type(played.replay) and back == played.replay
    assert back.to_json() == text and json.loads(text)["game"] == back.game
    assert back.actions and back.actions == played.replay.actions
    final = check(played, back)
    assert final is not played.state and final.fingerprint() == played.state.fingerprint()
    assert core.state_hash(final) == core.state_hash(played.state) == back.final_hash


def test_a_changed_action_list_fails_verification_with_a_clear_message(played: Played) -> None:
    actions = played.replay.actions
    shorter = replace(played.replay, actions=actions[:-1])
    with pytest.raises(ReplayError, match=r"^the replayed (battle|duel) does not end in the recorded state$"):
        check(played, shorter)
    longer = replace(played.replay, actions=(*actions, actions[-1]))
    with pytest.raises(ReplayError, match=rf"is over before action {len(actions) + 1} of the replay"):
        check(played, longer)
    without_first = replace(played.replay, actions=actions[1:])
    with pytest.raises(
        ReplayError, match=r"^action \d+ of the replay \(.+\) is illegal here: .|does not end"
    ):
        check(played, without_first)


def test_another_seed_does_not_verify(played: Played) -> None:
    other = replace(played.replay, seed=f"{played.replay.seed}x" if played.replay.game != "tactics" else 6)
    with pytest.raises(ReplayError, match=r"is illegal here|does not end in the recorded state"):
        check(played, other)


def test_a_different_catalog_is_refused_by_name(played: Played) -> None:
    other = replace(played.replay, catalog_hash="0" * 16)
    name = CATALOG_NAMES[played.replay.game]
    with pytest.raises(ReplayError, match=rf"^the {name} changed since this replay was saved \(0{{16}} -> "):
        check(played, other)
    with pytest.raises(ReplayError, match=f"the {name} changed"):
        check(played, read_replay(other.to_json()))


@pytest.mark.parametrize("game", ["tactics", "skirmish"])
def test_a_changed_map_is_refused_by_name(game: str) -> None:
    played = PLAYERS[game]()
    with pytest.raises(ReplayError, match=f"the map {MAP_PATH} changed since this replay was saved"):
        verify(played.replay, played.source, map_hash="b" * 64)


# ---------------------------------------------------------------- malformed files


def assert_in_words(message: str) -> None:
    assert message and not RAW_EXCEPTION.search(message), message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", r"^not a Runetide replay \(not JSON\)$"),
        ("not json", r"^not a Runetide replay \(not JSON\)$"),
        ("[1, 2]", r"^not a Runetide replay \(not a JSON object\)$"),
        ("{}", r"^not a Runetide replay \(missing field 'format_version'\)$"),
        (
            '{"format_version": "3"}',
            r"^not a Runetide replay \(format_version must be a whole number, not \"3\"\)$",
        ),
        ('{"format_version": 0}', r"format_version must be a whole number"),
        ('{"format_version": true}', r"format_version must be a whole number"),
        (
            '{"format_version": 99}',
            r"^made by a newer version of the game \(format 99\); this game reads formats 1 to 3$",
        ),
        ('{"format_version": 3}', r"^missing field 'game'$"),
        ('{"format_version": 3, "game": "chess"}', r"^a replay of an unknown game 'chess'"),
        ('{"format_version": 2}', r"^missing field 'catalog_hash'$"),
    ],
)
def test_malformed_text_gives_a_replay_error_in_words(text: str, message: str) -> None:
    with pytest.raises(ReplayError, match=message) as caught:
        read_replay(text)
    assert_in_words(str(caught.value))


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200) | st.text(max_size=200).map(str.encode))
def test_random_bytes_give_a_replay_error_in_words(data: bytes) -> None:
    with pytest.raises(ReplayError) as caught:
        read_replay(data)
    assert_in_words(str(caught.value))


def file_of(played: Played) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(played.replay.to_json())
    return data


def test_every_missing_field_is_named(played: Played) -> None:
    for name in file_of(played):
        if name == "format_version":
            continue
        data = file_of(played)
        del data[name]
        with pytest.raises(ReplayError, match=f"^missing field '{name}'$"):
            read_replay(json.dumps(data))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(catalog_hash=7), r"^field 'catalog_hash' must be text, not 7$"),
        (lambda d: d.update(seed=[1]), r"^field 'seed' must be a whole number( or text)?, not \[1\]$"),
        (lambda d: d.update(seed=1.5), r"^field 'seed' must be a whole number"),
        (lambda d: d.update(actions={}), r"^field 'actions' must be a list, not \{\}$"),
        (lambda d: d.update(final_hash=None), r"^field 'final_hash' must be text, not null$"),
        (lambda d: d["actions"].__setitem__(0, 5), r"^action 1 must be an object, not 5$"),
        (lambda d: d["actions"][0].pop("type"), r"^action 1 is missing field 'type'$"),
        (lambda d: d["actions"][0].update(type="Fly"), r"^action 1 is of an unknown type \"Fly\" \(known: "),
        (lambda d: d["actions"][0].update(extra=1), r"^action 1 \(\w+\) has an unknown field 'extra'$"),
    ],
)
def test_wrong_types_are_named_in_words(played: Played, change: Any, message: str) -> None:
    data = file_of(played)
    change(data)
    with pytest.raises(ReplayError, match=message) as caught:
        read_replay(json.dumps(data))
    assert_in_words(str(caught.value))


def test_a_wrong_action_field_type_is_named(played: Played) -> None:
    data = file_of(played)
    action = next(a for a in data["actions"] if len(a) > 1)
    name = next(key for key in action if key != "type")
    action[name] = {"x": 1}
    number = data["actions"].index(action) + 1
    with pytest.raises(
        ReplayError, match=rf"^action {number} \({action['type']}\) field '{name}' must be .+, not "
    ):
        read_replay(json.dumps(data))


def test_each_game_setup_field_is_checked() -> None:
    duel = file_of(play_duel())
    duel["decks"] = ["starter"]
    with pytest.raises(ReplayError, match=r"^field 'decks' must be a list of 2 values, not \[\"starter\"\]$"):
        read_replay(json.dumps(duel))
    skirmish = file_of(play_skirmish())
    skirmish["melee_mode"] = "wild"
    with pytest.raises(ReplayError, match=r"^field 'melee_mode' must be basic or detailed, not 'wild'$"):
        read_replay(json.dumps(skirmish))
    skirmish = file_of(play_skirmish())
    skirmish["parties"][0][0]["pos"] = [1, "a"]
    with pytest.raises(
        ReplayError, match=r"field 'parties' item 1 item 1 field 'pos' must be a list of 2 values or null"
    ):
        read_replay(json.dumps(skirmish))
    skirmish = file_of(play_skirmish())
    skirmish["entry_energy"] = ["1/0", None]
    with pytest.raises(
        ReplayError, match=r"field 'entry_energy' item 1 must be a fraction such as \"1/2\" or null"
    ):
        read_replay(json.dumps(skirmish))


def test_formats_1_and_2_are_read_as_tactics_and_verify() -> None:
    played = play_tactics()
    data = file_of(played)
    del data["game"]
    data["format_version"] = 2
    old = read_replay(json.dumps(data))
    assert old.game == "tactics" and old.format_version == 2 and old.actions == played.replay.actions
    assert verify(old, played.source, map_hash=MAP_HASH).fingerprint() == played.state.fingerprint()
    del data["setup_override"]
    data["format_version"] = 1
    assert read_replay(json.dumps(data)).setup == played.replay.setup


def test_a_game_s_own_replay_class_refuses_another_game_s_file() -> None:
    from rules.tactics.replay import Replay as TacticsReplay

    with pytest.raises(ReplayError, match=r"^this is a duel replay, not a tactics one$"):
        TacticsReplay.from_json(play_duel().replay.to_json())


# ---------------------------------------------------------------- the action codec


def values(hint: Any) -> st.SearchStrategy[Any]:
    """Any value of a field's type (the hints the games' actions use)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is int:
        return st.integers()
    if hint is str:
        return st.text()
    if hint is bool:
        return st.booleans()
    if hint is type(None):
        return st.none()
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return st.lists(values(args[0]), max_size=4).map(tuple)
    if origin is tuple:
        return st.tuples(*(values(a) for a in args))
    if args:  # a union
        return st.one_of(*(values(a) for a in args))
    raise AssertionError(f"no strategy for {hint!r}")


def game_actions(game: str) -> tuple[type, ...]:
    return core.game_replays(game).action_types


def every_action() -> st.SearchStrategy[Any]:
    kinds = [cls for game in GAMES for cls in game_actions(game)]
    return st.one_of(
        *(st.builds(cls, **{n: values(h) for n, h in typing.get_type_hints(cls).items()}) for cls in kinds)
    )


@pytest.mark.parametrize("game", GAMES)
def test_each_game_lists_every_action_type_of_its_engine(game: str) -> None:
    import importlib

    union = importlib.import_module(f"rules.{game}.actions").Action
    assert set(game_actions(game)) == set(typing.get_args(union))


@settings(max_examples=500, deadline=None)
@given(every_action())
def test_the_action_codec_round_trips_every_action_type_of_every_game(action: Any) -> None:
    game = next(g for g in GAMES if type(action) in game_actions(g))
    text = json.dumps(action_to_json(action))
    back = action_from_json(json.loads(text), game_actions(game))
    assert back == action and type(back) is type(action)


# ---------------------------------------------------------------- the final hash


class Fingerprinted:
    def __init__(self, fingerprint: tuple) -> None:
        self._fingerprint = fingerprint

    def fingerprint(self) -> tuple:
        return self._fingerprint


def sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def test_the_final_hash_writes_sets_in_sorted_order() -> None:
    state = Fingerprinted((3, frozenset({"dodge", "damage"}), (frozenset(), frozenset({"crit"}))))
    assert core.state_hash(state) == sha(
        "(3, frozenset({'damage', 'dodge'}), (frozenset(), frozenset({'crit'})))"
    )
    plain = Fingerprinted((3, (1, 2), None, "x"))  # no set: the plain repr
    assert core.state_hash(plain) == sha(repr(plain.fingerprint()))


def test_the_final_hash_does_not_depend_on_the_process_string_hashing() -> None:
    script = (
        "from rules.core.replay import state_hash\n"
        "class S:\n"
        "    def fingerprint(self):\n"
        "        return (1, frozenset(f'aura{i}' for i in range(12)), {'a', 'b', 'c'})\n"
        "print(state_hash(S()))\n"
    )
    digests = set()
    for seed in ("0", "1", "2", "3"):
        done = subprocess.run(
            [sys.executable, "-c", script],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
            env={**os.environ, "PYTHONHASHSEED": seed},
        )
        assert done.returncode == 0, done.stderr
        digests.add(done.stdout.strip())
    assert len(digests) == 1


def test_a_format_1_or_2_hash_matches_its_sets_in_any_order() -> None:
    """Formats 1 and 2 hashed the plain repr, whose set order was the saving process's."""
    state = Fingerprinted((1, frozenset({"damage", "dodge"}), frozenset({"damage", "dodge"})))
    saved = sha("(1, frozenset({'dodge', 'damage'}), frozenset({'dodge', 'damage'}))")
    assert core.hash_matches(state, saved, any_set_order=True)
    assert not core.hash_matches(state, saved)  # format 3 hashes are exact
    assert not core.hash_matches(
        state, sha("(1, frozenset({'dodge'}), frozenset({'damage'}))"), any_set_order=True
    )
