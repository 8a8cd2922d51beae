"""Card faces, card backs and hero panels of the duel table, drawn once per (card, size, ...) and cached.

A card face shows at a glance what the card is:

* its type by the frame: bronze for a creature, blue for magic (and a sword or a star in the
  name ribbon's corner, so the type reads without colour too);
* its cost as resource icons with counts, one row that shrinks to fit (two rows at worst), so the
  five-resource Black Dragon fits a 960x600 table;
* its picture (``client/duel/art.py``) on a backdrop of its type;
* its name, fitted to the width;
* a creature's attack / defense / life large at the bottom (coloured when magic or wounds changed
  them), a spell's effect as icons and signed numbers.

Nothing here is drawn per frame: :func:`face`, :func:`rotated`, :func:`back` and :func:`hero_face`
keep every surface they made, keyed by everything that changes them (language included).
"""

from __future__ import annotations

import pygame

from client import i18n
from client.duel import icons
from client.duel.art import picture
from client.render import text
from rules.duel.catalog_types import RESOURCES, Card, CreatureCard, Hero, Resource, SpellCard

RESOURCE_COLOURS = icons.RESOURCE_COLOURS
CREATURE_FRAME = (176, 128, 66)
CREATURE_DARK = (96, 64, 34)
SPELL_FRAME = (86, 104, 196)
SPELL_DARK = (40, 46, 110)
HERO_FRAME = (196, 160, 70)
BACK_COLOUR = (92, 30, 36)
INK = (246, 238, 218)
DIM_INK = (200, 190, 170)
CARD_INSIDE = (30, 24, 22)
UP = (120, 230, 120)
DOWN = (255, 110, 100)
HIGHLIGHTS = {"playable": (110, 230, 110), "target": (250, 90, 70), "selected": (255, 225, 90)}

_CACHE: dict[tuple, pygame.Surface] = {}


def forget() -> None:
    _CACHE.clear()


def card_name(card) -> str:
    return card.name_ru if i18n.language() == "ru" else card.name_en


def resource_name(resource: Resource) -> str:
    return i18n.tr(f"duel.resource.{resource.value}")


def cost_items(card: Card) -> list[tuple[Resource, int]]:
    return [(r, n) for r, n in zip(RESOURCES, card.cost, strict=True) if n]


def fitted(string: str, size: int, colour, max_w: int, bold: bool = False, least: int = 9) -> pygame.Surface:
    """``string`` at the largest font size from ``size`` down to ``least`` that fits ``max_w``; squeezed
    to ``max_w`` if even the least is too wide."""
    for s in range(size, least - 1, -1):
        img = text.text(string, s, colour, bold)
        if img.get_width() <= max_w:
            return img
    img = text.text(string, least, colour, bold)
    return pygame.transform.smoothscale(img, (max(1, max_w), img.get_height()))


KEY = (255, 0, 254)  # the colour key of opaque faces: no card draws this colour


def _cached(key: tuple, make, opaque: bool = False) -> pygame.Surface:
    """``make()`` once per key, in the display's own pixel order (the fastest blits). ``opaque``: a face
    whose only transparency is its square-cut corners becomes an opaque surface with a colour key, which
    blits several times faster than per-pixel alpha (it matters at 3840x2160)."""
    found = _CACHE.get(key)
    if found is None:
        found = make()
        if pygame.display.get_surface() is not None:
            if opaque:
                keyed = pygame.Surface(found.get_size()).convert()
                keyed.fill(KEY)
                keyed.blit(found, (0, 0))
                keyed.set_colorkey(KEY, pygame.RLEACCEL)
                found = keyed
            else:
                found = found.convert_alpha()
        _CACHE[key] = found
    return found


