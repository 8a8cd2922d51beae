"""``play --map --watch``: the battle restarts when the map is saved; a broken map shows its errors."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from client.app import App
from client.battle.scene import TacticsScene
from client.context import MAPS_DIR, Context
from client.scenes.base import Pop, Push
from client.scenes.map_error import MapErrorScene
from client.scenes.watch import WatchScene


def map_copy(tmp_path: Path) -> Path:
    shutil.copytree(MAPS_DIR / "tilesets", tmp_path / "tilesets")
    path = tmp_path / "mine.tmx"
    shutil.copy(MAPS_DIR / "tutorial.tmx", path)
    return path


def touch(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")
    stat = path.stat()
    os.utime(path, (stat.st_atime, stat.st_mtime + 5))


def test_saving_the_map_restarts_the_battle_and_errors_show_on_screen(
    app: App, ctx: Context, tmp_path: Path
) -> None:
    path = map_copy(tmp_path)
    good = path.read_text(encoding="utf-8")
    watch = WatchScene(ctx, app.size, path)
    app.stack.apply(Push(watch))
    app.step()
    first = watch.child
    assert isinstance(first, TacticsScene)
    assert not watch.poll()  # nothing changed

    touch(path, good.replace('value="First Blood"', 'value="Second Blood"'))
    assert watch.poll()
    assert isinstance(watch.child, TacticsScene) and watch.child is not first
    assert watch.child.session.setup.name == "Second Blood"

    touch(path, good.replace("goblin:8:1", "dragon:8:1"))
    assert watch.poll()
    assert isinstance(watch.child, MapErrorScene)
    assert any("dragon" in error for error in watch.child.errors)
    app.step()  # draws the errors, does not crash

    path.unlink()
    assert watch.poll() and isinstance(watch.child, MapErrorScene)
    touch(path, good)
    assert watch.poll() and isinstance(watch.child, TacticsScene)
    assert watch.reloads == 4


def test_leaving_the_battle_leaves_the_watcher(app: App, ctx: Context, tmp_path: Path) -> None:
    watch = WatchScene(ctx, app.size, map_copy(tmp_path))

    class Leaving:
        def handle_event(self, ev):
            return Pop()

    watch.child = Leaving()  # type: ignore[assignment]
    import pygame

    assert watch.handle_event(pygame.event.Event(pygame.USEREVENT)) == Pop()
