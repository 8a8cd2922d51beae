"""Draw the hero-skirmish sprites in the unit sprites' style: ``assets/sprites/skirmish/*.png``.

Run ``SDL_VIDEODRIVER=dummy .venv/bin/python tools/make_hero_sprites.py`` after changing a drawing.
A hero is drawn in layers so that its picture shows the loadout it carries (S-DATA-11): the body of
each shipped hero (``hero_<id>.png`` and its team layer ``hero_<id>_team.png``), and one layer per
item: ``back_<weapon>.png`` (a bow or crossbow slung behind), ``armour_<armour>.png`` (worn over
the body), ``weapon_<weapon>.png`` (in the raised hand) and ``shield_<shield>.png`` (on the near
arm, with a team layer ``shield_<shield>_team.png``). The game stacks them in that order
(:mod:`client.skirmish.art`). Each layer is painted at 128 px with pygame's primitives, outlined
like the unit sprites (``tools/make_sprites.py``) and scaled down smoothly to 64 px, facing right.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame
from make_sprites import TEAM_LIGHT, TEAM_MID, TEAM_SHADE, Painter, outlined, shadow_free_scale
from make_sprites_units import (
    DARK,
    EYE,
    GOLD,
    LEATHER,
    LEATHER_SH,
    SKIN,
    SKIN_SH,
    STEEL,
    STEEL_SH,
    WHITE,
    WOOD,
    WOOD_SH,
    _legs,
)

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "assets" / "sprites" / "skirmish"
CHAIN = (168, 174, 186, 255)
CHAIN_DOT = (120, 126, 140, 255)
SKIN_DARK = (196, 150, 112, 255)
SKIN_DARK_SH = (160, 118, 86, 255)
HAIR = {
    "blond": (232, 200, 120, 255),
    "red": (196, 92, 48, 255),
    "brown": (112, 72, 44, 255),
    "black": (40, 36, 44, 255),
    "white": (232, 232, 240, 255),
}
ROBE_TRIM = (236, 194, 84, 255)


# ---- bodies: class silhouette, skin, hair, and the team-coloured clothes --------------------------------


def _torso(p: Painter, robe: bool) -> None:
    if robe:  # a sorcerer's robe to the ankles
        p.poly(TEAM_MID, [(48, 56), (80, 56), (92, 114), (36, 114)], team=True)
        p.poly(TEAM_SHADE, [(48, 56), (58, 56), (50, 114), (36, 114)], team=True)
        p.rect(ROBE_TRIM, (38, 108, 52, 6), radius=2)
    else:
        p.poly(TEAM_MID, [(44, 58), (84, 58), (88, 98), (40, 98)], team=True)  # tunic
        p.poly(TEAM_SHADE, [(44, 58), (56, 58), (52, 98), (40, 98)], team=True)
    p.rect(LEATHER, (42, 84, 46, 6))  # belt
    p.rect(GOLD, (60, 83, 8, 8), radius=2)


def _arm(p: Painter, skin) -> None:
    p.line(skin, (82, 62), (94, 52), 9)  # the raised weapon arm; the weapon layer holds at (96, 50)


def _face(p: Painter, skin, hair, long_hair: bool, beard: bool) -> None:
    p.circle(skin, (64, 40), 14)
    p.circle(EYE, (70, 39), 2.4)
    p.poly(hair, [(50, 36), (56, 26), (70, 24), (78, 32), (78, 30), (66, 30), (52, 40)])
    if long_hair:
        p.poly(hair, [(50, 32), (56, 28), (56, 62), (46, 60)])
    if beard:
        p.poly(hair, [(58, 46), (78, 44), (74, 56), (62, 56)])


def _hat(p: Painter) -> None:
    p.poly(TEAM_MID, [(46, 32), (84, 32), (68, 0), (62, 4)], team=True)
    p.rect(TEAM_SHADE, (42, 28, 46, 7), team=True, radius=3)


def _hood(p: Painter) -> None:
    p.poly(TEAM_SHADE, [(48, 44), (52, 24), (66, 20), (80, 28), (80, 34), (60, 30), (56, 54)], team=True)


def body(
    skin,
    skin_sh,
    hair: str,
    *,
    robe: bool = False,
    long_hair: bool = False,
    beard: bool = False,
    headwear: str = "",
) -> Callable[[Painter], None]:
    def draw(p: Painter) -> None:
        if robe:
            p.rect(DARK, (48, 110, 14, 8), radius=3)
            p.rect(DARK, (66, 110, 14, 8), radius=3)
        else:
            _legs(p)
        _torso(p, robe)
        p.line(skin_sh, (44, 62), (40, 80), 9)  # the near arm (the shield goes on it)
        _arm(p, skin_sh)
        _face(p, skin, HAIR[hair], long_hair, beard)
        if headwear == "hat":
            _hat(p)
        elif headwear == "hood":
            _hood(p)

    return draw


BODIES: dict[str, Callable[[Painter], None]] = {
    "bjorn": body(SKIN, SKIN_SH, "blond", beard=True),
    "hilda": body(SKIN, SKIN_SH, "red", long_hair=True),
    "aldric": body(SKIN_DARK, SKIN_DARK_SH, "brown", beard=True, headwear="hood"),
    "mirela": body(SKIN, SKIN_SH, "black", long_hair=True, headwear="hood"),
    "ilsabet": body(SKIN, SKIN_SH, "white", robe=True, long_hair=True, headwear="hat"),
    "voron": body(SKIN_DARK, SKIN_DARK_SH, "black", robe=True, beard=True, headwear="hat"),
}


# ---- armour over the body ------------------------------------------------------------------------


def leather(p: Painter) -> None:
    p.poly(LEATHER, [(46, 58), (82, 58), (84, 86), (44, 86)])
    p.poly(LEATHER_SH, [(46, 58), (56, 58), (54, 86), (44, 86)])
    p.line(LEATHER_SH, (64, 60), (64, 84), 3)


def chain_mail(p: Painter) -> None:
    p.poly(CHAIN, [(44, 56), (84, 56), (88, 94), (40, 94)])
    for y in range(60, 92, 6):
        for x in range(46, 84, 6):
            p.circle(CHAIN_DOT, (x + (3 if (y // 6) % 2 else 0), y), 1.6)
    p.poly(
        CHAIN, [(49, 40), (51, 28), (64, 23), (77, 27), (79, 31), (62, 31), (57, 40), (57, 55), (49, 53)]
    )  # coif


def plate(p: Painter) -> None:
    p.poly(STEEL, [(44, 56), (84, 56), (86, 88), (42, 88)])
    p.poly(STEEL_SH, [(44, 56), (56, 56), (54, 88), (42, 88)])
    p.line(WHITE, (70, 60), (76, 80), 3)
    p.rect(STEEL, (38, 52, 18, 14), radius=6)  # pauldrons
    p.rect(STEEL, (74, 52, 16, 14), radius=6)
    p.poly(STEEL, [(48, 38), (64, 20), (80, 38), (80, 44), (48, 44)])  # helmet
    p.rect(STEEL_SH, (62, 20, 4, 22))
    p.rect(DARK, (66, 37, 14, 3))  # visor slit


ARMOURS: dict[str, Callable[[Painter], None]] = {"leather": leather, "chain_mail": chain_mail, "plate": plate}


# ---- weapons in the raised hand (grip at 96, 50) ------------------------------------------------------


def dagger(p: Painter) -> None:
    p.line(STEEL, (98, 46), (108, 28), 5)
    p.line(GOLD, (92, 48), (102, 44), 4)


def sword(p: Painter) -> None:
    p.line(STEEL, (100, 46), (112, 6), 7)
    p.line(GOLD, (92, 52), (108, 42), 5)
    p.line(LEATHER, (100, 48), (96, 58), 5)


def axe(p: Painter) -> None:
    p.line(WOOD, (94, 60), (106, 14), 6)
    p.poly(STEEL, [(104, 14), (122, 6), (124, 30), (108, 28)])
    p.poly(STEEL_SH, [(104, 14), (110, 12), (112, 28), (108, 28)])


def mace(p: Painter) -> None:
    p.line(WOOD_SH, (94, 58), (104, 22), 6)
    p.circle(STEEL, (106, 16), 10)
    for dx, dy in ((-10, 0), (10, 0), (0, -10), (7, -7), (-7, -7)):
        p.circle(STEEL_SH, (106 + dx, 16 + dy), 3)


def spear(p: Painter) -> None:
    p.line(WOOD, (86, 86), (114, 4), 5)
    p.poly(STEEL, [(110, 10), (122, -2), (118, 16)])


def staff(p: Painter) -> None:
    p.line(WOOD, (90, 112), (104, 12), 6)
    p.circle((140, 230, 255, 255), (105, 9), 7)
    p.circle((235, 252, 255, 255), (105, 9), 3)


def throwing_axe(p: Painter) -> None:
    p.line(WOOD, (96, 56), (104, 32), 5)
    p.poly(STEEL, [(102, 32), (114, 28), (114, 42), (104, 40)])


WEAPONS: dict[str, Callable[[Painter], None]] = {
    "dagger": dagger,
    "sword": sword,
    "axe": axe,
    "mace": mace,
    "spear": spear,
    "staff": staff,
    "throwing_axe": throwing_axe,
}


# ---- bows and crossbows slung behind the back -------------------------------------------------------


def short_bow(p: Painter) -> None:
    p.arc(WOOD, (24, 30, 40, 64), -1.3, 1.3, 5)
    p.line(WHITE, (52, 34), (52, 90), 1)


def long_bow(p: Painter) -> None:
    p.arc(WOOD, (18, 14, 48, 100), -1.35, 1.35, 6)
    p.line(WHITE, (54, 18), (54, 110), 1)


def crossbow(p: Painter) -> None:
    p.line(WOOD_SH, (30, 40), (58, 96), 8)
    p.arc(STEEL_SH, (24, 52, 40, 24), 0.0, 3.14, 5)


BACKS: dict[str, Callable[[Painter], None]] = {
    "short_bow": short_bow,
    "long_bow": long_bow,
    "crossbow": crossbow,
}


# ---- shields on the near arm ---------------------------------------------------------------------------


def buckler(p: Painter) -> None:
    p.circle(STEEL_SH, (40, 78), 13)
    p.circle(TEAM_LIGHT, (40, 78), 9, team=True)
    p.circle(STEEL, (40, 78), 3)


def shield(p: Painter) -> None:
    p.ellipse(STEEL_SH, (24, 56, 36, 46))
    p.ellipse(TEAM_LIGHT, (28, 60, 28, 38), team=True)
    p.poly(WHITE, [(42, 66), (48, 78), (42, 92), (36, 78)])


def tower_shield(p: Painter) -> None:
    p.rect(STEEL_SH, (20, 48, 38, 66), radius=6)
    p.rect(TEAM_LIGHT, (24, 52, 30, 58), team=True, radius=4)
    p.rect(WHITE, (37, 56, 4, 50))
    p.rect(WHITE, (28, 72, 22, 4))


SHIELDS: dict[str, Callable[[Painter], None]] = {
    "buckler": buckler,
    "shield": shield,
    "tower_shield": tower_shield,
}


def _save(name: str, draw: Callable[[Painter], None], team_layer: bool) -> None:
    painter = Painter()
    draw(painter)
    picture, team = outlined(painter, thickness=2 if not name.startswith("hero_") else 3)
    pygame.image.save(shadow_free_scale(picture), OUT / f"{name}.png")
    if team_layer:
        pygame.image.save(shadow_free_scale(team), OUT / f"{name}_team.png")
    print(f"wrote {name}")


def main(argv: list[str]) -> int:
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    OUT.mkdir(parents=True, exist_ok=True)
    for hero_id, draw in BODIES.items():
        _save(f"hero_{hero_id}", draw, True)
    for prefix, table in (("armour", ARMOURS), ("weapon", WEAPONS), ("back", BACKS)):
        for item_id, draw in table.items():
            _save(f"{prefix}_{item_id}", draw, False)
    for item_id, draw in SHIELDS.items():
        _save(f"shield_{item_id}", draw, True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
