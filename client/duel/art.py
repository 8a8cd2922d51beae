"""The duel's pictures: one per card and per hero, from ``tools/make_card_art.py``.

The PNGs live in ``assets/sprites/cards`` and ``assets/sprites/heroes`` (shipped in the
``runetide_assets`` package like the unit sprites). :func:`missing_duel_art` lists the files that are
not there; :func:`picture` raises :class:`~client.render.sprites.MissingArt` rather than draw a
stand-in. Scaled copies are cached per size, so a card face asks for its picture once.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import Path

import pygame

from client.context import ASSETS_DIR
from client.render.sprites import MissingArt

CARDS_DIR = ASSETS_DIR / "sprites" / "cards"
HEROES_DIR = ASSETS_DIR / "sprites" / "heroes"


def art_file(art_id: str, hero: bool = False) -> Path:
    return (HEROES_DIR if hero else CARDS_DIR) / f"{art_id}.png"


def missing_duel_art(card_ids: Iterable[str], hero_ids: Iterable[str]) -> list[Path]:
    """The picture files of these cards and heroes that do not exist, in order."""
    paths = [art_file(c) for c in card_ids] + [art_file(h, True) for h in hero_ids]
    return [p for p in paths if not p.is_file()]


@cache
def _loaded(art_id: str, hero: bool) -> pygame.Surface:
    path = art_file(art_id, hero)
    if not path.is_file():
        raise MissingArt(f"missing duel art: {path}")
    image = pygame.image.load(str(path))
    return image.convert_alpha() if pygame.display.get_surface() is not None else image


@cache
def picture(art_id: str, side: int, hero: bool = False) -> pygame.Surface:
    """The picture of a card (or hero) scaled to ``side`` x ``side`` pixels."""
    image = _loaded(art_id, hero)
    if image.get_width() == side:
        return image
    return pygame.transform.smoothscale(image, (side, side))
