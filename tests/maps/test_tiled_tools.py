"""With the real Tiled (Debian package ``tiled``): every shipped map exports, renders, and round-trips.

Skips when ``tiled`` or ``tmxrasterizer`` is missing, unless RUNETIDE_REQUIRE_TOOLS=1
(CI), which turns the skip into a failure.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from client.tiled import load_setup

from .conftest import SHIPPED

OFFSCREEN = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}


def run(args: list[str], home: Path) -> subprocess.CompletedProcess[str]:
    env = {**OFFSCREEN, "HOME": str(home), "XDG_RUNTIME_DIR": str(home)}
    return subprocess.run(args, capture_output=True, text=True, timeout=120, env=env)


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_tiled_exports_renders_and_round_trips(path: Path, tmp_path: Path, require_tool) -> None:
    tiled = require_tool("tiled")
    rasterizer = require_tool("tmxrasterizer")
    exported = tmp_path / f"{path.stem}.json"
    done = run([tiled, "--export-map", "json", str(path), str(exported)], tmp_path)
    assert done.returncode == 0 and exported.is_file(), done.stderr
    data = json.loads(exported.read_text())
    assert (data["width"], data["height"], data["infinite"]) == (*_size(path), False)

    picture = tmp_path / f"{path.stem}.png"
    done = run([rasterizer, "--tilesize", "16", str(path), str(picture)], tmp_path)
    assert done.returncode == 0 and picture.stat().st_size > 1000, done.stderr

    back = tmp_path / f"{path.stem}.tmx"  # JSON back to TMX by Tiled: the same battle
    done = run([tiled, "--export-map", "tmx", str(exported), str(back)], tmp_path)
    assert done.returncode == 0 and back.is_file(), done.stderr
    assert load_setup(back) == load_setup(path)


def _size(path: Path) -> tuple[int, int]:
    setup = load_setup(path)
    return setup.width, setup.height
