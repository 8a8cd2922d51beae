"""What must hold before a command opens the game window: a display to open it on, and the art.

Each check returns one line saying what is wrong, or None; ``play`` and ``replay`` print the
line and exit with status 1 instead of running invisibly or drawing stand-ins. (The leading
underscore keeps this module out of the subcommands :mod:`client.__main__` discovers.)
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, MutableMapping
from typing import Any

NO_DISPLAY = "no display found: set DISPLAY, or run under Xvfb"
# SDL drivers that draw without a screen (tests, smoke runs, screenshots).
HEADLESS_DRIVERS = ("dummy", "offscreen")
# Drivers SDL may fall back to when the X11 or Wayland server named in the environment is not
# running: a window there is never seen unless the caller asked for that driver.
FALLBACK_DRIVERS = (*HEADLESS_DRIVERS, "kmsdrm", "evdev")


def display_problem(environ: Mapping[str, str] = os.environ, platform: str = sys.platform) -> str | None:
    """NO_DISPLAY on Linux when neither X11 nor Wayland is there and SDL was not told to draw headless."""
    if not platform.startswith("linux"):
        return None
    if environ.get("SDL_VIDEODRIVER", "").strip().lower() in HEADLESS_DRIVERS:
        return None
    if environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"):
        return None
    return NO_DISPLAY


def art_problem() -> str | None:
    """The line naming the first missing picture of a catalog unit (and how many more), or None."""
    from client.render.sprites import missing_unit_art
    from rules.tactics.catalog import default_catalog

    missing = missing_unit_art(sorted(default_catalog().units))
    if not missing:
        return None
    more = f" (and {len(missing) - 1} more)" if len(missing) > 1 else ""
    return f"missing unit art: {missing[0]}{more}; reinstall runetide"


def window_problem() -> str | None:
    """The first reason the game window cannot be shown properly, or None."""
    return display_problem() or art_problem()


def pin_video_driver(environ: MutableMapping[str, str] = os.environ) -> None:
    """Tell SDL to try only the display servers the environment names (x11 for DISPLAY, wayland for
    WAYLAND_DISPLAY), unless SDL_VIDEODRIVER already says which. Otherwise, with a DISPLAY naming no
    running server, SDL goes on to probe Wayland and prints its own complaint ("error:
    XDG_RUNTIME_DIR is invalid ...") before our one line."""
    if environ.get("SDL_VIDEODRIVER", "").strip():
        return
    drivers = [name for name, var in (("x11", "DISPLAY"), ("wayland", "WAYLAND_DISPLAY")) if environ.get(var)]
    if drivers:
        environ["SDL_VIDEODRIVER"] = ",".join(drivers)


def open_window(ctx: Any, command: str = "play") -> Any:
    """The game's :class:`client.app.App` on ``ctx``; None, after saying so in one line, when SDL
    cannot open a window (a DISPLAY naming no running server, say)."""
    import pygame

    from client.app import App

    if sys.platform.startswith("linux"):
        pin_video_driver()

    try:
        app = App(context=ctx)
    except pygame.error as exc:
        pygame.quit()
        print(f"runetide {command}: {NO_DISPLAY} (SDL: {exc})", file=sys.stderr)
        return None
    driver = pygame.display.get_driver()
    if driver in FALLBACK_DRIVERS and driver != os.environ.get("SDL_VIDEODRIVER", "").strip().lower():
        app.close()  # SDL fell back to drawing nowhere: the window would never be seen
        print(f"runetide {command}: {NO_DISPLAY} (SDL could only open the {driver} driver)", file=sys.stderr)
        return None
    return app
