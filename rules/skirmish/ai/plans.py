"""Activation plans: where the acting hero goes and what it then does, each with a value.

A plan is (destination, action). Its value is the action's expected worth (from the exact
preview: damage as a share of the target's HP, kill chances, resistance) plus the destination's
positional worth (danger next round, chances to strike next round, closing in). The first step
of the best plan is played. After a move greedy values only the actions on its new cell
(:meth:`Planner.plans_where_it_stands`); the slipping levels plan again from it. Before moving,
greedy takes its best action where it stands, without weighing the cells, when nothing any
other cell could offer is worth more (``stand_when_best``; docs/ai.md, "Greedy stands when its
best is here").
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from operator import itemgetter

from rules.core.grid import Pos
from rules.skirmish.actions import Action, Attack, Bind, Cast, EndActivation, EtherAttack, Move, PickUp
from rules.skirmish.ai.bounds import BOUND_SLACK, Bounds
from rules.skirmish.ai.casting import spent_caster, status_bound, status_value
from rules.skirmish.ai.estimate import Estimator
from rules.skirmish.ai.outcomes import FIRST, Hit, attack_hit, cast_hit, cast_hit_part, outcomes
from rules.skirmish.ai.tuning import TUNING
from rules.skirmish.catalog_types import Spell, SpellTarget, Weapon
from rules.skirmish.engine import action_options, check
from rules.skirmish.formulas import grid_distance
from rules.skirmish.magic import CastMode, how_cast, knows
from rules.skirmish.movement import reachable
from rules.skirmish.primitives import relocate
from rules.skirmish.spell_targets import affected, aimed_origin, cast_options, origins, units_key
from rules.skirmish.state import Hero, SkirmishState

_ROW_MAJOR = itemgetter(1, 0)  # a cell's (y, x)
PRUNE_FROM = 6  # fewer destinations are all valued: bounding them would cost more than it saves
WORTH = 100.0  # a hero's worth: damage counts as the share of max HP it removes
_TUNED = TUNING.planner
# Spells whose worth does not depend on where the caster stands: one hero, or a chain from it (S-DATA-5).
_SAME_FROM_ANYWHERE = frozenset(
    (SpellTarget.ALLY, SpellTarget.ENEMY, SpellTarget.OTHER_ALLY, SpellTarget.CHAIN)
)


@dataclass(frozen=True, slots=True)
class Weights:
    kill: float = 0.4  # extra worth of incapacitating, x the kill chance
    mana: float = _TUNED.mana  # worth of one mana point spent (skirmish_ai.toml)
    threat: float = 0.5  # danger of the destination (expected incoming damage share)
    opportunity: float = 0.3  # what the destination allows next activation
    approach: float = 0.4  # per cell of distance to the nearest enemy
    candidates: int = 8  # destinations examined in full beside the current cell
    offense: float = 0.0  # 0: every hero is worth the same; 1: worth in proportion to its damage output
    focus: float = 0.0  # extra worth of damage on a target already wounded (x its missing HP share)
    step: float = 0.3  # cost of each step walked (no wandering between cells of equal worth)
    heal: float = 0.6  # worth of HP healed, as a share of the worth of the same damage
    roles: bool = False  # casters and archers keep away (threat x 2, no approach); fighters close in
    heal_min_use: float = _TUNED.heal_min_use  # a heal counts only where this share of it is needed
    area_heal_min: int = _TUNED.area_heal_min_targets  # an area heal needs this many allies healed
    spent_threat: float = _TUNED.spent_threat  # a caster out of mana: danger x this
    spent_approach: float = _TUNED.spent_approach  # and closing in x this


GREEDY = Weights()


@dataclass(frozen=True, slots=True)
class Plan:
    dest: Pos
    action: Action | None
    value: float

    def first_action(self, hero: int, pos: Pos) -> Action:
        if self.dest != pos:
            return Move(hero, self.dest)
        return self.action if self.action is not None else EndActivation(hero)


class Planner:
    """Values plans for the acting hero of ``state`` (a view the AI may change freely)."""

    def __init__(self, state: SkirmishState, weights: Weights = GREEDY) -> None:
        self.state = state
        self.w = weights
        self.est = Estimator(state)
        act = state.act
        assert act is not None
        self.hero = state.heroes[act.hero]
        self._output: dict[int, float] = {}
        self._weights_now: tuple[float, float] | None = None  # _position_weights' memo
        self._cell_values: dict[Pos, float] = {}  # position_value's memo
        self._nearest: dict[Pos, int] = {}  # each valued cell's distance to the nearest enemy
        self._reach: dict = {}
        self._values: dict[object, float] = {}  # action_value's memo (see there)
        self._cast_parts: dict[tuple[str, int, Pos], tuple[float, float]] = {}  # a cast's part per hero
        self._hit_parts: dict[int, tuple] = {}  # outcomes.cast_hit_part per target hero
        catalog = state.board.catalog
        self._spells = catalog.spells
        self._melee_weapons = state.board.remember("melee weapons", lambda: _melee_weapons(catalog.weapons))

    # ---- values ------------------------------------------------------------------------------
    def action_value(self, state: SkirmishState, action: Action) -> float:
        """The action's expected worth in ``state`` (this decision's state, or it with the acting hero
        moved). Memoised for the decision on what it depends on: a ranged or thrown attack on the
        cell it is shot from, a melee attack, an ether attack or a binding on nothing that moves, a
        single-target or chain cast on its target cell (only the caster moves, and never onto another
        hero's cell) and any other cast on the caster's cell too; the parts of a cast are also kept
        per hero and cell (:meth:`cast_part`)."""
        key: object = action
        if isinstance(action, Cast):
            if self._spells[action.spell].target in _SAME_FROM_ANYWHERE:
                key = (action.spell, action.target)  # the hero there is the same from any cell
            else:
                key = (action, state.heroes[action.hero].pos)
            found = self._values.get(key)
            if found is None:
                found = self._values[key] = self._cast_value(state, action)
            return found
        if isinstance(action, Attack) and (action.thrown or action.weapon not in self._melee_weapons):
            key = (action, state.heroes[action.hero].pos)
        found = self._values.get(key)
        if found is None:
            found = self._values[key] = self._action_value(state, action)
        return found

    def attack_value_at(self, state: SkirmishState, attack: Attack, at: Pos) -> float:
        """What ``attack`` would be worth made from ``at`` (see :meth:`action_value`)."""
        hero = state.heroes[attack.hero]
        value = self.hit_value(state, attack, attack_hit(state, hero, attack, at))
        return value - 2.0 if attack.thrown else value

    def _action_value(self, state: SkirmishState, action: Action) -> float:
        if isinstance(action, EtherAttack):
            t = state.heroes[action.target]
            drained = min(outcomes(state, action)[0].mean, float(t.mana))
            return drained / max(1.0, float(t.info.max_mana)) * 25 + (8 if float(t.mana) <= 12 else 0)
        if isinstance(action, Attack):
            return self.attack_value_at(state, action, state.heroes[action.hero].pos)
        if isinstance(action, Bind):
            return self._bind_value(state, state.heroes[action.target])
        if isinstance(action, PickUp):
            return 3.0
        return 0.0

    def _cast_value(self, state: SkirmishState, action: Cast) -> float:
        spell = state.board.catalog.spells[action.spell]
        caster = state.heroes[action.hero]
        values, statuses = [], []
        for t in affected(state, caster, spell, action.origin, action.target, FIRST):
            part = self.cast_part(state, action, spell, caster, t)
            values.append(part[0])
            statuses.append(part[1])
        value = sum(values)
        if spell.heal and spell.target == SpellTarget.CELL:
            if sum(1 for v in values if v > 0) < self.w.area_heal_min:  # no Healing rain on the caster alone
                value = 0.0
        return value + (sum(statuses) - self.w.mana * spell.mana)

    def line_bound(self, sim: SkirmishState, spell: Spell, reach: int) -> float:
        """At least what a line of ``spell`` cast from near the hero is worth: every good part (damage,
        heal, status) on every hero within grid distance ``reach``, none of the bad ones."""
        caster = sim.heroes[self.hero.id]
        cast = Cast(caster.id, spell.id, caster.pos, caster.pos)
        total = 0.0
        for t in sim.heroes:
            if not t.out and grid_distance(caster.pos, t.pos) <= reach:
                value, status = self.cast_part(sim, cast, spell, caster, t)
                total += max(0.0, value) + max(0.0, status)
        return total - self.w.mana * spell.mana

    def self_cast_bound(self, sim: SkirmishState, spell: Spell) -> float:
        """At least what ``spell`` cast on the hero itself (a self spell, or an ally spell aimed at it)
        is worth wherever it stands (:meth:`own_part_bound`, less the mana)."""
        value, status = self.own_part_bound(sim, spell)
        return value + status - self.w.mana * spell.mana

    def own_part_bound(self, sim: SkirmishState, spell: Spell) -> tuple[float, float]:
        """(worth of the hit, at least the worth of the statuses) of ``spell`` on the hero itself,
        wherever it stands: the hit (a heal or a gift) is the same from any cell, the statuses are
        at the most they could be worth (:func:`casting.status_bound`)."""
        caster = sim.heroes[self.hero.id]
        hit = cast_hit(sim, caster, spell, caster)
        status = status_bound(spell, caster, self.hero.team, hit.through) if spell.status else 0.0
        cast = Cast(caster.id, spell.id, caster.pos, caster.pos)
        return self.hit_value(sim, cast, hit), status

    def cast_part(self, state: SkirmishState, action: Cast, spell: Spell, caster: Hero, t: Hero) -> tuple:
        """(worth of the hit, worth of the statuses) of ``spell`` on ``t``, memoised per cell ``t`` is on."""
        key = (spell.id, t.id, t.pos)
        part = self._cast_parts.get(key)
        if part is None:
            hit_part = self._hit_parts.get(t.id)
            if hit_part is None:  # the same for every spell on t in this decision
                hit_part = self._hit_parts[t.id] = cast_hit_part(state, caster, t)
            hit = cast_hit(state, caster, spell, t, hit_part)
            status = 0.0
            if spell.status:
                status = status_value(self.est, self.hero.team, spell, t, hit.through)
            part = self._cast_parts[key] = (self.hit_value(state, action, hit), status)
        return part

    def hit_value(self, state: SkirmishState, action: Action, hit: Hit) -> float:
        t = state.heroes[hit.target]
        mine = t.team == self.hero.team
        if isinstance(action, Cast):
            spell = state.board.catalog.spells[action.spell]
            if spell.heal and mine:
                missing = t.info.max_hp - t.hp
                if missing < self.w.heal_min_use * spell.heal:
                    return 0.0  # most of it would be wasted: no Mend on a scratch
                return min(spell.heal, missing) / t.info.max_hp * WORTH * self.w.heal
            if spell.mana_gift and mine and t.info.quick:
                return min(spell.mana_gift, float(t.info.max_mana - t.mana)) / float(t.info.max_mana) * 15
        value = min(hit.mean, t.hp) / t.info.max_hp * WORTH + self.w.kill * hit.kill * WORTH
        if self.w.offense or self.w.focus:
            value *= self.target_factor(t)
        return -value if mine else value

    def _bind_value(self, state: SkirmishState, t: Hero) -> float:
        """S-BIND-5: mana never regenerates in a battle, so binding a drained mage matters only while
        one of its allies could still give it mana (Ether gift); then it is worth about a spell."""
        spells = state.board.catalog.spells
        for ally in state.heroes:
            if ally.out or ally.team != t.team or ally.id == t.id or ally.bound_by is not None:
                continue
            for sid in ally.info.quick:
                if spells[sid].mana_gift and ally.mana >= spells[sid].mana:
                    return 12.0
        return 0.0

    def target_factor(self, t: Hero) -> float:
        """How much a hero is worth hurting: its damage output (offense) and its wounds (focus)."""
        factor = 1.0
        if self.w.offense:
            out = self.output(t)
            mean = sum(self.output(h) for h in self.state.heroes if not h.out and h.team == t.team)
            n = sum(1 for h in self.state.heroes if not h.out and h.team == t.team)
            if mean > 0:
                factor *= (1 - self.w.offense) + self.w.offense * out / (mean / n)
        if self.w.focus:
            factor *= 1 + self.w.focus * (1 - t.hp / t.info.max_hp)
        return factor

    def output(self, hero: Hero) -> float:
        """The hero's best expected damage per activation against its enemies (positions ignored)."""
        found = self._output.get(hero.id)
        if found is None:
            enemies = [e for e in self.state.heroes if not e.out and e.team != hero.team]
            found = max((m.damage for e in enemies for m in self.est.modes(hero, e)), default=0.0)
            self._output[hero.id] = found
        return found

    def position_value(self, cell: Pos) -> float:
        """The cell's worth to the hero: danger next round, chances to strike, closing in (memoised)."""
        found = self._cell_values.get(cell)
        return found if found is not None else self.position_values((cell,))[cell]

    def position_values(self, cells: Iterable[Pos]) -> dict[Pos, float]:
        """:meth:`position_value` of every cell of ``cells`` (and of the cells valued before)."""
        memo = self._cell_values
        missing = [c for c in cells if c not in memo]
        if missing:
            w_threat, w_approach = self._position_weights()
            w_opportunity, max_hp, nearest_of = self.w.opportunity, self.hero.info.max_hp, self._nearest
            for cell, (threat_sum, opportunity_share, nearest) in zip(
                missing, self.est.terms_of_cells(self.hero, missing), strict=True
            ):
                threat = threat_sum / max_hp * WORTH
                opportunity = opportunity_share * WORTH
                memo[cell] = -w_threat * threat + w_opportunity * opportunity - w_approach * nearest
                nearest_of[cell] = nearest
        return memo

    def _position_weights(self) -> tuple[float, float]:
        """(danger, closing in) weights for this hero: a spent caster's and the roles' adjustments."""
        if self._weights_now is None:
            hero, w = self.hero, self.w
            w_threat, w_approach = w.threat, w.approach
            if spent_caster(self.state, hero):  # nothing left to cast from afar: close in as a fighter does
                w_threat, w_approach = w.threat * w.spent_threat, w.approach * w.spent_approach
            if w.roles:
                if self.fighter(hero):
                    w_threat, w_approach = w.threat * 0.5, w.approach * 1.5
                else:
                    w_threat, w_approach = w.threat * 2.0, 0.0
            self._weights_now = (w_threat, w_approach)
        return self._weights_now

    def fighter(self, hero: Hero) -> bool:
        """Does the hero do its best damage in melee?"""
        best, kind = 0.0, ""
        for e in self.state.heroes:
            if not e.out and e.team != hero.team:
                for m in self.est.modes(hero, e):
                    if m.damage > best:
                        best, kind = m.damage, m.kind
        return kind == "melee"

    # ---- enumeration -------------------------------------------------------------------------
    def plans(self) -> list[Plan]:
        """Every examined plan, best first (stable order for equal values)."""
        dests = self._destinations()
        return self._follow_ups() if dests is None else self.plans_of(dests)

    def plans_of(self, dests: list[Pos]) -> list[Plan]:
        return sorted(self._plans_from(dests), key=lambda p: -p.value)

    def plans_near_best(self, margin: Callable[[float], float], stand_when_best: bool = False) -> list[Plan]:
        """The plans of :meth:`plans` worth at least ``best - margin(best)``, in the same order.

        A destination is valued in full only while its bound (:class:`bounds.Bounds`: at least
        what its best action is worth) can still reach that line, best bound first; the others
        cannot hold such a plan. ``best - margin(best)`` must not fall as ``best`` rises (a
        constant margin, or a share of ``|best|`` under 1), so the line drawn from the best plan found
        so far is never above the final one.

        ``stand_when_best`` is greedy's shortcut: a hero that has not moved takes its best action
        where it stands when no option on any cell it could reach is worth more
        (:meth:`Bounds.anywhere`), without weighing the cells' positions; those plans (of its own
        cell only) are then valued as :meth:`plans_where_it_stands` values them."""
        act = self.state.act
        assert act is not None
        own = None  # an unmoved hero's own cell is valued first, in full (bounding it would cost a table)
        if not act.moved and act.action is None and self.hero.channel is None:
            own = self._own_cell()
            if stand_when_best and own.best_anywhere(self._anywhere(own)):
                return _near_best(_worth_doing(own.here, own.options), margin)
        dests = self._destinations()
        if dests is None:
            return _near_best(self._follow_ups(), margin)
        if len(dests) < PRUNE_FROM:  # every destination valued in full (the own cell as valued above)
            if own is None:
                return _near_best(self.plans_of(dests), margin)
            plans = _cell_plans(own.here, self._base(dests[0]), own.options) + self._plans_from(dests[1:])
            return _near_best(sorted(plans, key=lambda p: -p.value), margin)
        valued: dict[int, list[Plan]] = {}
        best = -math.inf
        anywhere = math.inf  # at least every moved cell's bound, once the own cell drew a line
        if own is not None:
            sim, table, anywhere = own.sim, self._table(own), self._anywhere(own) + BOUND_SLACK
            valued[0] = _cell_plans(own.here, self._base(dests[0]), own.options)
            best = max(p.value for p in valued[0])
        else:  # a moved hero: every destination gets its bound
            sim = self._sim()
            table = Bounds(self, sim)
        line = best - margin(best)
        idle = anywhere <= BOUND_SLACK  # no option is worth anything on any moved cell: bounds are 0
        bounds = []
        for i, dest in enumerate(dests):
            if i in valued:
                bounds.append(math.inf)
            elif self._base(dest) + anywhere < line:
                bounds.append(-math.inf)  # under the line from any cell: no bound of its own needed
            elif idle:
                bounds.append(self._base(dest) + BOUND_SLACK)
            else:
                bounds.append(self._place(sim, dest) + table.at(sim) + BOUND_SLACK)
        for i in sorted(range(len(dests)), key=lambda i: -bounds[i]):
            if i in valued:
                continue
            if valued and bounds[i] < best - margin(best):
                break  # this and every later destination is bounded below the line
            if idle:  # ending there is its one plan (_plans_at keeps only options worth more than 0)
                valued[i] = [Plan(dests[i], None, self._base(dests[i]))]
            else:
                valued[i] = self._plans_at(sim, dests[i])
            best = max(best, max(p.value for p in valued[i]))
        line = best - margin(best)
        kept = [p for i in sorted(valued) for p in valued[i] if p.value >= line]
        return sorted(kept, key=lambda p: -p.value)

    def _own_cell(self) -> _OwnCell:
        """The unmoved hero's options on its cell, with their worths."""
        sim = self._sim()
        return _OwnCell(self.hero.pos, sim, self._valued_options(sim))

    def _table(self, own: _OwnCell) -> Bounds:
        """The bounds table of the decision (built once, with the hero still on its own cell)."""
        if own.table is None:
            own.table = Bounds(self, own.sim)
        return own.table

    def _anywhere(self, own: _OwnCell) -> float:
        """At least what any option is worth on any cell the unmoved hero could move to
        (:meth:`Bounds.anywhere` with the hero moved; its own cell does not enter it), memoised."""
        if own.anywhere is None:
            sim_act = own.sim.act
            assert sim_act is not None
            sim_act.moved = True  # the moved hero's rows (S-ACT-3: no bow shot after moving)
            own.anywhere = self._table(own).anywhere(own.sim)
            sim_act.moved = False
        return own.anywhere

    def plans_where_it_stands(self, margin: Callable[[float], float]) -> list[Plan]:
        """The plans of the hero's own cell only, worth at least ``best - margin(best)``, best first:
        for a hero that has walked and now acts where it stands. No other cell is looked at, and a
        plan's value is its action's worth alone (the cell's own worth is the same for all)."""
        return _near_best(self._follow_ups(), margin)

    def _destinations(self) -> list[Pos] | None:
        """Where the hero may end its move: its cell, then the best-placed reachable cells and the
        best next to an enemy; None when only follow-up actions remain (channel or action taken)."""
        state, hero = self.state, self.hero
        act = state.act
        assert act is not None
        here = hero.pos
        if hero.channel is not None or act.action is not None:
            return None
        dests = [here]
        self._reach = reachable(state, hero)
        if not act.style_turn:
            cells = [c for c in self._reach if c != here]
            values = self.position_values(cells)
            scored = sorted(cells, key=_ROW_MAJOR)  # ties of worth by row, then column
            scored.sort(key=values.__getitem__, reverse=True)  # best first (a stable sort)
            adjacent = [c for c in scored if self._nearest[c] == 1]  # next to an enemy
            dests += list(dict.fromkeys(scored[: self.w.candidates] + adjacent[: self.w.candidates]))
        return dests

    def _follow_ups(self) -> list[Plan]:
        here = self.hero.pos
        return _worth_doing(here, self._valued_options(self.state)) or [Plan(here, None, 0.0)]

    def _valued_options(self, state: SkirmishState) -> list[tuple[float, Action]]:
        """(worth, option) of each of :func:`planning_options` where ``state`` has the hero, in order."""
        return [(self.action_value(state, a), a) for a in planning_options(state)]

    def _sim(self) -> SkirmishState:
        """A copy of the state to stand the hero on its destinations in."""
        return self.state.clone()

    def _place(self, sim: SkirmishState, dest: Pos) -> float:
        """Stand the hero on ``dest`` in ``sim``; the destination's own worth (position, steps)."""
        act, sim_hero = self.state.act, sim.heroes[self.hero.id]
        assert act is not None and sim.act is not None
        if sim_hero.pos != dest:
            relocate(sim, sim_hero, dest)
        sim.act.moved = act.moved or dest != self.hero.pos
        return self._base(dest)

    def _base(self, dest: Pos) -> float:
        """The destination's own worth: its position, less the steps walked to it."""
        return self.position_value(dest) - self.w.step * self._reach.get(dest, (0, None))[0] / 2

    def _plans_at(self, sim: SkirmishState, dest: Pos) -> list[Plan]:
        base = self._place(sim, dest)
        return _cell_plans(dest, base, self._valued_options(sim))

    def _plans_from(self, dests: list[Pos]) -> list[Plan]:
        sim = self._sim()
        return [plan for dest in dests for plan in self._plans_at(sim, dest)]


@dataclass(slots=True)
class _OwnCell:
    """An unmoved hero's own cell, valued before any other (:meth:`Planner.plans_near_best`)."""

    here: Pos
    sim: SkirmishState  # the planner's copy to stand the hero in, the hero still on ``here``
    options: list[tuple[float, Action]]  # (worth, option) in planning_options' order
    table: Bounds | None = None  # Planner._table's memo
    anywhere: float | None = None  # Planner._anywhere's memo

    def best_anywhere(self, anywhere: float) -> bool:
        """Is an option here worth as much as ``anywhere``, the most an option on any other cell is?"""
        top = max((v for v, _ in self.options), default=0.0)
        return top > 0 and top >= anywhere - BOUND_SLACK


def _cell_plans(here: Pos, base: float, options: list[tuple[float, Action]]) -> list[Plan]:
    """A cell's plans: ending there (``base``, the cell's own worth), then each option worth anything,
    in the options' order."""
    return [Plan(here, None, base), *(Plan(here, a, base + v) for v, a in options if v > 0)]


def _worth_doing(here: Pos, options: list[tuple[float, Action]]) -> list[Plan]:
    """The options worth anything, as plans valued by their worth alone, best first (a stable sort)."""
    return sorted((Plan(here, a, v) for v, a in options if v > 0), key=lambda p: -p.value)


def _melee_weapons(weapons: dict[str, Weapon]) -> frozenset[str]:
    """The catalog's weapons that are not launchers (a melee attack's worth reads no cell)."""
    return frozenset(w for w, weapon in weapons.items() if not weapon.is_launcher)


def _near_best(plans: list[Plan], margin: Callable[[float], float]) -> list[Plan]:
    """The plans (best first) worth at least ``best - margin(best)``."""
    line = plans[0].value - margin(plans[0].value)
    return [p for p in plans if p.value >= line]


def planning_options(state: SkirmishState) -> list[Action]:
    """The acting hero's actions worth valuing: every attack, ether attack and binding, and its casts
    aimed at heroes' cells only (bursts included), each from its first valid origin; heals only on
    the wounded. Channels are left out (their worth lies rounds away). Every one is legal."""
    act = state.act
    assert act is not None
    hero = state.heroes[act.hero]
    found = [a for a in action_options_without_casts(state)]
    if hero.channel is not None and hero.channel.left > 1:
        return found
    if act.action is not None or act.style_turn or not hero.info.can_cast or hero.bound_by is not None:
        return found
    origins_here = origins(state, hero)
    aimed: dict = state.board.remember(("aimed origins", hero.pos, hero.team, units_key(state)), dict)
    sides = sides_of(state, hero)
    for spell in castable_spells(state, hero):
        sid = spell.id
        if spell.target in (SpellTarget.SELF, SpellTarget.WALL):
            found += [Cast(hero.id, sid, t, o, c) for o, t, c in cast_options(state, hero, spell)[:1]]
            continue
        for other in aims(state, hero, spell, sides):
            origin = aimed_origin(state, hero, spell, other.pos, origins_here, aimed)
            if origin is not None:
                found.append(Cast(hero.id, sid, other.pos, origin))
    return found


def aims(state: SkirmishState, hero: Hero, spell: Spell, sides: Sides | None = None) -> list[Hero]:
    """The heroes a (not self or wall) spell is aimed at: hostile spells at enemies, the others at the
    hero's side (not the hero itself for another-ally spells), heals only at the wounded. ``sides``
    is :func:`sides_of` the state, for a caller weighing many spells."""
    allies, enemies = sides or sides_of(state, hero)
    if spell.hostile and not spell.heal:
        return enemies
    found = []
    for other in enemies if spell.hostile else allies:
        if spell.target == SpellTarget.OTHER_ALLY and other.id == hero.id:
            continue
        if spell.heal and other.hp >= other.info.max_hp:
            continue
        found.append(other)
    return found


Sides = tuple[list[Hero], list[Hero]]


def sides_of(state: SkirmishState, hero: Hero) -> Sides:
    """(the hero's living allies, itself included, and its living enemies), in the heroes' order."""
    allies: list[Hero] = []
    enemies: list[Hero] = []
    for other in state.heroes:
        if not other.out:
            (allies if other.team == hero.team else enemies).append(other)
    return allies, enemies


def castable_spells(state: SkirmishState, hero: Hero) -> list[Spell]:
    """The spells the acting hero could cast now and that the planner weighs: the channel's spell, or
    the quick set then (before moving) the level-1 spells it knows, by id; mana permitting."""
    act = state.act
    assert act is not None
    if hero.channel is None:  # _castable reads the hero's spells (its id), whether it moved and its mana
        mana = hero.mana
        key = ("castable spells", hero.id, act.moved, mana.numerator, mana.denominator)
        found = state.board.memo.get(key)
        if found is None:
            found = state.board.memo.keep(key, _castable(state, hero, act.moved))
        return found
    return _castable(state, hero, act.moved)


def _castable(state: SkirmishState, hero: Hero, moved: bool) -> list[Spell]:
    """:func:`castable_spells` worked out."""
    spells = state.board.catalog.spells
    ids: list[str] | None
    if hero.channel is not None:
        ids = [hero.channel.spell]
    else:
        key = ("planned spells", hero.id, moved)
        ids = state.board.memo.get(key)
        if ids is None:
            ids = sorted(hero.info.quick)
            if not moved:
                ids += [
                    s
                    for s in sorted(spells)
                    if spells[s].level == 1 and s not in hero.info.quick and knows(hero, spells[s])
                ]
            state.board.memo.keep(key, ids)
    found = []
    for sid in ids:
        spell = spells[sid]
        how = how_cast(hero, spell, moved)
        if how is not None and (how == CastMode.CHANNELLED or hero.mana >= spell.mana):
            found.append(spell)
    return found


def action_options_without_casts(state: SkirmishState) -> list[Action]:
    return [a for a in action_options(state, casts=False)]


def legal_first(state: SkirmishState, plan: Plan) -> Action:
    """The plan's first action, or EndActivation if it is (unexpectedly) not legal."""
    act = state.act
    assert act is not None
    hero = state.heroes[act.hero]
    action = plan.first_action(hero.id, hero.pos)
    return action if check(state, action) is None else EndActivation(hero.id)
