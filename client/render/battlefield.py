"""The map viewport of the battle: pre-rendered map, highlights, objects, squads, effects, banners.

The scene decides *what* is marked (a :class:`Marks` value); this module only paints it, in a
fixed order: map and objects, zone fills, target frames, the selection, squads (back to front),
effects, the frame under the mouse, and the battle-feature pill on top.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from client.render.board_view import BoardView
from client.render.camera import Camera
from client.render.highlights import draw_hover, draw_pointer, draw_selection, draw_tiles
from client.render.hud import FeatureBanner
from client.render.map_layers import BACKDROP, MapArt
from client.render.objects import ObjectLayer
from client.render.squads import draw_squads
from client.ui import ATTACK_COLOUR, GOLD, LINE_COLOUR, MOVE_COLOUR

Pos = tuple[int, int]


@dataclass(frozen=True)
class Marks:
    """What to highlight this frame."""

    moves: tuple[Pos, ...] = ()
    targets: tuple[Pos, ...] = ()
    cross: tuple[Pos, ...] = ()
    faint_moves: tuple[Pos, ...] = ()
    faint_targets: tuple[Pos, ...] = ()
    selected: int | None = None
    hover: Pos | None = None
    shading: tuple[tuple[Pos, tuple[int, int, int]], ...] = ()  # "Where to stand": (sector, band colour)
    best: tuple[Pos, ...] = ()  # the sectors of the best attack, under the shading's gold brackets


class Battlefield:
    """Paints the viewport; keeps the feature pill's cache."""

    def __init__(self, art: MapArt, view: BoardView, max_barricade_hp: int) -> None:
        self.art = art
        self.view = view
        self.objects = ObjectLayer(art, view, max_barricade_hp)
        self.feature = FeatureBanner()

    def draw(
        self, surface: pygame.Surface, camera: Camera, marks: Marks, effects: list, clock: float
    ) -> None:
        viewport = camera.viewport
        src, dest = camera.source_rect()
        if src.size != viewport.size:  # a map smaller than the viewport (zoomed out): fill around it only
            shown = pygame.Rect(dest, src.size)
            for strip in (
                pygame.Rect(viewport.x, viewport.y, viewport.w, shown.y - viewport.y),
                pygame.Rect(viewport.x, shown.bottom, viewport.w, viewport.bottom - shown.bottom),
                pygame.Rect(viewport.x, shown.y, shown.x - viewport.x, shown.h),
                pygame.Rect(shown.right, shown.y, viewport.right - shown.right, shown.h),
            ):
                if strip.w > 0 and strip.h > 0:
                    surface.fill(BACKDROP, strip)
        surface.blit(self.objects.surface, dest, src)  # the map with its flags, chests, barricades
        clip = surface.get_clip()
        surface.set_clip(viewport)
        if marks.cross:
            draw_tiles(surface, camera, marks.cross, LINE_COLOUR, fill=26, border=0)
        if marks.faint_moves:
            draw_tiles(surface, camera, marks.faint_moves, (235, 235, 245), fill=30, border=70)
        if marks.faint_targets:
            draw_tiles(surface, camera, marks.faint_targets, ATTACK_COLOUR, fill=30, border=90)
        if marks.shading:  # replaces the plain movement zone: translucent, objects show through
            for colour in dict.fromkeys(colour for _, colour in marks.shading):
                cells = [pos for pos, c in marks.shading if c == colour]
                draw_tiles(surface, camera, cells, colour, fill=95, border=210)
            if marks.best:
                draw_tiles(surface, camera, marks.best, GOLD, fill=0, border=0, brackets=True)
        elif marks.moves:
            draw_tiles(surface, camera, marks.moves, MOVE_COLOUR, fill=85, border=200)
        if marks.targets:
            draw_tiles(surface, camera, marks.targets, ATTACK_COLOUR, fill=60, border=200, brackets=True)
        selected = self.view.squads.get(marks.selected) if marks.selected is not None else None
        if selected is not None and selected.alive:
            world = (selected.world[0] + selected.offset[0], selected.world[1] + selected.offset[1])
            draw_selection(surface, camera, world, clock)
        draw_squads(surface, list(self.view.squads.values()), camera, self.art.tile, clock)
        if selected is not None and selected.alive:
            draw_pointer(surface, camera, world, clock)
        for effect in effects:
            if not getattr(effect, "screen_space", False):
                effect.draw(surface, camera)
        if marks.hover is not None:
            draw_hover(surface, camera, marks.hover)
        surface.set_clip(clip)
        self.feature.draw(surface, viewport, self.view)
