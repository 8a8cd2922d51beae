"""What every scene may need besides the window size: the settings, where maps live, the display.

One :class:`Context` is made by :class:`client.app.App` and handed to scenes as an object
(scenes are never looked up by name). ``apply(settings)`` is the single place where a change
of settings takes effect: the language switches, the window goes fullscreen or back, and the
file is saved.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from client import i18n, resources
from client.audio import Audio
from client.settings import Settings, SettingsStore

if TYPE_CHECKING:
    from client.meta.state import MetaState

MAPS_DIR = resources.maps_dir()  # the shipped maps and art, wherever the game is installed
ASSETS_DIR = resources.assets_dir()


@dataclass
class Context:
    """Shared, long-lived game services."""

    settings: Settings = field(default_factory=Settings)
    store: SettingsStore | None = None
    maps_dir: Path = MAPS_DIR
    set_fullscreen: Callable[[bool], None] | None = None
    audio: Audio = field(default_factory=Audio)  # silent until the App opens the mixer
    meta: MetaState | None = None  # the saved profile, loaded on first use (client.meta.state.meta_of)

    @classmethod
    def load(cls, store: SettingsStore | None = None) -> Context:
        """The settings from disk (defaults if missing or corrupt), with the language applied."""
        store = store or SettingsStore()
        ctx = cls(settings=store.load(), store=store)
        i18n.set_language(ctx.settings.language)
        return ctx

    def apply(self, settings: Settings) -> None:
        """Take ``settings`` into use at once and save them."""
        old = self.settings
        self.settings = settings.copy()
        i18n.set_language(settings.language)
        self.audio.apply(self.settings)
        if self.set_fullscreen is not None and settings.fullscreen != old.fullscreen:
            self.set_fullscreen(settings.fullscreen)
        if self.store is not None:
            self.store.save(self.settings)
