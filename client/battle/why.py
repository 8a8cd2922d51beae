"""The "Why?" panel: the computer's last decision, its top candidate plans and the AI's own figures.

An AI decision arrives with its :class:`~rules.core.explain.Explanation` (the AI worker asks its
player to explain). When the session plays it, it keeps a :class:`Decision`: the explanation and
what the board was at that moment (where each candidate's squad stood, whom each attack aimed
at), so the plans can be named and drawn after the board has moved on. The figures are shown as
the planner recorded them (rounded for display), in words with their units; a figure a candidate
lacks is left out. The same words serve ``runetide sim --explain N`` (:func:`decision_text`).

:class:`WhyPanel` draws the list over the map's lower left corner and says which candidate the
mouse is over, so the battle can draw that plan's path and target on the map.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import pygame

from client import i18n
from client.i18n import tr, unit_forms
from client.render import text
from client.render.sectors import sector_name
from client.ui import GOLD, MUTED_TEXT_COLOUR, PANEL_EDGE, TEXT_COLOUR
from client.ui.scale import current as current_scale
from client.ui.scale import px
from rules.core.explain import Candidate, Explanation
from rules.tactics.actions import Attack, Defend, LineAttack, Move, Skip, Surrender
from rules.tactics.ai.explain import FIGURE_ORDER
from rules.tactics.state import BattleState
from rules.tactics.targets import line_mask

Pos = tuple[int, int]
# How each figure reads: its text key and how its number is written.
PERCENT = ("kill_chance", "counter_chance")  # chances 0..1, shown as whole percents
SIGNED = ("objective",)
SHOWN = (*FIGURE_ORDER, "score", "searched")


@dataclass(frozen=True)
class Decision:
    """One AI decision as it was taken: the explanation and the board it was taken on.

    ``action_no``: the number of the action it played (1 = the battle's first action).
    ``origins`` and ``units``: each candidate squad's sector and unit type at that moment;
    ``targets``: the unit type (or the barricade) on each sector a candidate attacks;
    ``lines``: for a candidate ending in a line attack (by its index), the sectors it would hit.
    """

    explanation: Explanation
    action_no: int
    round_no: int
    team: int
    origins: Mapping[int, Pos]
    units: Mapping[int, object]
    targets: Mapping[Pos, object]
    lines: Mapping[int, tuple[Pos, ...]] = field(default_factory=dict)


def decision_of(state: BattleState, explanation: Explanation, action_no: int) -> Decision:
    """The decision ``explanation`` explains, taken on ``state`` (before its action is applied)."""
    origins: dict[int, Pos] = {}
    units: dict[int, object] = {}
    targets: dict[Pos, object] = {}
    lines: dict[int, tuple[Pos, ...]] = {}
    for index, candidate in enumerate(explanation.candidates):
        end = next((step.to for step in candidate.steps if isinstance(step, Move)), None)
        for step in candidate.steps:
            squad = getattr(step, "squad", None)
            if isinstance(squad, int) and 0 <= squad < len(state.squads):
                origins[squad] = state.squads[squad].pos
                units[squad] = state.squads[squad].info.unit
            if isinstance(step, Attack):
                occupant = state.squad_at(step.target)
                targets[step.target] = (
                    occupant.info.unit if occupant is not None else state.board.catalog.barricade
                )
            if isinstance(step, LineAttack) and 0 <= step.squad < len(state.squads):
                squad = state.squads[step.squad]
                lines[index] = state.board.positions(line_mask(state, squad, end))
    return Decision(explanation, action_no, state.round_no, state.active_team, origins, units, targets, lines)


# ---- words ------------------------------------------------------------------------------------------
def number(value: float, places: int = 1) -> str:
    """``value`` with ``places`` decimals, with the decimal sign of the language ("12.5", «12,5»)."""
    written = f"{value:.{places}f}"
    return written.replace(".", ",") if i18n.language() == "ru" else written


def figure_value(name: str, value: float) -> str:
    if name in PERCENT:  # a chance that is neither none nor certain never reads as 0% or 100%
        percent = value * 100
        if 0 < percent < 0.5:
            return "<1"
        if 99.5 <= percent < 100:
            return ">99"
        return str(round(percent))
    if name in SIGNED:
        return ("+" if value >= 0 else "") + number(value)
    return number(value)


def figure_lines(candidate: Candidate) -> list[str]:
    """The candidate's figures in words, in the order the AI explains them (absent ones left out)."""
    return [
        tr(f"why.{name}", n=figure_value(name, value))
        for name in SHOWN
        if (value := candidate.figure(name)) is not None
    ]


def step_text(decision: Decision, step: object, after_move: bool = False) -> str:
    """One action of a plan in words: "move to C4", "attack Swordsman at D5"."""
    if isinstance(step, Move):
        return tr("why.move", end=sector_name(step.to))
    if isinstance(step, Attack):
        unit = decision.targets.get(step.target)
        whom = unit_forms(unit, "whom") if unit is not None else {"whom": "?", "whom_acc": "?"}
        return tr("why.attack", **whom, sector=sector_name(step.target))
    if isinstance(step, LineAttack):
        return tr("why.line_attack")
    if isinstance(step, Defend):
        return tr("why.defend")
    if isinstance(step, Skip):
        return tr("why.end_turn" if after_move else "why.skip")
    if isinstance(step, Surrender):
        return tr("why.surrender")
    return type(step).__name__


def plan_text(decision: Decision, candidate: Candidate) -> str:
    """What a candidate does: "Goblin: move to C4, attack Swordsman at D5"."""
    steps = ", ".join(step_text(decision, step, n > 0) for n, step in enumerate(candidate.steps))
    squad = getattr(candidate.steps[0], "squad", None)
    unit = decision.units.get(squad) if isinstance(squad, int) else None
    if unit is None:
        return steps
    return tr("why.plan", **unit_forms(unit, "who"), steps=steps)


def ranked_text(explanation: Explanation) -> str:
    known = explanation.ranked_by in ("score", "searched")
    return tr(f"why.ranked_{explanation.ranked_by}" if known else "why.ranked_score")


def decision_text(decision: Decision, side: str) -> list[str]:
    """A decision as lines of text (``runetide sim --explain``): a heading, then each candidate."""
    explanation = decision.explanation
    lines = [
        tr(
            "why.sim_heading",
            action=decision.action_no,
            round=decision.round_no,
            side=side,
            ranked=ranked_text(explanation),
        )
    ]
    for n, candidate in enumerate(explanation.candidates, 1):
        mark = "*" if n - 1 == explanation.chosen else " "
        chosen = f"  [{tr('why.chosen')}]" if n - 1 == explanation.chosen else ""
        lines.append(f" {mark} {n}. {plan_text(decision, candidate)}{chosen}")
        lines.extend(f"       {line}" for line in figure_lines(candidate))
    return lines


# ---- the panel --------------------------------------------------------------------------------------
TITLE_SIZE, HEAD_SIZE, ROW_SIZE = 17, 15, 14  # design font sizes
WIDTH = 500  # the widest the panel grows (design pixels); a narrow map makes it narrower
CORNERS = ("bottomleft", "topleft", "bottomright", "topright")  # where the panel goes, preferred first
CHOSEN_FILL = (58, 50, 26, 235)
HOVER_FILL = (40, 48, 66, 235)


@dataclass
class PanelRow:
    """One candidate's block on the panel: its index in the explanation and where it is drawn."""

    index: int
    rect: pygame.Rect


class WhyPanel:
    """Draws the explanation of one decision (or a line saying there is none yet) in ``bounds``."""

    def __init__(self) -> None:
        self.rect: pygame.Rect | None = None
        self.rows: list[PanelRow] = []
        self._key: tuple | None = None
        self._surface: pygame.Surface | None = None
        self._laid: list[PanelRow] = []
        self._corner = CORNERS[0]

    def candidate_at(self, point: tuple[int, int] | None) -> int | None:
        """The index of the candidate drawn under ``point`` (None: none, or the panel is hidden)."""
        if point is None or self.rect is None:
            return None
        for row in self.rows:
            if row.rect.collidepoint(point):
                return row.index
        return None

    def hide(self) -> None:
        self.rect, self.rows = None, []

    def draw(
        self,
        surface: pygame.Surface,
        bounds: pygame.Rect,
        decision: Decision | None,
        empty: str,
        heading: Callable[[Decision], str],
        hovered: int | None,
        avoid: Sequence[pygame.Rect] = (),
    ) -> pygame.Rect:
        """Draw the panel in a corner of ``bounds`` (the lower left unless it would cover more of
        ``avoid``, the sectors the plans are about, than another); ``hovered``: the candidate to
        light up. While the mouse is on the panel (``hovered``) it stays where it is."""
        width = min(px(WIDTH), bounds.w - px(16))
        key = (current_scale(), i18n.language(), width, decision, empty, hovered)
        if key != self._key or self._surface is None:
            self._surface, self._laid = self._render(width, decision, empty, heading, hovered)
            self._key = key
        places = {corner: self._place(corner, bounds) for corner in CORNERS}

        def covered(corner: str) -> int:
            rect = places[corner]
            return sum(rect.clip(other).w * rect.clip(other).h for other in avoid)

        if hovered is None and covered(self._corner) > 0:
            best = min(CORNERS, key=covered)  # min keeps the first of equals: the preferred order
            if covered(best) < covered(self._corner):
                self._corner = best
        rect = places[self._corner]
        self.rect = rect
        self.rows = [PanelRow(row.index, row.rect.move(rect.topleft)) for row in self._laid]
        clip = surface.get_clip()
        surface.set_clip(bounds)
        surface.blit(self._surface, rect)
        surface.set_clip(clip)
        return rect

    def _place(self, corner: str, bounds: pygame.Rect) -> pygame.Rect:
        assert self._surface is not None
        rect = self._surface.get_rect()
        inner = bounds.inflate(-px(16), -px(16))
        setattr(rect, corner, getattr(inner, corner))
        if rect.top < inner.top:  # taller than the map: its top stays in sight
            rect.top = inner.top
        return rect

    def _render(
        self,
        width: int,
        decision: Decision | None,
        empty: str,
        heading: Callable[[Decision], str],
        hovered: int | None,
    ) -> tuple[pygame.Surface, list[PanelRow]]:
        pad, gap = px(10), px(6)
        inner = width - 2 * pad
        # (lines, size, colour, bold) blocks, each candidate's lines grouped to frame them
        blocks: list[tuple[int | None, list[tuple[str, int, tuple[int, int, int], bool]]]] = []
        title = [
            (line, px(TITLE_SIZE), GOLD, True)
            for line in text.wrap(tr("why.title"), px(TITLE_SIZE), inner, True)
        ]
        blocks.append((None, title))
        if decision is None:
            blocks.append(
                (
                    None,
                    [
                        (line, px(ROW_SIZE), TEXT_COLOUR, False)
                        for line in text.wrap(empty, px(ROW_SIZE), inner)
                    ],
                )
            )
        else:
            explanation = decision.explanation
            sub = text.wrap(heading(decision), px(ROW_SIZE), inner)
            blocks.append((None, [(line, px(ROW_SIZE), MUTED_TEXT_COLOUR, False) for line in sub]))
            for n, candidate in enumerate(explanation.candidates):
                chosen = n == explanation.chosen
                label = f"{n + 1}. {plan_text(decision, candidate)}"
                if chosen:
                    label = f"{label} — {tr('why.chosen')}"
                lines = [
                    (line, px(HEAD_SIZE), GOLD if chosen else TEXT_COLOUR, True)
                    for line in text.wrap(label, px(HEAD_SIZE), inner - 2 * px(6), True)
                ]
                figures = " · ".join(figure_lines(candidate))
                lines += [
                    (line, px(ROW_SIZE), TEXT_COLOUR, False)
                    for line in text.wrap(figures, px(ROW_SIZE), inner - 4 * px(6))
                ]
                blocks.append((n, lines))
            hint = text.wrap(tr("why.hint"), px(ROW_SIZE - 1), inner)
            blocks.append((None, [(line, px(ROW_SIZE - 1), MUTED_TEXT_COLOUR, False) for line in hint]))

        def line_h(size: int, bold: bool) -> int:
            return text.text("Ag", size, TEXT_COLOUR, bold).get_height()

        heights = [
            sum(line_h(size, bold) for _, size, _, bold in lines) + (2 * px(5) if n is not None else 0)
            for n, lines in blocks
        ]
        height = pad * 2 + sum(heights) + gap * (len(blocks) - 1)
        panel = pygame.Surface((width, height), pygame.SRCALPHA)
        pygame.draw.rect(panel, (16, 18, 26, 238), panel.get_rect(), border_radius=px(8))
        pygame.draw.rect(panel, PANEL_EDGE, panel.get_rect(), 1, border_radius=px(8))
        laid: list[PanelRow] = []
        y = pad
        for (block, lines), h in zip(blocks, heights, strict=True):
            x = pad
            line_y = y
            if block is not None:
                box = pygame.Rect(pad - px(4), y, inner + px(8), h)
                chosen = decision is not None and block == decision.explanation.chosen
                if chosen or block == hovered:
                    fill = HOVER_FILL if block == hovered else CHOSEN_FILL
                    pygame.draw.rect(panel, fill, box, border_radius=px(6))
                if chosen:
                    pygame.draw.rect(panel, GOLD, box, max(1, px(2)), border_radius=px(6))
                laid.append(PanelRow(block, box))
                x, line_y = pad + px(6), y + px(5)
            for line, size, colour, bold in lines:
                image = text.text(line, size, colour, bold)
                indent = px(12) if block is not None and not bold else 0
                panel.blit(image, (x + indent, line_y))
                line_y += image.get_height()
            y += h + gap
        return panel.convert_alpha(), laid
