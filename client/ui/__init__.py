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

# Teams: red and blue (the spec's flag colours; they stay apart for red-green colour blindness),
# always paired with a shape: team 1 a circle, team 2 a diamond (client.render.sprites.team_marker).
TEAM_COLOURS = {1: (218, 66, 54), 2: (52, 112, 226)}
TEAM_LIGHT = {1: (255, 150, 135), 2: (140, 185, 255)}
GOLD = (240, 200, 90)
PANEL = (22, 25, 33)
PANEL_EDGE = (60, 66, 82)
GOOD = (110, 210, 120)
BAD = (240, 96, 84)
WARN = (250, 190, 70)
MOVE_COLOUR = (70, 150, 255)
ATTACK_COLOUR = (244, 72, 60)
LINE_COLOUR = (255, 156, 44)
