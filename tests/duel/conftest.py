"""tests/duel: put this folder on sys.path so tests can ``from duel_helpers import ...``.

(tests/ itself is on the path through pyproject's pytest settings; this folder is not a package,
and ``rules`` is the game's own package name.)
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)
