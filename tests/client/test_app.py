"""The scene stack, the main loop and the command line, all headless (SDL dummy driver)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from client.__main__ import build_parser
from client.app import MIN_SIZE, App, SceneStack, display_window
from client.scenes.base import Pop, Push, Quit, Replace, Transition

ROOT = Path(__file__).resolve().parents[2]
POP_EVENT = pygame.event.custom_type()


class FakeScene:
    """Records what the stack and loop do to it; answers POP_EVENT with Pop()."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.sizes: list[tuple[int, int]] = []
        self.updates = 0
        self.draws = 0
        self.closed = 0

    def close(self) -> None:
        self.closed += 1

    def resize(self, size: tuple[int, int]) -> None:
        self.sizes.append(size)

    def handle_event(self, ev: pygame.event.Event) -> Transition | None:
        return Pop() if ev.type == POP_EVENT else None

    def update(self, dt: float) -> None:
        self.updates += 1

    def draw(self, surface: pygame.Surface) -> None:
        self.draws += 1


@pytest.fixture
def app() -> Iterator[App]:
    app = App((640, 360))  # smaller than the game allows
    yield app
    app.close()


def test_stack_applies_push_pop_replace_and_quit() -> None:
    a, b, c = FakeScene("a"), FakeScene("b"), FakeScene("c")
    stack = SceneStack((800, 600))
    stack.apply(Push(a))
    stack.apply(Push(b))
    assert stack.scenes == (a, b)
    stack.apply(Replace(c))
    assert stack.scenes == (a, c)
    stack.apply(Pop())
    assert stack.scenes == (a,) and stack.top is a
    stack.apply(Quit())
    assert len(stack) == 0 and stack.top is None


def test_scenes_leaving_the_stack_are_closed_and_the_others_not() -> None:
    a, b, c, d = (FakeScene(name) for name in "abcd")
    stack = SceneStack((800, 600))
    for scene in (a, b, c):
        stack.apply(Push(scene))
    stack.apply(Pop())
    assert (a.closed, b.closed, c.closed) == (0, 0, 1)
    stack.apply(Replace(d))
    assert b.closed == 1 and d.closed == 0
    stack.apply(Quit())  # the window closing
    assert (a.closed, d.closed) == (1, 1)


def test_closing_the_app_closes_the_scenes_left_on_the_stack() -> None:
    app = App((1280, 720))
    scene = FakeScene("left open")
    app.stack.apply(Push(scene))
    app.close()
    assert scene.closed == 1


def test_a_scene_revealed_by_pop_gets_the_size_the_window_has_now() -> None:
    menu, overlay = FakeScene("menu"), FakeScene("overlay")
    stack = SceneStack((800, 600))
    stack.apply(Push(menu))
    stack.apply(Push(overlay))
    stack.resize((1024, 768))
    assert overlay.sizes[-1] == (1024, 768) and menu.sizes == [(800, 600)]
    stack.apply(Pop())
    assert menu.sizes[-1] == (1024, 768)


def test_stack_rejects_what_is_not_a_transition() -> None:
    with pytest.raises(TypeError):
        SceneStack((10, 10)).apply("pop")  # type: ignore[arg-type]


def test_loop_updates_and_draws_the_top_scene_until_it_pops(app: App) -> None:
    scene = FakeScene("only")
    app.run(scene, max_frames=2)
    assert (scene.updates, scene.draws, app.frames) == (2, 2, 2)
    pygame.event.post(pygame.event.Event(POP_EVENT))
    app.run(max_frames=50)
    assert not app.running and app.frames == 2


def test_closing_the_window_ends_the_loop(app: App) -> None:
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run(FakeScene("only"), max_frames=50)
    assert not app.running and app.frames == 0


def test_window_resize_reaches_the_top_scene(app: App) -> None:
    scene = FakeScene("only")
    app.stack.apply(Push(scene))
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1100, h=700, size=(1100, 700)))
    app.step()
    assert scene.sizes[-1] == (1100, 700) and app.size == (1100, 700)


