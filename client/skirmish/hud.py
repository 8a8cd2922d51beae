"""The skirmish HUD, painted over the tactical battle's layout (top bar, map viewport, side panel,
bottom bar): the round's turn order (S-OQ-11), each hero's card with its bars and condition icons,
the combat log, and the action bar of the acting hero (weapons, ether attack, binding, picking up,
the quick spells with their mana costs).

Each painter returns the screen regions it drew (:class:`Spot`), which the scene uses for clicks
(the action bar) and tooltips (cards, bars, icons, the order strip).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from client.i18n import language, tr
from client.render import text
from client.skirmish.art import hero_portrait
from client.skirmish.sheet import battle_name, num
from client.skirmish.view import HeroView, SkirmishBoard
from client.ui import (
    BAD,
    GOLD,
    GOOD,
    MUTED_TEXT_COLOUR,
    PANEL,
    PANEL_EDGE,
    TEAM_COLOURS,
    TEAM_LIGHT,
    TEXT_COLOUR,
)
from client.ui.scale import px

HP_COLOUR = (200, 70, 60)
MANA_COLOUR = (90, 130, 240)
FATIGUE_COLOUR = (220, 170, 80)
ENERGY_COLOUR = (120, 200, 120)


@dataclass(frozen=True)
class Spot:
    """A screen region and what it stands for: ("hero", id), ("bar", (kind, id)), ("icon", (kind, id)),
    ("chip", chip index)."""

    rect: pygame.Rect
    kind: str
    payload: object


@dataclass(frozen=True)
class Chip:
    """One button of the action bar: its label, small cost text, key (what choosing it means)."""

    key: tuple  # ("weapon", id, thrown), ("spell", id), ("channel", id), ("ether",), ("bind",), ("pickup",id)
    label: str
    cost: str = ""
    enabled: bool = True
    chosen: bool = False


def bar(surface: pygame.Surface, rect: pygame.Rect, share: float, colour) -> None:
    pygame.draw.rect(surface, (34, 36, 46), rect, border_radius=px(2))
    if share > 0:
        fill = rect.copy()
        fill.w = max(1, round(rect.w * min(1.0, share)))
        pygame.draw.rect(surface, colour, fill, border_radius=px(2))


def icons_of(hero: HeroView, detailed: bool) -> list[tuple[str, str, tuple]]:
    """The condition icons of a hero: (kind, letter, colour); the tooltip quotes each one's rule."""
    found = []
    if hero.style:
        found.append(("style", "D", (200, 215, 240)))
    if hero.bound_by is not None:
        found.append(("bound", "B", (190, 140, 255)))
    if hero.channel is not None:
        found.append(("channel", "C", (190, 160, 255)))
    if not hero.out and 2 * hero.hp <= hero.max_hp:
        found.append(("wound", "W", BAD))
    for kind, _spell, _until in hero.effects:
        found.append((f"effect:{kind}", kind[:1].upper(), (140, 220, 255)))
    if hero.afflictions:
        found.append(("affliction", "!", BAD))
    return found


