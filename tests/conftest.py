"""Test-wide setup: a headless SDL before anything imports pygame, and shared fixtures.

setdefault keeps a value the caller already chose, so an end-to-end test can run the
game with a real window (SDL_VIDEODRIVER=x11 under Xvfb) in its own subprocess.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# The imports below come after the environment on purpose: pygame reads it at import time.
import pytest
from helpers import SKIP_REPORT_VAR, missing_tool_line
from helpers import require_tool as _require_tool


@pytest.fixture
def require_tool() -> Callable[[str], str]:
    """``require_tool("tiled")`` returns the tool's path, or skips (fails under RUNETIDE_REQUIRE_TOOLS=1)."""
    return _require_tool


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    """Where a test saves the screenshots a person looks at: ``RUNETIDE_E2E_SHOTS=folder`` keeps them,
    otherwise they go to the test's own temporary folder."""
    folder = Path(os.environ.get("RUNETIDE_E2E_SHOTS", tmp_path))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """End with the tests skipped for a missing tool and the command that installs the tools."""
    reasons = [
        str(report.longrepr[-1])
        for report in terminalreporter.stats.get("skipped", [])
        if isinstance(report.longrepr, tuple)
    ]
    line = missing_tool_line(reasons)
    report_file = os.environ.get(SKIP_REPORT_VAR)
    if report_file:
        with open(report_file, "w", encoding="utf-8") as handle:
            handle.write(line or "")
    if line:
        terminalreporter.write_line(line)
