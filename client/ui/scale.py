"""The UI scale: how many screen pixels one design pixel of the menus, bars and panels takes.

Every screen is laid out in *design pixels*, the sizes it has in a 1280×720 window; :func:`px`
turns a design size into screen pixels at the scale in use. The scale is chosen per window
(:func:`for_window`): "auto" grows it with the window, in quarter steps, so a 3840×2160 window
shows the screens at 300% (exactly what 1280×720 shows at 100%), and a chosen scale (Settings)
is used as far as the window has room for it: a screen needs at least 960×600 design pixels
(the smallest window, :data:`client.app.MIN_SIZE`), so 200% wants a 1920×1200 window.

The battlefield itself (tiles, squads, their badges) is drawn at the map's own tile size and is
not scaled here; only what is laid over it is.

One scale is in use at a time: the top scene's, set with :func:`use` whenever that scene lays
itself out. Widgets get theirs through :func:`theme`, the widget theme with its fonts scaled.
"""

from __future__ import annotations

import json
import math
from functools import cache
from typing import Any

from client.ui import THEME_PATH

AUTO = "auto"
CHOICES = (AUTO, "1", "1.25", "1.5", "1.75", "2", "2.5", "3")
DESIGN_SIZE = (1280, 720)  # the window the screens are drawn for at 100%
LEAST_DESIGN_SIZE = (960, 600)  # the smallest room a screen is laid out for
STEP = 4  # scales go in quarters
LARGEST = 3.0

_in_use = 1.0


def _quarters_down(value: float) -> float:
    return math.floor(value * STEP + 1e-9) / STEP


def room_for(size: tuple[int, int]) -> float:
    """The largest scale at which a window of ``size`` still holds a 960×600 design layout (≥ 1)."""
    w, h = size
    fits = min(w / LEAST_DESIGN_SIZE[0], h / LEAST_DESIGN_SIZE[1])
    return max(1.0, min(LARGEST, _quarters_down(fits)))


def auto_scale(size: tuple[int, int]) -> float:
    """The automatic scale: the window's height over 720 (its width over 1280 if that is smaller), in
    quarter steps, between 100% and 300%."""
    w, h = size
    grown = min(h / DESIGN_SIZE[1], w / DESIGN_SIZE[0])
    return max(1.0, min(LARGEST, _quarters_down(grown), room_for(size)))


def chosen_factor(choice: str) -> float | None:
    """The factor of a Settings choice ("1.5" -> 1.5); None for "auto" or anything unknown."""
    if choice == AUTO or choice not in CHOICES:
        return None
    return float(choice)


def for_window(size: tuple[int, int], choice: str = AUTO) -> float:
    """The scale a window of ``size`` uses for the player's ``choice`` (auto, or as far as it fits)."""
    factor = chosen_factor(choice)
    if factor is None:
        return auto_scale(size)
    return min(factor, room_for(size))


def percent(factor: float) -> str:
    """``1.25`` -> ``"125%"``."""
    return f"{int(factor * 100 + 0.5)}%"


def use(factor: float) -> None:
    """Make ``factor`` the scale :func:`px` applies (the top scene does this when it lays out)."""
    global _in_use
    _in_use = factor


def current() -> float:
    """The scale in use."""
    return _in_use


def px(design: float) -> int:
    """A design size in screen pixels at the scale in use, rounded half up (0 stays 0, 1 stays ≥ 1)."""
    value = math.floor(design * _in_use + 0.5)
    return max(value, 1) if design > 0 else value


@cache
def _theme_file() -> str:
    return THEME_PATH.read_text(encoding="utf-8")


def theme(factor: float) -> dict[str, Any]:
    """The widget theme (``theme.json``) with its font sizes, corner radii and borders at ``factor``."""
    data = json.loads(_theme_file())
    for block in data.values():
        if not isinstance(block, dict):
            continue
        font = block.get("font")
        if isinstance(font, dict) and "size" in font:
            font["size"] = str(math.floor(int(font["size"]) * factor + 0.5))
        misc = block.get("misc")
        if isinstance(misc, dict):
            for name in ("shape_corner_radius", "border_width"):
                if name in misc:
                    misc[name] = str(math.floor(int(misc[name]) * factor + 0.5))
    return data
