"""Saving a finished duel as a replay: the end window's "Save replay".

The file goes into the replays folder the battle's "Save replay" writes to
(:func:`client.battle.replay_hook.replays_dir`, ``$RUNETIDE_DATA_DIR/replays`` in tests), named
``duel-<date>-<seed>.json``, written atomically by :func:`client.replays.save_duel_replay` (the one
replay format: seed, both decks and heroes, every action, the final state's hash).
"""

from __future__ import annotations

import re
import time
from pathlib import Path

from client.battle.replay_hook import replays_dir
from client.duel.session import DuelSession
from client.replays import save_duel_replay


def replay_path(session: DuelSession, folder: Path | None = None) -> Path:
    """A new file name in the replays folder for ``session`` (never one that exists)."""
    folder = folder or replays_dir()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    seed = re.sub(r"[^\w-]+", "-", str(session.seed))[:40]
    path = folder / f"duel-{stamp}-{seed}.json"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"duel-{stamp}-{seed}-{n}.json"
    return path


def save_to_replays(session: DuelSession, folder: Path | None = None) -> Path:
    """Write ``session``'s duel as a replay file and return its path (OSError when the disk refuses)."""
    path = replay_path(session, folder)
    save_duel_replay(path, session.state, session.seed, session.actions, decks=session.decks())
    return path
