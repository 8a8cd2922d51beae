"""Movement within an activation: reachable cells, paths, defensive style's checks, picking up items.

S-MOVE-3/4/6 decide where a hero can go with the steps it has left; S-MOVE-5 limits a hero in
defensive style to one cell; S-STYLE-3a makes a blocked enemy roll to move past its defender.
"""

from __future__ import annotations

from fractions import Fraction

from rules.core.grid import Pos
from rules.rng import Rng
from rules.skirmish import events as ev
from rules.skirmish.formulas import grid_distance
from rules.skirmish.grid import HALF_COST, ground_of, path_to, reach
from rules.skirmish.primitives import relocate, roll_chance, update_blocking
from rules.skirmish.state import Hero, SkirmishState

PASS_CHANCE = {1: 25, 2: 50, 3: 75}  # S-STYLE-3 / S-STYLE-3a: by the number of enemies blocked
MAX_THROWN = 3  # S-DATA-11


def reachable(state: SkirmishState, hero: Hero) -> dict[Pos, tuple[int, Pos | None]]:
    """Cells the current hero can move to now (the start cell included with cost 0), memoised."""
    act = state.act
    assert act is not None and act.hero == hero.id
    max_cells = (1 - act.cells) if act.style_turn else None  # S-MOVE-5 / S-STYLE-4
    return state.board.remember(reach_key(state, hero), lambda: _reach_now(state, hero, act.left, max_cells))


def _reach_now(
    state: SkirmishState, hero: Hero, budget: Fraction, max_cells: int | None
) -> dict[Pos, tuple[int, Pos | None]]:
    board = state.board
    ground = board.memo.get("ground")
    if ground is None:  # the steps between the map's cells without terrain: fixed for the battle
        ground = board.memo.keep("ground", ground_of(board.width, board.height, board.terrain))
    blocked = state.walls.keys() | state.occupant.keys()
    return reach(hero.pos, budget, ground, blocked, max_cells)


def reach_key(state: SkirmishState, hero: Hero) -> tuple:
    """What :func:`reachable` depends on, as its memo key. The cells' order in the key is the dicts'
    (an equal set in another order only misses the memo)."""
    act = state.act
    assert act is not None
    max_cells = (1 - act.cells) if act.style_turn else None
    return ("reach", hero.pos, act.steps, act.spent, max_cells, tuple(state.occupant), tuple(state.walls))


def checks_on_step(state: SkirmishState, hero: Hero, frm: Pos, to: Pos) -> list[Hero]:
    """S-STYLE-3a: defenders blocking ``hero`` whose check this step triggers (by defender id)."""
    due = []
    for defender in state.heroes:
        if (
            defender.style
            and not defender.out
            and hero.id in defender.blocking
            and (hero.id, defender.id) not in state.checks_done
            and grid_distance(frm, defender.pos) == 1
            and grid_distance(to, defender.pos) <= 1
        ):
            due.append(defender)
    return due


def move(state: SkirmishState, hero: Hero, to: Pos, rng: Rng, events: list) -> None:
    """Walk the cheapest path; a failed style check ends the movement for this round (S-STYLE-3a)."""
    act = state.act
    assert act is not None
    path = path_to(reachable(state, hero), to)
    walked: list[Pos] = []
    cost = Fraction(0)
    for cell in path:
        for defender in checks_on_step(state, hero, hero.pos, cell):
            if walked:
                events.append(ev.HeroMoved(hero.id, tuple(walked), cost))
                walked, cost = [], Fraction(0)
            chance = PASS_CHANCE[len(defender.blocking)]
            passed, roll = roll_chance(rng, chance)
            state.checks_done = state.checks_done | {(hero.id, defender.id)}
            events.append(ev.StyleCheckRolled(hero.id, defender.id, chance, roll, passed))
            if not passed:
                act.spent = act.steps  # the remaining movement this round is lost
                update_blocking(state, events)
                return
        step = Fraction(HALF_COST[(cell[0] - hero.pos[0], cell[1] - hero.pos[1])], 2)
        relocate(state, hero, cell)
        act.spent += step
        act.cells += 1
        act.moved = True
        cost += step
        walked.append(cell)
        update_blocking(state, events)
    if walked:
        events.append(ev.HeroMoved(hero.id, tuple(walked), cost))


def can_pick_up(state: SkirmishState, hero: Hero, weapon_id: str) -> str | None:
    """Why the hero cannot pick ``weapon_id`` up now (S-ACT-9), or None."""
    if weapon_id not in state.items.get(hero.pos, ()):
        return f"no {weapon_id} lies in cell {hero.pos}"
    act = state.act
    assert act is not None
    if act.left < 1:
        return "picking up costs 1 step (S-ACT-9)"
    w = state.board.catalog.weapons[weapon_id]
    if not w.can_throw and not (w.can_melee and hero.melee is None):
        return f"{weapon_id} can be neither thrown nor held"
    if _to_hand(state, hero, weapon_id) or len(hero.thrown) < MAX_THROWN:
        return None
    return f"a hero carries at most {MAX_THROWN} thrown weapons (S-DATA-11)"


def _to_hand(state: SkirmishState, hero: Hero, weapon_id: str) -> bool:
    """A melee-capable weapon goes to an empty hand if the hero may hold it, else to the pouch."""
    w = state.board.catalog.weapons[weapon_id]
    if hero.melee is not None or not w.can_melee:
        return False
    if w.hands == 2 and (hero.shield is not None or hero.arms_lost):
        return False
    return hero.arms_lost < 2


def pick_up(state: SkirmishState, hero: Hero, weapon_id: str, events: list) -> None:
    act = state.act
    assert act is not None
    items = list(state.items[hero.pos])
    items.remove(weapon_id)
    if items:
        state.items[hero.pos] = tuple(items)
    else:
        del state.items[hero.pos]
    if _to_hand(state, hero, weapon_id):
        hero.melee = weapon_id
    else:
        hero.thrown = (*hero.thrown, weapon_id)
    act.spent += 1
    act.moved = True
    events.append(ev.ItemPickedUp(hero.id, weapon_id, hero.pos))


def adjacent_enemies(state: SkirmishState, hero: Hero) -> list[int]:
    return [
        e.id
        for e in state.heroes
        if e.team != hero.team and not e.out and grid_distance(e.pos, hero.pos) == 1
    ]


def declare_style(state: SkirmishState, hero: Hero, blocked: tuple[int, ...], events: list) -> None:
    """S-STYLE-6: declared at the start of the activation; blocks up to 3 adjacent enemies."""
    act = state.act
    assert act is not None
    act.style_turn = True
    hero.style = True
    hero.blocking = tuple(sorted(blocked))
    events.append(ev.StyleDeclared(hero.id, hero.blocking))
