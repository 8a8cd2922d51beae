"""tests/helpers.py: a missing tool skips a test locally but fails it when RUNETIDE_REQUIRE_TOOLS=1."""

from __future__ import annotations

import pytest
from helpers import require_tool

MISSING = "runetide-no-such-tool"


def test_a_present_tool_gives_its_path() -> None:
    assert require_tool("sh").endswith("sh")


def test_a_missing_tool_skips_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RUNETIDE_REQUIRE_TOOLS", raising=False)
    with pytest.raises(pytest.skip.Exception, match=MISSING):
        require_tool(MISSING)


def test_a_missing_tool_fails_when_tools_are_required(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RUNETIDE_REQUIRE_TOOLS", "1")
    with pytest.raises(pytest.fail.Exception, match="RUNETIDE_REQUIRE_TOOLS=1 requires it"):
        require_tool(MISSING)


def test_the_fixture_is_the_same_helper(require_tool: object) -> None:
    assert require_tool is globals()["require_tool"]
