"""Map objects that come and go, drawn from the board view: flags, chests, barricades, revealed traps.

Hidden traps are never drawn (T-TRAP-3); runes and exit zones are part of the pre-rendered map.
"""

from __future__ import annotations

import pygame

from client.render.board_view import BoardView
from client.render.camera import Camera
from client.render.map_layers import MapArt


def draw_objects(
    surface: pygame.Surface, view: BoardView, art: MapArt, camera: Camera, max_barricade_hp: int
) -> None:
    clip = surface.get_clip()
    surface.set_clip(camera.viewport)
    ox, oy = camera.origin
    tile = camera.tile

    def at(pos: tuple[int, int]) -> tuple[int, int]:
        return ox + pos[0] * tile, oy + pos[1] * tile

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
    surface.set_clip(clip)
