"""End to end in a real X window: start ``runetide`` under Xvfb, click through the menu into a mission
with xdotool, make a move, take a screenshot and check that it shows the battle; open a saved
replay from the Replays list, pause it and step it.

The game writes a tiny state file when ``RUNETIDE_DEBUG_STATE`` is set (the scene on top and
where its buttons and squads are), so the test knows where to click and when the game has
reacted. The screenshots are compared region by region: the battle's HUD bars and map must be
there, and the picture must differ from the menu's. ``RUNETIDE_E2E_SHOTS=folder`` keeps them.
"""

from __future__ import annotations

import itertools
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SIZE = (1280, 720)  # the window the game opens on a desktop with room for it (client.app.opening_size)
SCREEN = (1440, 900)  # the Xvfb screen: room for a 1280x720 window and a task bar


def start_xvfb(xvfb: str, screen: tuple[int, int] = SCREEN) -> tuple[subprocess.Popen, str]:
    """Xvfb on a display number it picks itself (-displayfd), so parallel runs never collide."""
    read_fd, write_fd = os.pipe()
    process = subprocess.Popen(
        [xvfb, "-displayfd", str(write_fd), "-screen", "0", "{}x{}x24".format(*screen), "-nolisten", "tcp"],
        pass_fds=(write_fd,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write_fd)
    with os.fdopen(read_fd) as pipe:
        number = pipe.readline().strip()
    if not number:
        process.kill()
        pytest.fail("Xvfb did not report a display number")
    return process, f":{number}"


def wait_for(condition: Callable[[], object], what: str, timeout: float = 30.0) -> object:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        time.sleep(0.05)
    pytest.fail(f"timed out waiting for {what}")


class Game:
    """The game process in the Xvfb display, its state file and the X tools."""

    def __init__(self, display: str, state: Path, tools: dict[str, str], config: Path, data: Path) -> None:
        self.display = display
        self.state_path = state
        self.tools = tools
        env = dict(
            os.environ,
            DISPLAY=display,
            SDL_VIDEODRIVER="x11",
            SDL_AUDIODRIVER="dummy",
            RUNETIDE_DEBUG_STATE=str(state),
            RUNETIDE_CONFIG_DIR=str(config),
            RUNETIDE_DATA_DIR=str(data),
        )
        self.env = env
        self.process = subprocess.Popen(
            [sys.executable, "-m", "client"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )

    def state(self) -> dict:
        try:
            return json.loads(self.state_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}

    def wait_scene(self, scene: str, check: Callable[[dict], bool] = lambda s: True) -> dict:
        def ready() -> dict | None:
            if self.process.poll() is not None:
                pytest.fail(f"the game exited: {self.process.stderr.read().decode(errors='replace')}")
            state = self.state()
            return state if state.get("scene") == scene and check(state) else None

        return wait_for(ready, f"scene {scene}")  # type: ignore[return-value]

    def window_geometry(self) -> dict[str, int]:
        """The game window's X, Y, WIDTH and HEIGHT on the screen, as xdotool reports them ({} if none)."""
        for query in (("--name", "Runetide"), ("--class", ".")):
            ids = self._run("xdotool", "search", *query).split()
            if ids:
                geometry = self._run("xdotool", "getwindowgeometry", "--shell", ids[-1])
                values = dict(line.split("=", 1) for line in geometry.split() if "=" in line)
                return {name: int(value) for name, value in values.items() if value.isdigit()}
        return {}

    def window_origin(self) -> tuple[int, int]:
        """Where the game window is on the screen (no window manager here: SDL centres it)."""
        geometry = self.window_geometry()
        return geometry.get("X", 0), geometry.get("Y", 0)

    def key(self, name: str) -> None:
        """Press and release a key (an X keysym name: space, Right, Escape)."""
        self._run("xdotool", "key", name)

    def hover(self, pos: list[int]) -> None:
        """Move the mouse to a point of the game's window."""
        ox, oy = self.window_origin()
        self._run("xdotool", "mousemove", "--sync", str(ox + pos[0]), str(oy + pos[1]))

    def click(self, pos: list[int]) -> None:
        self.hover(pos)
        time.sleep(0.1)  # let the game see the hover before the press
        self._run("xdotool", "click", "1")

    def screenshot(self, path: Path, size: tuple[int, int] = SIZE) -> Path:
        """The game's window (of ``size``) as a picture (SDL centres it on the larger screen)."""
        ox, oy = self.window_origin()
        crop = f"{size[0]}x{size[1]}+{ox}+{oy}"
        self._run("import", "-window", "root", "-crop", crop, "+repage", str(path))
        return path

    def _run(self, tool: str, *args: str) -> str:
        done = subprocess.run(
            [self.tools[tool], *args], env=self.env, capture_output=True, text=True, timeout=30, check=False
        )
        return done.stdout.strip()

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()


@pytest.fixture
def game(tmp_path: Path, require_tool: Callable[[str], str]) -> Iterator[Game]:
    tools = {name: require_tool(name) for name in ("Xvfb", "xdotool", "import")}
    xvfb, display = start_xvfb(tools["Xvfb"])
    game = Game(display, tmp_path / "state.json", tools, tmp_path / "config", tmp_path / "data")
    try:
        yield game
    finally:
        game.close()
        xvfb.terminate()
        xvfb.wait(10)


def pixels(path: Path):
    import pygame

    return pygame.image.load(str(path))


def region_stats(image, rect: tuple[int, int, int, int]) -> tuple[float, float]:
    """Mean brightness and its spread over a grid of points in ``rect``."""
    x0, y0, w, h = rect
    values = [sum(image.get_at((x, y))[:3]) / 3 for x in range(x0, x0 + w, 7) for y in range(y0, y0 + h, 7)]
    mean = sum(values) / len(values)
    spread = (sum((v - mean) ** 2 for v in values) / len(values)) ** 0.5
    return mean, spread


def test_click_through_the_menu_into_a_mission_and_move(game: Game, shots: Path) -> None:
    menu = game.wait_scene("menu")
    geometry = game.window_geometry()
    assert (geometry.get("WIDTH"), geometry.get("HEIGHT")) == SIZE, "opens at 1280x720 where it fits"
    time.sleep(0.5)
    menu_shot = game.screenshot(shots / "e2e_menu.png")

    game.click(menu["buttons"]["missions"])
    missions = game.wait_scene("MissionsScene")
    assert missions["maps"][missions["chosen"]][0] == "First Blood"
    game.click(missions["buttons"]["start"])

    battle = game.wait_scene("battle", lambda s: s.get("human_turn") and "selected" in s and s.get("idle"))
    game.click(battle["selected"])
    battle = game.wait_scene("battle", lambda s: "move_to" in s and s.get("idle"))
    game.click(battle["move_to"])
    game.wait_scene("battle", lambda s: s["actions"] >= 1)
    game.hover([640, 20])  # off the map: the moved squad's tooltip would cover what is checked below
    time.sleep(1.0)  # the move animates
    battle_shot = game.screenshot(shots / "e2e_battle.png")

    import pygame

    pygame.init()
    menu_image, battle_image = pixels(menu_shot), pixels(battle_shot)
    assert battle_image.get_size() == SIZE
    top_bar = region_stats(battle_image, (0, 0, 1280, 46))
    side_panel = region_stats(battle_image, (1000, 60, 270, 580))
    map_area = region_stats(battle_image, (200, 120, 560, 460))
    assert map_area[1] > 10, "the map area is blank"  # blank: ~0; the grass of First Blood: ~18
    assert side_panel[1] > 5 and top_bar[1] > 5, "the HUD is not drawn"
    assert map_area[0] > 60, "the map is too dark to be the battlefield"
    menu_map_area = region_stats(menu_image, (200, 120, 560, 460))
    assert abs(map_area[0] - menu_map_area[0]) > 20, "the screen still looks like the menu"
    if shutil.which("identify"):
        assert (
            "1280x720"
            in subprocess.run(["identify", str(battle_shot)], capture_output=True, text=True).stdout
        )


def test_watch_a_saved_replay_pause_and_step_it(game: Game, tmp_path: Path, shots: Path) -> None:
    from client.context import MAPS_DIR
    from client.replays import save_replay
    from client.tiled import load_setup
    from rules.tactics.ai import make_player, player_names
    from rules.tactics.match import play_match

    setup = load_setup(MAPS_DIR / "tutorial.tmx")
    ai = "greedy" if "greedy" in player_names() else player_names()[0]
    result = play_match(setup, {1: make_player(ai, 1), 2: make_player(ai, 2)}, seed=5)
    assert result.state is not None
    saved = tmp_path / "data" / "replays" / "tutorial.json"
    save_replay(saved, setup, MAPS_DIR / "tutorial.tmx", 5, result.actions, result.state)

    menu = game.wait_scene("menu")
    game.click(menu["buttons"]["replays"])
    replays = game.wait_scene("ReplaysScene")
    assert replays["maps"][0][0] == "First Blood"
    game.click(replays["buttons"]["start"])
    game.wait_scene("replay", lambda s: s["actions"] >= 1)
    game.key("space")
    paused = game.wait_scene("replay", lambda s: s["paused"] and s["idle"])
    game.key("Right")
    game.wait_scene("replay", lambda s: s["actions"] == paused["actions"] + 1 and s["idle"])
    time.sleep(1.0)  # still paused: nothing more is played
    stepped = game.state()
    assert stepped["paused"] and stepped["actions"] == paused["actions"] + 1
    shot = game.screenshot(shots / "e2e_replay.png")

    import pygame

    pygame.init()
    image = pixels(shot)
    mean, spread = region_stats(image, (200, 120, 560, 460))
    assert spread > 10 and mean > 60, "the map area is not the battlefield"
    assert region_stats(image, (0, 656, 1280, 64))[1] > 5, "the replay controls are not drawn"


def test_a_4k_screen_in_russian_shows_the_menu_at_three_times_its_size(
    tmp_path: Path, shots: Path, require_tool: Callable[[str], str]
) -> None:
    """Fullscreen on a 3840x2160 screen: the UI scale is 300%, so the menu's buttons stand three times
    as far apart as at 1280x720 (at least 50 px there), the grid of them is centred, and the picture
    shows them."""
    tools = {name: require_tool(name) for name in ("Xvfb", "xdotool", "import")}
    screen = (3840, 2160)
    xvfb, display = start_xvfb(tools["Xvfb"], screen)
    config = tmp_path / "config"
    config.mkdir()
    settings = {"fullscreen": True, "language": "ru"}
    (config / "settings.json").write_text(json.dumps(settings), encoding="utf-8")
    game = Game(display, tmp_path / "state.json", tools, config, tmp_path / "data")
    try:
        menu = game.wait_scene("menu")
        geometry = game.window_geometry()
        assert (geometry.get("WIDTH"), geometry.get("HEIGHT")) == screen
        centres = list(menu["buttons"].values())
        columns = sorted({c[0] for c in centres})
        for x in columns:  # the buttons go down each column of the grid
            ys = sorted(c[1] for c in centres if c[0] == x)
            steps = [b - a for a, b in itertools.pairwise(ys)]
            assert all(step >= 3 * 50 - 6 for step in steps), steps
        assert abs(sum(columns) / len(columns) - screen[0] // 2) <= 2, "the grid is centred"
        where = (centres[0][0] - 300, centres[0][1] - 40, 600, 80)

        def drawn() -> object:  # a 4K frame takes a while to reach the screen on a loaded machine
            image = pixels(game.screenshot(shots / "e2e_menu_4k_ru.png", screen))
            return [image] if region_stats(image, where)[1] > 5 else None

        (image,) = wait_for(drawn, "the Missions button drawn where the game says it is")  # type: ignore[misc]
        assert image.get_size() == screen
    finally:
        game.close()
        xvfb.terminate()
        xvfb.wait(10)


def test_menu_barracks_hire_arena_apply_and_battle(game: Game, tmp_path: Path, shots: Path) -> None:
    """Issue 21's path in a real window: menu -> Barracks -> hire a swordsman -> back -> Arena ->
    create an application -> matched (``RUNETIDE_ARENA_WAIT`` shortens the minute) -> the battle."""
    menu = game.wait_scene("menu")
    game.close()  # restart with a profile that has cards to hire with and a short matchmaking wait
    from dataclasses import replace

    from client.meta.profile_store import ProfileStore, starting_profile

    store = ProfileStore(tmp_path / "data", time.time)
    store.save(replace(starting_profile(time.time(), seed=9), cards={"swordsman": 3}))
    game.env["RUNETIDE_ARENA_WAIT"] = "2"
    game.process = subprocess.Popen(
        [sys.executable, "-m", "client"],
        cwd=ROOT,
        env=game.env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    game.state_path.unlink(missing_ok=True)
    menu = game.wait_scene("menu")
    game.click(menu["buttons"]["barracks"])
    barracks = game.wait_scene("barracks")
    before = barracks["roster"]["swordsman"]
    game.click(barracks["buttons"]["hire_swordsman"])
    barracks = game.wait_scene("barracks", lambda s: s["roster"]["swordsman"] == before + 1)
    assert barracks["cards"]["swordsman"] == 2
    game.click(barracks["buttons"]["back"])
    menu = game.wait_scene("menu")
    game.click(menu["buttons"]["arena"])
    arena = game.wait_scene("arena", lambda s: "apply" in s["buttons"])
    game.click(arena["buttons"]["apply"])
    arena = game.wait_scene("arena", lambda s: s["matched"] and "fight" in s["buttons"])
    assert arena["supplies"] == 145
    time.sleep(0.3)
    game.screenshot(shots / "e2e_arena_matched.png")
    game.click(arena["buttons"]["fight"])
    game.wait_scene("battle", lambda s: s.get("idle"))
    time.sleep(1.0)
    shot = game.screenshot(shots / "e2e_arena_battle.png")

    import pygame

    pygame.init()
    image = pixels(shot)
    assert region_stats(image, (200, 120, 560, 460))[1] > 10, "the arena map is not drawn"
