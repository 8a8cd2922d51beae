"""The duel's pictures drawn by ``tools/make_card_art.py``: one function per card id of
rules/data/duel_cards.toml (creatures as figures, magic as an emblem of its effect) and per hero id
of rules/data/duel_heroes.toml (portraits, head and shoulders).

Same canvas and palette as the unit sprites (``tools/make_sprites_units.py``): 128 px, the figure
facing right, pygame primitives, the dark outline added by the tool. Figures share a few builders
(a soldier, a horse, a wing) so that related cards look related; each card picks its own colours,
headgear and weapon.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from make_sprites import Painter
from make_sprites_units import (
    BONE,
    BONE_SH,
    DARK,
    EYE,
    FIRE,
    GLOW,
    GLOW_CORE,
    GOLD,
    LEATHER,
    LEATHER_SH,
    RED,
    SKIN,
    SKIN_SH,
    STEEL,
    STEEL_SH,
    STONE,
    STONE_SH,
    TROLL,
    TROLL_SH,
    WHITE,
    WOOD,
    WOOD_SH,
)

BLUE = (70, 110, 200, 255)
BLUE_SH = (48, 76, 150, 255)
CRIMSON = (170, 40, 50, 255)
CRIMSON_SH = (118, 26, 36, 255)
GREEN = (70, 140, 70, 255)
GREEN_SH = (48, 100, 50, 255)
PURPLE = (120, 70, 170, 255)
PURPLE_SH = (84, 48, 124, 255)
BLACK = (48, 44, 56, 255)
BLACK_SH = (30, 28, 36, 255)
BROWN = (130, 90, 60, 255)
BROWN_SH = (92, 62, 40, 255)
TAN = (196, 160, 110, 255)
TAN_SH = (150, 118, 80, 255)
HORSE = (150, 100, 60, 255)
HORSE_SH = (108, 70, 42, 255)
GREY_HORSE = (200, 200, 206, 255)
GREY_HORSE_SH = (150, 150, 160, 255)
ZOMBIE = (140, 170, 120, 255)
ZOMBIE_SH = (100, 128, 88, 255)
GHOST = (190, 220, 235, 210)
GHOST_SH = (130, 160, 190, 210)
ICE = (170, 225, 255, 255)
ICE_SH = (100, 170, 220, 255)
YELLOW = (255, 226, 90, 255)
ORANGE = (250, 130, 40, 255)
RUST = (176, 92, 44, 255)
RUST_SH = (120, 60, 30, 255)
PALE = (214, 210, 196, 255)
HAIR = (92, 60, 36, 255)
IRON = (110, 116, 128, 255)
IRON_SH = (76, 80, 92, 255)


# ---- shared builders ----------------------------------------------------------------------------


def _legs(p: Painter, colour=LEATHER_SH, boots=DARK, top: float = 92, spread: float = 9) -> None:
    p.rect(colour, (64 - spread - 8, top, 12, 118 - top), radius=3)
    p.rect(colour, (64 + spread - 4, top, 12, 118 - top), radius=3)
    p.rect(boots, (64 - spread - 10, 112, 16, 7), radius=3)
    p.rect(boots, (64 + spread - 4, 112, 16, 7), radius=3)


def _head(p: Painter, centre=(64, 40), r: float = 14, skin=SKIN, eye=EYE) -> None:
    p.circle(skin, centre, r)
    p.circle(eye, (centre[0] + 6, centre[1] - 1), 2.4)


def _torso(p: Painter, colour, shade, top: float = 56, bottom: float = 98) -> None:
    p.poly(colour, [(44, top), (84, top), (90, bottom), (38, bottom)])
    p.poly(shade, [(44, top), (56, top), (52, bottom), (38, bottom)])


def _helmet(p: Painter, kind: str, centre=(64, 40)) -> None:
    x, y = centre
    if kind == "sallet":
        p.poly(STEEL, [(x - 16, y - 2), (x, y - 18), (x + 16, y - 2), (x + 16, y + 4), (x - 16, y + 4)])
        p.rect(STEEL_SH, (x - 2, y - 18, 4, 20))
    elif kind == "kettle":
        p.ellipse(STEEL_SH, (x - 22, y - 6, 44, 10))
        p.ellipse(STEEL, (x - 14, y - 18, 28, 18))
    elif kind == "great":
        p.rect(STEEL, (x - 15, y - 16, 30, 30), radius=6)
        p.rect(DARK, (x + 1, y - 4, 14, 3))
        p.rect(STEEL_SH, (x - 15, y - 16, 8, 30), radius=4)
    elif kind == "dark":
        p.rect(BLACK, (x - 15, y - 16, 30, 30), radius=6)
        p.rect(RED, (x + 2, y - 4, 12, 3))
        p.poly(BLACK_SH, [(x - 10, y - 14), (x - 18, y - 30), (x - 4, y - 16)])
        p.poly(BLACK_SH, [(x + 8, y - 14), (x + 14, y - 30), (x + 14, y - 12)])
    elif kind == "cap":
        p.poly(LEATHER, [(x - 15, y - 3), (x - 10, y - 15), (x + 10, y - 15), (x + 15, y - 3)])
    elif kind == "hood":
        p.poly(BROWN, [(x - 16, y + 4), (x - 12, y - 14), (x + 2, y - 18), (x + 16, y - 8), (x + 8, y - 6)])
    elif kind == "plume":
        p.poly(STEEL, [(x - 15, y - 2), (x, y - 17), (x + 15, y - 2), (x + 15, y + 4), (x - 15, y + 4)])
        p.poly(CRIMSON, [(x - 2, y - 16), (x - 22, y - 26), (x - 26, y - 12), (x - 8, y - 10)])


def _shield(p: Painter, colour, shade, rect=(26, 56, 36, 46), emblem=WHITE) -> None:
    x, y, w, h = rect
    p.ellipse(shade, rect)
    p.ellipse(colour, (x + 4, y + 4, w - 8, h - 8))
    p.poly(
        emblem,
        [
            (x + w / 2, y + 10),
            (x + w / 2 + 6, y + h / 2),
            (x + w / 2, y + h - 10),
            (x + w / 2 - 6, y + h / 2),
        ],
    )


def _soldier(
    p: Painter,
    tunic,
    tunic_sh,
    helmet: str = "sallet",
    skin=SKIN,
    legs=LEATHER_SH,
    belt=LEATHER,
    pauldrons=True,
) -> None:
    _legs(p, legs)
    _torso(p, tunic, tunic_sh)
    p.rect(belt, (40, 84, 50, 6))
    if pauldrons:
        p.rect(STEEL, (42, 54, 44, 12), radius=5)
    _head(p, skin=skin)
    if helmet:
        _helmet(p, helmet)


def _arm(p: Painter, hand: tuple[float, float], skin=SKIN_SH, shoulder=(84, 62)) -> None:
    p.line(skin, shoulder, hand, 9)


def _horse(p: Painter, coat, shade, barding=None, mane=DARK, x0: float = 0) -> None:
    """A horse facing right, its back at y ~ 70 (a rider sits at x ~ 60)."""
    for x in (34, 46, 82, 94):
        p.line(shade if x in (46, 94) else coat, (x + x0, 86), (x + x0 + (2 if x < 60 else -2), 116), 7)
        p.rect(DARK, (x + x0 - 4, 112, 10, 6), radius=2)
    p.ellipse(coat, (26 + x0, 64, 78, 34))
    p.ellipse(shade, (26 + x0, 76, 40, 22))
    p.poly(coat, [(88 + x0, 74), (98 + x0, 46), (110 + x0, 44), (104 + x0, 80)])  # neck
    p.poly(coat, [(98 + x0, 42), (122 + x0, 54), (118 + x0, 62), (100 + x0, 56)])  # head
    p.circle(EYE, (108 + x0, 48), 2)
    p.poly(mane, [(96 + x0, 46), (108 + x0, 40), (92 + x0, 70), (88 + x0, 70)])
    p.poly(mane, [(28 + x0, 70), (14 + x0, 92), (22 + x0, 94), (32 + x0, 78)])  # tail
    if barding is not None:
        p.poly(barding, [(40 + x0, 66), (90 + x0, 66), (96 + x0, 92), (34 + x0, 92)])
        p.rect(GOLD, (34 + x0, 88, 62, 4))


def _rider(p: Painter, armour, armour_sh, helmet: str, skin=SKIN) -> None:
    p.poly(armour, [(50, 40), (74, 40), (78, 70), (46, 70)])
    p.poly(armour_sh, [(50, 40), (58, 40), (54, 70), (46, 70)])
    p.line(LEATHER_SH, (58, 66), (66, 86), 8)  # leg down the flank
    _head(p, (62, 28), 11, skin)
    _helmet(p, helmet, (62, 28))


def _wing(
    p: Painter, colour, shade, root=(60, 60), span: float = 56, lift: float = 40, feathers: int = 4
) -> None:
    """A feathered wing raised up and back from ``root``: a leading edge to the tip, scalloped below."""
    rx, ry = root
    tip = (rx - span * 0.6, ry - lift - 14)
    back = (rx - span * 0.2, ry + 12)
    pts = [(rx + 6, ry + 4), (rx + 2, ry - lift * 0.55), (rx - span * 0.25, ry - lift - 6), tip]
    for i in range(1, feathers + 1):
        t = i / feathers
        x = tip[0] + (back[0] - tip[0]) * t
        y = tip[1] + (back[1] - tip[1]) * t
        pts.append((x - 10, y - 2))  # each feather's point sticks out behind the wing
        pts.append((x + 2, y + 2))
    p.poly(colour, pts)
    for i in range(1, feathers):
        t = i / feathers
        x = tip[0] + (back[0] - tip[0]) * t
        y = tip[1] + (back[1] - tip[1]) * t
        p.line(shade, (x + 2, y + 2), (rx - 2 - (feathers - i) * 3, ry - lift * 0.4 + i * 4), 2)
    p.line(shade, (rx + 2, ry - lift * 0.55), (rx - span * 0.25, ry - lift - 6), 3)


def _bat_wing(p: Painter, colour, root, span: float, lift: float, left: bool = True) -> None:
    rx, ry = root
    s = -1 if left else 1
    tip = (rx + s * span, ry - lift)
    p.poly(
        colour,
        [
            root,
            tip,
            (rx + s * span * 0.9, ry + 4),
            (rx + s * span * 0.6, ry - 4),
            (rx + s * span * 0.35, ry + 8),
            (rx, ry + 10),
        ],
    )


def _spear(p: Painter, a, b, head=STEEL, shaft=WOOD, width: int = 4) -> None:
    p.line(shaft, a, b, width)
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy) or 1
    ux, uy = dx / n, dy / n
    p.poly(
        head,
        [(b[0] + ux * 14, b[1] + uy * 14), (b[0] - uy * 5, b[1] + ux * 5), (b[0] + uy * 5, b[1] - ux * 5)],
    )


def _bow(p: Painter, x: float = 78, colour=WOOD) -> None:
    p.arc(colour, (x, 26, 36, 80), -1.35, 1.35, 6)
    p.line(WHITE, (x + 26, 31), (x + 26, 101), 1)


def _sword(p: Painter, hand, tip, blade=STEEL) -> None:
    p.line(blade, hand, tip, 7)
    dx, dy = tip[0] - hand[0], tip[1] - hand[1]
    n = math.hypot(dx, dy) or 1
    gx, gy = -dy / n * 9, dx / n * 9
    p.line(GOLD, (hand[0] + gx, hand[1] + gy), (hand[0] - gx, hand[1] - gy), 5)


def _mace(p: Painter, hand, head, colour=STEEL) -> None:
    p.line(WOOD_SH, hand, head, 6)
    p.circle(colour, head, 10)
    for a in range(0, 360, 60):
        r = math.radians(a)
        p.circle(colour, (head[0] + math.cos(r) * 10, head[1] + math.sin(r) * 10), 3.5)


def _robe(p: Painter, colour, shade, top: float = 52) -> None:
    p.poly(colour, [(50, top), (78, top), (94, 118), (34, 118)])
    p.poly(shade, [(50, top), (60, top), (50, 118), (34, 118)])


def _staff(p: Painter, orb=GLOW, core=GLOW_CORE, x: float = 98) -> None:
    p.line(WOOD, (x, 28), (x - 2, 116), 5)
    p.line(SKIN_SH, (78, 66), (x - 2, 66), 8)
    p.circle(orb, (x, 22), 10)
    p.circle(core, (x, 22), 5)


# ---- foot creatures -----------------------------------------------------------------------------


def militia(p: Painter) -> None:
    _soldier(p, BROWN, BROWN_SH, "cap", pauldrons=False)
    _arm(p, (96, 54))
    _spear(p, (84, 100), (104, 20), shaft=WOOD_SH)
    p.line(STEEL, (104, 20), (110, 10), 3)  # pitchfork prongs
    p.line(STEEL, (100, 18), (100, 6), 3)


def pikeman(p: Painter) -> None:
    _soldier(p, BLUE, BLUE_SH, "kettle")
    _arm(p, (96, 62))
    _spear(p, (30, 108), (112, 14))


def crossbowman(p: Painter) -> None:
    _soldier(p, GREEN, GREEN_SH, "kettle")
    _arm(p, (98, 64))
    p.rect(WOOD, (76, 60, 44, 7), radius=2)  # the stock
    p.arc(STEEL_SH, (104, 44, 18, 40), -1.5, 1.5, 5)
    p.line(WHITE, (114, 46), (104, 64), 1)
    p.line(WHITE, (114, 82), (104, 64), 1)
    p.rect(LEATHER, (34, 60, 10, 26), radius=3)  # bolt case


def swordsman(p: Painter) -> None:
    _soldier(p, CRIMSON, CRIMSON_SH, "sallet")
    p.rect(GOLD, (60, 83, 8, 8), radius=2)
    _arm(p, (98, 48))
    _sword(p, (100, 46), (112, 6))
    _shield(p, STEEL, STEEL_SH, emblem=CRIMSON)


def mace_bearer(p: Painter) -> None:
    _soldier(p, PURPLE, PURPLE_SH, "great")
    _arm(p, (98, 52))
    _mace(p, (98, 56), (106, 22))
    _shield(p, PURPLE_SH, BLACK, (24, 58, 32, 42), emblem=GOLD)


def skeleton(p: Painter) -> None:
    for x in (54, 72):
        p.line(BONE, (x, 94), (x, 116), 5)
    p.rect(DARK, (48, 112, 14, 6), radius=2)
    p.rect(DARK, (66, 112, 14, 6), radius=2)
    p.line(BONE, (64, 58), (64, 92), 5)
    for y in (64, 72, 80):
        p.line(BONE_SH, (54, y), (74, y), 4)
    p.ellipse(BONE_SH, (50, 86, 28, 10))
    p.circle(BONE, (64, 42), 14)
    p.rect(BONE, (56, 50, 16, 8), radius=2)
    p.circle(EYE, (70, 40), 4)
    p.circle(EYE, (58, 40), 3)
    p.line(BONE, (74, 62), (96, 50), 4)
    _sword(p, (96, 50), (108, 14), blade=STEEL_SH)
    p.ellipse(WOOD_SH, (28, 60, 28, 34))  # a round wooden shield
    p.ellipse(WOOD, (32, 64, 20, 26))


def zombie(p: Painter) -> None:
    _legs(p, BROWN_SH, top=94)
    p.poly(BROWN, [(42, 58), (82, 60), (86, 100), (40, 98), (46, 90), (42, 80)])  # rags
    p.poly(BROWN_SH, [(40, 98), (48, 104), (56, 98), (64, 106), (72, 98), (80, 106), (86, 100)])
    p.circle(ZOMBIE, (68, 46), 14)
    p.circle(WHITE, (74, 44), 3)
    p.rect(ZOMBIE_SH, (64, 52, 14, 4))
    p.line(ZOMBIE, (80, 64), (112, 62), 8)  # both arms reaching forward
    p.line(ZOMBIE_SH, (74, 72), (110, 74), 8)


def shieldbearer(p: Painter) -> None:
    _soldier(p, BLUE, BLUE_SH, "great")
    _arm(p, (96, 60))
    p.line(STEEL, (96, 60), (104, 30), 5)
    p.rect(STEEL_SH, (52, 40, 46, 72), radius=10)  # tower shield in front
    p.rect(BLUE, (56, 44, 38, 64), radius=8)
    p.rect(GOLD, (72, 48, 6, 56))
    p.rect(GOLD, (58, 66, 34, 6))


def ogre(p: Painter) -> None:
    _legs(p, TAN_SH, BROWN_SH, top=94, spread=14)
    p.ellipse(TAN, (30, 42, 66, 62))
    p.ellipse(TAN_SH, (30, 60, 30, 40))
    p.poly(BROWN, [(34, 84), (94, 84), (90, 104), (38, 104)])
    p.circle(TAN, (68, 38), 15)
    p.circle(EYE, (74, 34), 3)
    p.poly(WHITE, [(72, 46), (75, 40), (78, 47)])
    p.line(TAN_SH, (90, 64), (102, 52), 11)
    p.line(WOOD, (100, 58), (112, 8), 11)
    p.circle(WOOD_SH, (112, 12), 11)
    for dx, dy in ((-8, -4), (6, -8), (2, 8)):
        p.circle(STEEL_SH, (112 + dx, 12 + dy), 3)


def troll(p: Painter) -> None:
    _legs(p, TROLL_SH, top=96, spread=16)
    p.ellipse(TROLL, (22, 34, 80, 72))
    p.ellipse(TROLL_SH, (22, 58, 30, 44))
    p.poly(BROWN, [(30, 86), (94, 86), (88, 106), (36, 106)])
    p.circle(TROLL, (80, 38), 15)
    p.circle(WHITE, (86, 36), 4)
    p.circle(EYE, (87, 36), 2)
    p.poly(WHITE, [(82, 48), (86, 42), (90, 48)])
    p.poly(GREEN, [(70, 26), (76, 16), (82, 26), (88, 18), (92, 30)])  # moss hair
    p.line(TROLL_SH, (92, 64), (104, 86), 13)
    p.ellipse(STONE, (94, 80, 30, 26))
    p.ellipse(STONE_SH, (100, 92, 18, 12))


def golem(p: Painter) -> None:
    p.rect(IRON_SH, (40, 94, 18, 24), radius=2)
    p.rect(IRON_SH, (70, 94, 18, 24), radius=2)
    p.rect(IRON, (30, 44, 68, 54), radius=6)
    p.rect(IRON_SH, (30, 44, 16, 54), radius=4)
    for x, y in ((40, 52), (88, 52), (40, 90), (88, 90)):
        p.circle(STEEL, (x, y), 3)  # rivets
    p.rect(IRON, (50, 18, 30, 28), radius=4)
    p.rect((255, 150, 60, 255), (62, 28, 14, 5))  # furnace eyes
    p.rect((255, 150, 60, 255), (56, 64, 18, 14), radius=3)  # the furnace door glowing
    p.rect(IRON_SH, (94, 46, 18, 44), radius=5)
    p.rect(STEEL, (92, 86, 22, 16), radius=4)  # fist
    p.rect(IRON_SH, (16, 46, 16, 44), radius=5)


def minotaur(p: Painter) -> None:
    _legs(p, BROWN_SH, DARK, top=92, spread=12)
    p.poly(BROWN, [(36, 50), (90, 50), (86, 96), (42, 96)])
    p.poly(BROWN_SH, [(36, 50), (50, 50), (48, 96), (42, 96)])
    p.poly(LEATHER, [(40, 84), (88, 84), (84, 102), (44, 102)])
    p.ellipse(BROWN, (58, 22, 30, 32))  # bull head
    p.ellipse(TAN, (76, 36, 18, 14))  # snout
    p.circle(EYE, (78, 32), 2.5)
    p.poly(BONE, [(62, 26), (44, 8), (50, 26)])  # horns
    p.poly(BONE, [(80, 24), (96, 6), (88, 26)])
    p.circle(GOLD, (86, 48), 3)  # nose ring
    p.line(BROWN_SH, (88, 62), (100, 50), 10)
    p.line(WOOD_SH, (100, 96), (104, 10), 5)  # great axe
    p.poly(STEEL, [(104, 14), (124, 8), (126, 36), (104, 32)])
    p.poly(STEEL_SH, [(104, 14), (86, 10), (86, 34), (104, 32)])


def ghoul(p: Painter) -> None:
    _legs(p, ZOMBIE_SH, DARK, top=96, spread=12)
    p.poly(PALE, [(34, 64), (70, 50), (90, 70), (84, 98), (40, 98)])  # hunched back
    p.poly(ZOMBIE_SH, [(34, 64), (48, 58), (50, 98), (40, 98)])
    p.poly(BLACK, [(40, 86), (86, 86), (84, 100), (42, 100)])
    p.circle(PALE, (86, 58), 13)
    p.circle(RED, (92, 56), 3)
    p.poly(WHITE, [(86, 66), (98, 64), (92, 70)])
    p.line(PALE, (80, 74), (110, 86), 6)
    for dy in (-4, 0, 4):
        p.line(BONE, (110, 86 + dy), (120, 84 + dy * 1.5), 2)  # claws


def halberdier(p: Painter) -> None:
    _soldier(p, CRIMSON, CRIMSON_SH, "kettle")
    _arm(p, (96, 60))
    p.line(WOOD, (92, 116), (104, 8), 5)
    p.poly(STEEL, [(102, 20), (120, 14), (122, 36), (100, 36)])  # axe blade
    p.poly(STEEL, [(104, 8), (100, 0), (108, 0)])
    p.poly(STEEL_SH, [(100, 28), (88, 34), (100, 32)])


def archer(p: Painter) -> None:
    _legs(p, LEATHER)
    _torso(p, GREEN, GREEN_SH)
    p.rect(LEATHER_SH, (44, 80, 42, 5))
    _head(p, (62, 42))
    p.poly(GREEN_SH, [(46, 44), (50, 26), (66, 20), (80, 30), (76, 38), (60, 32), (52, 48)])
    p.rect(LEATHER, (36, 50, 10, 30), radius=3)
    for x in (38, 42):
        p.line(WHITE, (x, 50), (x - 2, 40), 2)
    p.line(SKIN_SH, (80, 64), (96, 64), 8)
    _bow(p)
    p.line(WOOD_SH, (70, 64), (116, 64), 2)
    p.poly(STEEL, [(116, 60), (124, 64), (116, 68)])


def monk(p: Painter) -> None:
    _robe(p, BROWN, BROWN_SH)
    p.rect(TAN, (46, 80, 38, 5))
    _head(p, (64, 42), 13)
    p.poly(BROWN, [(48, 52), (48, 34), (60, 24), (76, 28), (80, 40), (72, 32), (56, 36), (54, 54)])  # hood
    p.line(SKIN_SH, (80, 66), (98, 58), 8)
    p.circle(GOLD, (104, 52), 12)  # a sun orb thrown from the hand
    p.circle(WHITE, (104, 52), 6)
    for a in range(0, 360, 45):
        r = math.radians(a)
        p.line(
            YELLOW,
            (104 + math.cos(r) * 14, 52 + math.sin(r) * 14),
            (104 + math.cos(r) * 20, 52 + math.sin(r) * 20),
            2,
        )


def arch_mage(p: Painter) -> None:
    _robe(p, BLUE, BLUE_SH)
    p.rect(GOLD, (46, 80, 38, 5))
    _head(p, (64, 42), 13)
    p.poly(WHITE, [(54, 46), (74, 46), (68, 74), (60, 74)])
    p.poly(BLUE, [(44, 36), (84, 36), (70, 2), (60, 18)])
    p.rect(GOLD, (46, 32, 36, 6), radius=3)
    for x, y in ((58, 24), (66, 14)):
        p.circle(YELLOW, (x, y), 2)
    _staff(p)


def ballista(p: Painter) -> None:
    p.circle(WOOD_SH, (40, 104), 13)
    p.circle(WOOD_SH, (88, 104), 13)
    p.circle(WOOD, (40, 104), 6)
    p.circle(WOOD, (88, 104), 6)
    p.rect(WOOD, (28, 82, 72, 12), radius=3)
    p.line(WOOD_SH, (44, 88), (98, 62), 9)
    p.arc(STEEL_SH, (74, 30, 34, 70), -1.6, 1.6, 6)
    p.line(WHITE, (91, 33), (76, 66), 1)
    p.line(WHITE, (91, 97), (76, 66), 1)
    p.line(STEEL, (62, 76), (124, 48), 4)
    p.poly(STEEL, [(124, 42), (127, 48), (118, 52)])


def lich(p: Painter) -> None:
    _robe(p, BLACK, BLACK_SH, 54)
    p.poly(PURPLE_SH, [(50, 54), (78, 54), (74, 64), (54, 64)])
    p.circle(BONE, (64, 42), 13)
    p.circle((120, 255, 140, 255), (70, 40), 3.5)
    p.circle((120, 255, 140, 255), (59, 40), 3)
    p.rect(BONE_SH, (58, 48, 14, 6), radius=2)
    p.poly(GOLD, [(50, 32), (54, 20), (58, 28), (64, 16), (70, 28), (74, 20), (78, 32)])  # crown
    p.line(BONE, (78, 66), (96, 66), 5)
    p.line(BLACK_SH, (98, 28), (96, 116), 5)
    p.circle(BONE, (98, 22), 9)
    p.circle((120, 255, 140, 255), (101, 21), 3)


# ---- mounted -----------------------------------------------------------------------------------


def knight(p: Painter) -> None:
    _horse(p, GREY_HORSE, GREY_HORSE_SH, barding=BLUE)
    _rider(p, STEEL, STEEL_SH, "plume")
    p.line(SKIN_SH, (70, 48), (84, 52), 7)
    _sword(p, (84, 52), (112, 18))
    _shield(p, BLUE, BLUE_SH, (40, 40, 22, 30), emblem=GOLD)


def dread_knight(p: Painter) -> None:
    _horse(p, BLACK, BLACK_SH, barding=CRIMSON_SH, mane=RED)
    p.circle(RED, (108, 48), 2.5)
    _rider(p, BLACK, BLACK_SH, "dark")
    p.line(BLACK_SH, (70, 48), (84, 50), 7)
    _sword(p, (84, 50), (116, 12), blade=(170, 60, 70, 255))


def hussar(p: Painter) -> None:
    _horse(p, HORSE, HORSE_SH)
    _rider(p, CRIMSON, CRIMSON_SH, "cap")
    p.poly(WHITE, [(38, 22), (48, 14), (54, 46), (46, 50)])  # the hussar's wing plume
    p.line(SKIN_SH, (70, 48), (84, 40), 7)
    p.arc(STEEL, (70, 4, 50, 60), 0.2, 1.6, 4)  # a curved sabre


def lancer(p: Painter) -> None:
    _horse(p, HORSE, HORSE_SH, barding=GREEN)
    _rider(p, STEEL, STEEL_SH, "sallet")
    p.line(SKIN_SH, (70, 50), (80, 56), 7)
    _spear(p, (40, 66), (116, 30), width=5)
    p.poly(GREEN, [(96, 40), (112, 32), (104, 44)])  # pennon


def champion(p: Painter) -> None:
    _horse(p, GREY_HORSE, GREY_HORSE_SH, barding=GOLD)
    _rider(p, GOLD, (190, 150, 60, 255), "great")
    p.line(SKIN_SH, (70, 48), (84, 42), 7)
    _mace(p, (84, 44), (100, 16), colour=GOLD)


def wolf_rider(p: Painter) -> None:
    wolf, wolf_sh = (120, 120, 130, 255), (84, 84, 96, 255)
    for x in (36, 48, 80, 92):
        p.line(wolf_sh if x in (48, 92) else wolf, (x, 88), (x + 2, 116), 7)
    p.ellipse(wolf, (26, 68, 76, 30))
    p.poly(wolf, [(86, 70), (112, 56), (124, 66), (110, 82)])
    p.poly(wolf, [(98, 60), (102, 46), (108, 58)])  # ear
    p.circle(YELLOW, (110, 64), 2.5)
    p.poly(WHITE, [(114, 74), (118, 70), (120, 76)])
    p.poly(wolf, [(28, 76), (8, 64), (12, 76), (30, 86)])  # tail
    from make_sprites_units import GOBLIN, GOBLIN_SH

    p.poly(LEATHER, [(50, 46), (74, 46), (76, 74), (48, 74)])
    p.circle(GOBLIN, (64, 36), 12)
    p.poly(GOBLIN, [(54, 34), (38, 24), (54, 42)])
    p.circle(EYE, (70, 34), 2.5)
    p.line(GOBLIN_SH, (72, 54), (88, 46), 7)
    _spear(p, (78, 72), (104, 14), width=4)


def centaur_archer(p: Painter) -> None:
    _horse(p, HORSE, HORSE_SH, x0=-14)
    p.poly(SKIN, [(76, 40), (94, 40), (96, 76), (74, 76)])  # the man's torso rising from the body
    p.poly(LEATHER, [(74, 56), (96, 56), (96, 72), (74, 72)])
    p.circle(SKIN, (86, 28), 12)
    p.circle(EYE, (92, 27), 2.2)
    p.poly(HAIR, [(74, 28), (78, 16), (94, 16), (96, 22), (82, 22), (78, 36)])
    p.line(SKIN_SH, (92, 48), (104, 50), 7)
    p.arc(WOOD, (96, 14, 26, 70), -1.35, 1.35, 5)
    p.line(WHITE, (115, 20), (115, 80), 1)


# ---- fliers ------------------------------------------------------------------------------------


def _griffin(p: Painter, body, body_sh, head, wing, wing_sh) -> None:
    _wing(p, wing_sh, wing_sh, (58, 62), 50, 40)
    for x in (40, 50, 80, 90):
        p.line(body_sh if x in (50, 90) else body, (x, 86), (x + 2, 114), 7)
    p.ellipse(body, (28, 64, 74, 32))
    p.poly(body, [(30, 72), (12, 90), (18, 94), (34, 80)])
    p.circle(body_sh, (14, 92), 5)
    p.poly(head, [(82, 74), (94, 42), (110, 40), (108, 72)])
    p.circle(head, (104, 42), 13)
    p.poly(GOLD, [(114, 38), (126, 46), (114, 50)])  # beak
    p.circle(EYE, (108, 38), 2.5)
    for x in (110, 120):
        p.line(GOLD, (x - 20, 96), (x - 16, 114), 5)
    _wing(p, wing, wing_sh, (66, 66), 56, 46)


def griffin(p: Painter) -> None:
    _griffin(p, TAN, TAN_SH, WHITE, BROWN, BROWN_SH)


def royal_griffin(p: Painter) -> None:
    _griffin(p, GOLD, (190, 150, 60, 255), WHITE, (230, 210, 150, 255), (180, 150, 90, 255))
    p.poly(CRIMSON, [(96, 30), (100, 20), (104, 28), (108, 18), (112, 30)])  # crown


def pegasus_lancer(p: Painter) -> None:
    _wing(p, GREY_HORSE_SH, GREY_HORSE_SH, (54, 66), 48, 36)
    _horse(p, WHITE, GREY_HORSE_SH, mane=(180, 200, 240, 255))
    _rider(p, BLUE, BLUE_SH, "sallet")
    _wing(p, WHITE, GREY_HORSE_SH, (62, 70), 52, 40)
    _spear(p, (44, 62), (116, 26), width=4)


def storm_hawk(p: Painter) -> None:
    hawk, hawk_sh = (110, 120, 150, 255), (76, 84, 110, 255)
    _wing(p, hawk_sh, hawk_sh, (58, 66), 44, 34)
    p.ellipse(hawk, (36, 58, 62, 30))
    p.poly(hawk, [(40, 70), (10, 80), (14, 90), (42, 82)])
    p.circle(hawk, (96, 58), 12)
    p.poly(GOLD, [(104, 54), (118, 62), (104, 64)])
    p.circle(YELLOW, (100, 55), 2.5)
    _wing(p, hawk, hawk_sh, (64, 66), 54, 44)
    p.poly(YELLOW, [(90, 84), (80, 100), (90, 100), (82, 122), (104, 94), (94, 94), (102, 84)])


def bat_swarm(p: Painter) -> None:
    bat = (70, 56, 80, 255)
    for cx, cy, s in ((44, 44, 1.0), (86, 36, 0.8), (72, 78, 1.2), (32, 92, 0.7), (104, 86, 0.75)):
        _bat_wing(p, bat, (cx, cy), 22 * s, 12 * s, True)
        _bat_wing(p, bat, (cx, cy), 22 * s, 12 * s, False)
        p.circle(bat, (cx, cy + 2), 6 * s)
        p.poly(bat, [(cx - 5 * s, cy - 2), (cx - 3 * s, cy - 9 * s), (cx - 1, cy - 2)])
        p.poly(bat, [(cx + 1, cy - 2), (cx + 3 * s, cy - 9 * s), (cx + 5 * s, cy - 2)])
        p.circle(RED, (cx + 2 * s, cy + 1), 1.5 * s)


def wraith(p: Painter) -> None:
    p.poly(
        GHOST_SH,
        [(40, 50), (88, 50), (100, 108), (86, 96), (76, 116), (64, 98), (52, 116), (44, 96), (30, 108)],
    )
    p.poly(GHOST, [(48, 50), (84, 50), (92, 100), (80, 92), (70, 108), (60, 92), (46, 102)])
    p.poly(BLACK, [(46, 54), (50, 22), (66, 12), (84, 24), (86, 56)])  # hood
    p.ellipse(DARK, (56, 28, 24, 22))
    p.circle((170, 240, 255, 255), (72, 38), 3)
    p.circle((170, 240, 255, 255), (62, 38), 2.5)
    p.line(GHOST, (84, 62), (112, 54), 6)
    p.line(GHOST, (112, 54), (122, 46), 3)
    p.line(GHOST, (112, 54), (124, 56), 3)


def gargoyle(p: Painter) -> None:
    _bat_wing(p, STONE_SH, (52, 56), 46, 44, True)
    p.rect(STONE_SH, (48, 96, 12, 20), radius=3)
    p.rect(STONE_SH, (70, 96, 12, 20), radius=3)
    p.ellipse(STONE, (42, 54, 46, 50))
    p.circle(STONE, (72, 44), 15)
    p.poly(STONE_SH, [(62, 34), (58, 16), (68, 30)])
    p.poly(STONE_SH, [(78, 32), (84, 14), (86, 34)])
    p.circle((255, 120, 60, 255), (78, 42), 3)
    p.poly(WHITE, [(76, 52), (80, 48), (84, 53)])
    _bat_wing(p, STONE, (70, 56), 46, 40, False)
    p.line(STONE_SH, (82, 76), (100, 92), 8)


def angel(p: Painter) -> None:
    _wing(p, (220, 224, 240, 255), (170, 176, 200, 255), (56, 58), 52, 44, 5)
    _robe(p, WHITE, (200, 204, 220, 255), 54)
    p.rect(GOLD, (46, 78, 38, 5))
    _head(p, (64, 40), 13)
    p.poly(GOLD, [(50, 40), (52, 26), (64, 22), (78, 28), (70, 32), (56, 32), (56, 46)])  # hair
    p.ellipse(YELLOW, (48, 14, 32, 8))  # halo
    p.ellipse((0, 0, 0, 0), (54, 16, 20, 4))
    _wing(p, WHITE, (200, 204, 220, 255), (66, 62), 56, 48, 5)
    p.line(SKIN_SH, (80, 64), (96, 54), 8)
    _sword(p, (96, 54), (116, 6), blade=(250, 240, 190, 255))


def phoenix(p: Painter) -> None:
    _wing(p, ORANGE, RED, (56, 64), 50, 40, 5)
    p.ellipse(FIRE, (40, 58, 56, 30))
    for i, colour in enumerate((RED, ORANGE, YELLOW)):
        p.poly(colour, [(44, 70 + i * 4), (8 + i * 8, 100 + i * 4), (24, 112), (48, 84)])
    p.circle(FIRE, (96, 54), 12)
    p.poly(GOLD, [(104, 50), (118, 58), (104, 60)])
    p.circle(DARK, (100, 51), 2.5)
    p.poly(YELLOW, [(88, 44), (84, 26), (94, 40), (96, 22), (100, 42)])  # crest of flame
    _wing(p, YELLOW, ORANGE, (64, 64), 56, 46, 5)


def black_dragon(p: Painter) -> None:
    _bat_wing(p, BLACK_SH, (54, 60), 50, 50, True)
    p.poly(BLACK, [(34, 84), (6, 100), (4, 112), (20, 104), (40, 96)])  # tail
    p.poly(RED, [(4, 112), (0, 120), (10, 114)])
    for x in (44, 56, 80, 90):
        p.line(BLACK_SH if x in (56, 90) else BLACK, (x, 92), (x + 2, 116), 9)
    p.ellipse(BLACK, (30, 66, 70, 36))
    p.ellipse(CRIMSON_SH, (44, 84, 46, 14))  # belly
    p.poly(BLACK, [(84, 76), (96, 40), (110, 38), (100, 80)])
    p.poly(BLACK, [(96, 30), (126, 40), (122, 50), (98, 48)])  # head and jaw
    p.poly(BONE, [(100, 30), (92, 12), (106, 28)])
    p.circle(RED, (108, 36), 3)
    p.poly(WHITE, [(114, 48), (116, 44), (118, 48)])
    for i in range(4):
        p.poly(BLACK_SH, [(52 + i * 10, 66), (56 + i * 10, 56), (60 + i * 10, 66)])  # back spines
    _bat_wing(p, BLACK, (70, 62), 50, 54, True)
    p.line(BLACK_SH, (70, 62), (20, 8), 3)


# ---- magic: an emblem of the effect, on a round seal ---------------------------------------------


def _seal(p: Painter, rim, face) -> None:
    p.circle(rim, (64, 64), 54)
    p.circle(face, (64, 64), 46)


def _arrow(p: Painter, colour, x: float, y: float, up: bool, size: float = 12) -> None:
    s = -1 if up else 1
    p.poly(colour, [(x - size, y), (x + size, y), (x, y + s * size * 1.3)])
    p.rect(colour, (x - size / 2.5, y - (size * 1.2 if not up else 0), size / 1.25, size * 1.2))


def _bolt(p: Painter, colour, core, scale: float = 1.0, dx: float = 0) -> None:
    pts = [(74, 8), (40, 68), (62, 68), (48, 120), (92, 52), (68, 52), (84, 8)]
    p.poly(colour, [(64 + (x - 64) * scale + dx, 64 + (y - 64) * scale) for x, y in pts])
    inner = [(72, 22), (50, 62), (66, 62), (58, 98), (82, 58), (64, 58), (76, 22)]
    p.poly(core, [(64 + (x - 64) * scale + dx, 64 + (y - 64) * scale) for x, y in inner])


def lightning(p: Painter) -> None:
    _bolt(p, YELLOW, WHITE)


def bless(p: Painter) -> None:
    _seal(p, GOLD, (255, 246, 200, 255))
    for a in range(0, 360, 30):
        r = math.radians(a)
        p.line(
            YELLOW,
            (64 + math.cos(r) * 30, 64 + math.sin(r) * 30),
            (64 + math.cos(r) * 44, 64 + math.sin(r) * 44),
            4,
        )
    _sword(p, (64, 86), (64, 28))
    p.line(LEATHER, (64, 88), (64, 100), 5)


def rally(p: Painter) -> None:
    p.line(WOOD_SH, (40, 120), (40, 8), 6)
    p.poly(CRIMSON, [(42, 12), (112, 20), (96, 44), (112, 68), (42, 60)])
    p.poly(CRIMSON_SH, [(42, 12), (56, 14), (56, 60), (42, 60)])
    p.poly(
        GOLD,
        [(74, 26), (78, 36), (88, 36), (80, 42), (84, 52), (74, 46), (64, 52), (68, 42), (60, 36), (70, 36)],
    )
    p.circle(GOLD, (40, 8), 6)


def heal(p: Painter) -> None:
    _seal(p, GREEN_SH, (200, 240, 200, 255))
    p.rect((60, 190, 90, 255), (52, 28, 24, 72), radius=4)
    p.rect((60, 190, 90, 255), (28, 52, 72, 24), radius=4)
    p.rect(WHITE, (58, 34, 6, 26), radius=2)


def weakness(p: Painter) -> None:
    p.line(STEEL, (30, 100), (60, 62), 8)  # a sword broken in two
    p.line(GOLD, (22, 86), (42, 106), 5)
    p.line(LEATHER, (24, 106), (30, 100), 6)
    p.line(STEEL_SH, (70, 54), (104, 16), 8)
    p.poly(WHITE, [(58, 58), (66, 60), (64, 52)])
    _arrow(p, (140, 120, 200, 255), 96, 84, up=False)


def curse(p: Painter) -> None:
    _seal(p, PURPLE_SH, (60, 30, 80, 255))
    p.circle(BONE, (64, 56), 24)
    p.rect(BONE, (52, 70, 24, 16), radius=3)
    p.circle(DARK, (55, 54), 7)
    p.circle(DARK, (73, 54), 7)
    p.circle((200, 120, 255, 255), (55, 54), 2.5)
    p.circle((200, 120, 255, 255), (73, 54), 2.5)
    for x in (58, 64, 70):
        p.line(DARK, (x, 76), (x, 86), 2)


def stone_skin(p: Painter) -> None:
    p.poly(STONE_SH, [(24, 20), (104, 20), (100, 76), (64, 116), (28, 76)])
    p.poly(STONE, [(32, 28), (96, 28), (92, 72), (64, 104), (36, 72)])
    for a, b in (((44, 44), (60, 56)), ((60, 56), (56, 80)), ((60, 56), (84, 48)), ((72, 70), (84, 84))):
        p.line(STONE_SH, a, b, 3)
    _arrow(p, GOLD, 104, 96, up=True, size=10)


def bloodlust(p: Painter) -> None:
    p.line(WOOD_SH, (34, 116), (84, 20), 6)
    p.poly(STEEL, [(74, 18), (110, 8), (112, 50), (86, 44)])
    p.poly(STEEL_SH, [(84, 42), (86, 44), (112, 50), (108, 40)])
    for x, y in ((96, 62), (84, 80), (104, 86)):
        p.poly(RED, [(x, y - 10), (x + 6, y + 2), (x - 6, y + 2)])
        p.circle(RED, (x, y + 3), 6)


def rust(p: Painter) -> None:
    p.poly(RUST_SH, [(24, 20), (104, 20), (100, 76), (64, 116), (28, 76)])
    p.poly(RUST, [(32, 28), (96, 28), (92, 72), (64, 104), (36, 72)])
    for x, y, r in ((50, 44, 7), (78, 60, 9), (58, 82, 6), (84, 36, 5)):
        p.circle(RUST_SH, (x, y), r)
    p.poly((0, 0, 0, 0), [(96, 28), (104, 20), (104, 60)])
    _arrow(p, (120, 200, 120, 255), 104, 92, up=False, size=10)


def frost_bolt(p: Painter) -> None:
    p.poly(ICE_SH, [(10, 118), (94, 24), (118, 10), (104, 34), (20, 124)])
    p.poly(ICE, [(18, 116), (96, 30), (110, 18), (100, 34), (24, 118)])
    for cx, cy in ((36, 36), (92, 96)):
        for a in range(0, 180, 60):
            r = math.radians(a)
            p.line(
                WHITE,
                (cx - math.cos(r) * 14, cy - math.sin(r) * 14),
                (cx + math.cos(r) * 14, cy + math.sin(r) * 14),
                3,
            )


def implosion(p: Painter) -> None:
    for i, colour in enumerate(((90, 30, 120, 255), PURPLE, (200, 120, 255, 255), WHITE)):
        r = 56 - i * 14
        pts = []
        for k in range(16):
            a = math.radians(k * 22.5)
            rr = r if k % 2 == 0 else r * 0.55
            pts.append((64 + math.cos(a) * rr, 64 + math.sin(a) * rr))
        p.poly(colour, pts)


def inferno(p: Painter) -> None:
    for i, (colour, scale) in enumerate(((RED, 1.0), (ORANGE, 0.78), (YELLOW, 0.52))):
        pts = [
            (16, 118),
            (20, 70),
            (34, 86),
            (40, 40),
            (54, 72),
            (64, 10),
            (76, 66),
            (88, 34),
            (96, 80),
            (110, 56),
            (112, 118),
        ]
        p.poly(colour, [(64 + (x - 64) * scale, 118 - (118 - y) * scale) for x, y in pts])
        del i


def prayer(p: Painter) -> None:
    p.ellipse(YELLOW, (28, 10, 72, 20))
    p.ellipse((0, 0, 0, 0), (38, 14, 52, 12))
    _shield(p, BLUE, BLUE_SH, (20, 40, 52, 66), emblem=GOLD)
    _sword(p, (84, 110), (96, 34))
    _arrow(p, GOLD, 104, 110, up=True, size=9)


def regeneration(p: Painter) -> None:
    _seal(p, GREEN_SH, (210, 245, 200, 255))
    for k in range(3):
        a = math.radians(k * 120 - 90)
        cx, cy = 64 + math.cos(a) * 22, 64 + math.sin(a) * 22
        p.ellipse((80, 170, 80, 255), (cx - 14, cy - 8, 28, 16))
        p.line(GREEN_SH, (64, 64), (cx, cy), 3)
    p.arc((60, 150, 70, 255), (18, 18, 92, 92), 0.3, 2.8, 5)
    p.arc((60, 150, 70, 255), (18, 18, 92, 92), 3.4, 5.9, 5)
    p.circle(WHITE, (64, 64), 6)


def sorrow(p: Painter) -> None:
    p.poly((110, 140, 200, 255), [(64, 8), (96, 68), (64, 116), (32, 68)])
    p.circle((110, 140, 200, 255), (64, 80), 32)
    p.circle((160, 190, 240, 255), (54, 70), 10)
    _arrow(p, (60, 60, 90, 255), 64, 88, up=False, size=12)


def inspiration(p: Painter) -> None:
    p.poly(GOLD, [(14, 64), (84, 30), (112, 20), (112, 108), (84, 98)])  # a horn
    p.poly((190, 150, 60, 255), [(14, 64), (84, 30), (84, 98)])
    p.ellipse(WHITE, (102, 20, 16, 88))
    p.circle(GOLD, (14, 64), 8)
    for y, s in ((40, 8), (64, 10), (88, 8)):
        p.poly(YELLOW, [(6, y - s), (8, y), (-2 + 8, y + s)])


# ---- heroes: portraits, head and shoulders ------------------------------------------------------


def _bust(p: Painter, cloak, cloak_sh, skin=SKIN) -> None:
    p.poly(cloak, [(14, 128), (22, 92), (46, 78), (82, 78), (106, 92), (114, 128)])
    p.poly(cloak_sh, [(14, 128), (22, 92), (46, 78), (54, 128)])
    p.rect(skin, (54, 66, 20, 16))  # neck
    p.ellipse(skin, (40, 26, 48, 54))
    p.circle(EYE, (56, 52), 3)
    p.circle(EYE, (74, 52), 3)
    p.line(SKIN_SH, (64, 54), (66, 62), 3)


def commander(p: Painter) -> None:
    _bust(p, BLUE, BLUE_SH)
    p.rect(STEEL, (22, 86, 30, 18), radius=6)  # pauldrons
    p.rect(STEEL, (76, 86, 30, 18), radius=6)
    p.rect(GOLD, (58, 92, 12, 12), radius=3)
    p.line(HAIR, (54, 68), (74, 68), 3)  # moustache
    p.poly(STEEL, [(36, 44), (64, 14), (92, 44), (92, 50), (36, 50)])
    p.rect(STEEL_SH, (62, 14, 4, 34))
    p.poly(CRIMSON, [(62, 16), (40, 2), (34, 14), (56, 22)])


def warlord(p: Painter) -> None:
    _bust(p, CRIMSON, CRIMSON_SH, (220, 176, 136, 255))
    p.ellipse(BROWN, (14, 80, 100, 20))  # fur collar
    p.poly(HAIR, [(42, 60), (86, 60), (80, 92), (64, 100), (48, 92)])  # beard
    p.rect(CRIMSON_SH, (56, 70, 16, 4))
    p.ellipse(IRON, (38, 20, 52, 32))
    p.rect(IRON_SH, (38, 38, 52, 8))
    p.poly(BONE, [(40, 32), (14, 4), (24, 30), (36, 44)])  # horns
    p.poly(BONE, [(88, 32), (114, 4), (104, 30), (92, 44)])


def wizard(p: Painter) -> None:
    _bust(p, PURPLE, PURPLE_SH)
    p.poly(WHITE, [(44, 60), (84, 60), (76, 110), (64, 120), (52, 110)])  # long beard
    p.line(WHITE, (52, 44), (60, 46), 3)
    p.line(WHITE, (68, 46), (76, 44), 3)
    p.ellipse(PURPLE_SH, (24, 28, 80, 16))
    p.poly(PURPLE, [(36, 36), (92, 36), (80, 0), (56, 8)])
    for x, y in ((58, 22), (72, 14), (66, 30)):
        p.circle(YELLOW, (x, y), 2.5)


def necromancer(p: Painter) -> None:
    _bust(p, BLACK, BLACK_SH, PALE)
    p.circle((120, 255, 140, 255), (56, 52), 3)
    p.circle((120, 255, 140, 255), (74, 52), 3)
    p.poly(
        BLACK,
        [
            (30, 84),
            (34, 36),
            (52, 14),
            (76, 14),
            (94, 36),
            (98, 84),
            (86, 82),
            (84, 42),
            (64, 28),
            (44, 42),
            (42, 82),
        ],
    )
    p.poly(BLACK_SH, [(30, 84), (34, 36), (52, 14), (44, 42), (42, 82)])
    p.circle(BONE, (98, 104), 12)  # a skull at the shoulder
    p.circle(EYE, (94, 102), 3)
    p.circle(EYE, (102, 102), 3)


def ranger(p: Painter) -> None:
    _bust(p, GREEN, GREEN_SH)
    p.line(LEATHER, (26, 90), (102, 124), 6)  # quiver strap
    p.poly(HAIR, [(40, 46), (44, 30), (64, 24), (86, 32), (88, 46), (80, 38), (48, 38)])
    p.poly(
        GREEN_SH,
        [
            (28, 86),
            (34, 36),
            (52, 14),
            (78, 12),
            (96, 34),
            (100, 86),
            (88, 84),
            (88, 44),
            (64, 26),
            (40, 44),
            (40, 84),
        ],
    )
    for x in (96, 104, 112):
        p.line(WOOD, (x, 108), (x + 6, 86), 2)
        p.poly(WHITE, [(x + 6, 86), (x + 2, 80), (x + 10, 82)])


CARDS: dict[str, Callable[[Painter], None]] = {
    f.__name__: f
    for f in (
        militia, pikeman, crossbowman, swordsman, mace_bearer, knight, griffin, royal_griffin, ghoul,
        dread_knight, black_dragon, skeleton, zombie, shieldbearer, ogre, troll, golem, minotaur,
        halberdier, lancer, pegasus_lancer, archer, monk, arch_mage, ballista, centaur_archer,
        storm_hawk, lich, hussar, wolf_rider, champion, bat_swarm, wraith, gargoyle, angel, phoenix,
        lightning, bless, rally, heal, weakness, curse, stone_skin, bloodlust, rust, frost_bolt,
        implosion, inferno, prayer, regeneration, sorrow, inspiration,
    )
}  # fmt: skip
HEROES: dict[str, Callable[[Painter], None]] = {
    f.__name__: f for f in (commander, warlord, wizard, necromancer, ranger)
}
