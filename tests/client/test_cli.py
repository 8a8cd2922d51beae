"""The command line says what is wrong in one line of words: version, help, counts, maps, display, art."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from client import resources
from client.__main__ import main
from client.commands._startup import NO_DISPLAY, display_problem
from client.render import sprites
from rules.tactics.ai import player_names

ROOT = Path(__file__).resolve().parents[2]


def test_version_prints_the_installed_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == "runetide 0.1.0"


def test_sim_help_lists_the_ais_and_the_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["sim", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert " | ".join(player_names()) in text
    assert "(default greedy)" in text and "(default random)" in text
    assert "default: every shipped map" in text and "number of games (20)" in text


@pytest.mark.parametrize("command", ["sim", "sim-duel", "sim-skirmish"])
@pytest.mark.parametrize(("flag", "value"), [("--games", "0"), ("--jobs", "0"), ("--jobs", "-2")])
def test_every_simulator_refuses_counts_below_one(
    command: str, flag: str, value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([command, flag, value]) == 2
    assert capsys.readouterr().err == f"{command}: {flag} must be at least 1, got {value}\n"


def test_sim_without_a_map_plays_the_shipped_maps(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--games", "2", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 2
    assert set(summary["per_map"]) <= {p.stem for p in resources.shipped_maps()}


def test_sim_with_no_maps_found_says_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(resources, "shipped_maps", lambda: [])
    assert main(["sim", "--games", "2"]) == 1  # was a ZeroDivisionError
    assert capsys.readouterr().err.startswith("sim: no maps found in ")


def test_validate_messages_have_no_filler_and_name_a_missing_file_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty, missing = tmp_path / "empty", tmp_path / "gone.tmx"
    empty.mkdir()
    assert main(["validate", str(empty), str(missing)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        f"{empty}: no .tmx maps in this folder",
        f"{missing}: cannot read map file: No such file or directory",
    ]


def test_validate_takes_a_shipped_map_by_its_package_path(capsys: pytest.CaptureFixture[str]) -> None:
    path = resources.maps_dir() / "tutorial.tmx"
    assert main(["validate", str(path)]) == 0
    assert capsys.readouterr().out == f"OK {path}\n"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{}", "not a Runetide replay (missing field 'format_version')"),
        ('{"format_version": 2, "game": "tactics"}', "missing field 'catalog_hash'"),
        ("{not json", "not a Runetide replay (not JSON)"),
    ],
)
def test_replay_errors_are_words_naming_the_file_once(
    tmp_path: Path, text: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "battle.json"
    path.write_text(text)
    assert main(["replay", str(path)]) == 1
    assert capsys.readouterr().err == f"{path}: {words}\n"


def test_a_missing_replay_file_is_named_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "nowhere.json"
    assert main(["replay", "--verify", str(path)]) == 1
    err = capsys.readouterr().err
    assert err == f"{path}: cannot read the replay: No such file or directory\n" and err.count("nowhere") == 1


def test_display_problem_needs_x11_wayland_or_a_headless_driver() -> None:
    assert display_problem({}, "linux") == NO_DISPLAY
    assert display_problem({"SDL_VIDEODRIVER": "x11"}, "linux") == NO_DISPLAY
    assert display_problem({"DISPLAY": ":0"}, "linux") is None
    assert display_problem({"WAYLAND_DISPLAY": "wayland-0"}, "linux") is None
    assert display_problem({"SDL_VIDEODRIVER": "dummy"}, "linux") is None
    assert display_problem({"SDL_VIDEODRIVER": "offscreen"}, "linux") is None
    assert display_problem({}, "win32") is None


def run_play(config: Path, drop: tuple[str, ...], **extra: str) -> subprocess.CompletedProcess[str]:
    """``runetide play`` in a child process without the variables ``drop``, plus ``extra``."""
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env.update(RUNETIDE_CONFIG_DIR=str(config), **extra)
    command = [sys.executable, "-m", "client", "play"]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)


def test_play_without_a_display_says_so_in_one_line_and_exits_1(tmp_path: Path) -> None:
    done = run_play(tmp_path, drop=("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"))
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr == f"runetide play: {NO_DISPLAY}\n"


def test_missing_unit_art_stops_the_game_at_start_naming_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    units = tmp_path / "units"
    units.mkdir()
    for picture in sprites.UNITS_DIR.glob("*.png"):
        if picture.name != "goblin_team.png":
            (units / picture.name).write_bytes(picture.read_bytes())
    monkeypatch.setattr(sprites, "UNITS_DIR", units)
    assert main(["play", "--frames", "1"]) == 1
    assert (
        capsys.readouterr().err
        == f"runetide play: missing unit art: {units / 'goblin_team.png'}; reinstall runetide\n"
    )


def test_a_unit_without_a_picture_is_an_error_not_a_grey_circle() -> None:
    with pytest.raises(sprites.MissingArt, match=r"missing unit art: .*nobody\.png"):
        sprites.unit_sprite("nobody", 1)


def test_every_catalog_unit_has_its_art() -> None:
    from rules.tactics.catalog import default_catalog

    assert sprites.missing_unit_art(sorted(default_catalog().units)) == []
    assert sprites.UNITS_DIR.is_relative_to(resources.assets_dir())
