"""Helpers shared by tests of every folder: finding external tools such as tiled or Xvfb.

Import with ``from helpers import require_tool`` (tests/ is on sys.path through
tests/conftest.py) or use the ``require_tool`` fixture from conftest.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterable

import pytest

REQUIRE_TOOLS_VAR = "RUNETIDE_REQUIRE_TOOLS"
SKIP_REPORT_VAR = "RUNETIDE_SKIP_REPORT"  # dev.py names a file here to print the line last
# The Debian/Ubuntu package of each tool a test may need.
TOOL_PACKAGES = {
    "tiled": "tiled",
    "tmxrasterizer": "tiled",
    "Xvfb": "xvfb",
    "xdotool": "xdotool",
    "import": "imagemagick",
    "identify": "imagemagick",
}
MISSING_TOOL = re.compile(r"executable '([^']+)' not found on PATH")


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


def missing_tool_line(skip_reasons: Iterable[str]) -> str | None:
    """ "skipped N tests needing tiled, xvfb: apt-get install tiled xvfb ..." for the skips that a
    missing tool caused (None when there were none); the command installs every tool the tests use."""
    tools = [match.group(1) for reason in skip_reasons if (match := MISSING_TOOL.search(reason))]
    if not tools:
        return None
    packages = sorted({TOOL_PACKAGES.get(tool, tool) for tool in tools})
    every = " ".join(sorted(set(TOOL_PACKAGES.values())))
    noun = "test" if len(tools) == 1 else "tests"
    return f"skipped {len(tools)} {noun} needing {', '.join(packages)}: apt-get install {every}"
