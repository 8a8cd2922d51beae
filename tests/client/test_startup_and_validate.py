"""#19's small gaps: a DISPLAY with no server gives our one line only; ``validate runetide_maps/NAME``
checks the shipped map; the watcher's missing-file line reads like validate's ("file: message")."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from client.__main__ import main
from client.app import App
from client.commands._startup import NO_DISPLAY, pin_video_driver
from client.context import MAPS_DIR, Context
from client.scenes.base import Push
from client.scenes.map_error import MapErrorScene
from client.scenes.watch import WatchScene
from tests.client.test_cli import run_play

ROOT = Path(__file__).resolve().parents[2]


def test_sdl_is_told_to_try_only_the_display_servers_the_environment_names() -> None:
    env = {"DISPLAY": ":3"}
    pin_video_driver(env)
    assert env["SDL_VIDEODRIVER"] == "x11"
    env = {"DISPLAY": ":3", "WAYLAND_DISPLAY": "wayland-0"}
    pin_video_driver(env)
    assert env["SDL_VIDEODRIVER"] == "x11,wayland"
    env = {"DISPLAY": ":3", "SDL_VIDEODRIVER": "dummy"}
    pin_video_driver(env)
    assert env["SDL_VIDEODRIVER"] == "dummy"  # the caller's choice stands
    env = {}
    pin_video_driver(env)
    assert env == {}


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 display names are Linux's")
def test_play_on_a_display_with_no_server_prints_only_the_one_line(tmp_path: Path) -> None:
    drop = ("WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "XDG_RUNTIME_DIR")
    done = run_play(tmp_path, drop, DISPLAY=":917")  # no X server has that number
    assert done.returncode == 1 and done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"runetide play: {NO_DISPLAY}"), done.stderr


def test_validate_takes_the_package_path_of_a_shipped_map(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)  # no runetide_maps folder here
    assert main(["validate", "runetide_maps/tutorial.tmx"]) == 0
    assert capsys.readouterr().out == f"OK {MAPS_DIR / 'tutorial.tmx'}\n"
    assert main(["validate", "runetide_maps/nowhere.tmx"]) == 1
    assert "nowhere.tmx" in capsys.readouterr().out


def test_a_watched_map_that_is_gone_says_so_without_filler(app: App, ctx: Context, tmp_path: Path) -> None:
    path = tmp_path / "gone.tmx"
    watch = WatchScene(ctx, app.size, path)
    app.stack.apply(Push(watch))
    assert isinstance(watch.child, MapErrorScene)
    assert watch.child.errors == [f"{path}: the file is missing (was it renamed or deleted?)"]
