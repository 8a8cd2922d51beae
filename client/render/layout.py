"""Where the battle screen's parts go for a window size: top bar, bottom bar, side panel, map viewport."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

TOP_BAR = 48
BOTTOM_BAR = 64


@dataclass(frozen=True)
class BattleLayout:
    top: pygame.Rect
    bottom: pygame.Rect
    side: pygame.Rect
    viewport: pygame.Rect


def battle_layout(size: tuple[int, int]) -> BattleLayout:
    """The side panel takes ~23% of the width (240..340 px); the map gets the rest."""
    w, h = size
    side_w = max(240, min(340, w * 23 // 100))
    top = pygame.Rect(0, 0, w, TOP_BAR)
    bottom = pygame.Rect(0, h - BOTTOM_BAR, w, BOTTOM_BAR)
    side = pygame.Rect(w - side_w, TOP_BAR, side_w, h - TOP_BAR - BOTTOM_BAR)
    viewport = pygame.Rect(0, TOP_BAR, w - side_w, max(1, h - TOP_BAR - BOTTOM_BAR))
    return BattleLayout(top, bottom, side, viewport)
