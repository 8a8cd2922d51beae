"""The volume and mute settings: saved, loaded back, and bad values fall back to the defaults."""

from __future__ import annotations

import json
from pathlib import Path

from client.audio import Audio
from client.settings import Settings, SettingsStore, settings_from_json


def test_volumes_and_mute_round_trip(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path / "settings.json")
    chosen = Settings(master_volume=30, effects_volume=70, music_volume=0, mute=True)
    assert store.save(chosen)
    loaded = store.load()
    got = (loaded.master_volume, loaded.effects_volume, loaded.music_volume, loaded.mute)
    assert got == (30, 70, 0, True)


def test_bad_volume_values_keep_their_defaults() -> None:
    default = Settings()
    data = {
        "master_volume": 250,
        "effects_volume": "loud",
        "music_volume": True,
        "mute": "yes",
        "speed": "2x",
    }
    loaded = settings_from_json(json.loads(json.dumps(data)))
    assert loaded.master_volume == default.master_volume
    assert loaded.effects_volume == default.effects_volume
    assert loaded.music_volume == default.music_volume
    assert loaded.mute is False
    assert loaded.speed == "2x"  # the rest of the file still counts


def test_settings_volumes_reach_the_audio() -> None:
    audio = Audio()
    audio.apply(Settings(master_volume=50, effects_volume=50, music_volume=20))
    assert audio.effects_gain == 0.25
    assert audio.music_gain == 0.1
    audio.apply(Settings(mute=True))
    assert audio.effects_gain == 0.0


def test_volume_sliders_move_apply_and_save_in_the_same_format(app, ctx, tmp_path: Path) -> None:
    """Issue 24: master, effects and music volumes are sliders in Settings; a click on a slider's arrow
    moves it 5%, the audio follows at once and the file keeps whole percentages under the same keys."""
    import pygame
    import pygame_gui

    from client.scenes.base import Push
    from client.scenes.settings import SettingsScene
    from tests.client.ui_events import click_at, steps

    scene = SettingsScene(ctx, app.size)
    app.stack.apply(Push(scene))
    steps(app, 2)
    sliders = scene.sliders
    assert set(sliders) == {"master_volume", "effects_volume", "music_volume"}
    assert all(isinstance(s, pygame_gui.elements.UIHorizontalSlider) for s in sliders.values())
    assert sliders["music_volume"].get_current_value() == ctx.settings.music_volume
    before = ctx.settings.master_volume
    click_at(sliders["master_volume"].left_button.rect.center)
    steps(app, 3)
    assert ctx.settings.master_volume == before - 5
    assert ctx.audio.effects_gain == (before - 5) / 100 * ctx.settings.effects_volume / 100
    # a drag reports any value: it is kept a whole percentage within 0..100
    pygame.event.post(
        pygame.event.Event(
            pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, ui_element=sliders["music_volume"], value=33.6
        )
    )
    steps(app, 2)
    assert ctx.settings.music_volume == 34
    saved = json.loads((tmp_path / "config" / "settings.json").read_text(encoding="utf-8"))
    assert (saved["master_volume"], saved["music_volume"]) == (before - 5, 34)
    assert scene.volumes["music_volume"][2].text == "34%"


def test_volume_sliders_keep_their_buttons_wide_at_every_interface_size(ctx) -> None:
    """The sliders' arrow and sliding buttons grow with the interface size (a new theme would set
    pygame-gui's 20 pixels back), so their glyphs are never cut (every screen from 960x600 to 4K)."""
    from client.app import App
    from client.scenes.base import Push
    from client.scenes.settings import ARROW_W, SettingsScene
    from client.ui import scale as ui_scale
    from tests.client.ui_events import steps

    app = App((2560, 1440), fps=0, context=ctx)  # room for an interface at 200%
    try:
        scene = SettingsScene(ctx, app.size)
        app.stack.apply(Push(scene))
        for choice, factor in (("1.5", 1.5), ("2", 2.0), ("1", 1.0)):
            scene.change(ui_scale=choice)
            steps(app, 2)
            assert ui_scale.current() == factor
            for slider in scene.sliders.values():
                assert slider.left_button.rect.w == slider.right_button.rect.w == ui_scale.px(ARROW_W)
                assert slider.sliding_button.rect.w == ui_scale.px(ARROW_W)
    finally:
        app.close()
