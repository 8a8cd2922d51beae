"""The unit figures drawn by ``tools/make_sprites.py``: one function per unit id of
rules/data/tactics_units.toml.

Coordinates are on a 128 px canvas, the figure facing right with its feet near y = 118.
``team=True`` parts go to the team layer (greys the game tints with the team colour).
"""

from __future__ import annotations

from collections.abc import Callable

from make_sprites import TEAM_LIGHT, TEAM_MID, TEAM_SHADE, Painter

SKIN = (236, 194, 152, 255)
SKIN_SH = (204, 156, 118, 255)
STEEL = (200, 208, 220, 255)
STEEL_SH = (132, 140, 156, 255)
LEATHER = (124, 82, 50, 255)
LEATHER_SH = (86, 56, 36, 255)
WOOD = (160, 112, 64, 255)
WOOD_SH = (112, 76, 42, 255)
GOBLIN = (126, 178, 72, 255)
GOBLIN_SH = (88, 132, 52, 255)
ORC = (112, 146, 92, 255)
ORC_SH = (80, 108, 66, 255)
BONE = (232, 226, 206, 255)
BONE_SH = (176, 170, 150, 255)
TROLL = (118, 142, 166, 255)
TROLL_SH = (86, 104, 126, 255)
STONE = (156, 154, 146, 255)
STONE_SH = (110, 108, 102, 255)
DARK = (46, 42, 54, 255)
CLOTH_DARK = (64, 60, 78, 255)
GOLD = (236, 194, 84, 255)
WHITE = (250, 250, 250, 255)
EYE = (30, 26, 34, 255)
GLOW = (140, 230, 255, 255)
GLOW_CORE = (235, 252, 255, 255)
FIRE = (255, 170, 60, 255)
RED = (200, 40, 40, 255)


def _legs(p: Painter, colour=LEATHER_SH, top: float = 92, spread: float = 9) -> None:
    p.rect(colour, (64 - spread - 8, top, 12, 118 - top), radius=3)
    p.rect(colour, (64 + spread - 4, top, 12, 118 - top), radius=3)
    p.rect(DARK, (64 - spread - 10, 112, 16, 7), radius=3)
    p.rect(DARK, (64 + spread - 4, 112, 16, 7), radius=3)


def _head(p: Painter, centre=(64, 40), r: float = 14, skin=SKIN, eye_dx: float = 6) -> None:
    p.circle(skin, centre, r)
    p.circle(EYE, (centre[0] + eye_dx, centre[1] - 1), 2.4)


def swordsman(p: Painter) -> None:
    _legs(p)
    p.poly(TEAM_MID, [(44, 58), (84, 58), (90, 98), (38, 98)], team=True)  # tunic
    p.poly(TEAM_SHADE, [(44, 58), (56, 58), (52, 98), (38, 98)], team=True)
    p.rect(LEATHER, (40, 84, 50, 6))  # belt
    p.rect(GOLD, (60, 83, 8, 8), radius=2)
    p.rect(STEEL, (42, 54, 44, 12), radius=5)  # pauldrons
    _head(p)
    p.poly(STEEL, [(48, 38), (64, 22), (80, 38), (80, 44), (48, 44)])  # helmet
    p.rect(STEEL_SH, (62, 22, 4, 20))
    # sword arm, raised
    p.line(SKIN_SH, (84, 62), (98, 48), 9)
    p.line(STEEL, (100, 46), (112, 6), 7)  # blade
    p.line(GOLD, (92, 52), (108, 42), 5)  # guard
    p.line(LEATHER, (100, 48), (96, 58), 5)
    # shield on the near side
    p.ellipse(STEEL_SH, (26, 56, 36, 46))
    p.ellipse(TEAM_LIGHT, (30, 60, 28, 38), team=True)
    p.poly(WHITE, [(44, 66), (50, 78), (44, 92), (38, 78)])


