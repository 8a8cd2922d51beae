"""Settings: JSON in the config folder, saved atomically with a backup; a corrupt file never crashes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from client.context import Context
from client.settings import DEFAULT_KEYS, Settings, SettingsStore, config_dir, settings_from_json


@pytest.fixture
def store(tmp_path: Path) -> SettingsStore:
    return SettingsStore(tmp_path / "settings.json")


def test_missing_file_gives_defaults(store: SettingsStore) -> None:
    settings = store.load()
    assert settings == Settings()
    assert (settings.language, settings.speed, settings.fullscreen) == ("en", "1x", False)
    assert settings.keys == DEFAULT_KEYS


def test_save_then_load_round_trips(store: SettingsStore) -> None:
    settings = Settings(language="ru", speed="4x", fullscreen=True, ai_level="easy")
    settings.keys["defend"] = "g"
    assert store.save(settings)
    assert store.load() == settings
    assert json.loads(store.path.read_text(encoding="utf-8"))["language"] == "ru"


def test_saving_keeps_the_previous_good_file_as_backup(store: SettingsStore) -> None:
    store.save(Settings(language="ru"))
    store.save(Settings(language="en"))
    assert json.loads(store.backup.read_text(encoding="utf-8"))["language"] == "ru"
    assert not store.path.with_name("settings.json.tmp").exists()


@pytest.mark.parametrize("garbage", ["{not json", "[1, 2]", "", "\xff\xfe", '"just a string"'])
def test_a_corrupt_file_falls_back_and_is_kept_aside(store: SettingsStore, garbage: str) -> None:
    store.save(Settings(language="ru"))
    store.save(Settings(language="ru", speed="2x"))  # the backup now holds a good copy
    store.path.write_bytes(garbage.encode("latin-1"))
    settings = store.load()
    assert settings.language == "ru"  # from the backup
    assert store.corrupt.read_bytes() == garbage.encode("latin-1")
    assert store.problem and "corrupt" in store.problem


def test_a_corrupt_file_without_backup_gives_defaults(store: SettingsStore) -> None:
    store.path.parent.mkdir(parents=True, exist_ok=True)
    store.path.write_text("{{{", encoding="utf-8")
    assert store.load() == Settings()


def test_bad_values_fall_back_field_by_field() -> None:
    data = {
        "language": "klingon",
        "speed": "9x",
        "fullscreen": "yes",
        "ai_level": 3,
        "keys": {"defend": "no such key", "skip": "k", "bogus": "x"},
        "unknown": 1,
    }
    settings = settings_from_json(data)
    assert (settings.language, settings.speed, settings.fullscreen, settings.ai_level) == (
        "en",
        "1x",
        False,
        "normal",
    )
    assert settings.keys["defend"] == DEFAULT_KEYS["defend"] and settings.keys["skip"] == "k"
    assert "bogus" not in settings.keys


def test_speed_cycles_through_the_four_choices() -> None:
    settings = Settings()
    seen = []
    for _ in range(4):
        settings.speed = settings.next_speed()
        seen.append(settings.speed)
    assert seen == ["2x", "4x", "instant", "1x"]
    assert Settings(speed="instant").speed_factor == 0


def test_config_dir_follows_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RUNETIDE_CONFIG_DIR", str(tmp_path / "x"))
    assert config_dir() == tmp_path / "x"


def test_context_applies_and_saves_at_once(store: SettingsStore) -> None:
    from client import i18n

    ctx = Context.load(store)
    changed = ctx.settings.copy()
    changed.language = "ru"
    ctx.apply(changed)
    assert i18n.language() == "ru"
    assert SettingsStore(store.path).load().language == "ru"


@pytest.mark.parametrize(("stored", "level"), [("easy", "easy"), ("auto", "hard"), ("deep", "normal")])
def test_a_stored_opponent_becomes_one_of_the_three_levels(stored: str, level: str) -> None:
    """Settings offer Easy, Normal and Hard; "auto" (the strongest, before levels) reads as Hard."""
    assert settings_from_json({"ai_level": stored}).ai_level == level
