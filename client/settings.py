"""The player's settings: language, animation speed, fullscreen, UI scale, AI level and key bindings.

Saved as JSON in the user's config folder (platformdirs; ``RUNETIDE_CONFIG_DIR`` overrides it,
which tests use). Saving is atomic and keeps the previous good file as ``settings.json.bak``.
Loading never fails: a file that is not JSON (or not an object) is moved aside to
``settings.json.corrupt`` and the backup or the defaults are used; a bad value falls back to
that field's default and the rest of the file still counts.
"""

from __future__ import annotations

import json
import os
import warnings
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

import platformdirs

from client.i18n import DEFAULT_LANGUAGE, LANGUAGES
from client.ui.scale import AUTO as AUTO_SCALE
from client.ui.scale import CHOICES as UI_SCALES
from rules.core.players import LEVELS

APP_NAME = "runetide"
FILE_NAME = "settings.json"
CONFIG_DIR_VAR = "RUNETIDE_CONFIG_DIR"

SPEEDS = ("1x", "2x", "4x", "instant")
SPEED_FACTORS = {"1x": 1.0, "2x": 2.0, "4x": 4.0, "instant": 0.0}  # 0 = no animation at all
VOLUMES = ("master_volume", "effects_volume", "music_volume")  # percent, 0..100
DEFAULT_AI_LEVEL = "normal"  # one of rules.core.players.LEVELS

# Action -> pygame key name (pygame.key.name / pygame.key.key_code).
DEFAULT_KEYS: dict[str, str] = {
    "defend": "d",
    "skip": "space",
    "next_squad": "tab",
    "speed": "f",
    "cancel": "escape",
    "why": "w",  # the "Why?" panel: the computer's last decision explained
    "standing": "h",  # "Where to stand": the selected squad's reachable sectors shaded by danger
    "pan_up": "up",
    "pan_down": "down",
    "pan_left": "left",
    "pan_right": "right",
    "zoom_in": "=",  # the map closer (the keypad's + too), centred on the mouse
    "zoom_out": "-",  # the map farther (the keypad's - too)
    "zoom_reset": "0",  # the map fitted to the window again
}


@dataclass
class Settings:
    """What the player chose; every field has a safe default."""

    language: str = DEFAULT_LANGUAGE
    speed: str = "1x"
    fullscreen: bool = False
    ui_scale: str = AUTO_SCALE  # "auto" or a factor from client.ui.scale.CHOICES
    ai_level: str = DEFAULT_AI_LEVEL
    keys: dict[str, str] = field(default_factory=lambda: dict(DEFAULT_KEYS))
    master_volume: int = 80  # percent, 0..100 (client.audio multiplies master by effects or music)
    effects_volume: int = 100
    music_volume: int = 60
    mute: bool = False

    @property
    def speed_factor(self) -> float:
        """Animation speed multiplier; 0 means instant."""
        return SPEED_FACTORS[self.speed]

    def next_speed(self) -> str:
        """The speed after this one in the 1x, 2x, 4x, instant cycle."""
        return SPEEDS[(SPEEDS.index(self.speed) + 1) % len(SPEEDS)]

    def copy(self) -> Settings:
        return replace(self, keys=dict(self.keys))


def _valid_key_name(name: object) -> bool:
    if not isinstance(name, str) or not name:
        return False
    try:
        import pygame

        with warnings.catch_warnings():  # key_code works before pygame.init(), but says it may not
            warnings.simplefilter("ignore")
            return pygame.key.key_code(name) != pygame.K_UNKNOWN
    except (ValueError, ImportError):
        return False


def settings_from_json(data: Any) -> Settings:
    """Settings from parsed JSON: known fields with valid values are taken, the rest default."""
    settings = Settings()
    if not isinstance(data, dict):
        return settings
    if data.get("language") in LANGUAGES:
        settings.language = data["language"]
    if data.get("speed") in SPEEDS:
        settings.speed = data["speed"]
    if isinstance(data.get("fullscreen"), bool):
        settings.fullscreen = data["fullscreen"]
    if data.get("ui_scale") in UI_SCALES:
        settings.ui_scale = data["ui_scale"]
    if data.get("ai_level") in LEVELS:
        settings.ai_level = data["ai_level"]
    elif data.get("ai_level") == "auto":  # before levels, "auto" meant the strongest AI
        settings.ai_level = "hard"
    for name in VOLUMES:
        value = data.get(name)
        if isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= 100:
            setattr(settings, name, round(value))
    if isinstance(data.get("mute"), bool):
        settings.mute = data["mute"]
    keys = data.get("keys")
    if isinstance(keys, dict):
        for action in DEFAULT_KEYS:
            if _valid_key_name(keys.get(action)):
                settings.keys[action] = keys[action]
    return settings


def config_dir() -> Path:
    """Where settings live: ``$RUNETIDE_CONFIG_DIR`` or the platform's user config folder."""
    override = os.environ.get(CONFIG_DIR_VAR)
    return Path(override) if override else Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


class SettingsStore:
    """Reads and writes one settings file; ``load`` never raises."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or config_dir() / FILE_NAME
        self.backup = self.path.with_name(self.path.name + ".bak")
        self.corrupt = self.path.with_name(self.path.name + ".corrupt")
        self.problem: str | None = None  # what went wrong at the last load, for a log line

    def _read(self, path: Path) -> Any:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)

    def load(self) -> Settings:
        """The saved settings, or the backup's, or the defaults."""
        self.problem = None
        if not self.path.exists():
            return Settings()
        try:
            data = self._read(self.path)
            if not isinstance(data, dict):
                raise ValueError("settings file is not a JSON object")
            return settings_from_json(data)
        except (OSError, ValueError, UnicodeDecodeError) as exc:
            self.problem = f"{self.path}: {exc}; moved to {self.corrupt.name}"
            try:
                os.replace(self.path, self.corrupt)
            except OSError:
                pass
        try:
            return settings_from_json(self._read(self.backup))
        except (OSError, ValueError, UnicodeDecodeError):
            return Settings()

    def save(self, settings: Settings) -> bool:
        """Write atomically, keeping the previous good file as the backup. False if the disk refused."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            temp = self.path.with_name(self.path.name + ".tmp")
            temp.write_text(json.dumps(asdict(settings), indent=2, sort_keys=True) + "\n", encoding="utf-8")
            if self.path.exists():
                try:
                    self._read(self.path)
                    os.replace(self.path, self.backup)
                except (OSError, ValueError, UnicodeDecodeError):
                    pass
            os.replace(temp, self.path)
            return True
        except OSError as exc:
            self.problem = f"could not save settings to {self.path}: {exc}"
            return False
