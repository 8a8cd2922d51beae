"""Where the acting hero's chosen weapon or spell can go, for the highlights and the clicks.

Everything is asked of the rules: the legal actions (``legal_actions`` lists each spell once per
distinct effect, with the first valid origin nearest the caster), and for a cell the list does not
name, :func:`rules.skirmish.engine.check` on a cast from each valid origin (S-SPELL-6). A spell's
lit area follows its target kind (S-DATA-5): a burst's cells within its radius (grid distance,
S-GRID-3), a line's cells up to the first obstacle, a wall's cells, else the target's cell.
"""

from __future__ import annotations

import re

from client.i18n import tr
from rules.core.grid import Pos
from rules.skirmish.actions import Action, Attack, Cast
from rules.skirmish.catalog_types import Spell, SpellTarget
from rules.skirmish.engine import check
from rules.skirmish.formulas import in_range
from rules.skirmish.spell_targets import line_affected_cells, origins
from rules.skirmish.state import Hero, SkirmishState


def grid_distance(a: Pos, b: Pos) -> int:
    """S-GRID-3: max(|dx|, |dy|)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def casts_of(legal: list[Action], spell_id: str) -> list[Cast]:
    return [a for a in legal if isinstance(a, Cast) and a.spell == spell_id]


def cast_at(state: SkirmishState, legal: list[Action], hero: Hero, spell: Spell, cell: Pos) -> Cast | None:
    """The cast of ``spell`` at ``cell`` a click makes: the listed one, else the first valid origin's."""
    listed = [a for a in casts_of(legal, spell.id) if a.target == cell or cell in a.cells]
    if listed:
        return listed[0]
    if spell.target == SpellTarget.WALL:
        return None  # a wall's cells come from the listed walls
    for origin in origins(state, hero):
        action = Cast(hero.id, spell.id, cell, origin)
        if check(state, action) is None:
            return action
    return None


def range_cells(state: SkirmishState, hero: Hero, spell: Spell) -> list[Pos]:
    """The cells within the spell's range of some valid origin (S-SPELL-6, S-HIT-11)."""
    if spell.target == SpellTarget.SELF:
        return [hero.pos]
    reach = spell.range or spell.length or max(spell.wall[0], 1)
    found: set[Pos] = set()
    w, h = state.board.width, state.board.height
    for ox, oy in origins(state, hero):
        for y in range(max(0, oy - reach), min(h, oy + reach + 1)):
            for x in range(max(0, ox - reach), min(w, ox + reach + 1)):
                if in_range(reach, x - ox, y - oy):
                    found.add((x, y))
    return sorted(found)


def area_cells(state: SkirmishState, spell: Spell, cast: Cast) -> list[Pos]:
    """The cells the cast lights (S-DATA-5)."""
    if spell.target == SpellTarget.CELL:
        tx, ty = cast.target
        r = spell.radius
        return [
            (x, y)
            for y in range(ty - r, ty + r + 1)
            for x in range(tx - r, tx + r + 1)
            if state.in_bounds((x, y))
        ]
    if spell.target == SpellTarget.LINE:
        return list(line_affected_cells(state, spell, cast.origin, cast.target))
    if spell.target == SpellTarget.WALL:
        return list(cast.cells)
    return [cast.target]


def attack_targets(legal: list[Action], weapon: tuple[str, bool] | None) -> dict[int, Attack]:
    """Target hero -> the attack a click makes on it: the chosen weapon's, else melee first."""
    found: dict[int, Attack] = {}
    attacks = [a for a in legal if isinstance(a, Attack)]
    if weapon is not None:
        for a in attacks:
            if (a.weapon, a.thrown) == weapon:
                found.setdefault(a.target, a)
    for a in attacks:
        found.setdefault(a.target, a)
    return found


_REASONS = (
    (re.compile(r"line of sight"), "skirmish.why.no_sight"),
    (re.compile(r"beyond range|more than 2 cells"), "skirmish.why.range"),
    (re.compile(r"no hero stands"), "skirmish.why.no_hero"),
    (re.compile(r"targets (an enemy|an ally|another ally)"), "skirmish.why.wrong_target"),
    (re.compile(r"obstacle"), "skirmish.why.obstacle"),
    (re.compile(r"mana"), "skirmish.why.mana"),
)


def cast_problem(state: SkirmishState, hero: Hero, spell: Spell, cell: Pos) -> str:
    """Why ``spell`` cannot go to ``cell`` from the nearest origin, in plain words."""
    first = next(iter(origins(state, hero)), hero.pos)
    reason = check(state, Cast(hero.id, spell.id, cell, first)) or ""
    for pattern, key in _REASONS:
        if pattern.search(reason):
            return tr(key)
    return tr("skirmish.why.cannot")
