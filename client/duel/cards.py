"""Card faces for the duel table, drawn once per (card, size, language, state) and cached.

A face shows the frame colour of its type, the name, the cost with each resource's initial, and
the creature's attack / defense / life (or the spell's effect). Faces are never drawn per frame:
:func:`face` keeps every surface it made.
"""

from __future__ import annotations

import pygame

from client import i18n
from client.render import text
from rules.duel.catalog_types import RESOURCES, Card, CreatureCard, Hero, Resource

RESOURCE_COLOURS: dict[Resource, tuple[int, int, int]] = {
    Resource.WOOD: (150, 105, 60),
    Resource.MERCURY: (190, 190, 205),
    Resource.IRON: (120, 125, 135),
    Resource.SALT: (235, 230, 215),
    Resource.CRYSTALS: (120, 200, 230),
    Resource.GEMS: (200, 70, 150),
    Resource.MANA: (80, 110, 240),
}
CREATURE_FRAME = (120, 82, 40)
SPELL_FRAME = (60, 70, 150)
HERO_FRAME = (150, 120, 40)
BACK_COLOUR = (70, 40, 40)
INK = (240, 232, 210)

_CACHE: dict[tuple, pygame.Surface] = {}


def card_name(card: Card | Hero) -> str:
    return card.name_ru if i18n.language() == "ru" else card.name_en


def resource_name(resource: Resource) -> str:
    return i18n.tr(f"duel.resource.{resource.value}")


def _cost_line(card: Card) -> list[tuple[Resource, int]]:
    return [(r, n) for r, n in zip(RESOURCES, card.cost, strict=True) if n]


def face(card: Card, size: tuple[int, int], life: int | None = None, highlight: str = "") -> pygame.Surface:
    """The face of ``card`` at ``size``; ``life`` overrides the printed life (a creature on the field)."""
    lang = i18n.language()
    key = ("card", card.id, size, lang, life, highlight)
    found = _CACHE.get(key)
    if found is not None:
        return found
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    frame = CREATURE_FRAME if isinstance(card, CreatureCard) else SPELL_FRAME
    pygame.draw.rect(surf, frame, surf.get_rect(), border_radius=max(2, w // 12))
    pygame.draw.rect(
        surf, (30, 24, 20), surf.get_rect().inflate(-w // 10, -h // 10), border_radius=max(2, w // 16)
    )
    edge = {"playable": (90, 220, 90), "target": (240, 80, 60), "selected": (250, 220, 80)}.get(highlight)
    if edge:
        pygame.draw.rect(surf, edge, surf.get_rect(), width=max(2, w // 30), border_radius=max(2, w // 12))
    fs = max(9, h // 11)
    name = text.text(card_name(card), fs, INK, True)
    if name.get_width() > w - 8:
        name = pygame.transform.smoothscale(name, (w - 8, name.get_height()))
    surf.blit(name, name.get_rect(midtop=(w // 2, h // 14)))
    y = h // 14 + name.get_height() + 2
    x = max(4, w // 12)
    for resource, amount in _cost_line(card):
        r = max(4, fs // 2)
        pygame.draw.circle(surf, RESOURCE_COLOURS[resource], (x + r, y + r), r)
        label = text.text(str(amount), fs, INK)
        surf.blit(label, (x + 2 * r + 2, y + r - label.get_height() // 2))
        x += 2 * r + label.get_width() + 6
    if isinstance(card, CreatureCard):
        shown = card.life if life is None else life
        stats = text.text(f"{card.attack} / {card.defense} / {shown}", max(10, h // 8), INK, True)
        surf.blit(stats, stats.get_rect(midbottom=(w // 2, h - h // 14)))
        kinds = ", ".join(i18n.tr(f"duel.type.{t}") for t in sorted(card.types))
        line = text.text(kinds, max(8, h // 14), INK)
        if line.get_width() > w - 8:
            line = pygame.transform.smoothscale(line, (w - 8, line.get_height()))
        surf.blit(line, line.get_rect(midbottom=(w // 2, h - h // 14 - stats.get_height())))
    else:
        effect = spell_effect(card)
        line = text.text(effect, max(8, h // 12), INK)
        if line.get_width() > w - 8:
            line = pygame.transform.smoothscale(line, (w - 8, line.get_height()))
        surf.blit(line, line.get_rect(center=(w // 2, h * 2 // 3)))
    _CACHE[key] = surf
    return surf


def spell_effect(card: Card) -> str:
    """A magic card's fixed effect as signed numbers (life, attack, defense, morale)."""
    parts = []
    for name in ("life", "attack", "defense", "morale"):
        value = getattr(card, name, 0)
        if value:
            parts.append(f"{i18n.tr(f'duel.stat.{name}')} {value:+d}")
    return ", ".join(parts)


def back(size: tuple[int, int]) -> pygame.Surface:
    """A card's back: the opponent's hand shows only these."""
    key = ("back", size)
    found = _CACHE.get(key)
    if found is None:
        found = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(found, BACK_COLOUR, found.get_rect(), border_radius=max(2, size[0] // 10))
        pygame.draw.rect(found, HERO_FRAME, found.get_rect(), width=2, border_radius=max(2, size[0] // 10))
        _CACHE[key] = found
    return found


def hero_face(hero: Hero, morale: int, size: tuple[int, int], highlight: str = "") -> pygame.Surface:
    """A hero card: name, morale large, attack / defense / tactics / knowledge."""
    key = ("hero", hero.id, morale, size, i18n.language(), highlight)
    found = _CACHE.get(key)
    if found is not None:
        return found
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, HERO_FRAME, surf.get_rect(), border_radius=8)
    pygame.draw.rect(surf, (35, 28, 22), surf.get_rect().inflate(-6, -6), border_radius=6)
    if highlight:
        pygame.draw.rect(surf, (240, 80, 60), surf.get_rect(), width=3, border_radius=8)
    name = text.text(card_name(hero), max(10, h // 7), INK, True)
    surf.blit(name, (8, 6))
    big = text.text(str(morale), max(16, h // 2), (250, 210, 90), True)
    surf.blit(big, big.get_rect(midright=(w - 10, h // 2)))
    stats = i18n.tr("duel.hero_stats", a=hero.attack, d=hero.defense, t=hero.tactics, k=hero.knowledge)
    line = text.text(stats, max(9, h // 9), INK)
    surf.blit(line, (8, h - line.get_height() - 6))
    label = text.text(i18n.tr("duel.morale"), max(9, h // 9), INK)
    surf.blit(label, label.get_rect(midbottom=big.get_rect(midright=(w - 10, h // 2)).midtop))
    _CACHE[key] = surf
    return surf