def archer(p: Painter) -> None:
    _legs(p, LEATHER)
    p.poly(TEAM_MID, [(46, 56), (82, 56), (86, 100), (42, 100)], team=True)  # cloak
    p.poly(TEAM_SHADE, [(46, 56), (56, 56), (52, 100), (42, 100)], team=True)
    p.rect(LEATHER_SH, (44, 80, 42, 5))
    _head(p, (62, 42))
    p.poly(TEAM_LIGHT, [(46, 44), (50, 26), (66, 20), (80, 30), (76, 38), (60, 32), (52, 48)], team=True)
    # quiver
    p.rect(LEATHER, (36, 50, 10, 30), radius=3)
    for x in (38, 42):
        p.line(WHITE, (x, 50), (x - 2, 40), 2)
    # bow held forward
    p.line(SKIN_SH, (80, 64), (96, 64), 8)
    p.arc(WOOD, (78, 26, 36, 80), -1.35, 1.35, 6)
    p.line(WHITE, (104, 31), (104, 101), 1)
    p.line(WOOD_SH, (70, 64), (116, 64), 2)  # arrow
    p.poly(STEEL, [(116, 60), (124, 64), (116, 68)])


def mage(p: Painter) -> None:
    p.poly(TEAM_MID, [(50, 52), (78, 52), (94, 118), (34, 118)], team=True)  # robe
    p.poly(TEAM_SHADE, [(50, 52), (60, 52), (50, 118), (34, 118)], team=True)
    p.rect(GOLD, (46, 80, 38, 5))
    _head(p, (64, 42), 13)
    p.poly(WHITE, [(54, 46), (74, 46), (68, 70), (60, 70)])  # beard
    p.poly(TEAM_LIGHT, [(44, 36), (84, 36), (70, 4), (60, 18)], team=True)  # hat
    p.rect(GOLD, (46, 32, 36, 6), radius=3)
    p.line(WOOD, (98, 28), (96, 116), 5)  # staff
    p.line(SKIN_SH, (78, 66), (96, 66), 8)
    p.circle(GLOW, (98, 22), 10)
    p.circle(GLOW_CORE, (98, 22), 5)


def assassin(p: Painter) -> None:
    _legs(p, CLOTH_DARK, spread=11)
    p.poly(CLOTH_DARK, [(46, 56), (82, 56), (86, 96), (42, 96)])
    p.poly(TEAM_MID, [(44, 56), (84, 56), (78, 66), (50, 66)], team=True)  # scarf
    p.poly(TEAM_SHADE, [(46, 60), (54, 60), (44, 84), (38, 82)], team=True)
    _head(p, (64, 42), 13, CLOTH_DARK)
    p.rect(SKIN, (60, 36, 18, 7), radius=3)
    p.circle(EYE, (72, 39), 2.2)
    p.line(SKIN_SH, (82, 66), (98, 76), 7)
    p.line(STEEL, (98, 76), (118, 60), 4)  # daggers
    p.line(SKIN_SH, (46, 66), (36, 82), 7)
    p.line(STEEL, (36, 82), (26, 100), 4)


def goblin(p: Painter) -> None:
    p.rect(GOBLIN_SH, (50, 98, 10, 20), radius=3)
    p.rect(GOBLIN_SH, (68, 98, 10, 20), radius=3)
    p.ellipse(GOBLIN, (46, 66, 36, 38))
    p.poly(TEAM_MID, [(46, 88), (82, 88), (78, 104), (50, 104)], team=True)  # loincloth
    p.circle(GOBLIN, (66, 56), 17)
    p.poly(GOBLIN, [(52, 52), (28, 40), (50, 62)])  # ears
    p.poly(GOBLIN_SH, [(80, 50), (102, 36), (82, 62)])
    p.circle(WHITE, (74, 54), 5)
    p.circle(EYE, (76, 54), 2.5)
    p.poly(WHITE, [(70, 66), (82, 64), (76, 70)])
    p.line(GOBLIN_SH, (80, 78), (94, 84), 7)
    p.line(STEEL, (94, 84), (108, 70), 4)


