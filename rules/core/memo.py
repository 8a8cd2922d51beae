"""A memo that empties itself when it grows past a limit: the rules' caches of pure results.

Every cache of the rules (a battle's shared memo, lines of sight, spell origins, hit chances) keys a
value by all it depends on, so emptying one loses time, never correctness. ``get`` is the dict's
own (a hit costs no Python call); a miss is stored with :meth:`BoundedMemo.keep`.
"""

from __future__ import annotations

from typing import Any


class BoundedMemo(dict):
    """A dict emptied before a new entry would take it past ``limit`` entries."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def keep(self, key: object, value: Any) -> Any:
        """Store ``value`` under ``key`` (emptying the memo first if it is full) and return it."""
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value
