"""A lean, fast policy for the search player's lookahead: strike the best target in reach.

From its cell, or from the cell next to each enemy it can reach, the hero takes the action of
highest worth (the planner's own valuation); with nothing to do it closes in, casters only to
spell range. A decision costs one path search and a handful of valuations.
"""

from __future__ import annotations

from rules.skirmish.actions import Action, EndActivation, Move
from rules.skirmish.ai.plans import Planner, Weights, planning_options
from rules.skirmish.formulas import grid_distance
from rules.skirmish.movement import reachable
from rules.skirmish.primitives import relocate
from rules.skirmish.state import SkirmishState
from rules.tactics.setup import Pos

LEAN = Weights(candidates=0)
CASTER_RANGE = 6  # a caster with nothing in reach closes in to about this distance


def _best(planner: Planner, state: SkirmishState) -> tuple[float, Action | None]:
    best: tuple[float, Action | None] = (0.0, None)
    for option in planning_options(state):
        value = planner.action_value(state, option)
        if value > best[0]:
            best = (value, option)
    return best


def lean_plans(state: SkirmishState, per_cell: int = 2) -> list[tuple[Pos, Action | None, float]]:
    """The lean candidates: (cell, action or None, worth) from the hero's cell and from the cell next
    to each enemy it can reach, the best ``per_cell`` actions of each, and the approach move."""
    act = state.act
    assert act is not None
    hero = state.heroes[act.hero]
    planner = Planner(state, LEAN)
    found: list[tuple[Pos, Action | None, float]] = [(hero.pos, None, 0.0)]

    def options_at(sim: SkirmishState, cell: Pos) -> None:
        valued = sorted(
            ((planner.action_value(sim, o), i, o) for i, o in enumerate(planning_options(sim))),
            key=lambda x: (-x[0], x[1]),
        )
        found.extend((cell, o, v) for v, _, o in valued[:per_cell] if v > 0)

    options_at(state, hero.pos)
    if hero.channel is not None or act.action is not None or act.style_turn or act.left <= 0:
        return found
    reach = reachable(state, hero)
    enemies = [e for e in state.heroes if not e.out and e.team != hero.team]
    if planner.fighter(hero):
        dests = []
        for enemy in enemies:
            near = [c for c in reach if c != hero.pos and grid_distance(c, enemy.pos) == 1]
            if near:
                dests.append(min(near, key=lambda c: (reach[c][0], c[1], c[0])))
        sim = state.clone()
        sim_hero = sim.heroes[hero.id]
        assert sim.act is not None
        sim.act.moved = True
        for dest in dict.fromkeys(dests):
            relocate(sim, sim_hero, dest)
            options_at(sim, dest)
    move = lean_action(state)
    if isinstance(move, Move) and all(c != move.to for c, _, _ in found):
        found.append((move.to, None, 0.0))
    return found


def lean_action(state: SkirmishState) -> Action:
    act = state.act
    assert act is not None
    hero = state.heroes[act.hero]
    planner = Planner(state, LEAN)
    value_here, action_here = _best(planner, state)
    if hero.channel is not None or act.action is not None or act.style_turn or act.left <= 0:
        return action_here or EndActivation(hero.id)
    reach = reachable(state, hero)
    enemies = [e for e in state.heroes if not e.out and e.team != hero.team]
    if not enemies:
        return EndActivation(hero.id)
    fighter = planner.fighter(hero)
    dests: list[Pos] = []
    if fighter:
        for enemy in enemies:
            near = [c for c in reach if c != hero.pos and grid_distance(c, enemy.pos) == 1]
            if near:
                dests.append(min(near, key=lambda c: (reach[c][0], c[1], c[0])))
    best_value, best_dest = value_here, hero.pos
    if dests:
        sim = state.clone()
        sim_hero = sim.heroes[hero.id]
        assert sim.act is not None
        sim.act.moved = True
        for dest in dict.fromkeys(dests):
            relocate(sim, sim_hero, dest)
            value, _ = _best(planner, sim)
            if value > best_value + 1.0:
                best_value, best_dest = value, dest
    if best_dest != hero.pos:
        return Move(hero.id, best_dest)
    if action_here is not None:
        return action_here
    target_gap = 1 if fighter else CASTER_RANGE
    here_gap = min(grid_distance(hero.pos, e.pos) for e in enemies)
    if here_gap > target_gap:
        closer = min(
            reach,
            key=lambda c: (abs(min(grid_distance(c, e.pos) for e in enemies) - target_gap), reach[c][0], c),
        )
        if closer != hero.pos:
            return Move(hero.id, closer)
    return EndActivation(hero.id)
