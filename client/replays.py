"""Replay files on disk: save a finished battle, load one back with its map (see rules.tactics.replay).

A replay names its map file; loading it rebuilds the setup the battle was played with (the
map's, with the recorded flag mode for a hot-seat battle that changed it, see
:mod:`client.battle.setup_override`) and refuses a replay whose map or catalog changed.
:func:`scan_replays` checks a whole folder for the main menu's Replays list.
"""

from __future__ import annotations

import hashlib
import logging
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from client.battle.setup_override import apply_flag_mode, flag_mode_override
from client.tiled import MapError, load_setup
from rules.tactics.actions import Action
from rules.tactics.replay import Replay, ReplayError, check_compatible, record, verify
from rules.tactics.setup import BattleSetup
from rules.tactics.state import BattleState

log = logging.getLogger(__name__)


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
    """Write a replay atomically (a half-written file never replaces a good one).

    ``setup`` is the one the battle was played with: the map's, or the map's in another flag
    mode (recorded as the setup override). ReplayError when the map file no longer gives it
    (changed during the battle), since such a replay could never be played back.
    """
    try:
        override = flag_mode_override(load_setup(map_path), setup)
    except (MapError, ValueError) as exc:
        raise ReplayError(f"{map_path}: the battle cannot be saved as a replay: {exc}") from None
    replay = record(
        setup, seed, actions, state, map_path=str(map_path), map_hash=map_hash(map_path), flag_mode=override
    )
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=target.name, suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(replay.to_json())
    os.replace(tmp, target)
    return replay


def read_replay(path: str | Path) -> Replay:
    """The replay in a file; ReplayError when it cannot be read or is not a replay."""
    try:
        return Replay.from_json(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise ReplayError(f"{path}: cannot read the replay: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise ReplayError(f"{path}: not a Runetide replay file (not text)") from None


def load_replay(path: str | Path) -> tuple[Replay, BattleSetup]:
    """The replay and the setup it was played with; ReplayError (never another error) when either
    cannot be used: unreadable, missing or invalid map, or a map or catalog changed since."""
    replay = read_replay(path)
    map_path = Path(replay.map_path)
    if not map_path.is_file():
        raise ReplayError(f"{path}: its map {replay.map_path} is missing")
    digest = map_hash(map_path)
    check_compatible(replay, digest)
    try:
        map_setup = _map_setup(map_path, digest)
    except MapError as exc:
        raise ReplayError(f"{path}: its map does not load: {exc}") from None
    try:
        setup = apply_flag_mode(map_setup, replay.flag_mode)
    except ValueError as exc:
        raise ReplayError(f"{path}: {exc}") from None
    return replay, setup


_setups: dict[tuple[str, str], BattleSetup] = {}


def _map_setup(map_path: Path, digest: str) -> BattleSetup:
    """The map's setup, loaded once per map file content (a list of replays shares few maps)."""
    key = (str(map_path.resolve()), digest)
    if key not in _setups:
        if len(_setups) > 32:
            _setups.clear()
        _setups[key] = load_setup(map_path)
    return _setups[key]


def verify_file(path: str | Path) -> BattleState:
    """Recompute a replay file headless; ReplayError when it is incompatible or does not match."""
    replay, setup = load_replay(path)
    return verify(setup, replay, map_hash(replay.map_path))


@dataclass(frozen=True)
class ReplayEntry:
    """One file of a replays folder as the Replays list shows it.

    ``setup`` and ``final`` (the recomputed end of the battle) are None when the replay cannot
    be played; ``error`` then says why.
    """

    path: Path
    saved_at: float  # the file's modification time (seconds since the epoch)
    replay: Replay | None = None
    setup: BattleSetup | None = None
    final: BattleState | None = None
    error: str | None = None

    @property
    def name(self) -> str:
        """The map's name (from the map, else its file name); the replay's file name if unreadable."""
        if self.setup is not None and self.setup.name:
            return self.setup.name
        stem = Path(self.replay.map_path).stem if self.replay is not None else self.path.stem
        return stem.replace("_", " ").title()


def check_entry(path: Path) -> ReplayEntry:
    """Read, load and recompute one replay file; any problem becomes the entry's ``error``."""
    try:
        saved_at = path.stat().st_mtime
    except OSError:
        saved_at = 0.0
    replay = None
    try:
        replay = read_replay(path)
        replay, setup = load_replay(path)
        final = verify(setup, replay, map_hash(replay.map_path))
    except ReplayError as exc:
        return ReplayEntry(path, saved_at, replay, error=str(exc).removeprefix(f"{path}: "))
    except Exception as exc:  # a damaged file must never take the game down with it
        log.warning("replay %s could not be checked", path, exc_info=True)
        return ReplayEntry(path, saved_at, replay, error=f"{type(exc).__name__}: {exc}")
    return ReplayEntry(path, saved_at, replay, setup, final)


def scan_replays(folder: Path) -> list[ReplayEntry]:
    """Every ``*.json`` replay in ``folder``, newest first, each checked (nothing is changed or deleted)."""
    try:
        paths = [p for p in folder.glob("*.json") if p.is_file()]
    except OSError:
        return []
    entries = [check_entry(p) for p in paths]
    return sorted(entries, key=lambda e: (e.saved_at, e.path.name), reverse=True)
