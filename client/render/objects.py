"""Map objects that come and go, drawn from the board view: flags, chests, barricades, revealed traps.

They change only when an event takes or breaks one, so :class:`ObjectLayer` paints them onto a
copy of the pre-rendered map and repaints only when the set of objects changes; a frame then
blits map and objects at once. Hidden traps are never drawn (T-TRAP-3); runes and exit zones are
part of the pre-rendered map.
"""

from __future__ import annotations

import pygame

from client.render.board_view import BoardView
from client.render.map_layers import MapArt


def paint_objects(surface: pygame.Surface, view: BoardView, art: MapArt, max_barricade_hp: int) -> None:
    """Draw every object of ``view`` onto ``surface`` in map pixels."""
    tile = art.tile

    def at(pos: tuple[int, int]) -> tuple[int, int]:
        return pos[0] * tile, pos[1] * tile

    pictures = [(art.object_image("trap", pos, True), at(pos)) for pos in view.traps]
    pictures += [(art.object_image("chest", pos), at(pos)) for pos in view.chests]
    pictures += [(art.object_image("flag", pos, team), at(pos)) for pos, team in view.flags.items()]
    pictures += [(art.object_image("barricade", pos), at(pos)) for pos in view.barricades]
    surface.blits(pictures, doreturn=False)
    for pos, hp in view.barricades.items():
        x, y = at(pos)
        full = max(max_barricade_hp, hp, 1)
        bar = pygame.Rect(x + 8, y + tile - 8, tile - 16, 5)
        pygame.draw.rect(surface, (20, 20, 24), bar.inflate(2, 2))
        pygame.draw.rect(surface, (210, 160, 90), (bar.x, bar.y, round(bar.w * hp / full), bar.h))


class ObjectLayer:
    """The pre-rendered map with the current objects on it, rebuilt when they change."""

    def __init__(self, art: MapArt, view: BoardView, max_barricade_hp: int) -> None:
        self.art = art
        self.view = view
        self.max_barricade_hp = max_barricade_hp
        self._key: tuple | None = None
        self._surface = art.background

    def _objects_key(self) -> tuple:
        view = self.view
        return (
            frozenset(view.traps),
            frozenset(view.chests),
            frozenset(view.flags.items()),
            frozenset(view.barricades.items()),
        )

    @property
    def surface(self) -> pygame.Surface:
        key = self._objects_key()
        if key != self._key:
            self._key = key
            if any(key):
                self._surface = self.art.background.copy()
                paint_objects(self._surface, self.view, self.art, self.max_barricade_hp)
            else:
                self._surface = self.art.background
        return self._surface
