"""The map art at each zoom: rescaled once per level, kept for going back to it.

The player zooms the battle map in steps (:data:`client.render.camera.ZOOM_LEVELS`); rescaling a
large map takes far longer than a frame, so each sector size's art is made once and kept, the
oldest let go when the kept maps together pass a pixel budget (a 4K window's 200% map is large).
"""

from __future__ import annotations

from client.render.map_layers import MapArt

ART_CACHE_PIXELS = 48_000_000  # about 190 MB of kept map surfaces at most


class ZoomedArt:
    """``base`` (the map at its own tile size) at any zoom factor, each sector size made once."""

    def __init__(self, base: MapArt, budget: int = ART_CACHE_PIXELS) -> None:
        self.base = base
        self.budget = budget
        self._arts: dict[int, MapArt] = {}  # by sector size, the most recently used last

    def at(self, factor: float) -> MapArt:
        """The art with sectors ``factor`` times the base's (rounded to whole pixels)."""
        tile = max(1, round(self.base.tile * factor))
        art = self._arts.pop(tile, None) or self.base.zoomed(tile / self.base.tile)
        self._arts[tile] = art
        while len(self._arts) > 1 and self.pixels() > self.budget:
            del self._arts[next(iter(self._arts))]
        return art

    def pixels(self) -> int:
        """The kept maps' size in pixels."""
        return sum(a.background.get_width() * a.background.get_height() for a in self._arts.values())

    @property
    def kept(self) -> tuple[int, ...]:
        """The sector sizes kept, the most recently used last."""
        return tuple(self._arts)
