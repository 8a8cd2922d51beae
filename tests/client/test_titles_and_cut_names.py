"""#19: map titles in the player's language wherever a map is named, and a name cut with "…" to fit
its button shows whole in a tooltip on hover."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from client import i18n
from client.app import App
from client.battle import replay_hook
from client.context import MAPS_DIR, Context
from client.render.text import fit_label
from client.replays import scan_replays
from client.scenes.base import Push
from client.scenes.hotseat import HotseatScene
from client.scenes.missions import MissionsScene
from client.scenes.replays import ReplaysScene
from tests.client.replay_files import map_copy, write_replay
from tests.client.ui_events import hover, steps, until

LONG_TITLE = "The Long and Winding Road Through the Marshes of the Forgotten King"


@pytest.fixture(autouse=True)
def _english_after() -> object:
    yield
    i18n.set_language("en")


def test_the_missions_and_hot_seat_lists_name_maps_in_the_players_language(app: App, ctx: Context) -> None:
    i18n.set_language("ru")
    missions = MissionsScene(ctx, app.size)
    assert "Первая кровь" in [entry.name for entry in missions.entries]
    cove = next(i for i, entry in enumerate(missions.entries) if entry.name == "Бухта контрабандистов")
    button = missions.map_buttons[cove]  # whole, or cut with its whole title on hover
    assert button.text == "Бухта контрабандистов" or button.tool_tip_text == "Бухта контрабандистов"
    hotseat = HotseatScene(ctx, app.size)
    assert "Яма" in [entry.name for entry in hotseat.entries]
    i18n.set_language("en")
    assert "First Blood" in [entry.name for entry in MissionsScene(ctx, app.size).entries]


def test_a_replay_names_its_map_in_the_players_language(app: App) -> None:
    folder = replay_hook.replays_dir()
    folder.mkdir(parents=True)
    write_replay(folder / "one.json", MAPS_DIR / "tutorial.tmx")
    i18n.set_language("ru")
    assert [entry.name for entry in scan_replays(folder)] == ["Первая кровь"]


def test_the_battles_opening_banner_shows_the_title_in_the_players_language(
    app: App, battle, monkeypatch: pytest.MonkeyPatch
) -> None:
    import client.battle.scene as scene_module

    titles: list[str] = []
    real = scene_module.Banner

    def recording(title: str, *args: object, **kwargs: object) -> object:
        titles.append(title)
        return real(title, *args, **kwargs)

    monkeypatch.setattr(scene_module, "Banner", recording)
    i18n.set_language("ru")
    battle(speed="1x")
    assert titles[0] == "Первая кровь"


def test_a_label_is_cut_only_when_it_does_not_fit(app: App) -> None:
    assert fit_label("The Pit", 280) == "The Pit"
    cut = fit_label(LONG_TITLE, 280)
    assert cut.endswith("…") and LONG_TITLE.startswith(cut[:-1])


def test_a_replay_name_cut_in_the_list_shows_whole_when_hovered(
    app: App, ctx: Context, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    long_map = map_copy(tmp_path / "maps")
    long_map.write_text(
        long_map.read_text(encoding="utf-8").replace('value="First Blood"', f'value="{LONG_TITLE}"'),
        encoding="utf-8",
    )
    folder = replay_hook.replays_dir()
    folder.mkdir(parents=True)
    write_replay(folder / "long.json", long_map)
    write_replay(folder / "short.json", MAPS_DIR / "arena_pit.tmx")
    scene = ReplaysScene(ctx, app.size)
    app.stack.apply(Push(scene))
    steps(app, 2)
    index = next(i for i, entry in enumerate(scene.entries) if entry.path.name == "long.json")
    button = scene.map_buttons[index]
    whole = scene.entry_text(scene.entries[index])
    assert LONG_TITLE in whole and button.text.endswith("…") and button.text != whole
    assert button.tool_tip_text == whole
    other = scene.map_buttons[1 - index]
    assert other.tool_tip_text is None or not other.text.endswith("…")
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: button.rect.center)  # pygame-gui reads the mouse
    hover(button.rect.center)
    until(app, lambda: button.tool_tip is not None, seconds=10)
    assert button.tool_tip is not None and button.tool_tip.rect.w > 0


def test_a_map_title_cut_in_the_missions_list_has_its_whole_title_as_tooltip(
    app: App, ctx: Context, tmp_path: Path
) -> None:
    maps = tmp_path / "maps"
    long_map = map_copy(maps)
    long_map.write_text(
        long_map.read_text(encoding="utf-8").replace('value="First Blood"', f'value="{LONG_TITLE}"'),
        encoding="utf-8",
    )
    ctx.maps_dir = maps
    scene = MissionsScene(ctx, app.size)
    (button,) = scene.map_buttons
    assert button.text.endswith("…") and button.tool_tip_text == LONG_TITLE
