"""Hero pictures for the skirmish: each hero's body with the loadout it carries, in team colours.

The layers come from ``tools/make_hero_sprites.py`` (``assets/sprites/skirmish``, shipped in the
``runetide_assets`` package like the unit sprites): a bow or crossbow slung behind, the body, the
armour, the melee weapon in the raised hand and the shield on the near arm, stacked in that order.
Team layers are multiplied by the team colour; team 2 faces left. A missing file raises
:class:`~client.render.sprites.MissingArt` naming it, as the unit sprites do.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pygame

from client.context import ASSETS_DIR
from client.render.sprites import MissingArt
from client.ui import TEAM_COLOURS
from rules.skirmish.catalog_types import Loadout

SKIRMISH_DIR = ASSETS_DIR / "sprites" / "skirmish"


def layer_files(hero_id: str, loadout: Loadout) -> list[tuple[Path, Path | None]]:
    """The (picture, team layer or None) files of a hero in ``loadout``, bottom first."""
    d = SKIRMISH_DIR
    files: list[tuple[Path, Path | None]] = []
    if loadout.ranged:
        files.append((d / f"back_{loadout.ranged}.png", None))
    files.append((d / f"hero_{hero_id}.png", d / f"hero_{hero_id}_team.png"))
    if loadout.armour != "none":
        files.append((d / f"armour_{loadout.armour}.png", None))
    held = loadout.melee or (loadout.thrown[0] if loadout.thrown else None)
    if held:
        files.append((d / f"weapon_{held}.png", None))
    if loadout.shield:
        files.append((d / f"shield_{loadout.shield}.png", d / f"shield_{loadout.shield}_team.png"))
    return files


def missing_hero_art(pairs: list[tuple[str, Loadout]]) -> list[Path]:
    """The layer files of these heroes and loadouts that do not exist."""
    return [
        p for h, lo in pairs for pair in layer_files(h, lo) for p in pair if p is not None and not p.is_file()
    ]


@cache
def _image(path: Path) -> pygame.Surface:
    if not path.is_file():
        raise MissingArt(f"missing hero art: {path}")
    image = pygame.image.load(str(path))
    return image.convert_alpha() if pygame.display.get_surface() is not None else image


@cache
def hero_sprite(hero_id: str, loadout: Loadout, team: int, size: int = 64) -> pygame.Surface:
    """The hero in its loadout for ``team`` at ``size`` pixels (team 2 mirrored to face left)."""
    base = _image(SKIRMISH_DIR / f"hero_{hero_id}.png")
    picture = pygame.Surface(base.get_size(), pygame.SRCALPHA)
    colour = (*TEAM_COLOURS.get(team, (200, 200, 200)), 255)
    for path, team_path in layer_files(hero_id, loadout):
        picture.blit(_image(path), (0, 0))
        if team_path is not None:
            tint = _image(team_path).copy()
            tint.fill(colour, special_flags=pygame.BLEND_RGBA_MULT)
            picture.blit(tint, (0, 0))
    if picture.get_width() != size:
        picture = pygame.transform.smoothscale(picture, (size, size))
    return pygame.transform.flip(picture, True, False) if team == 2 else picture


@cache
def hero_portrait(hero_id: str, loadout: Loadout, team: int, size: int) -> pygame.Surface:
    """Head and shoulders of the hero's sprite on a dark disc in the team colour, ``size`` square."""
    sprite = hero_sprite(hero_id, loadout, team, 128)  # in its team's colours, team 2 facing left
    crop = sprite.subsurface(pygame.Rect(24, 2, 80, 80)).copy()
    face = pygame.transform.smoothscale(crop, (size, size))
    disc = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(disc, (26, 30, 40, 255), (size // 2, size // 2), size // 2)
    pygame.draw.circle(
        disc, (*TEAM_COLOURS.get(team, (200, 200, 200)), 255), (size // 2, size // 2), size // 2, 2
    )
    disc.blit(face, (0, 0))
    return disc
