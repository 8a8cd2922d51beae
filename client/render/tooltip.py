"""Tooltips: a squad's stats and reach, and the rules' attack or move preview before a click commits.

The numbers come straight from :func:`rules.tactics.preview.preview` (hit %, crit %, damage
range, the chance of each number of kills, destroy, stun and counterstrike chances, every
bonus and penalty); this module only formats them. A tooltip is a list of rows rendered into
a panel once per content and placed next to the mouse inside the map viewport.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import pygame

from client.i18n import tr, tr_count, unit_forms, unit_name
from client.render import text
from client.render.board_view import BoardView, SquadView
from client.render.sprites import team_marker
from client.ui import BAD, GOLD, GOOD, MUTED_TEXT_COLOUR, PANEL_EDGE, TEAM_LIGHT, TEXT_COLOUR, WARN
from client.ui.scale import current as current_scale
from client.ui.scale import px
from rules.tactics.catalog import Catalog
from rules.tactics.preview import AttackPreview, MovePreview, TargetPreview

Colour = tuple[int, int, int]
WIDTH = 330  # design pixels (client.ui.scale); a row's size is a design font size too
PROPERTIES = ("stun", "counterstrike", "melee_penalty", "distance_penalty", "backstab")


@dataclass(frozen=True)
class Row:
    """One line of a tooltip: text, or a probability bar when ``share`` is set."""

    label: str
    colour: Colour = TEXT_COLOUR
    size: int = 15
    bold: bool = False
    share: float | None = None
    value: str = ""
    team: int = 0


def pct(p: Fraction | float) -> str:
    """A probability as a percentage for people: "45%", "<1%", ">99%", "0%", "100%"."""
    value = float(p) * 100
    if value <= 0:
        return "0%"
    if value >= 100:
        return "100%"
    if value < 1:
        return "<1%"
    if value > 99:
        return ">99%"
    return f"{value:.0f}%"


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def squad_rows(squad: SquadView, view: BoardView) -> list[Row]:
    """Name, numbers, properties and status of a squad (any team)."""
    unit = squad.unit
    rows = [
        Row(
            f"{unit_name(unit)}  ×{squad.count}",
            TEAM_LIGHT.get(squad.team, TEXT_COLOUR),
            18,
            True,
            team=squad.team,
        ),
        Row(tr_count("stats.count", squad.count, level=squad.level), MUTED_TEXT_COLOUR),
        Row(tr("stats.hp", top=squad.top_hp, max=squad.max_hp)),
        Row(
            tr(
                "stats.damage",
                min=squad.min_damage,
                max=squad.max_damage,
                type=tr(f"stats.{unit.damage_type}"),
            )
        ),
        Row(f"{tr(f'stats.{unit.attack}')} · {tr(f'stats.move_{unit.move}')}"),
        Row(tr("stats.defense", phys=unit.phys_defense, mag=unit.mag_defense)),
        Row(
            tr(
                "stats.mods",
                hit=signed(unit.hit_mod),
                dodge=signed(unit.dodge_mod),
                crit=signed(unit.crit_mod),
            )
        ),
    ]
    props = [tr(f"stats.{name}", n=getattr(unit, name)) for name in PROPERTIES if getattr(unit, name)]
    if props:
        rows.append(Row(", ".join(props), GOLD))
    if squad.stunned:
        rows.append(Row(tr("stats.stunned"), WARN, bold=True))
    if squad.defending:
        rows.append(Row(tr("stats.defending", n=25), (200, 215, 250), bold=True))
    if squad.auras:
        rows.append(
            Row(tr("stats.auras", list=", ".join(tr(f"rune.{k}") for k in sorted(squad.auras))), GOOD)
        )
    if squad.acted:
        rows.append(Row(tr("stats.acted"), MUTED_TEXT_COLOUR))
    return rows


def _target_unit(target: TargetPreview, view: BoardView, catalog: Catalog) -> object:
    """The unit type struck (the barricade's type for a barricade)."""
    if target.target_squad is None:
        return catalog.barricade
    return view.squads[target.target_squad].unit


def _target_name(target: TargetPreview, view: BoardView, catalog: Catalog) -> str:
    return unit_name(_target_unit(target, view, catalog))


def attack_title(target: TargetPreview, view: BoardView, catalog: Catalog, attacker: SquadView) -> str:
    """The forecast's heading as a phrase: "Archer shoots at Wisp", «Мечник атакует Гоблина»."""
    whom = unit_forms(_target_unit(target, view, catalog), "whom")
    kind = target.kind if target.kind in ("melee", "ranged", "line") else "melee"
    return tr(f"preview.title_{kind}", **unit_forms(attacker.unit, "who"), **whom)


def target_rows(target: TargetPreview, view: BoardView, catalog: Catalog, attacker: SquadView) -> list[Row]:
    """The full forecast of one target."""
    rows = [
        Row(
            attack_title(target, view, catalog, attacker),
            GOLD,
            18,
            True,
            team=attacker.team,
        ),
        Row(
            f"{tr('preview.hit', n=target.hit_pct)}   ·   {tr('preview.crit', n=target.crit_pct)}",
            TEXT_COLOUR,
            16,
            True,
        ),
    ]
    lo, hi = target.normal_damage
    damage = tr("preview.damage", lo=lo, hi=hi)
    if target.crit_pct > 0:
        damage += "  " + tr("preview.crit_damage", lo=target.crit_damage[0], hi=target.crit_damage[1])
    rows.append(Row(damage))
    rows.append(
        Row(
            f"{tr('preview.kills')} ({tr('preview.expected', n=f'{float(target.expected_kills):.1f}')})",
            MUTED_TEXT_COLOUR,
            14,
        )
    )
    for kills, p in target.kills:
        rows.append(Row(str(kills), share=float(p), value=pct(p), colour=BAD if kills else MUTED_TEXT_COLOUR))
    if target.target_squad is not None:
        rows.append(
            Row(
                tr("preview.destroy", p=pct(target.destroy_chance)),
                BAD if target.destroy_chance else MUTED_TEXT_COLOUR,
            )
        )
        if target.stun_chance:
            rows.append(Row(tr("preview.stun", p=pct(target.stun_chance)), WARN))
        if target.counter_chance:
            k = f"{float(target.expected_counter_kills):.1f}"
            rows.append(Row(tr("preview.counter", p=pct(target.counter_chance), k=k), WARN))
        elif target.kind == "melee":
            rows.append(Row(tr("preview.no_counter"), MUTED_TEXT_COLOUR))
    if target.modifiers:
        rows.append(Row(tr("preview.modifiers"), MUTED_TEXT_COLOUR, 14))
        for key, points in target.modifiers:
            rows.append(Row(f"{tr(f'modifier.{key}')}  {signed(points)}", GOOD if points > 0 else BAD, 14))
    return rows


def attack_rows(
    preview: AttackPreview, hovered: tuple[int, int], view: BoardView, catalog: Catalog
) -> list[Row]:
    """The hovered target in full; for a line attack, the other targets in one line each."""
    attacker = view.squads[preview.attacker]
    main = next((t for t in preview.targets if t.target == hovered), preview.targets[0])
    rows = target_rows(main, view, catalog, attacker)
    others = [t for t in preview.targets if t is not main]
    if others:
        rows.append(Row(tr_count("preview.line_targets", len(preview.targets)), MUTED_TEXT_COLOUR, 14))
        for t in others:
            lo, hi = t.damage_range
            rows.append(
                Row(
                    f"{_target_name(t, view, catalog)}: {t.hit_pct}%, {lo}–{hi}, "
                    f"~{float(t.expected_kills):.1f}",
                    TEXT_COLOUR,
                    14,
                )
            )
    return rows


def move_rows(preview: MovePreview, view: BoardView) -> list[Row]:
    if not preview.backstabbers:
        return [Row(tr("preview.safe_move"), GOOD, 15)]
    return [
        Row(tr("preview.backstab", **unit_forms(view.squads[sid].unit, "who"), p=chance), WARN, 15, True)
        for sid, chance in preview.backstabbers
    ]


def render_rows(rows: list[Row]) -> pygame.Surface:
    """A tooltip panel for ``rows`` (long lines wrap), at the UI scale in use."""
    pad, width = px(10), px(WIDTH)
    laid: list[tuple[Row, list[str], int]] = []
    height = pad
    for row in rows:
        size = px(row.size)
        if row.share is not None:
            lines, h = [], px(18)
        else:
            indent = pad + (px(18) if row.team else 0)
            lines = text.wrap(row.label, size, width - indent - pad, row.bold)
            h = text.text("Ag", size, row.colour, row.bold).get_height() * len(lines)
        laid.append((row, lines, h))
        height += h + px(2)
    # the bars start after the widest of their labels ("17–23" in a skirmish damage spread)
    bar_labels = [text.text(r.label, px(14), r.colour, True).get_width() for r in rows if r.share is not None]
    bar_x = max([px(30), *bar_labels]) + px(8)
    panel = pygame.Surface((width, height + pad - px(2)), pygame.SRCALPHA)
    pygame.draw.rect(panel, (16, 18, 26, 236), panel.get_rect(), border_radius=px(8))
    pygame.draw.rect(panel, PANEL_EDGE, panel.get_rect(), 1, border_radius=px(8))
    y = pad
    for row, lines, h in laid:
        x = pad
        if row.team:
            team_marker(panel, row.team, (x + px(6), y + px(11)), px(6))
            x += px(18)
        if row.share is not None:
            label = text.text(row.label, px(14), row.colour, True)
            panel.blit(label, (x + px(4), y))
            bar = pygame.Rect(x + px(4) + bar_x, y + px(4), width - 2 * pad - bar_x - px(60), px(10))
            pygame.draw.rect(panel, (40, 44, 56), bar, border_radius=px(3))
            if row.share > 0:
                fill = pygame.Rect(bar.x, bar.y, max(2, round(bar.w * row.share)), bar.h)
                pygame.draw.rect(panel, row.colour, fill, border_radius=px(3))
            value = text.text(row.value, px(14), TEXT_COLOUR)
            panel.blit(value, value.get_rect(topright=(width - pad, y)))
        else:
            line_y = y
            for line in lines:
                image = text.text(line, px(row.size), row.colour, row.bold)
                panel.blit(image, (x, line_y))
                line_y += image.get_height()
        y += h + px(2)
    return panel.convert_alpha()


class Tooltip:
    """Caches the panel of the last rows and places it beside the mouse inside ``bounds``."""

    def __init__(self) -> None:
        self._key: tuple | None = None
        self._surface: pygame.Surface | None = None

    def draw(
        self,
        surface: pygame.Surface,
        rows: list[Row],
        mouse: tuple[int, int],
        bounds: pygame.Rect,
        avoid: Sequence[pygame.Rect] = (),
    ) -> pygame.Rect:
        """Draw the panel of ``rows`` beside the mouse, inside ``bounds``, off the ``avoid`` rectangles."""
        key = (current_scale(), *rows)
        if key != self._key or self._surface is None:
            self._surface = render_rows(rows)
            self._key = key
        rect = place_beside(self._surface.get_size(), mouse, bounds, avoid)
        surface.blit(self._surface, rect)
        return rect


def place_beside(
    size: tuple[int, int], mouse: tuple[int, int], bounds: pygame.Rect, avoid: Sequence[pygame.Rect] = ()
) -> pygame.Rect:
    """Where a tooltip of ``size`` goes: beside the mouse (below right first, then the other three
    corners), else in a corner of ``bounds``, taking the first place inside ``bounds`` that covers
    none of ``avoid`` (the squads the tooltip is about, the selected squad and its badge); when every
    place covers one, the place covering the least of them."""
    w, h = size
    mx, my = mouse
    # beside the mouse, clear of the rectangle it is in (the hovered sector) when that is to be avoided
    cursor = pygame.Rect(mx - px(16), my, px(36), 1)
    anchor = next((rect for rect in avoid if rect.collidepoint(mouse)), cursor)
    below, gap = px(18), px(2)
    candidates = [
        pygame.Rect(anchor.right + gap, my + below, w, h),
        pygame.Rect(anchor.left - gap - w, my + below, w, h),
        pygame.Rect(anchor.right + gap, my - below - h, w, h),
        pygame.Rect(anchor.left - gap - w, my - below - h, w, h),
    ]
    inner = bounds.inflate(-px(8), -px(8))
    for corner in ("topright", "bottomright", "topleft", "bottomleft"):
        rect = pygame.Rect(0, 0, w, h)
        setattr(rect, corner, getattr(inner, corner))
        candidates.append(rect)
    for rect in candidates:
        rect.clamp_ip(inner)

    def covered(rect: pygame.Rect) -> int:
        return sum(rect.clip(other).w * rect.clip(other).h for other in avoid) + (
            1 if rect.collidepoint(mouse) else 0
        )

    return min(candidates, key=covered)  # min keeps the first of equals: the preferred order
