"""Client test fixtures: settings in a temporary folder, English text, and battle scenes on shipped maps.

Every client test gets its own ``RUNETIDE_CONFIG_DIR`` and ``RUNETIDE_DATA_DIR`` (nothing touches
the user's settings or saved replays) and starts in English. ``battle`` builds a
:class:`TacticsScene` on a shipped map with a fixed seed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from client import i18n
from client.app import App
from client.context import MAPS_DIR, Context
from client.settings import SettingsStore
from rules.tactics.ai import player_names

ROOT = Path(__file__).resolve().parents[2]
TUTORIAL = MAPS_DIR / "tutorial.tmx"
# Scene tests play against a quick AI level (the strongest may think for a while); the seam is the same.
FAST_AI = "greedy" if "greedy" in player_names() else player_names()[-1]


@pytest.fixture(autouse=True)
def _isolated_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("RUNETIDE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("RUNETIDE_DATA_DIR", str(tmp_path / "data"))  # saved replays
    monkeypatch.delenv("RUNETIDE_DEBUG_STATE", raising=False)
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture
def ctx(tmp_path: Path) -> Context:
    return Context.load(SettingsStore(tmp_path / "config" / "settings.json"))


@pytest.fixture
def app(ctx: Context) -> Iterator[App]:
    app = App((1280, 720), fps=0, context=ctx)  # fps 0: frames as fast as they come
    yield app
    app.close()  # closes the scenes still on the stack


@pytest.fixture
def battle(app: App, ctx: Context) -> Callable[..., object]:
    """``battle(map_path, seed, speed, hotseat, ai)``: a TacticsScene on the stack (defaults: tutorial, 7,
    instant, a quick AI)."""
    from client.battle.scene import TacticsScene
    from client.battle.spec import load_spec
    from client.scenes.base import Push

    def make(
        map_path: Path = TUTORIAL,
        seed: int = 7,
        speed: str = "instant",
        hotseat: bool = False,
        ai: str = FAST_AI,
    ):
        ctx.settings.speed = speed
        ctx.settings.ai_level = ai
        spec = load_spec(map_path, ctx.settings, hotseat=hotseat)
        scene = TacticsScene(ctx, app.size, spec, seed=seed)
        app.stack.apply(Push(scene))
        return scene

    return make
