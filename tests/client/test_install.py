"""The shipped maps and art are found through their packages, and the wheel's configuration carries them.

These would have caught the wheel that listed no missions and drew grey circles: the game looked
for ``maps/`` beside the installed ``client`` package instead of asking importlib.resources.
"""

from __future__ import annotations

import subprocess
import tomllib
from fnmatch import fnmatch
from importlib import resources as importlib_resources
from pathlib import Path

import pytest

from client import resources
from client.context import ASSETS_DIR, MAPS_DIR
from client.resources import ResourceError

ROOT = Path(__file__).resolve().parents[2]
CLIENT = ROOT / "client"


def test_the_editable_install_finds_the_checkouts_maps_and_art() -> None:
    assert resources.maps_dir() == ROOT / "maps" == MAPS_DIR
    assert resources.assets_dir() == ROOT / "assets" == ASSETS_DIR
    assert Path(str(importlib_resources.files("runetide_maps"))) == ROOT / "maps"
    assert {p.name for p in resources.shipped_maps()} >= {"tutorial.tmx", "arena_pit.tmx"}


def test_a_missing_data_package_is_an_error_in_words() -> None:
    with pytest.raises(ResourceError, match="runetide_nowhere package is not installed; reinstall"):
        resources.package_folder("runetide_nowhere")


def test_shipped_name_is_the_path_inside_the_shipped_folder(tmp_path: Path) -> None:
    assert resources.shipped_name(MAPS_DIR / "tutorial.tmx") == "tutorial.tmx"
    assert resources.shipped_name(tmp_path / "tutorial.tmx") is None


def test_no_client_module_looks_above_its_package_for_files() -> None:
    offenders = [
        str(path.relative_to(ROOT)) for path in CLIENT.rglob("*.py") if "parents[" in path.read_text("utf-8")
    ]
    assert offenders == [], "ask client.resources where shipped files are"


def _package_data() -> dict[str, list[str]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert config["package-dir"] == {"runetide_maps": "maps", "runetide_assets": "assets"}
    return config["package-data"]


def test_the_package_data_patterns_cover_every_file_the_game_ships() -> None:
    data = _package_data()
    tracked = subprocess.run(
        ["git", "ls-files", "maps", "assets"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    if not tracked:
        pytest.skip("not a git checkout")
    shipped = [p for p in tracked if "/screenshots/" not in p and not p.endswith((".tiled-session", ".py"))]
    package = {"maps": "runetide_maps", "assets": "runetide_assets"}
    uncovered = [
        path
        for path in shipped
        if not any(fnmatch(path.split("/", 1)[1], pattern) for pattern in data[package[path.split("/")[0]]])
    ]
    assert uncovered == []
    assert {"objecttypes.xml", "runetide.tiled-project"} <= set(data["runetide_maps"])


def test_setup_py_lists_the_data_packages_beside_every_code_package() -> None:
    text = (ROOT / "setup.py").read_text(encoding="utf-8")
    assert '"runetide_maps", "runetide_assets"' in text
    assert 'find_packages(include=["rules*", "client*"])' in text
    for folder in ("maps", "assets"):
        assert (ROOT / folder / "__init__.py").read_text().startswith('"""')