def test_the_window_is_never_smaller_than_the_minimum(app: App) -> None:
    assert app.size == MIN_SIZE, "asked for 640x360, opened at the minimum"
    assert tuple(display_window().minimum_size) == MIN_SIZE
    scene = FakeScene("only")
    app.stack.apply(Push(scene))
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=800, h=500, size=(800, 500)))
    app.step()
    assert scene.sizes[-1] == (960, 600) and app.size == (960, 600)
    assert app.screen.get_size() == (960, 600)


def test_commands_are_discovered_and_play_is_the_default() -> None:
    parser = build_parser()
    args = parser.parse_args(["play", "--map", "maps/x.tmx", "--frames", "3"])
    assert (args.command, args.map, args.frames) == ("play", Path("maps/x.tmx"), 3)
    with pytest.raises(SystemExit):
        parser.parse_args(["play", "--frames", "0"])


@pytest.mark.parametrize("argv", [["play", "--frames", "3"], ["--frames", "3"]])
def test_python_m_client_play_runs_a_few_frames_and_exits_0(argv: list[str]) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run(
        [sys.executable, "-m", "client", *argv], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr


def run_client(*argv: str, timeout: float = 90) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    command = [sys.executable, "-m", "client", *argv]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)


def test_play_with_a_map_starts_the_battle_on_it(tmp_path: Path) -> None:
    state = tmp_path / "state.json"
    env_done = subprocess.run(
        [sys.executable, "-m", "client", "play", "--map", "maps/tutorial.tmx", "--frames", "5"],
        cwd=ROOT,
        env=dict(
            os.environ,
            SDL_VIDEODRIVER="dummy",
            SDL_AUDIODRIVER="dummy",
            RUNETIDE_DEBUG_STATE=str(state),
            RUNETIDE_CONFIG_DIR=str(tmp_path),
        ),
        capture_output=True,
        text=True,
        timeout=90,
    )
    assert env_done.returncode == 0, env_done.stderr
    assert '"scene": "battle"' in state.read_text()


def test_play_with_a_broken_map_shows_the_error_and_does_not_crash(tmp_path: Path) -> None:
    bad = tmp_path / "bad.tmx"
    bad.write_text("<map>not a tiled map", encoding="utf-8")
    done = run_client("play", "--map", str(bad), "--frames", "3")
    assert done.returncode == 0, done.stderr
    assert "bad.tmx" in done.stdout


def test_watch_needs_a_map() -> None:
    done = run_client("play", "--watch", "--frames", "1")
    assert done.returncode == 2 and "--watch needs --map" in done.stdout


def test_a_broken_data_file_is_one_line_naming_it_not_a_traceback(monkeypatch, capsys) -> None:
    """A designer's TOML mistake reaches the command line as the catalog's own message."""
    import client.__main__ as entry
    from rules.core.toml_reader import CatalogError

    def broken(args: object) -> int:
        raise CatalogError("duel_decks.toml: decks.starter.cards: unknown card 'sapr'")

    parser = entry.build_parser()
    monkeypatch.setattr(entry, "build_parser", lambda: parser)
    args = type("Args", (), {"func": staticmethod(broken)})()
    monkeypatch.setattr(parser, "parse_args", lambda words: args)
    assert entry.main(["sim-duel"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == (
        "runetide: the game's data is broken: duel_decks.toml: decks.starter.cards: unknown card 'sapr'"
    )


def test_window_opens_at_1280x720_when_the_desktop_has_room_for_it() -> None:
    from client.app import opening_size

    assert opening_size((1920, 1080)) == (1280, 720)
    assert opening_size((3840, 2160)) == (1280, 720)
    assert opening_size(None) == (1280, 720)


def test_window_opens_at_the_largest_size_that_fits_a_small_desktop() -> None:
    """A 1366x768 laptop: the full width, the height less a title bar and a task bar; never below the
    smallest window the screens are laid out for."""
    from client.app import DESKTOP_ROOM, MIN_SIZE, opening_size

    assert opening_size((1366, 768)) == (1280, 768 - DESKTOP_ROOM[1])
    assert opening_size((1280, 720)) == (1280 - DESKTOP_ROOM[0], 720 - DESKTOP_ROOM[1])
    assert opening_size((1024, 600)) == (1024 - DESKTOP_ROOM[0], MIN_SIZE[1])
    assert opening_size((800, 480)) == MIN_SIZE
