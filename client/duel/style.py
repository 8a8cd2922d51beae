"""What the duel table's drawing shares: its colours, the remembered translations, whose name a seat
has, and the tracked surface that records where a frame drew (the frame's dirty rects)."""

from __future__ import annotations

import pygame

from client import i18n
from client.duel.beats import player_name as player_name  # the table's one name for a seat

_TR: dict[tuple, str] = {}


def tr(key: str, **values) -> str:
    """``i18n.tr`` remembered per language: the table asks for the same strings every frame."""
    k = (i18n.language(), key, tuple(sorted(values.items())))
    found = _TR.get(k)
    if found is None:
        if len(_TR) > 4096:
            _TR.clear()
        found = _TR[k] = i18n.tr(key, **values)
    return found


class Tracked:
    """A surface that remembers where it was drawn on (the frame's dirty rects)."""

    def __init__(self, surface: pygame.Surface) -> None:
        self.surface = surface
        self.rects: list[pygame.Rect] = []

    def blit(self, source, dest, area=None, special_flags: int = 0) -> pygame.Rect:
        rect = self.surface.blit(source, dest, area, special_flags)
        self.rects.append(rect)
        return rect

    def __getattr__(self, name: str):
        return getattr(self.surface, name)


def merged(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """``rects`` with every overlapping group replaced by its bounding rect (each pixel restored once)."""
    out: list[pygame.Rect] = []
    for rect in rects:
        rect = rect.copy()
        i = 0
        while i < len(out):
            if out[i].colliderect(rect):
                rect.union_ip(out.pop(i))
                i = 0
            else:
                i += 1
        out.append(rect)
    return out


def real(surface) -> pygame.Surface:
    return surface.surface if isinstance(surface, Tracked) else surface


def track(surface, rect: pygame.Rect) -> None:
    if isinstance(surface, Tracked):
        surface.rects.append(rect.copy())


INK = (235, 228, 210)
DIM = (160, 150, 135)
TABLE = (28, 44, 34)
