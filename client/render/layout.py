"""Where the battle screen's parts go for a window size: top bar, bottom bar, side panel, map viewport."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from client.ui.scale import px

TOP_BAR = 48  # design pixels (client.ui.scale)
BOTTOM_BAR = 64


@dataclass(frozen=True)
class BattleLayout:
    top: pygame.Rect
    bottom: pygame.Rect
    side: pygame.Rect
    viewport: pygame.Rect


def battle_layout(size: tuple[int, int]) -> BattleLayout:
    """The side panel takes ~23% of the width (240..340 design px); the map gets the rest."""
    w, h = size
    side_w = max(px(240), min(px(340), w * 23 // 100))
    top_h, bottom_h = px(TOP_BAR), px(BOTTOM_BAR)
    top = pygame.Rect(0, 0, w, top_h)
    bottom = pygame.Rect(0, h - bottom_h, w, bottom_h)
    side = pygame.Rect(w - side_w, top_h, side_w, h - top_h - bottom_h)
    viewport = pygame.Rect(0, top_h, w - side_w, max(1, h - top_h - bottom_h))
    return BattleLayout(top, bottom, side, viewport)
