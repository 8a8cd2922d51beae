"""Saving a finished battle as a replay from the end-of-battle overlay.

The battle scene keeps a :class:`~client.battle.session.BattleRecord` (setup, map path, seed,
every action, and why the computer played each of its own). The overlay's "Save replay" button
calls :func:`save_to_data_folder`, which writes the replay with :func:`client.replays.save_replay`
(issue 5's format) into the user's data folder (``RUNETIDE_DATA_DIR`` overrides it), which the
main menu's Replays list reads.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import platformdirs

from client.battle.session import BattleRecord
from rules.tactics.state import BattleState

DATA_DIR_VAR = "RUNETIDE_DATA_DIR"


def data_dir() -> Path:
    """The user data folder: ``$RUNETIDE_DATA_DIR`` or the platform's (replays, decks)."""
    override = os.environ.get(DATA_DIR_VAR)
    return Path(override) if override else Path(platformdirs.user_data_dir("runetide", appauthor=False))


def replays_dir() -> Path:
    """``$RUNETIDE_DATA_DIR/replays`` or the platform's user data folder's ``replays``."""
    return data_dir() / "replays"


def replayable(record: BattleRecord) -> bool:
    """A replay names its map file: a battle on a map file can be saved (a hot-seat flag mode
    chosen over the map's is recorded as the replay's setup override)."""
    return record.map_path is not None


def save_to_data_folder(record: BattleRecord, state: BattleState) -> Path | None:
    """Write the replay as ``<map>-<date>-<seed>.json``; None when it cannot be saved."""
    if not replayable(record):
        return None
    from client.replays import save_replay as write
    from rules.tactics.replay import ReplayError

    assert record.map_path is not None
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = replays_dir() / f"{record.map_path.stem}-{stamp}-{record.seed}.json"
    try:
        write(
            path,
            record.setup,
            record.map_path,
            record.seed,
            list(record.actions),
            state,
            explanations=record.replay_explanations(),
        )
    except (OSError, ReplayError):
        return None
    return path
