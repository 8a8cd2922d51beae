"""dev.py says what it does on a first run, shows the game's help without starting it, and ends the
tests with the tests that a missing system tool skipped and the command that installs the tools."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest
from helpers import SKIP_REPORT_VAR, missing_tool_line

ROOT = Path(__file__).resolve().parents[1]
EVERY_TOOL = "apt-get install imagemagick tiled xdotool xvfb"


def load_dev() -> ModuleType:
    spec = importlib.util.spec_from_file_location("dev_under_test", ROOT / "dev.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_first_run_says_it_is_setting_up_the_venv(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    dev = load_dev()
    monkeypatch.setattr(dev, "VENV", tmp_path / ".venv")
    monkeypatch.setattr(dev, "PYTHON", tmp_path / ".venv" / "bin" / "python")
    made = []
    monkeypatch.setattr(
        dev.subprocess, "run", lambda command, **_: made.append(command) or SimpleNamespace(returncode=0)
    )
    dev.ensure_venv()
    assert capsys.readouterr().out.startswith("dev: first run: setting up .venv")
    assert made[0][1:3] == ["-m", "venv"]


def test_the_install_stamp_covers_setup_py() -> None:
    assert load_dev().PACKAGING == ("pyproject.toml", "setup.py")


def test_play_help_only_shows_the_games_help(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    dev = load_dev()
    ran = []
    monkeypatch.setattr(dev, "run", lambda command, env=None: ran.append(command) or 0)
    assert dev.play(["--help"]) == 0
    assert "starting the game" not in capsys.readouterr().out
    assert ran[0][-2:] == ["play", "--help"]


def test_the_games_play_help_starts_nothing(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    done = subprocess.run(
        [sys.executable, "-m", "client", "play", "--help"],
        cwd=tmp_path,
        env={**env, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.startswith("usage: runetide play")


def test_the_skip_line_names_the_tools_and_the_install_command() -> None:
    reasons = [
        "executable 'tiled' not found on PATH (set RUNETIDE_REQUIRE_TOOLS=1 to make this a failure)",
        "executable 'tmxrasterizer' not found on PATH (set ...)",
        "executable 'Xvfb' not found on PATH (set ...)",
        "some other reason",
    ]
    assert missing_tool_line(reasons) == f"skipped 3 tests needing tiled, xvfb: {EVERY_TOOL}"
    assert missing_tool_line(["some other reason"]) is None


def test_pytest_reports_a_test_skipped_for_a_missing_tool(tmp_path: Path) -> None:
    test = tmp_path / "test_needs_xvfb.py"
    test.write_text("from helpers import require_tool\n\n\ndef test_x():\n    require_tool('Xvfb')\n")
    for name in ("conftest.py", "helpers.py"):  # the suite's own hook, beside a test of its own
        shutil.copy(ROOT / "tests" / name, tmp_path / name)
    report = tmp_path / "skipped.txt"
    env = {k: v for k, v in os.environ.items() if k != "RUNETIDE_REQUIRE_TOOLS"}
    env.update(PATH=str(tmp_path), PYTHONPATH=str(tmp_path), **{SKIP_REPORT_VAR: str(report)})  # no tools
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-c", os.devnull, str(test)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    line = f"skipped 1 test needing xvfb: {EVERY_TOOL}"
    assert line in done.stdout.splitlines()
    assert report.read_text() == line


def test_dev_test_ends_with_the_skip_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    dev = load_dev()
    line = f"skipped 2 tests needing tiled: {EVERY_TOOL}"

    def fake_run(command, env=None):
        if env is not None:
            Path(env[SKIP_REPORT_VAR]).write_text(line)
        return 1 if "ruff" in command[0] else 0

    monkeypatch.setattr(dev, "run", fake_run)
    assert dev.test([]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == f"dev: {line}"
