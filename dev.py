#!/usr/bin/env python3
"""Bootstrap for developers and CI: ``python3 dev.py play`` and ``python3 dev.py test``.

Standard library only, so it runs on a fresh machine with nothing but Python 3.11+
(no make, no pre-made virtualenv). Each command creates or reuses ``.venv`` in the
repo (saying "first run: setting up .venv" when it makes it), installs the project editable
with its test extra when pyproject.toml or setup.py changed since the last install (a sha256
stamp lives inside .venv), and then:

- ``play [args]``: runs ``.venv/bin/python -m client play [args]`` (``play --help``: the game's help);
- ``test [pytest args]``: runs ``ruff check .``, ``mypy`` (rules/) then ``pytest [pytest args]``,
  and ends with the line naming the tests skipped for a missing system tool and the command
  that installs them; the exit status is non-zero if any of the three fails.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / "runetide-pyproject.sha256"
PACKAGING = ("pyproject.toml", "setup.py")  # what the editable install is made from
SKIP_REPORT_VAR = "RUNETIDE_SKIP_REPORT"  # tests/conftest.py writes the skipped-tools line there
HELP = ("-h", "--help")
USAGE = "usage: python3 dev.py play [game args] | python3 dev.py test [pytest args]"


def say(message: str) -> None:
    """Print one short progress line."""
    print(f"dev: {message}", flush=True)


def pyproject_digest() -> str:
    """The sha256 of the packaging files, which decides whether to reinstall."""
    digest = hashlib.sha256()
    for name in PACKAGING:
        digest.update((ROOT / name).read_bytes())
    return digest.hexdigest()


def ensure_venv() -> None:
    """Create .venv (or recreate a broken one) with the running interpreter."""
    if PYTHON.exists():
        return
    if VENV.exists():
        say(".venv has no interpreter; recreating it")
        shutil.rmtree(VENV)
    else:
        say("first run: setting up .venv (a minute or two; later runs start at once)")
    done = subprocess.run([sys.executable, "-m", "venv", str(VENV)], capture_output=True, text=True)
    if done.returncode != 0:
        sys.stderr.write(done.stdout + done.stderr)
        sys.exit("dev: could not create .venv (on Debian/Ubuntu: apt-get install python3-venv)")


def ensure_installed() -> None:
    """Install the project editable with its test extra unless the stamp matches pyproject.toml."""
    digest = pyproject_digest()
    if STAMP.exists() and STAMP.read_text().strip() == digest:
        return
    say("installing runetide and its test tools into .venv (new, or its packaging changed)")
    command = [str(PYTHON), "-m", "pip", "install", "--disable-pip-version-check", "-q", "-e", ".[test]"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        sys.stderr.write(done.stdout + done.stderr)
        STAMP.unlink(missing_ok=True)
        sys.exit("dev: pip install failed (output above)")
    STAMP.write_text(digest + "\n")


def run(command: Sequence[str], env: dict[str, str] | None = None) -> int:
    """Run one command in the repo root and return its exit status."""
    try:
        return subprocess.run(list(command), cwd=ROOT, env=env).returncode
    except KeyboardInterrupt:
        return 130


def play(args: Sequence[str]) -> int:
    """Start the game at the main menu (or only show its help)."""
    if not any(arg in HELP for arg in args):
        say("starting the game")
    return run([str(PYTHON), "-m", "client", "play", *args])


def test(args: Sequence[str]) -> int:
    """Lint, then run every test; non-zero if either fails."""
    say("ruff check .")
    lint = run([str(BIN / "ruff"), "check", "."])
    say("mypy (rules/)")
    types = run([str(BIN / "mypy")])
    say("pytest " + " ".join(args))
    with tempfile.TemporaryDirectory() as scratch:
        report = Path(scratch) / "skipped-tools.txt"
        tests = run([str(PYTHON), "-m", "pytest", *args], env={**os.environ, SKIP_REPORT_VAR: str(report)})
        skipped = report.read_text(encoding="utf-8").strip() if report.exists() else ""
    if lint != 0:
        say("ruff found problems (see above)")
    if types != 0:
        say("mypy found problems (see above)")
    if skipped:
        say(skipped)
    return tests or lint or types


def main(argv: Sequence[str]) -> int:
    """Dispatch ``play`` or ``test`` after making sure .venv is ready."""
    if argv and argv[0] in HELP:
        print(USAGE)
        return 0
    if not argv or argv[0] not in ("play", "test"):
        print(USAGE, file=sys.stderr)
        return 2
    if sys.version_info < (3, 11):  # noqa: UP036  (dev.py may be started by an older python3)
        sys.exit(f"dev: Python 3.11+ is needed, this is {sys.version.split()[0]}")
    ensure_venv()
    ensure_installed()
    command, rest = argv[0], argv[1:]
    return play(rest) if command == "play" else test(rest)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