def orc_brute(p: Painter) -> None:
    _legs(p, ORC_SH, top=94, spread=13)
    p.ellipse(ORC, (32, 46, 64, 58))
    p.poly(TEAM_MID, [(36, 84), (92, 84), (88, 104), (40, 104)], team=True)
    p.poly(TEAM_LIGHT, [(30, 48), (52, 44), (48, 62), (28, 62)], team=True)  # shoulder plate
    p.circle(ORC, (68, 40), 16)
    p.rect(EYE, (70, 34, 10, 3))
    p.poly(WHITE, [(70, 48), (74, 40), (76, 50)])  # tusks
    p.poly(WHITE, [(80, 48), (84, 40), (86, 50)])
    p.line(ORC_SH, (90, 66), (100, 54), 11)
    p.line(WOOD, (100, 58), (110, 10), 10)  # club
    p.circle(WOOD_SH, (110, 14), 10)


def skeleton_archer(p: Painter) -> None:
    for x in (54, 72):
        p.line(BONE, (x, 94), (x, 116), 5)
    p.rect(DARK, (48, 112, 14, 6), radius=2)
    p.rect(DARK, (66, 112, 14, 6), radius=2)
    p.poly(TEAM_SHADE, [(48, 84), (80, 84), (84, 100), (44, 100)], team=True)  # rag
    p.line(BONE, (64, 58), (64, 90), 5)
    for y in (64, 72, 80):
        p.line(BONE_SH, (54, y), (74, y), 4)
    p.circle(BONE, (64, 42), 14)
    p.rect(BONE, (56, 50, 16, 8), radius=2)
    p.circle(EYE, (70, 40), 4)
    p.circle(EYE, (58, 40), 3)
    p.line(BONE, (74, 64), (94, 64), 4)
    p.arc(WOOD_SH, (78, 26, 36, 80), -1.35, 1.35, 5)
    p.line(WHITE, (104, 31), (104, 101), 1)
    p.poly(TEAM_LIGHT, [(44, 26), (60, 22), (52, 32)], team=True)  # torn hood strip


def shaman(p: Painter) -> None:
    p.rect(GOBLIN_SH, (52, 100, 10, 18), radius=3)
    p.rect(GOBLIN_SH, (68, 100, 10, 18), radius=3)
    p.poly(TEAM_MID, [(46, 58), (82, 58), (90, 106), (40, 106)], team=True)  # cloak
    p.poly(TEAM_SHADE, [(46, 58), (56, 58), (50, 106), (40, 106)], team=True)
    p.circle(GOBLIN, (64, 46), 15)
    p.poly(GOBLIN, [(50, 44), (30, 34), (50, 54)])
    p.circle(EYE, (72, 44), 2.5)
    for i, colour in enumerate((RED, GOLD, WHITE, RED)):
        x = 50 + i * 8
        p.poly(colour, [(x, 34), (x + 6, 34), (x + 3 + (i - 1.5) * 4, 10)])  # feathers
    p.rect(LEATHER, (48, 30, 32, 7), radius=3)
    p.line(WOOD, (96, 30), (92, 116), 5)
    p.line(GOBLIN_SH, (80, 68), (94, 68), 8)
    p.circle(BONE, (97, 24), 9)  # skull on the staff
    p.circle(EYE, (100, 23), 2.5)


def troll(p: Painter) -> None:
    _legs(p, TROLL_SH, top=96, spread=16)
    p.ellipse(TROLL, (22, 34, 80, 72))
    p.ellipse(TROLL_SH, (22, 58, 30, 44))
    p.poly(TEAM_MID, [(30, 86), (94, 86), (88, 106), (36, 106)], team=True)
    p.circle(TROLL, (80, 38), 15)
    p.circle(WHITE, (86, 36), 4)
    p.circle(EYE, (87, 36), 2)
    p.poly(WHITE, [(82, 48), (86, 42), (90, 48)])
    p.line(TROLL_SH, (92, 64), (104, 86), 13)
    p.ellipse(STONE, (94, 80, 30, 26))  # boulder in hand
    p.ellipse(STONE_SH, (100, 92, 18, 12))


