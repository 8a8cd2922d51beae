"""Replay files on disk: save a finished battle, load one back with its map (see rules.tactics.replay)."""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

from client.tiled import load_setup
from rules.tactics.actions import Action
from rules.tactics.replay import Replay, ReplayError, record, verify
from rules.tactics.setup import BattleSetup
from rules.tactics.state import BattleState


def map_hash(path: str | Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def save_replay(
    path: str | Path,
    setup: BattleSetup,
    map_path: str | Path,
    seed: int,
    actions: list[Action],
    state: BattleState,
) -> Replay:
    """Write a replay atomically (a half-written file never replaces a good one)."""
    replay = record(setup, seed, actions, state, map_path=str(map_path), map_hash=map_hash(map_path))
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=target.name, suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(replay.to_json())
    os.replace(tmp, target)
    return replay


def load_replay(path: str | Path) -> tuple[Replay, BattleSetup]:
    """The replay and its map's setup; ReplayError (never another error) when either cannot be used."""
    try:
        replay = Replay.from_json(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise ReplayError(f"{path}: cannot read the replay: {exc.strerror}") from None
    map_path = Path(replay.map_path)
    if not map_path.is_file():
        raise ReplayError(f"{path}: its map {replay.map_path} is missing")
    setup = load_setup(map_path)
    return replay, setup


def verify_file(path: str | Path) -> BattleState:
    """Recompute a replay file headless; ReplayError when it is incompatible or does not match."""
    replay, setup = load_replay(path)
    return verify(setup, replay, map_hash(replay.map_path))
