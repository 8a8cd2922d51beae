"""Where everything sits on the duel table for a window size, in screen pixels from design pixels (px).

The table is the window less a side panel (log, messages and buttons) on the right. From the top:
a band with the opponent's hero panel and their hand as card backs; the opponent's field; the
banner; the player's field; and a band with the player's hero panel (their deck and discard counts
above it), the player's hand as a fan, and the seven resources. Every part has its own rect and no
two overlap, from 960x600 to 3840x2160 (tests/client/test_duel_layout.py); the hover zoom, the
fight window and the end window are drawn over the table on purpose.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from client.ui.scale import px

SLOTS = 5
FAN_DEGREES = 4.0  # each card of the fan turns this much more than its neighbour


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
    my_counts: pygame.Rect
    resources: pygame.Rect
    hand: pygame.Rect
    card: tuple[int, int]  # a card of the field
    hand_card: tuple[int, int]
    zoom: tuple[int, int]
    fight: pygame.Rect  # the fight window, over both fields
    size: tuple[int, int]


def table_layout(size: tuple[int, int], slots: int = SLOTS) -> TableLayout:
    w, h = size
    panel_w = max(px(220), w // 5)
    panel = pygame.Rect(w - panel_w, 0, panel_w, h)
    table_w = w - panel_w
    m = px(6)
    gap = px(8)
    band = h * 16 // 100
    banner_h = max(px(28), h // 20)
    bottom = h * 27 // 100
    room = (h - band - banner_h - bottom - 6 * m) // 2
    card_h = min(room, ((table_w - 2 * m - (slots - 1) * gap) // slots) * 4 // 3)
    card_w = card_h * 3 // 4
    hero_w = min(table_w * 34 // 100, band * 3)
    foe_hero = pygame.Rect(m, m, hero_w, band)
    foe_hand = pygame.Rect(foe_hero.right + m, m, table_w - foe_hero.right - 2 * m, band)
    row_w = slots * card_w + (slots - 1) * gap
    left = (table_w - row_w) // 2

    def row_at(top: int) -> list[pygame.Rect]:
        return [pygame.Rect(left + i * (card_w + gap), top, card_w, card_h) for i in range(slots)]

    foe_slots = row_at(foe_hero.bottom + m + (room - card_h) // 2)
    banner = pygame.Rect(m, foe_hero.bottom + m + room + m, table_w - 2 * m, banner_h)
    my_slots = row_at(banner.bottom + m + (room - card_h) // 2)
    low = banner.bottom + m + room + m  # the bottom band's top
    my_hero = pygame.Rect(m, h - m - band, hero_w, band)
    my_counts = pygame.Rect(m, low, hero_w, max(0, my_hero.top - low - m // 2))
    res_w = max(px(120), table_w * 19 // 100)
    resources = pygame.Rect(table_w - m - res_w, low, res_w, h - m - low)
    hand = pygame.Rect(my_hero.right + m, low, resources.left - my_hero.right - 2 * m, h - m - low)
    hand_h = (hand.height - px(4)) * 16 // 17  # room for the fan's arc
    hand_card = (hand_h * 3 // 4, hand_h)
    zoom_h = min(h * 44 // 100, card_h * 2)
    fight = pygame.Rect(
        0, 0, min(table_w - 2 * m, zoom_h * 2), foe_slots[0].height + my_slots[0].bottom - foe_slots[0].bottom
    )
    fight.center = (
        (foe_slots[0].left + foe_slots[-1].right) // 2,
        (foe_slots[0].top + my_slots[0].bottom) // 2,
    )
    return TableLayout(
        panel,
        foe_hand,
        foe_hero,
        foe_slots,
        banner,
        my_slots,
        my_hero,
        my_counts,
        resources,
        hand,
        (card_w, card_h),
        hand_card,
        (zoom_h * 3 // 4, zoom_h),
        fight,
        size,
    )


def fan(hand: pygame.Rect, count: int, card: tuple[int, int]) -> list[pygame.Rect]:
    """The hand's card rects before turning: overlapping when they do not fit, lower toward the ends."""
    if count == 0:
        return []
    cw, ch = card
    step = min(cw + px(4), (hand.width - cw) // max(1, count - 1)) if count > 1 else 0
    total = cw + step * (count - 1)
    left = hand.centerx - total // 2
    mid = (count - 1) / 2
    return [
        pygame.Rect(
            left + i * step,
            hand.bottom - ch - ch // 16 + int(((i - mid) / max(mid, 1)) ** 2 * ch / 16),
            cw,
            ch,
        )
        for i in range(count)
    ]


def fan_angles(count: int) -> list[float]:
    """How far each card of the fan turns (degrees, counter-clockwise positive): left cards lean left."""
    mid = (count - 1) / 2
    return [round((mid - i) * FAN_DEGREES, 1) for i in range(count)]
