"""A hero's character sheet drawn on a panel (the party screen and the loadout screen).

The lines come from :func:`client.skirmish.sheet.sheet_lines`. A section goes in two columns only when
every label of it fits in half the panel; the others take a whole row a line (the derived values'
labels, "Quick-spell slots", "Skill with the melee weapon", are long), and a lone last line of a
two-column section takes the whole row. Where the panel is too short for that, the long labels take
their short forms ("Quick slots") to pair up; only past that are labels cut.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from client.i18n import tr
from client.render import text
from client.skirmish import model
from client.skirmish.sheet import SheetLine, name_of, sheet_lines
from client.ui import MUTED_TEXT_COLOUR, PANEL_EDGE, TEXT_COLOUR, TITLE_COLOUR
from client.ui.scale import px

PORTRAIT = 52  # px at 100% UI scale
MIN_FONT = 13  # px at 100%: below it the sheet goes in two columns everywhere instead


@dataclass(frozen=True)
class Place:
    """Where one line of the sheet goes in its row: x offset from the panel's inner left, and width."""

    line: SheetLine
    x: int
    width: int


def sections_of(lines: list[SheetLine]) -> list[list[SheetLine]]:
    """The sheet's lines cut into sections, each starting at its heading (the first has none)."""
    sections: list[list[SheetLine]] = []
    for line in lines:
        if line.heading or not sections:
            sections.append([line])
        else:
            sections[-1].append(line)
    return sections


def _star(line: SheetLine, label: str) -> str:
    """A line with no effect in battle is starred (S-ATTR-3's footnote)."""
    return label + ("" if line.in_battle else " *")


def label_in(line: SheetLine, width: int, size: int, short: bool = True) -> str | None:
    """The line's label that fits in ``width`` beside its value: the label, else (if ``short``) its short
    form; None if neither fits."""
    room = width - px(6) - text.text(line.value, size, TEXT_COLOUR, True).get_width()
    for label in (line.label, line.short if short else ""):
        if label and text.text(_star(line, label), size, TEXT_COLOUR).get_width() <= room:
            return _star(line, label)
    return None


def rows_of(
    sections: list[list[SheetLine]], width: int, size: int, split: bool, short: bool = False
) -> list[list[Place]]:
    """The sheet's rows: a heading alone, then its lines two to a row where they fit in half the width
    (with their short labels if ``short``; every section with headings if ``split`` is False), else one
    to a row."""
    gap = px(10)
    half = (width - gap) // 2
    rows: list[list[Place]] = []
    for sec in sections:
        items = sec
        if sec[0].heading:
            rows.append([Place(sec[0], 0, width)])
            items = sec[1:]
        lone = items[-1:] if len(items) % 2 else []  # it takes the whole row anyway
        paired = sec[0].heading and (
            not split or all(label_in(line, half, size, short) for line in items if line not in lone)
        )
        if not paired:
            rows += [[Place(line, 0, width)] for line in items]
            continue
        for i in range(0, len(items), 2):
            pair = items[i : i + 2]
            if len(pair) == 1:
                rows.append([Place(pair[0], 0, width)])
            else:
                rows.append([Place(pair[0], 0, half), Place(pair[1], half + gap, half)])
    return rows


def _sizes(height: int, rows: int) -> tuple[int, int]:
    """(row step, font size) for ``rows`` rows (the footnote among them) in ``height``."""
    step = max(px(14), min(px(22), height // rows))
    return step, max(px(11), min(px(16), step - px(4)))


def plan(member: model.Member, inner_w: int, height: int) -> tuple[list[list[Place]], int, int]:
    """The sheet's rows, row step and font size for a panel ``inner_w`` wide with ``height`` below the
    portrait: the largest font from 16 px down to 13 px at which the lines that need a whole row can
    have one, with whole labels, else with short ones; else every section in two columns at the font
    that fits."""
    sections = sections_of(sheet_lines(member.hero, member.loadout))
    for short in (False, True):  # whole labels if the panel has room, else the short ones
        for size in range(px(16), px(MIN_FONT) - 1, -1):
            rows = rows_of(sections, inner_w, size, split=True, short=short)
            step = min(px(22), height // (len(rows) + 1))
            if step >= size + px(4):
                return rows, step, size
    tight = rows_of(sections, inner_w, 0, split=False)
    return tight, *_sizes(height, len(tight) + 1)


def draw_sheet(surface: pygame.Surface, member: model.Member, area: pygame.Rect) -> list[str]:
    """The member's character sheet on a panel in ``area``: a portrait and its name, then each
    section's label / value lines; attributes with no effect in battle are dimmed and starred, with
    the footnote saying so (S-ATTR-3). Returns the labels as drawn (cut ones end in "…")."""
    from client.skirmish.art import hero_portrait

    pygame.draw.rect(surface, (16, 18, 26), area, border_radius=px(8))
    pygame.draw.rect(surface, PANEL_EDGE, area, 1, border_radius=px(8))
    inner = area.inflate(-px(16), -px(12))
    hero = member.hero_type
    portrait = px(PORTRAIT)
    surface.blit(hero_portrait(member.hero, member.loadout, 1, portrait), inner.topleft)
    surface.blit(
        text.text(name_of(hero), px(22), TITLE_COLOUR, True), (inner.x + portrait + px(10), inner.y + px(2))
    )
    top = inner.y + portrait + px(6)
    rows, step, size = plan(member, inner.w, inner.bottom - top)
    drawn = []
    for i, row in enumerate(rows):
        y = top + i * step
        for place in row:
            line, x = place.line, inner.x + place.x
            if line.heading:
                surface.blit(text.text(line.label, size, TITLE_COLOUR, True), (x, y))
                continue
            colour = TEXT_COLOUR if line.in_battle else MUTED_TEXT_COLOUR
            value = text.text(line.value, size, colour, True)
            label = label_in(line, place.width, size) or text.fit(
                _star(line, line.short or line.label), size, place.width - value.get_width() - px(6)
            )
            drawn.append(label)
            surface.blit(text.text(label, size, colour), (x, y))
            surface.blit(value, value.get_rect(topright=(x + place.width, y)))
    note = text.fit("* " + tr("skirmish.sheet.no_effect"), size, inner.w)
    surface.blit(text.text(note, size, MUTED_TEXT_COLOUR), (inner.x, top + len(rows) * step))
    return drawn
