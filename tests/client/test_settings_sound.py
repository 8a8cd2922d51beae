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
