"""Cheap estimates the AIs plan with: what a hero can deal to another, how far it reaches next
activation, and how much danger a cell is in. Floats, for ranking only; the rules stay exact.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from operator import itemgetter

from rules.core.grid import Pos
from rules.numbers import to_float
from rules.skirmish.actions import AttackKind
from rules.skirmish.ai.keys import modes_key
from rules.skirmish.catalog_types import SpellTarget, StatusKind, WeaponKind
from rules.skirmish.combat import attack_kind
from rules.skirmish.formulas import grid_distance, range_sq, steps
from rules.skirmish.melee import Fighter
from rules.skirmish.melee_odds import strike_mean
from rules.skirmish.state import Hero, SkirmishState
from rules.skirmish.values import (
    armour_divisor,
    launcher,
    melee_fighter,
    melee_weapon,
    throwables,
    weapon_chance,
)

CRIT_MEAN = 1.2  # S-DMG-4: 20% of hits doubled
_DAMAGE = itemgetter(0)  # a reach row's damage


@lru_cache(maxsize=8192)
def detailed_mean(att: Fighter, dfn: Fighter, scale: Fraction) -> float:
    return strike_mean(att, dfn, scale=scale)


@lru_cache(maxsize=8192)
def damage_coef(base_damage: Fraction, strength: Fraction, divisor: Fraction, energy_mult: Fraction) -> float:
    """base damage x strength / armour divisor x energy multiplier (S-DMG-1's coefficient), exact then
    as a float; memoised (a few weapons, heroes and armours meet again and again)."""
    return float(base_damage * strength / divisor * energy_mult)


def _move_cells(hero: Hero) -> int:
    budget = steps(hero.agility) + hero.effect_total(StatusKind.STEPS_ADD)  # S-MOVE-1, S-WOUND-1..4
    if hero.crippled:
        budget = min(budget, Fraction(1))  # S-MODEL-7
    return int(budget / Fraction(5, 4))


@dataclass(frozen=True, slots=True)
class Mode:
    """One way a hero can hurt a target: expected damage per activation, and its reach test."""

    kind: str  # melee | bow | carried | spell
    damage: float
    reach: float  # cells (grid distance for melee, Euclidean otherwise) from where the hero ends up
    moves: bool  # may it move before attacking this way


class Estimator:
    """Per-decision caches of modes, reaches and threats for one state."""

    def __init__(self, state: SkirmishState) -> None:
        self.state = state
        self._modes: dict[tuple[int, int], list[Mode]] = {}
        self._cells: dict[int, int] = {}
        self._reach: dict[tuple[int, int], list[tuple[float, bool, float]]] = {}
        self._threat: dict[tuple[int, Pos], float] = {}
        self._terms: dict[tuple[int, Pos], tuple[float, float, int]] = {}
        self._enemy_rows: dict[int, list] = {}
        self._foes: dict[int, list[Hero]] = {}

    def foes(self, hero: Hero) -> list[Hero]:
        """The living heroes of the other side, in the heroes' order (kept per side)."""
        found = self._foes.get(hero.team)
        if found is None:
            found = self._foes[hero.team] = [
                h for h in self.state.heroes if not h.out and h.team != hero.team
            ]
        return found

    def move_cells(self, hero: Hero) -> int:
        """About how many cells the hero can cover in an activation (1.25 steps a cell on average)."""
        cells = self._cells.get(hero.id)
        if cells is None:
            key = ("move cells", hero.info.id, hero.hp, hero.effects, hero.crippled)  # what the steps read
            cells = self._cells[hero.id] = self.state.board.remember(key, lambda: _move_cells(hero))
        return cells

    def modes(self, a: Hero, t: Hero) -> list[Mode]:
        key = (a.id, t.id)
        found = self._modes.get(key)
        if found is None:
            # Shared by every planner of the battle (the search makes hundreds a decision), under
            # what the modes read (keys.modes_key).
            found = self.state.board.remember(modes_key(self.state, a, t), lambda: self._compute_modes(a, t))
            self._modes[key] = found
        return found

    def _compute_modes(self, a: Hero, t: Hero) -> list[Mode]:
        state, modes = self.state, []
        divisor = armour_divisor(state, t)
        mw = melee_weapon(state, a)
        if mw is not None:
            if state.board.detailed:
                dmg = detailed_mean(
                    melee_fighter(state, a), melee_fighter(state, t), state.board.damage_scale
                )
            else:
                chance = to_float(weapon_chance(state, a, t, mw, AttackKind.MELEE)) / 100
                coef = damage_coef(mw.base_damage, a.info.strength, divisor, a.info.energy_mult)
                dmg = chance * coef * CRIT_MEAN
            modes.append(Mode("melee", dmg, 1, True))
        lw = launcher(state, a)
        if lw is not None and lw.max_range is not None and lw.optimal is not None:
            chance = to_float(weapon_chance(state, a, t, lw, attack_kind(lw, False))) / 100
            skill = 1 if a.info.hero.skill(lw.weapon_class) else 0
            coef = damage_coef(lw.base_damage, skill, divisor, a.info.energy_mult)
            rate = 1 / 3 if lw.kind == WeaponKind.CROSSBOW else 1
            modes.append(
                Mode("bow", chance * coef * CRIT_MEAN * rate, lw.optimal, lw.kind == WeaponKind.CROSSBOW)
            )
        for wid in throwables(state, a)[:1]:
            w = state.board.catalog.weapons[wid]
            if w.optimal is not None:
                chance = to_float(weapon_chance(state, a, t, w, AttackKind.THROWN)) / 100
                coef = damage_coef(w.base_damage, a.info.strength, divisor, a.info.energy_mult)
                modes.append(Mode("carried", chance * coef * CRIT_MEAN * 0.7, w.optimal, True))
        spell = self._best_spell(a, t)
        if spell is not None:
            modes.append(spell)
        return modes

    def _best_spell(self, a: Hero, t: Hero) -> Mode | None:
        if not a.info.can_cast or a.bound_by is not None:
            return None
        best: Mode | None = None
        resist = 1.0
        if t.mana > 0 and t.info.wisdom > 0:
            block = min(95.0, max(5.0, 100 * float(t.info.wisdom / a.info.wisdom))) / 100
            resist = (1 - block) * 0.5
        for sid in a.info.quick:
            spell = self.state.board.catalog.spells[sid]
            if not spell.damage or not spell.hostile or spell.mana > a.mana:
                continue
            dmg = float(spell.damage) * (0.5 * CRIT_MEAN if spell.rolls else 1.0) * resist
            if not spell.ignores_armour:
                dmg /= float(armour_divisor(self.state, t))
            reach = (spell.length if spell.target == SpellTarget.LINE else spell.range) + 2
            # Equal damage: the farther reach, so the pick does not follow the quick set's order
            # (a frozenset of ids, whose order changes with each process's string hashes).
            if best is None or dmg > best.damage or (dmg == best.damage and reach > best.reach):
                best = Mode("spell", dmg, reach, True)
        return best

    def can_hit_from(self, a: Hero, cell: Pos, t: Hero, mode: Mode, t_cell: Pos | None = None) -> bool:
        """Could ``a`` standing on ``cell`` (before moving) hit ``t`` this way in its next activation?"""
        target = t_cell or t.pos
        move = self.move_cells(a) if mode.moves else 0
        if mode.kind == "melee":
            return grid_distance(cell, target) <= 1 + move
        d2 = range_sq(target[0] - cell[0], target[1] - cell[1])
        return d2 <= (mode.reach + move) ** 2

    def reaches(self, a: Hero, t: Hero) -> list[tuple[float, bool, float]]:
        """``a``'s ways to hurt ``t`` as (damage, melee?, limit), most damaging first: the limit is the
        grid distance (melee) or squared range from which it hits next activation (as can_hit_from)."""
        key = (a.id, t.id)
        found = self._reach.get(key)
        if found is None:
            rows = []
            for mode in self.modes(a, t):
                move = self.move_cells(a) if mode.moves else 0
                if mode.kind == "melee":
                    rows.append((mode.damage, True, float(1 + move)))
                else:
                    rows.append((mode.damage, False, float((mode.reach + move) ** 2)))
            found = self._reach[key] = sorted(rows, key=_DAMAGE, reverse=True)  # stable: ties keep order
        return found

    @staticmethod
    def _first_reaching(rows: list[tuple[float, bool, float]], a: Pos, b: Pos) -> float:
        dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
        for damage, melee, limit in rows:
            if (max(dx, dy) if melee else dx * dx + dy * dy) <= limit:
                return damage
        return 0.0

    def in_danger(self, hero: Hero, cell: Pos) -> bool:
        """Could a living enemy hurt ``hero`` standing on ``cell`` in its next activation, in a way that
        deals any damage? (The :meth:`position_terms` threat is above 0: the same modes and reach
        tests, but it stops at the first enemy that reaches instead of summing every enemy's best.)"""
        known = self._threat.get((hero.id, cell))
        if known is not None:
            return known > 0
        for e in self.foes(hero):
            for mode in self.modes(e, hero):
                if mode.damage > 0 and self.can_hit_from(e, e.pos, hero, mode, cell):
                    return True
        return False

    def position_terms(self, hero: Hero, cell: Pos) -> tuple[float, float, int]:
        """(:meth:`threat`, :meth:`opportunity`, :meth:`nearest_enemy`) of ``hero`` on ``cell`` in one
        pass over the enemies (the same sums, maxima and minima in the same order), memoised."""
        found = self._terms.get((hero.id, cell))
        return found if found is not None else self.terms_of_cells(hero, (cell,))[0]

    def terms_of_cells(self, hero: Hero, cells: Iterable[Pos]) -> list[tuple[float, float, int]]:
        """:meth:`position_terms` of each of ``cells``, in one loop (a planner scores every reachable
        cell: one call per cell cost more than the sums)."""
        rows = self._enemy_rows.get(hero.id)
        if rows is None:
            rows = self._enemy_rows[hero.id] = [
                (e.pos[0], e.pos[1], self.reaches(e, hero), self.reaches(hero, e), e.info.max_hp)
                for e in self.state.heroes
                if not e.out and e.team != hero.team
            ]
        terms, threats, hid = self._terms, self._threat, hero.id
        found_all = []
        for cell in cells:
            key = (hid, cell)
            found = terms.get(key)
            if found is None:
                threat = threats.get(key)
                total, best, nearest = 0.0, 0.0, None
                cx, cy = cell
                for ex, ey, against, mine, max_hp in rows:
                    dx, dy = abs(ex - cx), abs(ey - cy)
                    grid, sq = (dx if dx > dy else dy), dx * dx + dy * dy
                    if threat is None:
                        for damage, melee, limit in against:
                            if (grid if melee else sq) <= limit:
                                total += damage
                                break
                    for damage, melee, limit in mine:
                        if (grid if melee else sq) <= limit:
                            share = damage / max_hp
                            if share > best:
                                best = share
                            break
                    if nearest is None or grid < nearest:
                        nearest = grid
                if threat is None:
                    threat = threats[key] = total
                found = terms[key] = (threat, best, 0 if nearest is None else nearest)
            found_all.append(found)
        return found_all

    def strike_share(self, hero: Hero) -> float:
        """The largest share of an enemy's max HP (no more than it has left) ``hero`` could take off in
        its next activation from where it stands: its best way that reaches, against its best target."""
        best = 0.0
        for t in self.state.heroes:
            if not t.out and t.team != hero.team:
                damage = self._first_reaching(self.reaches(hero, t), hero.pos, t.pos)
                best = max(best, min(damage, float(t.hp)) / t.info.max_hp)
        return best

    def opportunity(self, hero: Hero, cell: Pos) -> float:
        """The best expected damage (as a fraction of the target's max HP) ``hero`` could deal next
        activation from ``cell``."""
        best = 0.0
        for t in self.state.heroes:
            if not t.out and t.team != hero.team:
                best = max(best, self._first_reaching(self.reaches(hero, t), cell, t.pos) / t.info.max_hp)
        return best

    def nearest_enemy(self, hero: Hero, cell: Pos) -> int:
        return min(
            (grid_distance(cell, e.pos) for e in self.state.heroes if not e.out and e.team != hero.team),
            default=0,
        )
