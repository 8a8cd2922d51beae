"""The menus' backdrop: a shipped battlefield, scaled to cover the window and darkened under the text.

Built once per window size from the pre-rendered map; if no map can be drawn the menus keep
their plain background.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from client.context import MAPS_DIR

BACKDROP_MAP = "smugglers_cove.tmx"
SHADE = (12, 14, 20)


@lru_cache(maxsize=1)
def _battlefield() -> pygame.Surface | None:
    from client.render.map_layers import load_map_art

    try:
        return load_map_art(MAPS_DIR / BACKDROP_MAP)[1].background
    except Exception:  # a decoration: any trouble just means no picture
        return None


@lru_cache(maxsize=4)
def backdrop(size: tuple[int, int]) -> pygame.Surface | None:
    """The darkened battlefield filling ``size`` (None when there is no map to show)."""
    art = _battlefield()
    if art is None:
        return None
    scale = max(size[0] / art.get_width(), size[1] / art.get_height())
    scaled = pygame.transform.smoothscale(
        art, (round(art.get_width() * scale), round(art.get_height() * scale))
    )
    surface = pygame.Surface(size).convert()
    surface.blit(scaled, scaled.get_rect(center=(size[0] // 2, size[1] // 2)))
    shade = pygame.Surface(size).convert()
    shade.fill(SHADE)
    shade.set_alpha(200)
    surface.blit(shade, (0, 0))
    band = pygame.Surface((size[0], 1)).convert()
    band.fill(SHADE)
    for y in range(size[1]):  # darker towards the top and bottom edges
        edge = min(y, size[1] - 1 - y) / (size[1] / 4)
        if edge < 1:
            band.set_alpha(round(120 * (1 - edge)))
            surface.blit(band, (0, y))
    return surface


def forget() -> None:
    """Drop the cached pictures (pygame is shutting down)."""
    _battlefield.cache_clear()
    backdrop.cache_clear()
