"""Replay files for the viewer and Replays list tests: whole AI battles recorded once per session.

``write_replay(path, map_path, seed)`` plays (or reuses) a greedy-vs-greedy battle on the map and
saves it with :func:`client.replays.save_replay`; ``age(path, seconds)`` backdates its file.
"""

from __future__ import annotations

import os
import shutil
import time
from functools import cache
from pathlib import Path

from client.context import MAPS_DIR
from client.replays import save_replay
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
