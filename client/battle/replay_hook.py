"""Where a replay writer plugs into the end-of-battle overlay.

Replays are issue 5. The battle scene keeps a :class:`~client.battle.session.BattleRecord`
(setup, map path, seed, every action); when :data:`save_replay` is set to a function taking
that record, the overlay shows a "Save replay" button that calls it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from client.battle.session import BattleRecord

# TODO(issue 5): the replay module sets this to its writer (record -> saved file, or None on failure).
save_replay: Callable[[BattleRecord], Path | None] | None = None
