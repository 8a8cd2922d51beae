"""How the profile is shown on every meta screen: the league badge and the resources strip.

Text only through :func:`client.i18n.tr`; sizes in design pixels (:func:`client.ui.scale.px`).
The strip wraps onto more lines when the window is too narrow for one, so it never overflows.
"""

from __future__ import annotations

import pygame

from client.i18n import tr
from client.meta.profile_store import Notice
from client.render import text
from client.ui import GOLD, PANEL_EDGE, TEXT_COLOUR
from client.ui.scale import px
from rules.meta.catalog import default_meta_catalog
from rules.meta.profile import Profile

BADGE_COLOURS = {1: (176, 120, 72), 2: (182, 190, 204), 3: (236, 196, 84), 4: (214, 72, 96)}  # bronze..ruby


def league_badge(league: int, size: int) -> pygame.Surface:
    """A round badge with the league's number, in the league's metal."""
    colour = BADGE_COLOURS.get(league, GOLD)
    badge = pygame.Surface((size, size), pygame.SRCALPHA)
    centre = (size // 2, size // 2)
    pygame.draw.circle(badge, (20, 22, 28), centre, size // 2)
    pygame.draw.circle(badge, colour, centre, size // 2 - max(1, size // 12))
    pygame.draw.circle(badge, PANEL_EDGE, centre, size // 2, max(1, size // 16))
    digit = text.text(str(league), int(size * 0.6), (24, 20, 16), True)
    badge.blit(digit, digit.get_rect(center=centre))
    return badge


def duration(seconds: float) -> str:
    """``12:05`` (minutes:seconds), or ``1:02:05`` past an hour."""
    s = max(0, int(seconds + 0.999))
    h, rest = divmod(s, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def seconds_to_next_supply(p: Profile, now: float) -> float | None:
    """Seconds until the next supply point (M-SUP-2), None when full (regeneration paused)."""
    cat = default_meta_catalog()
    if p.supplies >= cat.supplies_max:
        return None
    return max(0.0, p.supplies_clock + cat.regen_minutes * 60 - now)


def supplies_text(p: Profile, now: float, with_timer: bool = True) -> str:
    cat = default_meta_catalog()
    line = tr("profile.supplies", n=p.supplies, max=cat.supplies_max)
    if not with_timer:
        return line
    left = seconds_to_next_supply(p, now)
    return (
        line
        + "  "
        + (tr("profile.supplies_full") if left is None else tr("profile.next_supply", time=duration(left)))
    )


def strip_parts(p: Profile, now: float, with_timer: bool = False) -> list[str]:
    """The strip's pieces after the badge: name, league, cups, piastres, rum, supplies."""
    return [
        p.name,
        tr("profile.league", n=p.league),
        tr("profile.cups", n=p.cups),
        tr("profile.piastres", n=p.piastres),
        tr("profile.rum", n=p.rum),
        supplies_text(p, now, with_timer),
    ]


def profile_strip(
    p: Profile, now: float, max_width: int, size: int, with_timer: bool = False
) -> pygame.Surface:
    """The badge and the strip's pieces separated by dots, wrapped to ``max_width``, centred."""
    badge = league_badge(p.league, px(size + 12))
    gap = px(14)
    lines: list[list[pygame.Surface]] = [[]]
    width = badge.get_width() + gap
    for part in strip_parts(p, now, with_timer):
        image = text.text(
            text.fit(part, px(size), max_width), px(size), GOLD if not lines[0] else TEXT_COLOUR
        )
        if lines[-1] and width + image.get_width() > max_width:
            lines.append([])
            width = 0
        lines[-1].append(image)
        width += image.get_width() + gap
    line_h = max(badge.get_height(), px(size) + px(8))
    widths = [sum(i.get_width() for i in row) + gap * (len(row) - 1) for row in lines]
    widths[0] += badge.get_width() + gap
    surface = pygame.Surface((min(max_width, max(widths)), line_h * len(lines)), pygame.SRCALPHA)
    for row_no, (row, row_w) in enumerate(zip(lines, widths, strict=True)):
        x = (surface.get_width() - row_w) // 2
        y = row_no * line_h
        if row_no == 0:
            surface.blit(badge, (x, y))
            x += badge.get_width() + gap
        for image in row:
            surface.blit(image, (x, y + (line_h - image.get_height()) // 2))
            x += image.get_width() + gap
    return surface


def notice_text(notice: Notice) -> str:
    """The sentence the menu shows once after loading had to repair the profile."""
    if notice.problem == "missing":
        return tr("profile.restored_missing")
    file = notice.moved_to.name if notice.moved_to is not None else "profile.json"  # the rename failed
    key = "profile.restored" if notice.kind == "restored" else "profile.fresh"
    return tr(key, reason=tr(f"profile.problem_{notice.problem}"), file=file)
