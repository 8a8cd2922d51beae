"""Fixtures for the map tests: where the shipped maps live, a scratch copy of the map folder, map edits.

A scratch copy keeps the relative tileset paths of a map valid, so a test can write a
changed map next to the real tilesets without touching the repository. ``BASE`` is the
small valid map of tests/maps/bad/valid_base.tmx with its tileset paths made relative to
such a copy; ``with_objects`` edits it and ``write`` saves the result.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "maps"
BAD = Path(__file__).resolve().parent / "bad"
SHIPPED = sorted(MAPS.glob("*.tmx"))
BASE = (BAD / "valid_base.tmx").read_text().replace("../../../maps/tilesets", "tilesets")


def write(folder: Path, text: str, name: str = "case.tmx") -> Path:
    path = folder / name
    path.write_text(text)
    return path


def with_objects(objects: str, **replace: str) -> str:
    """BASE with ``objects`` added to its ``objects`` layer and each ``old=new`` text replaced."""
    text = BASE.replace(
        ' <objectgroup id="3" name="objects">\n', f' <objectgroup id="3" name="objects">\n{objects}'
    )
    for old, new in replace.items():
        text = text.replace(old, new)
    return text


@pytest.fixture(scope="session")
def scratch_maps(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A session-wide copy of maps/ (tilesets included) to write changed maps into."""
    target = tmp_path_factory.mktemp("maps") / "maps"
    shutil.copytree(MAPS, target)
    return target