def draw_icon(
    surface: pygame.Surface, centre: tuple[int, int], letter: str, colour, radius: int
) -> pygame.Rect:
    pygame.draw.circle(surface, (20, 22, 30), centre, radius)
    pygame.draw.circle(surface, colour, centre, radius, max(1, radius // 5))
    label = text.text(letter, max(8, radius + radius // 3), colour, True)
    surface.blit(label, label.get_rect(center=centre))
    return pygame.Rect(centre[0] - radius, centre[1] - radius, 2 * radius, 2 * radius)


def draw_top_bar(
    surface: pygame.Surface, rect: pygame.Rect, view: SkirmishBoard, turn: str, team: int
) -> tuple[int, int]:
    """Round and melee mode on the left, whose turn on the right; returns the free span between."""
    pygame.draw.rect(surface, PANEL, rect)
    pygame.draw.line(surface, PANEL_EDGE, rect.bottomleft, rect.bottomright)
    left = tr("skirmish.hud.round", n=max(1, view.round_no), most=view.round_limit)
    mode = tr("skirmish.hud.melee", mode=tr(f"skirmish.melee.{view.melee_mode}"))
    size = px(18)
    info = text.text(f"{left}  ·  {mode}", size, TEXT_COLOUR, True)
    surface.blit(info, info.get_rect(midleft=(rect.x + px(16), rect.centery)))
    room = rect.w // 3
    label = text.text(text.fit(turn, px(19), room, True), px(19), TEAM_LIGHT.get(team, GOLD), True)
    surface.blit(label, label.get_rect(midright=(rect.right - px(16), rect.centery)))
    return rect.x + px(16) + info.get_width() + px(10), rect.right - px(16) - label.get_width() - px(10)


def draw_order(
    surface: pygame.Surface, bar: pygame.Rect, view: SkirmishBoard, left: int, right: int
) -> list[Spot]:
    """S-OQ-11: this round's activation order as portraits in the middle of the top bar (between
    ``left`` and ``right``), the acting hero larger in a gold frame, those that have acted dimmed,
    those out crossed."""
    order = view.order or tuple(view.heroes)
    big = bar.h - px(6)
    size = min(bar.h - px(14), max(px(16), (right - left - big - px(20)) // max(1, len(order)) - px(6)))
    gap = px(6)
    width = (len(order) - 1) * (size + gap) + big
    x = max(left + px(10), (left + right) // 2 - width // 2)
    spots = []
    for hero_id in order:
        hero = view.heroes[hero_id]
        acting = hero_id == view.acting
        s = big if acting else size
        y = bar.y + (bar.h - s) // 2
        picture = hero_portrait(hero.hero.id, hero.loadout, hero.team, s)
        if hero_id in view.done or hero.out:
            picture = picture.copy()
            picture.set_alpha(100)
        surface.blit(picture, (x, y))
        rect = pygame.Rect(x, y, s, s)
        if acting:
            pygame.draw.rect(surface, GOLD, rect.inflate(px(4), px(4)), px(2), border_radius=px(8))
        if hero.out:
            pygame.draw.line(surface, BAD, rect.topleft, rect.bottomright, px(3))
        spots.append(Spot(rect, "order", hero_id))
        x += s + gap
    return spots


_CARDS: dict[tuple, tuple[pygame.Surface, list[Spot], int]] = {}  # the last drawing of the cards
PANEL_COLOUR = (18, 20, 27)  # the side panel under the cards and the log


def draw_cards(
    surface: pygame.Surface, area: pygame.Rect, view: SkirmishBoard, kept: bool = False
) -> tuple[list[Spot], int]:
    """A card per hero, team 1 first: portrait, name, HP, mana and (detailed melee) fatigue bars, and
    condition icons. Returns the spots and the y where the cards end. The cards are drawn once into
    a layer and blitted while nothing they show changes (most frames), down to where they end: the
    panel below them is the caller's (the log's layer covers it; blitting it twice cost 25 us).
    ``kept``: the screen still shows the cards of the last frame; unchanged, they are not blitted."""
    detailed = view.melee_mode == "detailed"
    heroes = sorted(view.heroes.values(), key=lambda h: (h.team, h.id))
    key = (
        tuple(area),
        px(100),
        language(),
        detailed,
        view.acting,
        tuple(
            (
                h.id,
                h.team,
                h.hero.id,
                h.loadout,
                h.hp,
                h.max_hp,
                h.mana,
                h.max_mana,
                h.fatigue,
                h.out,
                *icons_of(h, detailed),
            )
            for h in heroes
        ),
    )
    # compared, not hashed: hashing the heroes' loadouts and Fraction mana every frame was 10 us
    cached = next((drawn for shown, drawn in _CARDS.items() if shown == key), None)
    fresh = cached is None
    if cached is None:
        layer = pygame.Surface(area.size)  # opaque, on the panel's own colour: the cheapest blit
        layer.fill(PANEL_COLOUR)
        if pygame.display.get_surface() is not None:
            layer = layer.convert()
        spots, end = _draw_cards(layer, pygame.Rect((0, 0), area.size), heroes, view, detailed)
        shift = pygame.Vector2(area.topleft)
        spots = [replace(spot, rect=spot.rect.move(shift)) for spot in spots]
        _CARDS.clear()
        cached = _CARDS[key] = (layer, spots, end + area.y)
    layer, spots, end = cached
    if fresh or not kept:
        surface.blit(layer, area.topleft, pygame.Rect(0, 0, area.w, end - area.y))
    return list(spots), end


def _draw_cards(
    surface: pygame.Surface, area: pygame.Rect, heroes: list[HeroView], view: SkirmishBoard, detailed: bool
) -> tuple[list[Spot], int]:
    spots: list[Spot] = []
    card_h = px(62 if detailed else 54)
    room = area.h * 3 // 5
    card_h = min(card_h, max(px(40), room // max(1, len(heroes))))
    y = area.y + px(6)
    for hero in heroes:
        rect = pygame.Rect(area.x + px(6), y, area.w - px(12), card_h - px(4))
        acting = hero.id == view.acting
        pygame.draw.rect(surface, (30, 34, 46) if acting else (22, 25, 33), rect, border_radius=px(6))
        pygame.draw.rect(
            surface,
            GOLD if acting else TEAM_COLOURS[hero.team],
            rect,
            px(2) if acting else 1,
            border_radius=px(6),
        )
        p = min(rect.h - px(8), px(44))
        picture = hero_portrait(hero.hero.id, hero.loadout, hero.team, p)
        if hero.out:
            picture = picture.copy()
            picture.set_alpha(100)
        surface.blit(picture, (rect.x + px(4), rect.y + (rect.h - p) // 2))
        x = rect.x + p + px(10)
        w = rect.right - x - px(6)
        font = max(px(11), min(px(14), rect.h // 4))
        name = battle_name(view.heroes, hero.id) + (" — " + tr("skirmish.hud.out") if hero.out else "")
        hp_text = text.text(f"{max(0, hero.hp)}/{hero.max_hp}", font, TEXT_COLOUR)
        room = w - (0 if hero.out else hp_text.get_width() + px(8))  # a hero out of the fight shows no HP
        surface.blit(
            text.text(
                text.fit(name, font, room, True),
                font,
                TEXT_COLOUR if not hero.out else MUTED_TEXT_COLOUR,
                True,
            ),
            (x, rect.y + px(3)),
        )
        if not hero.out:
            surface.blit(hp_text, hp_text.get_rect(topright=(rect.right - px(6), rect.y + px(3))))
        by = rect.y + px(5) + font + px(2)
        bh = max(px(4), min(px(7), (rect.bottom - by - px(4)) // 3 - px(2)))
        bars = [("hp", max(0, hero.hp) / hero.max_hp, HP_COLOUR)]
        if hero.max_mana:
            bars.append(("mana", float(hero.mana / hero.max_mana), MANA_COLOUR))
        if detailed:
            bars.append(("fatigue", min(1.0, hero.fatigue / 100), FATIGUE_COLOUR))
        icons = icons_of(hero, detailed)
        icon_w = len(icons) * px(16)
        for kind, share, colour in bars:
            r = pygame.Rect(x, by, max(px(20), w - icon_w - px(4)), bh)
            bar(surface, r, share, colour)
            spots.append(Spot(r.inflate(0, px(4)), "bar", (kind, hero.id)))
            by += bh + px(3)
        ix = rect.right - px(6) - icon_w + px(8)
        for kind, letter, colour in icons:
            r = draw_icon(surface, (ix, rect.bottom - px(12)), letter, colour, px(7))
            spots.append(Spot(r, "icon", (kind, hero.id)))
            ix += px(16)
        spots.append(Spot(rect, "hero", hero.id))
        y += card_h
    return spots, y


LOG_LINES = 40  # the latest log lines wrapped to find those that fit


def draw_log(surface: pygame.Surface, area: pygame.Rect, lines: list[tuple[int, str]]) -> None:
    """The latest log lines that fit, newest at the bottom, each in its side's colour."""
    pygame.draw.line(surface, PANEL_EDGE, (area.x + px(8), area.y), (area.right - px(8), area.y))
    size = px(13)
    step = size + px(3)
    wrapped: list[tuple[int, str]] = []
    for team, line in lines[-LOG_LINES:]:
        for part in text.wrap(line, size, area.w - px(16)):
            wrapped.append((team, part))
    fit = max(0, (area.h - px(8)) // step)
    y = area.y + px(6)
    for team, line in wrapped[-fit:] if fit else []:
        colour = TEAM_LIGHT.get(team, MUTED_TEXT_COLOUR) if team else MUTED_TEXT_COLOUR
        surface.blit(text.text(line, size, colour), (area.x + px(8), y))
        y += step


ACTION_BAR_BACK = (10, 12, 18, 170)  # the translucent strip under the chips


def _chip_rows(area: pygame.Rect, chips: list[Chip]) -> tuple[list[int], list[list[int]]]:
    """Each chip's width and the chips' indices in rows wrapped to the width of ``area``."""
    size = px(13)
    gap = px(5)
    widths = []
    for chip in chips:
        w = text.text(chip.label, size, TEXT_COLOUR, True).get_width() + px(16)
        if chip.cost:
            w += text.text(chip.cost, px(12), TEXT_COLOUR).get_width() + px(6)
        widths.append(min(w, area.w - 2 * gap))
    rows: list[list[int]] = [[]]
    used = gap
    for i, w in enumerate(widths):
        if rows[-1] and used + w + gap > area.w:
            rows.append([])
            used = gap
        rows[-1].append(i)
        used += w + gap
    return widths, rows


def action_bar_strip(area: pygame.Rect, chips: list[Chip]) -> pygame.Rect:
    """The translucent strip the action bar's chips sit on, at the bottom of ``area``."""
    h, gap = px(26), px(5)
    rows = len(_chip_rows(area, chips)[1])
    return pygame.Rect(area.x, area.bottom - rows * (h + gap) - gap, area.w, rows * (h + gap) + gap)


def draw_action_bar(
    surface: pygame.Surface, area: pygame.Rect, chips: list[Chip], back: bool = True
) -> list[Spot]:
    """The chips in rows along the bottom of the map, wrapped to its width, on a translucent strip
    (unless ``back`` is False: the caller has it); returns their spots."""
    if not chips:
        return []
    size = px(13)
    h = px(26)
    gap = px(5)
    widths, rows = _chip_rows(area, chips)
    spots = []
    y = area.bottom - len(rows) * (h + gap)
    if back:
        strip = pygame.Surface((area.w, len(rows) * (h + gap) + gap), pygame.SRCALPHA)
        strip.fill(ACTION_BAR_BACK)
        surface.blit(strip, (area.x, y - gap))
    for row in rows:
        x = area.x + gap
        for i in row:
            chip = chips[i]
            rect = pygame.Rect(x, y, widths[i], h)
            fill = (52, 60, 82) if chip.chosen else (28, 32, 44)
            pygame.draw.rect(surface, fill, rect, border_radius=px(6))
            edge = GOLD if chip.chosen else PANEL_EDGE if chip.enabled else (44, 46, 54)
            pygame.draw.rect(surface, edge, rect, px(2) if chip.chosen else 1, border_radius=px(6))
            colour = TEXT_COLOUR if chip.enabled else MUTED_TEXT_COLOUR
            room = rect.w - px(16)
            cost = (
                text.text(chip.cost, px(12), (130, 170, 255) if chip.enabled else MUTED_TEXT_COLOUR)
                if chip.cost
                else None
            )
            if cost is not None:
                room -= cost.get_width() + px(6)
                surface.blit(cost, cost.get_rect(midright=(rect.right - px(8), rect.centery)))
            label = text.text(text.fit(chip.label, size, room, True), size, colour, True)
            surface.blit(label, label.get_rect(midleft=(rect.x + px(8), rect.centery)))
            spots.append(Spot(rect, "chip", i))
            x += widths[i] + gap
        y += h + gap
    return spots


def mana_label(mana: int) -> str:
    return tr("skirmish.hud.mana_cost", n=mana)


def status_value(hero: HeroView, kind: str) -> str:
    if kind == "hp":
        return f"{max(0, hero.hp)}/{hero.max_hp}"
    if kind == "mana":
        return f"{num(hero.mana)}/{num(hero.max_mana)}"
    return str(hero.fatigue)


__all__ = [
    "GOOD",
    "Chip",
    "Spot",
    "action_bar_strip",
    "draw_action_bar",
    "draw_cards",
    "draw_log",
    "draw_order",
    "draw_top_bar",
]
