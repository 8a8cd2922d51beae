"""Fonts for text the game draws itself: Noto Sans (Latin and Cyrillic), shipped with pygame-gui.

``font(size, bold=False)`` returns a cached :class:`pygame.font.Font`; the same face as the
widgets' theme, so hand-drawn text and buttons match in both languages.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

import pygame

REGULAR = "NotoSans-Regular.ttf"
BOLD = "NotoSans-Bold.ttf"


def font_path(bold: bool = False) -> str:
    """The file of the regular or bold face."""
    return str(resources.files("pygame_gui.data") / (BOLD if bold else REGULAR))


@cache
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """A Noto Sans font of ``size`` pixels (pygame.font must be initialised)."""
    return pygame.font.Font(font_path(bold), size)
