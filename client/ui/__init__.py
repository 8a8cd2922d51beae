"""Look and feel shared by every scene: the pygame-gui theme file and the colours drawn by hand.

The theme (``theme.json``) styles the widgets; the constants here are for what scenes
draw themselves (backgrounds, titles), so the two stay in one folder.
"""

from __future__ import annotations

from pathlib import Path

THEME_PATH = Path(__file__).with_name("theme.json")

BACKGROUND = (18, 20, 26)
TITLE_COLOUR = (232, 196, 120)
TEXT_COLOUR = (214, 218, 226)
MUTED_TEXT_COLOUR = (128, 136, 150)
