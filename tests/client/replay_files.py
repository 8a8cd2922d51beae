"""Replay files for the viewer and Replays list tests: whole AI games recorded once per session.

``write_replay(path, map_path, seed)`` plays (or reuses) a greedy-vs-greedy battle on the map and
saves it with :func:`client.replays.save_replay`; ``write_duel_replay`` and
``write_skirmish_replay`` do the same for a duel and a skirmish; ``age(path, seconds)`` backdates
a file.
"""

from __future__ import annotations

import os
import shutil
import time
from functools import cache
from pathlib import Path
from typing import Any

from client.context import MAPS_DIR
from client.replays import save_duel_replay, save_replay, save_skirmish_replay
from client.tiled import load_setup
from rules.tactics.ai import make_player, player_names
from rules.tactics.match import MatchResult, play_match

TUTORIAL = MAPS_DIR / "tutorial.tmx"
AI = "greedy" if "greedy" in player_names() else player_names()[0]  # quick and purposeful


@cache
def recorded(map_path: Path, seed: int) -> MatchResult:
    setup = load_setup(map_path)
    result = play_match(setup, {1: make_player(AI, 1), 2: make_player(AI, 2)}, seed=seed)
    assert result.state is not None and result.state.outcome is not None
    return result


def write_replay(
    path: Path, map_path: Path = TUTORIAL, seed: int = 5, battle_map: Path | None = None
) -> Path:
    """Save the battle played on ``battle_map`` (default ``map_path``) as a replay naming ``map_path``."""
    result = recorded(battle_map or map_path, seed)
    assert result.state is not None
    save_replay(path, load_setup(map_path), map_path, seed, result.actions, result.state)
    return path


DUEL_DECKS = ("starter", "sky_host")
SKIRMISH_MAP = MAPS_DIR / "arena_pit.tmx"


@cache
def duel_played(seed: str) -> tuple[Any, list]:
    from rules.duel.ai import make_ai
    from rules.duel.match import play_match as play_duel

    states: list = []
    result = play_duel((make_ai("greedy"), make_ai("random")), seed, decks=DUEL_DECKS, on_state=states.append)
    assert states[-1].outcome is not None
    return states[-1], result.actions


def write_duel_replay(path: Path, seed: str = "duel/1") -> Path:
    """Save a greedy-vs-random duel of ready decks with :func:`client.replays.save_duel_replay`."""
    state, actions = duel_played(seed)
    save_duel_replay(path, state, seed, actions, decks=DUEL_DECKS)
    return path


def skirmish_setup(map_path: Path = SKIRMISH_MAP) -> Any:
    from rules.skirmish.catalog import default_skirmish_catalog
    from rules.skirmish.setup import from_battle_setup, party_of

    catalog = default_skirmish_catalog()
    party1, party2 = (party_of(catalog.party(p).heroes) for p in ("wardens", "vanguard"))
    return from_battle_setup(load_setup(map_path), party1, party2)


@cache
def skirmish_played(seed: str) -> Any:
    from rules.skirmish.ai import make_player as make_hero_player
    from rules.skirmish.match import play_match as play_skirmish

    players = {1: make_hero_player("greedy", f"{seed}/1"), 2: make_hero_player("random", f"{seed}/2")}
    played = play_skirmish(skirmish_setup(), players, seed)
    assert played.state.over
    return played


def write_skirmish_replay(path: Path, map_path: Path = SKIRMISH_MAP, seed: str = "sk/1") -> Path:
    """Save a greedy-vs-random skirmish on The Pit with :func:`client.replays.save_skirmish_replay`,
    naming ``map_path`` (a copy of the map, or the map itself)."""
    played = skirmish_played(seed)
    save_skirmish_replay(path, skirmish_setup(), map_path, seed, played.actions, played.state)
    return path


def map_copy(folder: Path, map_path: Path = TUTORIAL) -> Path:
    """A copy of a shipped map (with the tilesets it refers to) that a test may change or delete."""
    folder.mkdir(parents=True, exist_ok=True)
    if not (folder / "tilesets").exists():
        shutil.copytree(MAPS_DIR / "tilesets", folder / "tilesets")
    copy = folder / map_path.name
    shutil.copy(map_path, copy)
    return copy


def age(path: Path, seconds: float) -> None:
    """Make ``path`` look saved ``seconds`` ago."""
    stamp = time.time() - seconds
    os.utime(path, (stamp, stamp))
