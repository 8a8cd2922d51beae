"""Upper bounds on what the acting hero's best action is worth from a cell, for the planner's pruning.

:meth:`plans.Planner.plans_near_best` values a destination in full (every legal option, with its
line-of-sight and origin tests) only while the destination's bound can still reach the best plan
found so far. A bound is never below the worth of any option :func:`plans.planning_options` lists
there: it counts every option that could be legal from the cell and skips the legality tests
that cost (an origin for a spell). Most worths do not depend on where the hero stands, so
:class:`Bounds` sets them out once per decision and a cell's bound is a few distance and
line-of-sight tests:

- a melee attack on each adjacent enemy (its worth is the same from any cell);
- a ranged or thrown attack on each enemy within the weapon's range and in sight (S-HIT-8), at its
  worth within the optimal range (S-HIT-6 and S-DMG-6 only ever lower it with distance), where its
  target-free tests pass with the hero moved or not (no bow shot after moving, S-ACT-3);
- ether attacks on enemy mages with mana (S-ETHER-4) and bindings of drained ones (S-BIND-1, only
  before moving), neither on a bound mage, each where the mage is in sight (S-ETHER-5, S-BIND-5):
  an ether attack on a drained mage was counted everywhere, and the planner valued cells in full
  for a worth no option there had;
- each spell at each hero it may be aimed at within its range plus the two cells an origin may lie
  from the caster (S-SPELL-6). A single-target or chain spell is worth the same from any cell; a
  burst counts the heroes in its area and, where the cell is in it too, the good the hero's own
  part there could do; a self spell or one aimed at the hero is valued on the cell; a line, whose
  area depends on its origin, counts the good parts on every hero it could reach.

A row whose target is out of reach from every cell the hero may end on (farther than its reach plus
the steps it has left, one step a cell at least) is left out before it is valued.

Once the hero's own cell has drawn a line, :meth:`Bounds.anywhere` (every row at its most, with
no distance or sight test) spares the cells whose own worth cannot reach it even so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core.grid import Pos
from rules.skirmish.actions import Attack, Bind, Cast, EtherAttack
from rules.skirmish.catalog_types import Spell, SpellTarget
from rules.skirmish.checks import attack_ready
from rules.skirmish.engine import attack_candidates, enemy_mages
from rules.skirmish.formulas import SPELL_ORIGIN_REACH, grid_distance, in_range
from rules.skirmish.state import SkirmishState
from rules.skirmish.values import sees

if TYPE_CHECKING:
    from rules.skirmish.ai.plans import Planner

BOUND_SLACK = 1e-6  # float sums taken in another order than the full valuation's

# One spell row of a decision's table: (worth, kind, target cell, reach, spell) where kind says how
# the cell's distance to the target is tested and whether the hero's own part is added on the cell.
_FIXED, _BURST, _ON_HERO, _LINE, _SELF = range(5)


class Bounds:
    """The acting hero's options of one decision, set out for :meth:`at`."""

    def __init__(self, planner: Planner, sim: SkirmishState) -> None:
        self.planner = planner
        act = sim.act
        assert act is not None
        self.hero_id = act.hero
        hero = sim.heroes[act.hero]
        # Every cell the hero may end on lies within this many cells (S-GRID-3) of where it stands:
        # each cell entered costs at least one step (S-MOVE-3). A row whose target no such cell is in
        # reach of holds no option anywhere, so it is never valued.
        self.origin, self.radius = hero.pos, int(act.left)
        weapons = sim.board.catalog.weapons
        rows: list[tuple] = []
        self.melee: list[tuple[Pos, Attack]] = []  # valued only next to the target (detailed odds cost)
        for attack in attack_candidates(sim, hero):
            target = sim.heroes[attack.target]
            w = weapons[attack.weapon]
            if attack.thrown or w.is_launcher:
                assert w.max_range is not None
                if self.within(target.pos, w.max_range):  # S-HIT-11's range is at least the grid distance
                    rows.append((target.pos, w.max_range, attack))  # valued once ready (_ranged_now)
            elif self.within(target.pos, 1):
                self.melee.append((target.pos, attack))
        self._ranged_rows = rows
        self._ranged: dict[bool, list[tuple]] = {}  # by whether it moved
        self.mage_rows: list[tuple[float, bool, Pos]] = []  # (worth, binding?, the mage's cell)
        self.casts = not act.style_turn and hero.info.can_cast and hero.bound_by is None
        if self.casts:
            for mage in enemy_mages(sim, hero):
                if mage.bound_by is not None:
                    continue  # S-BIND-1: neither attacked in the ether nor bound again
                if hero.mana.numerator > 0 and mage.mana.numerator > 0:  # S-ETHER-4 (the Fractions' signs)
                    worth = planner.action_value(sim, EtherAttack(hero.id, mage.id))
                    self.mage_rows.append((worth, False, mage.pos))
                if mage.mana.numerator <= 0:  # S-BIND-1: only a drained mage is bound
                    self.mage_rows.append((planner.action_value(sim, Bind(hero.id, mage.id)), True, mage.pos))
        self._spell_rows: dict[bool, tuple[list[tuple], float, list[tuple]]] = {}  # by whether it moved

    def within(self, target: Pos, reach: int) -> bool:
        """Could a cell the hero may end on be within ``reach`` cells (grid distance) of ``target``?"""
        return grid_distance(self.origin, target) <= reach + self.radius

    def anywhere(self, sim: SkirmishState) -> float:
        """At least :meth:`at` on every cell, with the hero moved or not as ``sim`` has it: each row at
        its largest worth, without the distance and sight tests, and the hero's own part in a spell
        at its most on any cell (:meth:`_own_part_anywhere`). A destination whose own worth plus this
        falls under the line needs no bound of its own."""
        act = sim.act
        assert act is not None
        planner = self.planner
        best = max([0.0, *(planner.action_value(sim, attack) for _, attack in self.melee)])
        ranged = self._ranged_now(sim, act.moved)
        if ranged:
            best = max(best, ranged[0][0])  # sorted: the first is worth the most
        if not self.casts:
            return best
        for worth, binding, _ in self.mage_rows:
            if not (binding and act.moved):  # S-BIND-5
                best = max(best, worth)
        fixed, on_self, others = self._spells(sim)
        best = max(best, on_self, fixed[0][0] if fixed else 0.0)
        for row in others:
            best = max(best, self.other_anywhere(sim, row))
        return best

    def _own_part_anywhere(self, sim: SkirmishState, spell: Spell) -> float:
        """At least the good part of ``spell`` on the hero itself on any cell
        (:meth:`Planner.own_part_bound`)."""
        value, status = self.planner.own_part_bound(sim, spell)
        return max(0.0, value) + max(0.0, status)

    def _all_good(self, sim: SkirmishState, spell: Spell) -> float:
        """The good parts of ``spell`` on every living hero (the hero's own on any cell), less its mana."""
        hero = sim.heroes[self.hero_id]
        cast = _aimed(hero.id, spell, hero.pos)
        total = self._own_part_anywhere(sim, spell)
        for t in sim.heroes:
            if not t.out and t.id != hero.id:
                value, status = self.planner.cast_part(sim, cast, spell, hero, t)
                total += max(0.0, value) + max(0.0, status)
        return total - self.planner.w.mana * spell.mana

    def at(self, sim: SkirmishState) -> float:
        """At least the worth of every option the planner would value with the hero where ``sim`` has it
        (and at least 0: a destination's plans include ending there)."""
        act = sim.act
        assert act is not None
        here = sim.heroes[self.hero_id].pos
        best = 0.0
        for (x, y), attack in self.melee:
            if max(abs(x - here[0]), abs(y - here[1])) == 1:
                best = max(best, self.planner.action_value(sim, attack))
        for worth, (x, y), reach, _ in self._ranged_now(sim, act.moved):
            if worth <= best:
                break  # sorted: no later row is worth more
            if in_range(reach, x - here[0], y - here[1]) and sees(sim, here, (x, y)):
                best = worth
        if not self.casts:
            return best
        for worth, binding, mage in self.mage_rows:
            if worth > best and not (binding and act.moved) and sees(sim, here, mage):  # S-ETHER-5, S-BIND-5
                best = worth
        fixed, on_self, others = self._spells(sim)
        best = max(best, on_self)
        for worth, (x, y), reach in fixed:
            if worth <= best:
                break  # sorted: no later row is worth more
            if max(abs(x - here[0]), abs(y - here[1])) <= reach:
                best = worth
                break
        for row in others:
            best = max(best, self.other_at(sim, row, here))
        return best

    def other_at(self, sim: SkirmishState, row: tuple, here: Pos) -> float:
        """What a spell row valued on the cell (a burst, a line or a burst on the hero) adds to the
        bound of the cell ``here`` where ``sim`` has the hero; 0 where it cannot be cast."""
        worth, kind, target, reach, spell = row
        if kind == _LINE:
            return self.planner.line_bound(sim, spell, reach)
        if kind == _ON_HERO:  # a burst centred on the hero, wherever it stands
            return self.planner.action_value(sim, Cast(self.hero_id, spell.id, here, here))
        distance = max(abs(target[0] - here[0]), abs(target[1] - here[1]))  # S-GRID-3
        if distance > reach:
            return 0.0
        if distance <= spell.radius:  # a burst with the hero in its area
            return worth + self._own_good(sim, spell)
        return worth

    def other_anywhere(self, sim: SkirmishState, row: tuple) -> float:
        """At least :meth:`other_at` of the row on every cell (and at least 0, the bound's floor)."""
        worth, kind, _, _, spell = row
        if kind == _BURST:
            return max(0.0, worth + self._own_part_anywhere(sim, spell))
        return max(0.0, self._all_good(sim, spell))  # a line or a burst on the hero: all the good

    def _ranged_now(self, sim: SkirmishState, moved: bool) -> list[tuple]:
        """The ranged rows (worth, target cell, range, attack) whose shot is ready with the hero moved or
        not, by the tests that read neither the target nor the cell (a bow after moving, S-ACT-3; the
        crossbow's reload, S-ACT-2; the action taken, S-ACT-8), most worth first. Only a ready shot
        is valued, as if from within its optimal range (its worth reads neither cell)."""
        rows = self._ranged.get(moved)
        if rows is None:
            hero, planner = sim.heroes[self.hero_id], self.planner
            ready = [
                (planner.attack_value_at(sim, attack, target), target, reach, attack)
                for target, reach, attack in self._ranged_rows
                if attack_ready(sim, hero, attack)
            ]
            rows = self._ranged[moved] = sorted(ready, key=lambda r: -r[0])
        return rows

    def _own_good(self, sim: SkirmishState, spell: Spell) -> float:
        hero = sim.heroes[self.hero_id]
        value, status = self.planner.cast_part(sim, _aimed(hero.id, spell, hero.pos), spell, hero, hero)
        return max(0.0, value) + max(0.0, status)

    def _spells(self, sim: SkirmishState) -> tuple[list[tuple], float, list[tuple]]:
        """The spell rows for whether the hero has moved: (worth, target, reach) of the rows worth the
        same from any cell in range, most worth first; the most a spell on the hero alone is worth
        anywhere; and the rows valued on the cell."""
        act = sim.act
        assert act is not None
        rows = self._spell_rows.get(act.moved)
        if rows is None:
            table = self._spell_table(sim)
            fixed = sorted(((r[0], r[2], r[3]) for r in table if r[1] == _FIXED), key=lambda r: -r[0])
            on_self = max((r[0] for r in table if r[1] == _SELF), default=0.0)
            others = [r for r in table if r[1] not in (_FIXED, _SELF)]
            rows = self._spell_rows[act.moved] = (fixed, on_self, others)
        return rows

    def _spell_table(self, sim: SkirmishState) -> list[tuple]:
        from rules.skirmish.ai.plans import aims, castable_spells, sides_of

        planner, hero = self.planner, sim.heroes[self.hero_id]
        rows: list[tuple] = []
        sides = sides_of(sim, hero)
        for spell in castable_spells(sim, hero):
            reach = SPELL_ORIGIN_REACH + spell.range  # S-SPELL-6 origin, then the spell's range from it
            if spell.target == SpellTarget.WALL:
                continue  # it hits no one: worth at most nothing
            if spell.target == SpellTarget.SELF:
                rows.append((planner.self_cast_bound(sim, spell), _SELF, hero.pos, 0, spell))
            elif spell.target == SpellTarget.LINE:
                rows.append((0.0, _LINE, hero.pos, SPELL_ORIGIN_REACH + spell.length, spell))
            else:
                for other in aims(sim, hero, spell, sides):
                    if other.id != hero.id and not self.within(other.pos, reach):
                        continue  # out of reach from every cell it may end on
                    if other.id == hero.id and spell.target == SpellTarget.CELL:
                        rows.append((0.0, _ON_HERO, other.pos, reach, spell))  # the area moves with it
                    elif other.id == hero.id:
                        rows.append((planner.self_cast_bound(sim, spell), _SELF, hero.pos, 0, spell))
                    elif spell.target == SpellTarget.CELL:
                        rows.append(
                            (self._burst_others(sim, spell, other.pos), _BURST, other.pos, reach, spell)
                        )
                    else:  # one hero, or a chain from it: the same heroes from any cell
                        worth = planner.action_value(sim, Cast(hero.id, spell.id, other.pos, hero.pos))
                        rows.append((worth, _FIXED, other.pos, reach, spell))
        return rows

    def _burst_others(self, sim: SkirmishState, spell: Spell, centre: Pos) -> float:
        """The good a burst at ``centre`` does to the heroes in its area other than the caster."""
        hero = sim.heroes[self.hero_id]
        cast = _aimed(hero.id, spell, centre)
        total = 0.0
        for t in sim.heroes:
            if t.out or t.id == hero.id or grid_distance(t.pos, centre) > spell.radius:
                continue
            if spell.hostile or t.team == hero.team:
                value, status = self.planner.cast_part(sim, cast, spell, hero, t)
                total += max(0.0, value) + max(0.0, status)
        return total - self.planner.w.mana * spell.mana


def _aimed(hero: int, spell: Spell, target: Pos) -> Cast:
    return Cast(hero, spell.id, target, target)
