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
    for pos in view.traps:
        surface.blit(art.object_image("trap", pos, True), camera.tile_rect(pos).topleft)
    for pos in view.chests:
        surface.blit(art.object_image("chest", pos), camera.tile_rect(pos).topleft)
    for pos, team in view.flags.items():
        surface.blit(art.object_image("flag", pos, team), camera.tile_rect(pos).topleft)
    for pos, hp in view.barricades.items():
        rect = camera.tile_rect(pos)
        surface.blit(art.object_image("barricade", pos), rect.topleft)
        full = max(max_barricade_hp, hp, 1)
        bar = pygame.Rect(rect.x + 8, rect.bottom - 8, rect.w - 16, 5)
        pygame.draw.rect(surface, (20, 20, 24), bar.inflate(2, 2))
        pygame.draw.rect(surface, (210, 160, 90), (bar.x, bar.y, round(bar.w * hp / full), bar.h))
    surface.set_clip(clip)