def cost_row(items: list[tuple[Resource, int]], height: int, max_w: int) -> pygame.Surface:
    """The cost as icons with counts: one row at ``height`` if it fits, else smaller, else two rows."""

    def row(part: list[tuple[Resource, int]], s: int) -> pygame.Surface:
        labels = [text.text(str(n), max(8, int(s * 1.05)), INK, True) for _, n in part]
        gap = max(2, s // 4)
        width = sum(s + 1 + lab.get_width() for lab in labels) + gap * (len(part) - 1)
        surf = pygame.Surface((max(1, width), s), pygame.SRCALPHA)
        x = 0
        for (resource, _), lab in zip(part, labels, strict=True):
            surf.blit(icons.resource_icon(resource, s), (x, 0))
            surf.blit(lab, (x + s + 1, (s - lab.get_height()) // 2))
            x += s + 1 + lab.get_width() + gap
        return surf

    for s in range(height, max(8, height * 2 // 3) - 1, -1):
        img = row(items, s)
        if img.get_width() <= max_w:
            return img
    if len(items) > 2:  # two rows at a half height each
        half = max(8, height * 3 // 5)
        for s in range(half, 7, -1):
            top, bottom = row(items[: (len(items) + 1) // 2], s), row(items[(len(items) + 1) // 2 :], s)
            if max(top.get_width(), bottom.get_width()) <= max_w or s == 8:
                surf = pygame.Surface((max(top.get_width(), bottom.get_width()), 2 * s + 1), pygame.SRCALPHA)
                surf.blit(top, ((surf.get_width() - top.get_width()) // 2, 0))
                surf.blit(bottom, ((surf.get_width() - bottom.get_width()) // 2, s + 1))
                if surf.get_width() > max_w:
                    surf = pygame.transform.smoothscale(surf, (max_w, surf.get_height()))
                return surf
    img = row(items, 8)
    return pygame.transform.smoothscale(img, (max_w, img.get_height()))


def _backdrop(surf: pygame.Surface, rect: pygame.Rect, creature: bool) -> None:
    top, bottom = ((92, 128, 160), (70, 96, 64)) if creature else ((74, 58, 130), (24, 20, 52))
    for y in range(rect.height):
        t = y / max(1, rect.height - 1)
        colour = tuple(int(a + (b - a) * t) for a, b in zip(top, bottom, strict=True))
        pygame.draw.line(surf, colour, (rect.x, rect.y + y), (rect.right - 1, rect.y + y))
    if creature:  # a ground line under the figure's feet
        pygame.draw.rect(
            surf, (58, 80, 50), (rect.x, rect.bottom - rect.height // 5, rect.width, rect.height // 5)
        )


def _stat_badges(surf: pygame.Surface, area: pygame.Rect, values: list[tuple[str, int, int | None]]) -> None:
    """Badges (icon + number) spread evenly over ``area``: (stat, shown value, printed value or None).
    The numbers are as large as the bar allows, all shrunk together when two-digit ones do not fit."""
    s = max(8, min(area.height - 2, area.width // (2 * len(values))))
    size = max(9, int(area.height * 0.95))
    while True:
        labels = []
        for _stat, value, printed in values:
            colour = INK if printed is None or value == printed else (UP if value > printed else DOWN)
            labels.append(text.outlined(str(value).replace("-", "−"), size, colour, True, width=1))
        total = sum(s + lab.get_width() for lab in labels)
        if total <= area.width - 4 or size <= 8:
            break
        size -= 1
    gap = (area.width - total) / (len(values) + 1)
    x = area.x + gap
    for (stat, _value, _printed), label in zip(values, labels, strict=True):
        surf.blit(icons.stat_icon(stat, s), (int(x), area.centery - s // 2))
        surf.blit(label, (int(x) + s, area.centery - label.get_height() // 2))
        x += s + label.get_width() + gap


def face(
    card: Card,
    size: tuple[int, int],
    life: int | None = None,
    highlight: str = "",
    attack: int | None = None,
    defense: int | None = None,
) -> pygame.Surface:
    """The face of ``card`` at ``size``; ``life`` (``attack``, ``defense``) are a creature's current values
    on the field when they differ from the printed ones; ``highlight`` a coloured edge."""
    key = ("card", card.id, size, i18n.language(), life, attack, defense, highlight)
    return _cached(key, lambda: _draw_face(card, size, life, highlight, attack, defense), opaque=True)


def _face_alpha(card: Card, size: tuple[int, int], highlight: str) -> pygame.Surface:
    """The face with its corners transparent (what the fan turns)."""
    key = ("alpha", card.id, size, i18n.language(), highlight)
    return _cached(key, lambda: _draw_face(card, size, None, highlight, None, None))


def _draw_face(card: Card, size, life, highlight, attack, defense) -> pygame.Surface:
    w, h = size
    creature = isinstance(card, CreatureCard)
    frame, dark = (CREATURE_FRAME, CREATURE_DARK) if creature else (SPELL_FRAME, SPELL_DARK)
    surf = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(3, w // 14)
    b = max(2, w // 26)
    pygame.draw.rect(surf, frame, surf.get_rect(), border_radius=radius)
    inside = surf.get_rect().inflate(-2 * b, -2 * b)
    pygame.draw.rect(surf, CARD_INSIDE, inside, border_radius=max(2, radius - b))
    # name ribbon
    ribbon = pygame.Rect(inside.x, inside.y, inside.width, max(12, h // 8))
    pygame.draw.rect(
        surf, dark, ribbon, border_top_left_radius=radius - b, border_top_right_radius=radius - b
    )
    mark = max(6, ribbon.height - 4)
    glyph = icons.stat_icon("attack" if creature else "morale", mark)
    surf.blit(glyph, (ribbon.x + 2, ribbon.centery - mark // 2))
    name = fitted(card_name(card), max(9, ribbon.height * 3 // 4), INK, ribbon.width - mark - 6, True)
    surf.blit(name, name.get_rect(center=(ribbon.centerx + mark // 2 + 1, ribbon.centery)))
    # cost
    cost_h = max(9, h // 10)
    cost = cost_row(cost_items(card), cost_h, inside.width - 4)
    cost_area = pygame.Rect(inside.x, ribbon.bottom + 1, inside.width, max(cost_h, cost.get_height()) + 2)
    surf.blit(cost, cost.get_rect(center=cost_area.center))
    # stats / effect bar at the bottom
    bar = pygame.Rect(inside.x, inside.bottom - max(12, h // 6), inside.width, max(12, h // 6))
    pygame.draw.rect(
        surf, dark, bar, border_bottom_left_radius=radius - b, border_bottom_right_radius=radius - b
    )
    # the picture window between them
    window = pygame.Rect(inside.x + 1, cost_area.bottom, inside.width - 2, bar.top - cost_area.bottom)
    if window.height > 4:
        _backdrop(surf, window, creature)
        side = min(window.width, window.height)
        art = picture(card.id, side)
        surf.blit(art, art.get_rect(midbottom=(window.centerx, window.bottom)))
        if creature:
            words = [i18n.tr(f"duel.type.{t}") for t in _type_order(card)]
        else:
            words = [i18n.tr(f"duel.target.{card.target.value}")]
        strip_h = max(9, h // 13)
        room = window.width - 4
        joined = " · ".join(words)
        if text.text(joined, 9, INK).get_width() > room and len(words) > 2:  # two lines rather than tiny
            rows = [" · ".join(words[:2]), " · ".join(words[2:])]
        else:
            rows = [joined]
        labels = [fitted(row, strip_h, INK, room, least=8) for row in rows]
        strip = pygame.Surface((window.width, sum(lab.get_height() for lab in labels) + 2), pygame.SRCALPHA)
        strip.fill((12, 10, 14, 170))
        y = 1
        for lab in labels:
            strip.blit(lab, lab.get_rect(midtop=(strip.get_width() // 2, y)))
            y += lab.get_height()
        surf.blit(strip, (window.x, window.bottom - strip.get_height()))
    if creature:
        _stat_badges(
            surf,
            bar,
            [
                ("attack", card.attack if attack is None else attack, card.attack),
                ("defense", card.defense if defense is None else defense, card.defense),
                ("life", card.life if life is None else life, card.life),
            ],
        )
    else:
        _stat_badges(surf, bar, spell_stats(card) or [("morale", 0, None)])
    edge = HIGHLIGHTS.get(highlight)
    if edge:
        pygame.draw.rect(surf, edge, surf.get_rect(), width=max(2, w // 22), border_radius=radius)
    return surf


def _type_order(card: CreatureCard) -> list[str]:
    """Attack mode, movement, then traits: the order a player reads them."""
    from rules.duel.catalog_types import TYPES

    return [t.value for t in TYPES if t in card.types]


def spell_stats(card: SpellCard) -> list[tuple[str, int, None]]:
    return [
        (name, getattr(card, name), None)
        for name in ("attack", "defense", "life", "morale")
        if getattr(card, name)
    ]


def spell_effect(card: SpellCard) -> str:
    """A magic card's fixed effect as signed numbers (attack, defense, life, morale), in words."""
    return ", ".join(
        f"{i18n.tr(f'duel.stat_full.{name}')} {value:+d}".replace("-", "−")
        for name, value, _ in spell_stats(card)
    )


def rotated(card: Card, size: tuple[int, int], angle: float, highlight: str = "") -> pygame.Surface:
    """The face turned by ``angle`` degrees (the hand's fan), cached."""
    key = ("rot", card.id, size, i18n.language(), angle, highlight)
    return _cached(key, lambda: pygame.transform.rotozoom(_face_alpha(card, size, highlight), angle, 1.0))


def back(size: tuple[int, int], angle: float = 0.0) -> pygame.Surface:
    """A card's back: a lattice in gold on dark red round a seal; the opponent's hand shows only these."""
    key = ("back", size, angle)
    found = _CACHE.get(key)
    if found is not None:
        return found
    if angle:
        return _cached(key, lambda: pygame.transform.rotozoom(back(size), angle, 1.0))
    w = size[0]
    surf = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(3, w // 12)
    pygame.draw.rect(surf, HERO_FRAME, surf.get_rect(), border_radius=radius)
    inner = surf.get_rect().inflate(-max(4, w // 10), -max(4, w // 10))
    pattern = pygame.Surface(inner.size, pygame.SRCALPHA)
    pattern.fill(BACK_COLOUR)
    step = max(6, w // 5)
    line = (130, 60, 52)
    for x in range(-inner.height, inner.width + inner.height, step):
        pygame.draw.line(pattern, line, (x, 0), (x + inner.height, inner.height), 1)
        pygame.draw.line(pattern, line, (x, inner.height), (x + inner.height, 0), 1)
    surf.blit(pattern, inner)
    pygame.draw.rect(surf, (60, 18, 22), inner, width=max(1, w // 40))
    r = max(4, min(inner.width, inner.height) // 3)
    c = inner.center
    pygame.draw.circle(surf, (60, 18, 22), c, r + 2)
    pygame.draw.circle(surf, HERO_FRAME, c, r, max(1, r // 5))
    pygame.draw.polygon(surf, HERO_FRAME, icons._star(c[0], c[1], r * 0.7, 4, 0.35))
    return _cached(key, lambda: surf)


def hero_attribute_lines(hero: Hero) -> tuple[str, str]:
    """The hero's attributes written out, in two halves that may share a line."""
    return (
        i18n.tr("duel.hero_attack_defense", a=hero.attack, d=hero.defense),
        i18n.tr("duel.hero_tactics_knowledge", t=hero.tactics, k=hero.knowledge),
    )


def hero_face(
    hero: Hero, morale: int, size: tuple[int, int], highlight: str = "", who: str = ""
) -> pygame.Surface:
    """A hero's panel: portrait, the player's name and the hero's class, attributes, morale large."""
    key = ("hero", hero.id, morale, size, i18n.language(), highlight, who)
    return _cached(key, lambda: _draw_hero(hero, morale, size, highlight, who))


def _draw_hero(hero: Hero, morale: int, size, highlight: str, who: str) -> pygame.Surface:
    _w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(4, h // 10)
    b = max(2, h // 30)
    pygame.draw.rect(surf, HERO_FRAME, surf.get_rect(), border_radius=radius)
    inside = surf.get_rect().inflate(-2 * b, -2 * b)
    pygame.draw.rect(surf, (36, 30, 26), inside, border_radius=max(2, radius - b))
    side = inside.height - 2 * b
    portrait = pygame.Rect(inside.x + b, inside.y + b, side, side)
    _backdrop(surf, portrait, False)
    pygame.draw.rect(surf, (92, 64, 34), portrait, width=1)
    surf.blit(picture(hero.id, side, hero=True), portrait)
    # top: the player's name and the hero's class, and morale large (a star and the number) at the right
    x = portrait.right + 2 * b
    width = inside.right - b - x
    top_h = inside.height * 11 // 20
    big = text.outlined(str(morale), max(14, top_h * 4 // 5), (255, 214, 96), True, width=1)
    star = icons.stat_icon("morale", max(8, big.get_height() * 3 // 5))
    group = pygame.Rect(0, 0, star.get_width() + big.get_width() + 2, big.get_height())
    group.topright = (inside.right - b, inside.y + max(0, (top_h - big.get_height()) // 2))
    surf.blit(star, star.get_rect(midleft=(group.x, group.centery)))
    surf.blit(big, big.get_rect(midright=group.midright))
    fs = max(10, top_h * 2 // 5)
    names = [fitted(who, fs, INK, group.x - x - 4, True)] if who else []
    names.append(fitted(card_name(hero), max(10, fs - 2), (240, 200, 120), group.x - x - 4, True))
    y = inside.y + (top_h - sum(img.get_height() for img in names)) // 2
    for img in names:
        surf.blit(img, (x, y))
        y += img.get_height()
    # bottom: the attributes written out, on one line if it fits, else two
    first, second = hero_attribute_lines(hero)
    small = max(10, h // 8)
    joined = f"{first} · {second}"
    if text.text(joined, small, DIM_INK).get_width() <= width:
        lines = [text.text(joined, small, DIM_INK)]
    else:
        lines = [fitted(first, small, DIM_INK, width), fitted(second, small, DIM_INK, width)]
    y = inside.y + top_h + (inside.height - top_h - sum(img.get_height() for img in lines)) // 2
    for img in lines:
        surf.blit(img, (x, y))
        y += img.get_height()
    edge = HIGHLIGHTS.get(highlight)
    if edge:
        pygame.draw.rect(surf, edge, surf.get_rect(), width=max(3, h // 30), border_radius=radius)
    return surf


def hero_card(hero: Hero, morale: int, size: tuple[int, int]) -> pygame.Surface:
    """A hero as a card (the fight window): the portrait, the name, and morale where a creature's life is."""
    key = ("hero_card", hero.id, morale, size, i18n.language())
    return _cached(key, lambda: _draw_hero_card(hero, morale, size), opaque=True)


def _draw_hero_card(hero: Hero, morale: int, size) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(3, w // 14)
    b = max(2, w // 26)
    pygame.draw.rect(surf, HERO_FRAME, surf.get_rect(), border_radius=radius)
    inside = surf.get_rect().inflate(-2 * b, -2 * b)
    pygame.draw.rect(surf, CARD_INSIDE, inside, border_radius=max(2, radius - b))
    ribbon = pygame.Rect(inside.x, inside.y, inside.width, max(12, h // 8))
    pygame.draw.rect(surf, (110, 84, 30), ribbon)
    name = fitted(card_name(hero), max(9, ribbon.height * 3 // 4), INK, ribbon.width - 6, True)
    surf.blit(name, name.get_rect(center=ribbon.center))
    bar = pygame.Rect(inside.x, inside.bottom - max(12, h // 6), inside.width, max(12, h // 6))
    pygame.draw.rect(surf, (110, 84, 30), bar)
    window = pygame.Rect(inside.x + 1, ribbon.bottom + 1, inside.width - 2, bar.top - ribbon.bottom - 1)
    _backdrop(surf, window, False)
    side = min(window.width, window.height)
    surf.blit(
        picture(hero.id, side, hero=True),
        picture(hero.id, side, hero=True).get_rect(midbottom=window.midbottom),
    )
    _stat_badges(
        surf, bar, [("attack", hero.attack, None), ("defense", hero.defense, None), ("morale", morale, None)]
    )
    return surf
