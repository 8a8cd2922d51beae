"""Map-object tile drawings (64 px, transparent) for ``tools/make_tiles.py``.

Every object of tactics.md section 7 has its own silhouette, so objects stay
distinguishable without colour: traps are toothed jaws, rune circles a stone ring
with a glyph per kind, drop zones a numbered dashed square, exits a door with an
arrow, flags differ in cloth shape (pennant, swallowtail, square with a ring).
Each entry of :data:`OBJECTS` also carries the Tiled type and default properties
its tile gives to the objects placed from it. Ids are list positions: append only.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame
from tiles_terrain import BLUE, GOLD, INK, RED, TILE, WHITE, Color

Draw = Callable[[pygame.Surface], None]
TEAM_COLOR = {"1": RED, "2": BLUE}


def font(size: int) -> pygame.font.Font:
    return pygame.font.Font(None, size)


def text(s: pygame.Surface, label: str, size: int, center: tuple[int, int], color: Color = WHITE) -> None:
    img = font(size).render(label, True, color)
    shadow = font(size).render(label, True, INK)
    rect = img.get_rect(center=center)
    s.blit(shadow, rect.move(2, 2))
    s.blit(img, rect)


def jaws(s: pygame.Surface, alpha: int) -> None:
    metal = (70, 70, 78, alpha)
    pygame.draw.circle(s, (40, 40, 44, alpha), (32, 34), 24, 4)
    for i in range(9):
        a = math.pi * (0.12 + 0.76 * i / 8)
        for sign in (-1, 1):
            base = (32 + 22 * math.cos(a), 34 + sign * 22 * math.sin(a))
            tip = (32 + 13 * math.cos(a), 34 + sign * 12 * math.sin(a))
            side = (base[0] + 5 * math.sin(a), base[1] - sign * 5 * math.cos(a))
            pygame.draw.polygon(s, (200, 200, 210, alpha), [base, tip, side])
    pygame.draw.circle(s, metal, (32, 34), 6)
    pygame.draw.line(s, metal, (6, 34), (58, 34), 3)


def trap_hidden(s: pygame.Surface) -> None:
    jaws(s, 150)
    pygame.draw.arc(s, INK, (20, 6, 24, 14), math.pi, 2 * math.pi, 3)  # a closed eye: hidden
    for x in (24, 32, 40):
        pygame.draw.line(s, INK, (x, 15), (x, 20), 2)


def trap_revealed(s: pygame.Surface) -> None:
    jaws(s, 255)
    pygame.draw.polygon(s, GOLD, [(32, 2), (44, 22), (20, 22)])
    pygame.draw.polygon(s, INK, [(32, 2), (44, 22), (20, 22)], 2)
    pygame.draw.line(s, INK, (32, 8), (32, 15), 3)
    pygame.draw.circle(s, INK, (32, 19), 1)


def ring(s: pygame.Surface, glow: Color) -> None:
    pygame.draw.circle(s, (*glow, 110), (32, 32), 27)
    pygame.draw.circle(s, (120, 116, 110), (32, 32), 29, 6)
    for i in range(8):
        a = i * math.pi / 4
        pygame.draw.circle(s, glow, (32 + 29 * math.cos(a), 32 + 29 * math.sin(a)), 3)


def rune_damage(s: pygame.Surface) -> None:  # a sword
    ring(s, (230, 110, 40))
    pygame.draw.polygon(s, WHITE, [(42, 12), (46, 16), (24, 40), (20, 36)])
    pygame.draw.line(s, INK, (16, 34), (28, 46), 4)
    pygame.draw.line(s, (120, 70, 40), (20, 42), (13, 49), 5)


def rune_phys(s: pygame.Surface) -> None:  # a solid shield
    ring(s, (150, 160, 175))
    pts = [(18, 14), (46, 14), (46, 30), (32, 50), (18, 30)]
    pygame.draw.polygon(s, WHITE, pts)
    pygame.draw.polygon(s, INK, pts, 3)
    pygame.draw.line(s, INK, (32, 16), (32, 46), 2)


def rune_mag(s: pygame.Surface) -> None:  # a six-pointed ward star
    ring(s, (150, 80, 220))
    up = [(32, 12), (49, 41), (15, 41)]
    down = [(32, 52), (15, 23), (49, 23)]
    pygame.draw.polygon(s, WHITE, up, 4)
    pygame.draw.polygon(s, WHITE, down, 4)


def rune_dodge(s: pygame.Surface) -> None:  # double chevron: slip away
    ring(s, (60, 180, 90))
    for x in (18, 32):
        pygame.draw.lines(s, WHITE, False, [(x, 18), (x + 12, 32), (x, 46)], 6)


def rune_crit(s: pygame.Surface) -> None:  # crosshair
    ring(s, (220, 190, 40))
    pygame.draw.circle(s, WHITE, (32, 32), 13, 3)
    for a, b in (((32, 12), (32, 24)), ((32, 40), (32, 52)), ((12, 32), (24, 32)), ((40, 32), (52, 32))):
        pygame.draw.line(s, WHITE, a, b, 3)
    pygame.draw.circle(s, RED, (32, 32), 4)


def zone_frame(s: pygame.Surface, team: str) -> None:
    color = TEAM_COLOR[team]
    s.fill((*color, 70))
    if team == "1":  # team 1: corner brackets
        for cx, cy in ((3, 3), (60, 3), (3, 60), (60, 60)):
            dx = 14 if cx < 32 else -14
            dy = 14 if cy < 32 else -14
            pygame.draw.line(s, color, (cx, cy), (cx + dx, cy), 5)
            pygame.draw.line(s, color, (cx, cy), (cx, cy + dy), 5)
    else:  # team 2: a dashed border
        for i in range(0, TILE, 12):
            for rect in ((i, 1, 7, 4), (i, 59, 7, 4), (1, i, 4, 7), (59, i, 4, 7)):
                pygame.draw.rect(s, color, rect)


def drop_zone(team: str, zone_type: str) -> Draw:
    def draw(s: pygame.Surface) -> None:
        zone_frame(s, team)
        text(s, zone_type, 44, (32, 30))
        glyph = {"1": "ranged", "2": "all", "3": "melee"}[zone_type]
        text(s, glyph, 18, (32, 52))

    return draw


def exit_zone(team: str) -> Draw:
    def draw(s: pygame.Surface) -> None:
        zone_frame(s, team)
        pygame.draw.rect(
            s, (70, 45, 25), (18, 14, 22, 38), border_top_left_radius=11, border_top_right_radius=11
        )
        pygame.draw.rect(s, INK, (18, 14, 22, 38), 2, border_top_left_radius=11, border_top_right_radius=11)
        pygame.draw.line(s, WHITE, (30, 34), (54, 34), 5)
        pygame.draw.polygon(s, WHITE, [(56, 34), (46, 25), (46, 43)])
        text(s, "EXIT", 16, (29, 58))

    return draw


def pole(s: pygame.Surface) -> None:
    pygame.draw.ellipse(s, (0, 0, 0, 90), (10, 52, 26, 8))
    pygame.draw.line(s, (90, 60, 30), (20, 6), (20, 56), 4)
    pygame.draw.circle(s, GOLD, (20, 6), 4)


def flag_red(s: pygame.Surface) -> None:  # team 1: a triangular pennant
    pole(s)
    pts = [(22, 8), (56, 20), (22, 32)]
    pygame.draw.polygon(s, RED, pts)
    pygame.draw.polygon(s, INK, pts, 2)


def flag_blue(s: pygame.Surface) -> None:  # team 2: a swallowtail with a white stripe
    pole(s)
    pts = [(22, 8), (56, 8), (46, 20), (56, 32), (22, 32)]
    pygame.draw.polygon(s, BLUE, pts)
    pygame.draw.line(s, WHITE, (22, 20), (48, 20), 4)
    pygame.draw.polygon(s, INK, pts, 2)


def flag_shared(s: pygame.Surface) -> None:  # shared (PvP mode 2): square red cloth with a white ring
    pole(s)
    rect = pygame.Rect(22, 8, 32, 26)
    pygame.draw.rect(s, RED, rect)
    pygame.draw.circle(s, WHITE, rect.center, 8, 3)
    pygame.draw.rect(s, INK, rect, 2)


def chest(s: pygame.Surface) -> None:
    pygame.draw.ellipse(s, (0, 0, 0, 90), (8, 50, 48, 10))
    body = pygame.Rect(10, 26, 44, 28)
    lid = pygame.Rect(10, 14, 44, 16)
    pygame.draw.rect(s, (130, 78, 36), body)
    pygame.draw.rect(s, (150, 92, 44), lid, border_top_left_radius=8, border_top_right_radius=8)
    for x in (16, 44):
        pygame.draw.rect(s, GOLD, (x, 14, 5, 40))
    pygame.draw.rect(s, GOLD, (27, 26, 10, 12))
    pygame.draw.circle(s, INK, (32, 31), 2)
    pygame.draw.rect(s, INK, body, 2)
    pygame.draw.rect(s, INK, lid, 2, border_top_left_radius=8, border_top_right_radius=8)


def barricade(s: pygame.Surface) -> None:  # cheval de frise: crossed sharpened stakes on a beam
    pygame.draw.ellipse(s, (0, 0, 0, 90), (4, 48, 56, 12))
    for x in (14, 32, 50):
        for a, b in (((x - 12, 52), (x + 10, 12)), ((x + 12, 52), (x - 10, 12))):
            pygame.draw.line(s, (120, 80, 40), a, b, 6)
            pygame.draw.line(s, INK, a, b, 1)
            pygame.draw.circle(s, (220, 200, 160), b, 3)
    pygame.draw.rect(s, (90, 58, 30), (2, 32, 60, 9))
    pygame.draw.rect(s, INK, (2, 32, 60, 9), 2)


# (tile name, drawing, Tiled type, default properties {name: (tiled type, custom type or "", value)})
Props = dict[str, tuple[str, str, str]]
OBJECTS: list[tuple[str, Draw, str, Props]] = [
    ("trap (hidden)", trap_hidden, "trap", {"revealed": ("bool", "", "false")}),
    ("trap (revealed)", trap_revealed, "trap", {"revealed": ("bool", "", "true")}),
    ("rune circle (damage)", rune_damage, "rune", {"kind": ("string", "RuneKind", "damage")}),
    ("rune circle (physical defense)", rune_phys, "rune", {"kind": ("string", "RuneKind", "phys_defense")}),
    ("rune circle (magical defense)", rune_mag, "rune", {"kind": ("string", "RuneKind", "mag_defense")}),
    ("rune circle (dodge)", rune_dodge, "rune", {"kind": ("string", "RuneKind", "dodge")}),
    ("rune circle (crit)", rune_crit, "rune", {"kind": ("string", "RuneKind", "crit")}),
]
for _team in ("1", "2"):
    for _zt in ("1", "2", "3"):
        OBJECTS.append(
            (
                f"drop zone team {_team} type {_zt}",
                drop_zone(_team, _zt),
                "drop_zone",
                {"team": ("string", "Team", _team), "zone_type": ("string", "ZoneType", _zt)},
            )
        )
OBJECTS += [
    ("exit zone team 1", exit_zone("1"), "exit_zone", {"team": ("string", "Team", "1")}),
    ("exit zone team 2", exit_zone("2"), "exit_zone", {"team": ("string", "Team", "2")}),
    ("flag team 1 (red pennant)", flag_red, "flag", {"team": ("string", "FlagTeam", "1")}),
    ("flag team 2 (blue swallowtail)", flag_blue, "flag", {"team": ("string", "FlagTeam", "2")}),
    ("flag shared (red, ringed)", flag_shared, "flag", {"team": ("string", "FlagTeam", "shared")}),
    ("chest", chest, "chest", {}),
    ("barricade", barricade, "barricade", {"hp": ("int", "", "0")}),
]