def wisp(p: Painter) -> None:
    p.poly((120, 210, 255, 200), [(42, 70), (64, 40), (86, 70), (76, 116), (64, 96), (52, 116)])
    p.circle(GLOW, (64, 70), 24)
    p.circle(TEAM_LIGHT, (64, 70), 14, team=True)
    p.circle(GLOW_CORE, (64, 70), 8)
    p.circle(EYE, (60, 66), 2.5)
    p.circle(EYE, (70, 66), 2.5)


def storm_totem(p: Painter) -> None:
    p.rect(WOOD_SH, (38, 108, 52, 10), radius=3)
    p.rect(WOOD, (48, 34, 32, 78), radius=4)
    p.rect(WOOD_SH, (48, 34, 8, 78))
    p.rect(TEAM_MID, (46, 62, 36, 10), team=True)
    p.rect(TEAM_MID, (46, 92, 36, 8), team=True)
    p.rect(EYE, (56, 44, 7, 5))
    p.rect(EYE, (68, 44, 7, 5))
    p.rect(DARK, (58, 78, 14, 6), radius=2)
    p.poly(WOOD, [(40, 34), (88, 34), (64, 20)])
    p.poly((255, 236, 120, 255), [(66, 4), (54, 22), (64, 22), (58, 36), (76, 16), (66, 16), (72, 4)])


def ballista(p: Painter) -> None:
    p.circle(WOOD_SH, (40, 104), 13)
    p.circle(WOOD_SH, (88, 104), 13)
    p.circle(WOOD, (40, 104), 6)
    p.circle(WOOD, (88, 104), 6)
    p.rect(WOOD, (28, 82, 72, 12), radius=3)
    p.line(WOOD_SH, (44, 88), (98, 62), 9)  # stock
    p.arc(STEEL_SH, (74, 30, 34, 70), -1.6, 1.6, 6)  # bow
    p.line(WHITE, (91, 33), (76, 66), 1)
    p.line(WHITE, (91, 97), (76, 66), 1)
    p.line(STEEL, (62, 76), (124, 48), 4)  # bolt
    p.line(WOOD_SH, (30, 84), (30, 40), 4)  # banner pole
    p.poly(TEAM_MID, [(30, 40), (54, 46), (30, 56)], team=True)


def catapult(p: Painter) -> None:
    p.circle(WOOD_SH, (36, 106), 12)
    p.circle(WOOD_SH, (92, 106), 12)
    p.circle(WOOD, (36, 106), 5)
    p.circle(WOOD, (92, 106), 5)
    p.rect(WOOD, (22, 88, 84, 12), radius=3)
    p.poly(WOOD_SH, [(56, 88), (66, 54), (76, 88)])  # frame
    p.line(WOOD, (40, 86), (98, 24), 7)  # arm
    p.ellipse(LEATHER, (90, 12, 22, 16))
    p.circle(STONE, (101, 14), 8)
    p.line(WOOD_SH, (112, 88), (112, 46), 4)
    p.poly(TEAM_MID, [(112, 46), (90, 52), (112, 60)], team=True)


def stone_guardian(p: Painter) -> None:
    p.rect(STONE_SH, (40, 96, 18, 22), radius=3)
    p.rect(STONE_SH, (70, 96, 18, 22), radius=3)
    p.rect(STONE, (32, 46, 64, 54), radius=8)
    p.rect(STONE_SH, (32, 46, 14, 54), radius=6)
    p.rect(STONE, (50, 20, 30, 28), radius=6)
    p.rect(TEAM_LIGHT, (62, 30, 12, 5), team=True)  # glowing eyes and runes
    p.poly(TEAM_LIGHT, [(60, 60), (70, 60), (64, 74)], team=True)
    p.rect(TEAM_MID, (56, 80, 18, 4), team=True)
    p.rect(STONE, (92, 50, 18, 40), radius=6)
    p.rect(STONE_SH, (18, 50, 16, 40), radius=6)


UNITS: dict[str, Callable[[Painter], None]] = {
    f.__name__: f
    for f in (
        swordsman,
        archer,
        mage,
        assassin,
        goblin,
        orc_brute,
        skeleton_archer,
        shaman,
        troll,
        wisp,
        storm_totem,
        ballista,
        catapult,
        stone_guardian,
    )
}
