"""The "Where to stand" shading (issue #24) as the battle shows it: colour bands, the legend and the
tooltip lines, from :func:`rules.tactics.standing.standing_map` (the numbers are the rules').

Each sector the selected squad can reach is shaded by the share of the squad the enemy's next
activation is expected to destroy there (a band per share, green for none to red for half or
more); the sectors from which the squad's best attack can be made carry gold brackets. The
shading is computed from the player's view (no hidden traps) and drawn translucent, so runes,
flags and other objects stay visible under it.
"""

from __future__ import annotations

from fractions import Fraction

import pygame

from client.i18n import tr
from client.render import text
from client.render.tooltip import Row
from client.ui import GOLD, PANEL_EDGE
from client.ui.scale import px
from rules.tactics.standing import Standing, standing_map
from rules.tactics.state import BattleState
from rules.tactics.view import view

Pos = tuple[int, int]
# The bands: (upper bound of the expected share lost, exclusive; colour). The last has no bound.
BANDS: tuple[tuple[Fraction | None, tuple[int, int, int]], ...] = (
    (Fraction(0), (80, 200, 110)),  # nothing can reach it (a share of 0: the bound is inclusive)
    (Fraction(1, 10), (180, 210, 90)),
    (Fraction(1, 4), (240, 200, 70)),
    (Fraction(1, 2), (245, 140, 60)),
    (None, (235, 70, 60)),
)
BAND_KEYS = ("none", "tenth", "quarter", "half", "more")
LEGEND_WIDTH = 230  # design pixels: narrower than a tooltip, it stays on the map while the shading is on


def band(standing: Standing, count: int) -> int:
    """The band of a sector: 0 when nothing threatens it, else by the share of ``count`` units lost."""
    if standing.danger <= 0:
        return 0
    share = standing.danger / max(1, count)
    for i, (bound, _) in enumerate(BANDS[1:-1], start=1):
        assert bound is not None
        if share < bound:
            return i
    return len(BANDS) - 1


def shading(state: BattleState, squad_id: int) -> dict[Pos, Standing]:
    """The squad's map from its team's view (P-AI-1: what the player may know)."""
    team = state.squads[squad_id].info.team
    return standing_map(view(state, team), squad_id)


def bands_of(standings: dict[Pos, Standing], count: int) -> tuple[tuple[Pos, int], ...]:
    """Each sector with its band, in sector order (for drawing)."""
    return tuple((pos, band(s, count)) for pos, s in sorted(standings.items()))


def best_sectors(standings: dict[Pos, Standing]) -> tuple[Pos, ...]:
    """The sectors from which the squad's best attack this turn can be made (none if it has none)."""
    best = max((s.attack for s in standings.values()), default=Fraction(0))
    if best <= 0:
        return ()
    return tuple(sorted(pos for pos, s in standings.items() if s.attack == best))


def number(value: Fraction) -> str:
    """An expected count as the tooltip shows it: one decimal, half up (never float rounding)."""
    tenths = (value * 10 * 2 + 1) // 2  # half up, exact
    whole, rest = divmod(int(tenths), 10)
    return f"{whole}.{rest}"


def tooltip_rows(standing: Standing, count: int) -> list[Row]:
    """What hovering a shaded sector adds to its tooltip: the expected loss and the best attack."""
    colour = BANDS[band(standing, count)][1]
    if standing.threat is None:
        rows = [Row(tr("standing.no_threat"), colour, 14)]
    else:
        rows = [Row(tr("standing.danger", n=number(standing.danger)), colour, 14)]
    if standing.attack > 0:
        rows.append(Row(tr("standing.attack", n=number(standing.attack)), (240, 200, 90), 14))
    return rows


def render_legend() -> pygame.Surface:
    """The legend panel: its title, a colour swatch per band with its meaning, the gold brackets."""
    pad, width, swatch = px(8), px(LEGEND_WIDTH), px(12)
    lines: list[tuple[pygame.Surface, tuple[int, int, int] | None, bool]] = []
    for piece in text.wrap(tr("standing.legend_title"), px(13), width - 2 * pad, True):
        lines.append((text.text(piece, px(13), GOLD, True), None, False))
    for key, (_, colour) in zip(BAND_KEYS, BANDS, strict=True):
        for i, piece in enumerate(text.wrap(tr(f"standing.band.{key}"), px(12), width - 3 * pad - swatch)):
            lines.append((text.text(piece, px(12), colour), colour if i == 0 else None, True))
    for i, piece in enumerate(text.wrap(tr("standing.best"), px(12), width - 3 * pad - swatch)):
        lines.append((text.text(piece, px(12), GOLD), GOLD if i == 0 else None, True))
    height = 2 * pad + sum(img.get_height() for img, _, _ in lines)
    panel = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(panel, (16, 18, 26, 236), panel.get_rect(), border_radius=px(8))
    pygame.draw.rect(panel, PANEL_EDGE, panel.get_rect(), 1, border_radius=px(8))
    y = pad
    for img, colour, indented in lines:
        if colour is not None:
            box = pygame.Rect(pad, y + (img.get_height() - swatch) // 2, swatch, swatch)
            if colour == GOLD:  # the best-attack mark: brackets, as on the map
                pygame.draw.rect(panel, colour, box, max(1, px(2)))
            else:
                pygame.draw.rect(panel, colour, box, border_radius=px(3))
        panel.blit(img, (pad + (swatch + pad if indented else 0), y))
        y += img.get_height()
    return panel
