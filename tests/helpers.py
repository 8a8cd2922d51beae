"""Helpers shared by tests of every folder: finding external tools such as tiled or Xvfb.

Import with ``from helpers import require_tool`` (tests/ is on sys.path through
tests/conftest.py) or use the ``require_tool`` fixture from conftest.
"""

from __future__ import annotations

import os
import shutil

import pytest

REQUIRE_TOOLS_VAR = "RUNETIDE_REQUIRE_TOOLS"


def tools_required() -> bool:
    """True when a missing tool must fail the test (CI sets RUNETIDE_REQUIRE_TOOLS=1)."""
    return os.environ.get(REQUIRE_TOOLS_VAR, "") == "1"


def require_tool(name: str) -> str:
    """Return the path of executable ``name``; skip if missing, or fail when tools are required."""
    path = shutil.which(name)
    if path is not None:
        return path
    message = f"executable {name!r} not found on PATH"
    if tools_required():
        pytest.fail(
            f"{message}, and {REQUIRE_TOOLS_VAR}=1 requires it "
            f"(install it, e.g. apt-get install {name}, or run .ci/run as root)",
            pytrace=False,
        )
    pytest.skip(f"{message} (set {REQUIRE_TOOLS_VAR}=1 to make this a failure)")
