"""Where everything sits on the duel table for a window size, in screen pixels from design pixels (px).

The table is the window less a side panel (log and buttons) on the right. From the top: the
opponent's hand as card backs, the opponent's hero, the opponent's field, the banner, the player's
field, the player's hero and resources, and the player's hand as a fan along the bottom.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from client.ui.scale import px

SLOTS = 5


@dataclass
class TableLayout:
    """Rects of the table's parts for one window size."""

    panel: pygame.Rect
    foe_hand: pygame.Rect
    foe_hero: pygame.Rect
    foe_slots: list[pygame.Rect]
    banner: pygame.Rect
    my_slots: list[pygame.Rect]
    my_hero: pygame.Rect
    resources: pygame.Rect
    hand: pygame.Rect
    card: tuple[int, int]
    zoom: tuple[int, int]


def table_layout(size: tuple[int, int], slots: int = SLOTS) -> TableLayout:
    w, h = size
    panel_w = max(px(220), w // 5)
    panel = pygame.Rect(w - panel_w, 0, panel_w, h)
    table_w = w - panel_w
    card_h = min(h // 6, (table_w // (slots + 1)) * 4 // 3)
    card_w = card_h * 3 // 4
    row = card_h + px(6)
    margin = px(6)
    foe_hand = pygame.Rect(margin, margin, table_w - 2 * margin, card_h // 2)
    foe_hero = pygame.Rect(margin, foe_hand.bottom + margin, table_w // 3, card_h * 3 // 4)
    foe_row_top = foe_hero.bottom + margin
    gap = px(8)
    row_w = slots * card_w + (slots - 1) * gap
    left = (table_w - row_w) // 2

    def row_at(top: int) -> list[pygame.Rect]:
        return [pygame.Rect(left + i * (card_w + gap), top, card_w, card_h) for i in range(slots)]

    foe_slots = row_at(foe_row_top)
    banner = pygame.Rect(margin, foe_row_top + row, table_w - 2 * margin, px(30))
    my_slots = row_at(banner.bottom + margin)
    hand_h = card_h + px(10)
    hand = pygame.Rect(margin, h - hand_h - margin, table_w - 2 * margin, hand_h)
    my_hero = pygame.Rect(
        margin,
        my_slots[0].bottom + margin,
        table_w // 3,
        max(px(40), hand.top - my_slots[0].bottom - 2 * margin),
    )
    resources = pygame.Rect(
        my_hero.right + margin, my_hero.top, table_w - my_hero.right - 2 * margin, my_hero.height
    )
    zoom_h = min(h * 2 // 5, card_h * 2)
    return TableLayout(
        panel,
        foe_hand,
        foe_hero,
        foe_slots,
        banner,
        my_slots,
        my_hero,
        resources,
        hand,
        (card_w, card_h),
        (zoom_h * 3 // 4, zoom_h),
    )


def fan(hand: pygame.Rect, count: int, card: tuple[int, int]) -> list[pygame.Rect]:
    """The hand's card rects, overlapping when they do not fit side by side."""
    if count == 0:
        return []
    cw, ch = card
    step = min(cw + px(6), (hand.width - cw) // max(1, count - 1)) if count > 1 else 0
    total = cw + step * (count - 1)
    left = hand.centerx - total // 2
    return [pygame.Rect(left + i * step, hand.bottom - ch, cw, ch) for i in range(count)]
