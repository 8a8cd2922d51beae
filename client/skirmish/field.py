"""The skirmish's map viewport: the tactical battle's pre-rendered map art and camera, with the
skirmish's own marks and figures on it.

Order: the map (with the map's barricades, which are blocked cells in a skirmish, and Stone walls),
weapons lying on the ground, the range of the aimed weapon or spell, the cells a move or a spell
would light, the targets, the acting hero's gold frame, the heroes (back to front, with HP and mana
bars), the event player's effects, the frame under the mouse.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from client.render.camera import Camera
from client.render.highlights import draw_hover, draw_pointer, draw_selection, draw_tiles, tile_overlay
from client.render.map_layers import BACKDROP, MapArt
from client.skirmish.art import hero_sprite
from client.skirmish.view import HeroView, SkirmishBoard
from client.ui import ATTACK_COLOUR, LINE_COLOUR, MOVE_COLOUR, TEAM_COLOURS

Pos = tuple[int, int]
WALL = (120, 112, 100)


@dataclass(frozen=True)
class FieldMarks:
    moves: tuple[Pos, ...] = ()
    targets: tuple[Pos, ...] = ()
    range: tuple[Pos, ...] = ()  # the aimed spell's reach
    path: tuple[Pos, ...] = ()  # the hovered move's path
    area: tuple[Pos, ...] = ()  # the hovered spell's lit cells
    blocked: Pos | None = None  # a hovered cell the click cannot use
    acting: int | None = None
    hover: Pos | None = None


class SkirmishField:
    """Paints the viewport from the map art and the board view."""

    def __init__(self, art: MapArt, view: SkirmishBoard, barricades: list[Pos]) -> None:
        self.art = art
        self.view = view
        self.background = art.background.copy()
        for pos in barricades:
            self.background.blit(art.object_image("barricade", pos), (pos[0] * art.tile, pos[1] * art.tile))
        self._ground = self.background  # the map with the ground's marks on it (see ground())
        self._ground_key: tuple = (frozenset(), frozenset(), (), ())
        self._marked: pygame.Surface | None = None  # a copy of the map the marks are drawn on
        self._dirty: list[pygame.Rect] = []  # the cells marked on it, to restore from the map
        self._figures: dict[int, tuple] = {}  # each standing hero's figure and what it shows (_figure)

    def ground(self, marks: FieldMarks) -> pygame.Surface:
        """The map with the marks that lie on the ground drawn on it (Stone walls, weapons lying there,
        the aimed spell's reach, the cells a move reaches), in that order. They change once an action
        at most, so they are drawn once onto a copy of the map, not cell by cell every frame (the
        move cells alone were a fifth of the frame); the cells marked last are restored from the map."""
        key = (frozenset(self.view.walls), frozenset(self.view.items), marks.range, marks.moves)
        if key == self._ground_key:
            return self._ground
        self._ground_key = key
        if not any(key):
            self._ground = self.background
            return self._ground
        if self._marked is None:
            self._marked = self.background.copy()
        for rect in self._dirty:
            self._marked.blit(self.background, rect, rect)
        self._dirty = self._mark(self._marked, marks)
        self._ground = self._marked
        return self._ground

    def _mark(self, surface: pygame.Surface, marks: FieldMarks) -> list[pygame.Rect]:
        """Draw the ground's marks in map pixels; return the cells drawn on."""
        tile = self.art.tile

        def cell(pos: Pos) -> pygame.Rect:
            return pygame.Rect(pos[0] * tile, pos[1] * tile, tile, tile)

        for pos in self.view.walls:
            rect = cell(pos).inflate(-4, -4)
            pygame.draw.rect(surface, WALL, rect, border_radius=6)
            pygame.draw.rect(surface, (60, 56, 50), rect, 3, border_radius=6)
        for pos in self.view.items:
            c = cell(pos).center
            pygame.draw.line(
                surface,
                (220, 220, 230),
                (c[0] - tile // 5, c[1] + tile // 4),
                (c[0] + tile // 5, c[1] + tile // 6),
                4,
            )
        for cells, colour, fill, border in (
            (marks.range, (190, 160, 255), 26, 60),
            (marks.moves, MOVE_COLOUR, 60, 160),
        ):
            if cells:
                overlay = tile_overlay(colour, tile, fill, border, False)
                surface.blits([(overlay, (x * tile, y * tile)) for x, y in cells], doreturn=False)
        return [
            cell(pos) for part in (self.view.walls, self.view.items, marks.range, marks.moves) for pos in part
        ]

    def draw(
        self, surface: pygame.Surface, camera: Camera, marks: FieldMarks, effects: list, clock: float
    ) -> None:
        viewport = camera.viewport
        src, dest = camera.source_rect()
        if src.size != viewport.size:
            surface.fill(BACKDROP, viewport)
        surface.blit(self.ground(marks), dest, src)
        clip = surface.get_clip()
        surface.set_clip(viewport)
        tile = camera.tile
        if marks.path:
            draw_tiles(surface, camera, marks.path, (150, 210, 255), fill=120, border=240)
        if marks.area:
            draw_tiles(surface, camera, marks.area, LINE_COLOUR, fill=110, border=230)
        if marks.targets:
            draw_tiles(surface, camera, marks.targets, ATTACK_COLOUR, fill=50, border=200, brackets=True)
        if marks.blocked is not None:
            rect = camera.tile_rect(marks.blocked).inflate(-tile // 3, -tile // 3)
            pygame.draw.line(surface, ATTACK_COLOUR, rect.topleft, rect.bottomright, 4)
            pygame.draw.line(surface, ATTACK_COLOUR, rect.topright, rect.bottomleft, 4)
        acting = self.view.heroes.get(marks.acting) if marks.acting is not None else None
        if acting is not None and not acting.out:
            world = (acting.world[0] + acting.offset[0], acting.world[1] + acting.offset[1])
            draw_selection(surface, camera, world, clock)
        self._draw_heroes(surface, camera, tile)
        if acting is not None and not acting.out:
            draw_pointer(surface, camera, world, clock)
        for effect in effects:
            if not getattr(effect, "screen_space", False):
                effect.draw(surface, camera)
        if marks.hover is not None:
            draw_hover(surface, camera, marks.hover)
        surface.set_clip(clip)

    def _draw_heroes(self, surface: pygame.Surface, camera: Camera, tile: int) -> None:
        heroes = sorted(self.view.heroes.values(), key=lambda h: (not h.out, h.world[1]))
        for hero in heroes:
            x, y = camera.to_screen((hero.world[0] + hero.offset[0], hero.world[1] + hero.offset[1]))
            if not (-tile < x < surface.get_width() + tile and -tile < y < surface.get_height() + tile):
                continue
            if not hero.out and hero.alpha >= 1 and hero.flash <= 0:
                surface.blit(self._figure(hero, tile), (x, y))
                continue
            sprite = hero_sprite(hero.hero.id, hero.loadout, hero.team, tile)
            if hero.out:
                sprite = pygame.transform.rotate(sprite, 90 if hero.team == 1 else -90)
            if hero.alpha < 1 or hero.flash > 0:
                sprite = sprite.copy()
                if hero.flash > 0:
                    sprite.fill((90, 90, 90, 0), special_flags=pygame.BLEND_RGBA_ADD)
                sprite.set_alpha(round(255 * hero.alpha))
            surface.blit(sprite, (x, y))
            _draw_badges(surface, (x, y), hero, tile)

    def _figure(self, hero: HeroView, tile: int) -> pygame.Surface:
        """A standing hero's sprite with its style ring, bars and team dot drawn on (all opaque, so
        blitting it gives the same pixels as drawing them on the screen), remembered until one of them
        changes: drawing the bars anew was 13 us a hero a frame."""
        key: tuple = (hero.hero.id, hero.loadout, hero.team, tile, hero.style, hero.hp, hero.max_hp)
        key += (hero.mana, hero.max_mana)
        shown, found = self._figures.get(hero.id, (None, None))
        if shown != key or found is None:  # compared, not hashed (a loadout, Fraction mana)
            # a row taller than the sector: the mana bar's dark edge lies on the row under it
            found = pygame.Surface((tile, tile + 1), pygame.SRCALPHA)
            found.fill((0, 0, 0, 0))
            sprite = hero_sprite(hero.hero.id, hero.loadout, hero.team, tile)
            found.blit(sprite, (0, 0), special_flags=pygame.BLEND_RGBA_ADD)  # onto nothing: a copy
            _draw_badges(found, (0, 0), hero, tile)
            self._figures[hero.id] = (key, found)
        return found


def _draw_badges(surface: pygame.Surface, at: tuple[int, int], hero: HeroView, tile: int) -> None:
    """What is drawn over a hero's sprite at ``at``: the defensive style's ring and, unless it is out,
    its HP and mana bars and its team's dot."""
    x, y = at
    if hero.style:
        pygame.draw.circle(surface, (200, 215, 240), (x + tile // 2, y + tile // 2), tile // 2 - 2, 2)
    if hero.out:
        return
    w = tile - 12
    bar = pygame.Rect(x + 6, y + tile - 8, w, 5)
    pygame.draw.rect(surface, (16, 16, 20), bar.inflate(2, 2))
    pygame.draw.rect(surface, (200, 70, 60), (bar.x, bar.y, round(w * max(0, hero.hp) / hero.max_hp), bar.h))
    if hero.max_mana:
        mana = pygame.Rect(x + 6, y + tile - 3, w, 3)
        pygame.draw.rect(surface, (16, 16, 20), mana.inflate(2, 2))
        pygame.draw.rect(
            surface, (90, 130, 240), (mana.x, mana.y, round(w * float(hero.mana / hero.max_mana)), 3)
        )
    pygame.draw.circle(surface, TEAM_COLOURS[hero.team], (x + 8, y + 8), 5)
