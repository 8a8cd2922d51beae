"""Activation plans: where the acting hero goes and what it then does, each with a value.

A plan is (destination, action). Its value is the action's expected worth (from the exact
preview: damage as a share of the target's HP, kill chances, resistance) plus the destination's
positional worth (danger next round, chances to strike next round, closing in). The first step
of the best plan is played; after a move the planner runs again from the new cell.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.grid import Pos
from rules.skirmish.actions import Action, Attack, Bind, Cast, EndActivation, EtherAttack, Move, PickUp
from rules.skirmish.ai.casting import spent_caster, status_value
from rules.skirmish.ai.estimate import Estimator
from rules.skirmish.ai.outcomes import Hit, outcomes
from rules.skirmish.ai.tuning import TUNING
from rules.skirmish.catalog_types import SpellTarget
from rules.skirmish.engine import action_options, check
from rules.skirmish.magic import CastMode, how_cast, knows
from rules.skirmish.movement import reachable
from rules.skirmish.primitives import relocate
from rules.skirmish.spell_targets import cast_options, first_origin, origins, units_key
from rules.skirmish.state import Hero, SkirmishState

WORTH = 100.0  # a hero's worth: damage counts as the share of max HP it removes
_TUNED = TUNING.planner


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
        self._spent: bool | None = None
        self._reach: dict = {}

    # ---- values ------------------------------------------------------------------------------
    def action_value(self, state: SkirmishState, action: Action) -> float:
        if isinstance(action, EtherAttack):
            t = state.heroes[action.target]
            drained = min(outcomes(state, action)[0].mean, float(t.mana))
            return drained / max(1.0, float(t.info.max_mana)) * 25 + (8 if float(t.mana) <= 12 else 0)
        if isinstance(action, Attack | Cast):
            hits = outcomes(state, action)
            values = [self._hit_value(state, action, hit) for hit in hits]
            value = sum(values)
            if isinstance(action, Cast):
                spell = state.board.catalog.spells[action.spell]
                if spell.heal and spell.target == SpellTarget.CELL:
                    healed = sum(1 for hit, v in zip(hits, values, strict=True) if v > 0)
                    if healed < self.w.area_heal_min:  # no Healing rain on the caster alone
                        value = 0.0
                value += self._status_value(state, action, hits) - self.w.mana * spell.mana
            elif action.thrown:
                value -= 2.0
            return value
        if isinstance(action, Bind):
            return self._bind_value(state, state.heroes[action.target])
        if isinstance(action, PickUp):
            return 3.0
        return 0.0

    def _hit_value(self, state: SkirmishState, action: Action, hit: Hit) -> float:
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

    def _status_value(self, state: SkirmishState, action: Cast, hits: list[Hit]) -> float:
        spell = state.board.catalog.spells[action.spell]
        if not spell.status:
            return 0.0
        team = self.hero.team
        return sum(status_value(self.est, team, spell, state.heroes[h.target], h.through) for h in hits)

    def position_value(self, cell: Pos) -> float:
        hero, w = self.hero, self.w
        threat_sum, opportunity_share, nearest = self.est.position_terms(hero, cell)
        threat = threat_sum / hero.info.max_hp * WORTH
        opportunity = opportunity_share * WORTH
        w_threat, w_approach = w.threat, w.approach
        if self._spent is None:
            self._spent = spent_caster(self.state, hero)
        if self._spent:  # nothing left to cast from afar: close in as a fighter does
            w_threat, w_approach = w.threat * w.spent_threat, w.approach * w.spent_approach
        if w.roles:
            if self.fighter(hero):
                w_threat, w_approach = w.threat * 0.5, w.approach * 1.5
            else:
                w_threat, w_approach = w.threat * 2.0, 0.0
        return -w_threat * threat + w.opportunity * opportunity - w_approach * nearest

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
        state, hero = self.state, self.hero
        act = state.act
        assert act is not None
        here = hero.pos
        if hero.channel is not None or act.action is not None:  # only follow-up actions
            options = [(self.action_value(state, a), a) for a in planning_options(state)]
            plans = [Plan(here, a, v) for v, a in options if v > 0]
            return sorted(plans, key=lambda p: -p.value) or [Plan(here, None, 0.0)]
        dests = [here]
        self._reach = reachable(state, hero)
        if not act.style_turn:
            cells = [c for c in self._reach if c != here]
            scored = sorted(cells, key=lambda c: (-self.position_value(c), c[1], c[0]))
            adjacent = [c for c in scored if self.est.position_terms(hero, c)[2] == 1]
            dests += list(dict.fromkeys(scored[: self.w.candidates] + adjacent[: self.w.candidates]))
        return sorted(self._plans_from(dests), key=lambda p: -p.value)

    def _plans_from(self, dests: list[Pos]) -> list[Plan]:
        state, hero = self.state, self.hero
        act = state.act
        assert act is not None
        sim = state.clone()
        sim_hero = sim.heroes[hero.id]
        assert sim.act is not None
        plans = []
        for dest in dests:
            if sim_hero.pos != dest:
                relocate(sim, sim_hero, dest)
            sim.act.moved = act.moved or dest != hero.pos
            base = self.position_value(dest) - self.w.step * self._reach.get(dest, (0, None))[0] / 2
            plans.append(Plan(dest, None, base))
            for option in planning_options(sim):
                value = self.action_value(sim, option)
                if value > 0:
                    plans.append(Plan(dest, option, base + value))
        return plans


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
    spells = state.board.catalog.spells
    ids: list[str] | None
    if hero.channel is not None:
        ids = [hero.channel.spell]
    else:
        key = ("planned spells", hero.id, act.moved)
        ids = state.board.memo.get(key)
        if ids is None:  # the quick set, then (before moving) the level-1 spells it knows, by id
            ids = sorted(hero.info.quick)
            if not act.moved:
                ids += [
                    s
                    for s in sorted(spells)
                    if spells[s].level == 1 and s not in hero.info.quick and knows(hero, spells[s])
                ]
            state.board.memo[key] = ids
    origins_here = origins(state, hero)
    units = units_key(state)
    for sid in ids:
        spell = spells[sid]
        how = how_cast(hero, spell, act.moved)
        if how is None or (how != CastMode.CHANNELLED and hero.mana < spell.mana):
            continue
        if spell.target in (SpellTarget.SELF, SpellTarget.WALL):
            found += [Cast(hero.id, sid, t, o, c) for o, t, c in cast_options(state, hero, spell)[:1]]
            continue
        for other in state.heroes:
            if other.out or (other.team != hero.team) != spell.hostile:
                continue  # hostile spells at enemies, the others at the hero's side
            if spell.target == SpellTarget.OTHER_ALLY and other.id == hero.id:
                continue
            if spell.heal and other.hp >= other.info.max_hp:
                continue
            origin = first_origin(state, hero, spell, other.pos, (), origins_here, units)
            if origin is not None:
                found.append(Cast(hero.id, sid, other.pos, origin))
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
