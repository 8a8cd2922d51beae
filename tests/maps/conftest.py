"""Fixtures for the map tests: where the shipped maps live, and a scratch copy of the map folder.

A scratch copy keeps the relative tileset paths of a map valid, so a test can write a
changed map next to the real tilesets without touching the repository.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "maps"
BAD = Path(__file__).resolve().parent / "bad"
SHIPPED = sorted(MAPS.glob("*.tmx"))


@pytest.fixture(scope="session")
def scratch_maps(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A session-wide copy of maps/ (tilesets included) to write changed maps into."""
    target = tmp_path_factory.mktemp("maps") / "maps"
    shutil.copytree(MAPS, target)
    return target
