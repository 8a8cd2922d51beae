"""Where a squad may move and what it may attack from where it stands (T-MOVE, T-ATK).

Shared by ``legal_actions``, ``check``, ``preview`` and the client's highlights,
so there is one definition of reach.
"""

from __future__ import annotations

from rules.tactics.formulas import movement_zone
from rules.tactics.setup import Pos
from rules.tactics.state import BattleState, Squad

NEIGHBOURS = tuple(sorted(movement_zone(1)))  # T-GRID-2: the 8 sectors around


def destinations(state: BattleState, squad: Squad) -> list[Pos]:
    """T-MOVE-1..3: empty, enterable sectors of the squad's zone; no path needed."""
    x, y = squad.pos
    result = []
    for dx, dy in _SORTED_ZONES[squad.info.unit.move]:
        pos = (x + dx, y + dy)
        if state.enterable(pos):
            result.append(pos)
    return result


_SORTED_ZONES = {zone: tuple(sorted(movement_zone(zone))) for zone in (0, 1, 2)}


def adjacent_enemies(state: BattleState, squad: Squad) -> list[Squad]:
    x, y = squad.pos
    team = squad.info.team
    found = []
    for dx, dy in NEIGHBOURS:
        sid = state.occupant.get((x + dx, y + dy))
        if sid is not None and state.squads[sid].info.team != team:
            found.append(state.squads[sid])
    return found


def attack_mode(state: BattleState, squad: Squad) -> str:
    """"melee", "ranged" or "line": how the squad attacks from its sector (T-ATK-1..3)."""
    attack = squad.info.unit.attack
    if attack == "line":
        return "line"
    if attack == "shooter" and not adjacent_enemies(state, squad):
        return "ranged"  # T-ATK-2(a); an adjacent enemy forces melee mode, T-ATK-2(b)
    return "melee"


def attack_targets(state: BattleState, squad: Squad) -> list[Pos]:
    """Sectors the squad may attack with an :class:`Attack` (empty for line attackers).

    Melee (T-ATK-1, T-ATK-5): adjacent enemy squads and adjacent barricades.
    Shooter: with an enemy adjacent, only adjacent enemy squads (T-ATK-2(b));
    otherwise every enemy squad and barricade outside its 3x3 block (T-ATK-2(a)).
    """
    attack = squad.info.unit.attack
    team = squad.info.team
    x, y = squad.pos
    if attack == "line":
        return []
    if attack == "melee":
        found = []
        for dx, dy in NEIGHBOURS:
            pos = (x + dx, y + dy)
            sid = state.occupant.get(pos)
            if (sid is not None and state.squads[sid].info.team != team) or pos in state.barricades:
                found.append(pos)
        return found
    near = adjacent_enemies(state, squad)
    if near:
        return [s.pos for s in near]
    far = [s.pos for s in state.squads if s.count > 0 and s.info.team != team]
    far.extend(state.barricades)
    return sorted(p for p in far if max(abs(p[0] - x), abs(p[1] - y)) >= 2)


def line_targets(state: BattleState, squad: Squad) -> list[Pos]:
    """T-ATK-3: enemy squads and barricades on the squad's row or column, any distance, no blocking."""
    if squad.info.unit.attack != "line":
        return []
    x, y = squad.pos
    team = squad.info.team
    found = [
        s.pos for s in state.squads if s.count > 0 and s.info.team != team and (s.pos[0] == x or s.pos[1] == y)
    ]
    found.extend(p for p in state.barricades if p[0] == x or p[1] == y)
    return sorted(found)


def can_attack(state: BattleState, squad: Squad) -> bool:
    if squad.info.unit.attack == "line":
        return bool(line_targets(state, squad))
    return bool(attack_targets(state, squad))
