"""What maps made outside this project (real-world Tiled files) exposed: each gets one clear MapError.

JSON maps, tilesets sized by margin and spacing, tileset images without a size, layer
offsets and parallax, other tile sizes, and maps that are not battle maps at all. Each test
writes its map (edited from the valid base of tests/maps/bad/) into a scratch copy of maps/.
"""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path

import pytest

from client.commands.validate import run as validate_run
from client.tiled import MapError, load_setup, validate_map

from .conftest import BASE, MAPS, write

JSON_MAPS = "Tiled JSON maps are not read; save the map as .tmx (File > Save As)"
JSON_MAP = {"type": "map", "orientation": "orthogonal", "width": 6, "height": 5, "layers": []}


@pytest.mark.parametrize("name", ["cove.tmj", "cove.json"])
def test_a_json_map_is_told_to_be_saved_as_tmx(scratch_maps: Path, name: str) -> None:
    path = write(scratch_maps, json.dumps(JSON_MAP), name)
    with pytest.raises(MapError) as caught:
        load_setup(path)
    assert str(caught.value) == f"{path}: -: -: {JSON_MAPS}"


def test_json_saved_under_a_tmx_name_gets_the_same_message(scratch_maps: Path) -> None:
    path = write(scratch_maps, json.dumps(JSON_MAP), "renamed.tmx")
    assert [e.message for e in validate_map(path)] == [JSON_MAPS]


def test_validating_a_folder_names_each_json_map_it_skips(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copytree(MAPS / "tilesets", tmp_path / "tilesets")
    good = write(tmp_path, BASE, "good.tmx")
    tmj = write(tmp_path, json.dumps(JSON_MAP), "old.tmj")
    (tmp_path / "nested").mkdir()
    json_map = write(tmp_path / "nested", json.dumps(JSON_MAP), "older.json")
    write(tmp_path, json.dumps({"type": "tileset", "name": "t"}), "tiles.json")  # not a map: not named
    write(tmp_path, "{ not json", "notes.json")
    assert validate_run(argparse.Namespace(paths=[tmp_path])) == 0  # the .tmx maps are fine
    assert sorted(capsys.readouterr().out.splitlines()) == sorted(
        [f"OK {good}", f"SKIPPED {tmj}: {JSON_MAPS}", f"SKIPPED {json_map}: {JSON_MAPS}"]
    )


def test_a_folder_of_only_json_maps_fails_and_names_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tmj = write(tmp_path, json.dumps(JSON_MAP), "only.tmj")
    assert validate_run(argparse.Namespace(paths=[tmp_path])) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == [f"{tmp_path}: -: -: no .tmx maps in this folder", f"SKIPPED {tmj}: {JSON_MAPS}"]
