"""Test-wide setup: a headless SDL before anything imports pygame, and shared fixtures.

setdefault keeps a value the caller already chose, so an end-to-end test can run the
game with a real window (SDL_VIDEODRIVER=x11 under Xvfb) in its own subprocess.
"""

from __future__ import annotations

import os
from collections.abc import Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# The imports below come after the environment on purpose: pygame reads it at import time.
import pytest
from helpers import require_tool as _require_tool


@pytest.fixture
def require_tool() -> Callable[[str], str]:
    """``require_tool("tiled")`` returns the tool's path, or skips (fails under RUNETIDE_REQUIRE_TOOLS=1)."""
    return _require_tool
