"""``runetide play --map PATH --watch``: the battle restarts whenever the map file is saved.

The watch scene holds one child scene, a battle or the :class:`MapErrorScene` of a map that no
longer validates, and passes everything to it. Twice a second it looks at the file's time and
size; when they change it validates the map again and swaps the child. A map being written
(missing for a moment, half saved) shows its error until the next save: it never crashes.
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from client.battle.scene import TacticsScene
from client.battle.spec import load_spec
from client.context import Context
from client.i18n import tr
from client.render import text
from client.render.effects import Banner
from client.scenes.base import Home, Pop, Push, Quit, Replace, Scene, Size, Transition
from client.scenes.map_error import MapErrorScene
from client.tiled import MapError, validate_map
from client.ui import GOOD, MUTED_TEXT_COLOUR
from client.ui.scale import px

POLL_SECONDS = 0.5


def file_stamp(path: Path) -> tuple[float, int] | None:
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return stat.st_mtime, stat.st_size


class WatchScene:
    """Runs a battle on ``path`` and reloads it when the file changes."""

    def __init__(self, ctx: Context, size: Size, path: Path) -> None:
        self.ctx = ctx
        self.size = size
        self.path = path
        self.stamp = file_stamp(path)
        self.since_poll = 0.0
        self.reloads = 0
        self.banner: Banner | None = None
        self.child: Scene = self._load()

    def _load(self) -> Scene:
        errors: list[object] = list(validate_map(self.path)) if self.path.exists() else []
        if not self.path.exists():  # worded as validate words a map's problem: "file: message"
            errors = [MapError(self.path, "the file is missing (was it renamed or deleted?)")]
        if not errors:
            try:
                return TacticsScene(self.ctx, self.size, load_spec(self.path, self.ctx.settings))
            except MapError as exc:
                errors = [exc]
        return MapErrorScene(self.ctx, self.size, self.path, errors, watching=True)

    def reload(self) -> None:
        """Validate the map again and start over on it (or show why not)."""
        close = getattr(self.child, "close", None)
        if close is not None:
            close()
        self.child = self._load()
        self.reloads += 1
        if isinstance(self.child, TacticsScene):
            self.banner = Banner(tr("watch.reloaded"), GOOD, duration=1.5)

    def poll(self) -> bool:
        """Reload if the file changed since the last look; True if it did."""
        stamp = file_stamp(self.path)
        if stamp == self.stamp:
            return False
        self.stamp = stamp
        self.reload()
        return True

    def close(self) -> None:
        close = getattr(self.child, "close", None)
        if close is not None:
            close()

    def resize(self, size: Size) -> None:
        self.size = size
        self.child.resize(size)

    def handle_event(self, ev: pygame.event.Event) -> Transition | None:
        transition = self.child.handle_event(ev)
        match transition:
            case Replace(scene):
                self.child = scene
                self.child.resize(self.size)
                return None
            case Pop() | Home():  # the watched battle is the only scene: leaving it ends the watch
                close = getattr(self.child, "close", None)
                if close is not None:
                    close()
                return Pop()
            case Push() | Quit():
                return transition
        return None

    def update(self, dt: float) -> None:
        self.since_poll += dt
        if self.since_poll >= POLL_SECONDS:
            self.since_poll = 0.0
            self.poll()
        self.child.update(dt)
        if self.banner is not None and not self.banner.update(dt):
            self.banner = None

    def draw(self, surface: pygame.Surface) -> None:
        self.child.draw(surface)
        if self.banner is not None:
            self.banner.draw_screen(surface, surface.get_rect())
        line = tr("watch.watching", path=self.path.name)
        label = text.outlined(line, px(14), MUTED_TEXT_COLOUR, bold=False)
        surface.blit(label, (px(8), surface.get_height() - label.get_height() - px(70)))  # above the bar
