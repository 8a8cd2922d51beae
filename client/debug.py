"""A tiny state file for end-to-end tests: set ``RUNETIDE_DEBUG_STATE=/path/state.json`` and the
scene on top writes what it shows (its name, where its buttons and squads are on screen) there
whenever that changes. Nothing is written when the variable is unset.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

DEBUG_STATE_VAR = "RUNETIDE_DEBUG_STATE"
_last: str | None = None


def debug_state_path() -> Path | None:
    value = os.environ.get(DEBUG_STATE_VAR)
    return Path(value) if value else None


def write_debug_state(scene: str, **data: Any) -> None:
    """Write ``{"scene": scene, ...data}`` atomically if it differs from the last write."""
    global _last
    path = debug_state_path()
    if path is None:
        return
    payload = json.dumps({"scene": scene, **data}, sort_keys=True, default=str)
    if payload == _last:
        return
    _last = payload
    temp = path.with_name(path.name + ".tmp")
    temp.write_text(payload, encoding="utf-8")
    os.replace(temp, path)
