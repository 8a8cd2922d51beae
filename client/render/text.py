"""Rendered text, cached: the same string in the same font and colour is rendered once.

Text is re-rendered only when it changes (HUD numbers, log lines), which keeps frames cheap.
``outlined`` draws text with a dark rim so it reads on any terrain.
"""

from __future__ import annotations

from collections import OrderedDict

import pygame

from client.ui.fonts import font
from client.ui.scale import px

Colour = tuple[int, int, int]
_CACHE: OrderedDict[tuple, pygame.Surface] = OrderedDict()
_LIMIT = 2048


def forget() -> None:
    """Drop every cached text and font (pygame is shutting down; fonts die with it)."""
    from client.render import backdrop
    from client.ui.fonts import font as cached_font

    _CACHE.clear()
    cached_font.cache_clear()
    backdrop.forget()


def _remember(key: tuple, surface: pygame.Surface) -> pygame.Surface:
    _CACHE[key] = surface
    if len(_CACHE) > _LIMIT:
        _CACHE.popitem(last=False)
    return surface


def text(string: str, size: int, colour: Colour, bold: bool = False) -> pygame.Surface:
    """``string`` rendered antialiased on a transparent background."""
    cache_key = ("plain", string, size, colour, bold)
    found = _CACHE.get(cache_key)
    if found is not None:
        return found
    return _remember(cache_key, font(size, bold).render(string, True, colour).convert_alpha())


def outlined(
    string: str, size: int, colour: Colour, bold: bool = True, rim: Colour = (16, 14, 20), width: int = 2
) -> pygame.Surface:
    """``string`` with a ``width``-pixel dark rim all round (for text over the map)."""
    cache_key = ("outlined", string, size, colour, bold, rim, width)
    found = _CACHE.get(cache_key)
    if found is not None:
        return found
    face = font(size, bold)
    inner = face.render(string, True, colour)
    edge = face.render(string, True, rim)
    out = pygame.Surface((inner.get_width() + 2 * width, inner.get_height() + 2 * width), pygame.SRCALPHA)
    for dx in range(-width, width + 1):
        for dy in range(-width, width + 1):
            if dx or dy:
                out.blit(edge, (width + dx, width + dy))
    out.blit(inner, (width, width))
    return _remember(cache_key, out.convert_alpha())


def wrap(string: str, size: int, max_width: int, bold: bool = False) -> list[str]:
    """``string`` broken into lines no wider than ``max_width`` pixels (at word boundaries; a word too long
    for a line is cut, so nothing runs past the edge)."""
    face = font(size, bold)
    lines: list[str] = []
    for paragraph in string.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}" if line else word
            if face.size(trial)[0] <= max_width:
                line = trial
                continue
            if line:
                lines.append(line)
            pieces = _split_long_word(word, face, max_width)
            lines.extend(pieces[:-1])
            line = pieces[-1]
        lines.append(line)
    return lines


def _split_long_word(word: str, face: pygame.font.Font, max_width: int) -> list[str]:
    """A word wider than ``max_width`` (a file name, say) cut into pieces that fit, after a dash if it can."""
    pieces: list[str] = []
    while face.size(word)[0] > max_width and len(word) > 1:
        cut = len(word) - 1
        while cut > 1 and face.size(word[:cut])[0] > max_width:
            cut -= 1
        dash = word.rfind("-", 0, cut)
        if dash > 0:
            cut = dash + 1
        pieces.append(word[:cut])
        word = word[cut:]
    pieces.append(word)
    return pieces


def fit(string: str, size: int, max_width: int, bold: bool = False) -> str:
    """``string`` cut short with "…" so it is at most ``max_width`` pixels wide."""
    face = font(size, bold)
    if face.size(string)[0] <= max_width:
        return string
    while string and face.size(string + "…")[0] > max_width:
        string = string[:-1]
    return string.rstrip() + "…"


def shrink_to_fit(
    string: str, size: int, smallest: int, max_width: int, bold: bool = False
) -> tuple[str, int]:
    """(``string``, the largest font size from ``size`` down to ``smallest`` at which it fits in
    ``max_width``), or cut short with "…" at ``smallest`` when it fits at none."""
    for candidate in range(size, smallest - 1, -1):
        if font(candidate, bold).size(string)[0] <= max_width:
            return string, candidate
    return fit(string, smallest, max_width, bold), smallest


BUTTON_TEXT_PADDING = 14  # a pygame-gui button's borders (2 px each) and the least margins that look right


def fit_label(label: str, width: int) -> str:
    """``label`` cut with "…" so that it fits a button ``width`` design pixels wide (the theme's 20 px
    bold, at the UI scale in use)."""
    return fit(label, px(20), px(width) - px(BUTTON_TEXT_PADDING), bold=True)


def label_width(label: str) -> int:
    """How wide (in screen pixels) a button must be to show ``label`` whole in the theme's 20 px bold."""
    return font(px(20), True).size(label)[0] + px(BUTTON_TEXT_PADDING)
