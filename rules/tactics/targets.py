"""Where a squad may move and what it may attack from where it stands (T-MOVE, T-ATK).

Shared by ``legal_actions``, ``check``, ``preview`` and the client's highlights,
so there is one definition of reach. The ``*_mask`` functions answer with bit
masks of sectors (see :class:`rules.tactics.state.Board`); the others with
lists of sectors in row-major order.
"""

from __future__ import annotations

from rules.tactics.catalog import AttackType
from rules.tactics.combat import StrikeKind
from rules.tactics.setup import Pos
from rules.tactics.state import BattleState, Squad

# Enum members read in hot loops, bound once (a StrEnum member lookup costs ~6 plain lookups).
_ATTACK_LINE = AttackType.LINE
_ATTACK_MELEE = AttackType.MELEE
_ATTACK_SHOOTER = AttackType.SHOOTER
_STRIKE_LINE = StrikeKind.LINE
_STRIKE_MELEE = StrikeKind.MELEE
_STRIKE_RANGED = StrikeKind.RANGED


def move_mask(state: BattleState, squad: Squad) -> int:
    """T-MOVE-1..3, T-GRID-4: empty, enterable sectors of the squad's zone; no path needed."""
    taken = state.team_bits[1] | state.team_bits[2] | state.barricade_bits
    return state.board.zone_masks[squad.info.unit.move][squad.pos] & ~taken


def destinations(state: BattleState, squad: Squad) -> tuple[Pos, ...]:
    return state.board.positions(move_mask(state, squad))


def adjacent_enemy_mask(state: BattleState, squad: Squad) -> int:
    """Neighbouring sectors (T-GRID-2) that hold an enemy squad."""
    return state.board.zone_masks[1][squad.pos] & state.team_bits[3 - squad.info.team]


def adjacent_enemies(state: BattleState, squad: Squad) -> list[Squad]:
    occupant, squads = state.occupant, state.squads
    return [squads[occupant[pos]] for pos in state.board.positions(adjacent_enemy_mask(state, squad))]


def attack_mode(state: BattleState, squad: Squad, pos: Pos | None = None) -> StrikeKind:
    """How the squad attacks from its sector (or ``pos``): melee, ranged or line (T-ATK-1..3)."""
    attack = squad.info.unit.attack
    if attack == _ATTACK_LINE:
        return _STRIKE_LINE
    where = squad.pos if pos is None else pos
    if (
        attack == _ATTACK_SHOOTER
        and not state.board.zone_masks[1][where] & state.team_bits[3 - squad.info.team]
    ):
        return _STRIKE_RANGED  # T-ATK-2(a); an adjacent enemy forces melee mode, T-ATK-2(b)
    return _STRIKE_MELEE


def attack_mask(state: BattleState, squad: Squad, pos: Pos | None = None) -> int:
    """Sectors the squad may attack with an :class:`Attack` (0 for line attackers).

    Melee (T-ATK-1, T-ATK-5): adjacent enemy squads and adjacent barricades.
    Shooter: with an enemy adjacent, only adjacent enemy squads (T-ATK-2(b));
    otherwise every enemy squad and barricade outside its own 3x3 block (T-ATK-2(a)).
    ``pos`` asks the same from another sector (for AIs weighing a move).
    """
    attack = squad.info.unit.attack
    if attack == _ATTACK_LINE:
        return 0
    board = state.board
    where = squad.pos if pos is None else pos
    enemies = state.team_bits[3 - squad.info.team]
    near = board.zone_masks[1][where]
    return _attack_bits(attack, near, enemies, enemies | state.barricade_bits, board.bit(where))


def _attack_bits(attack: str, near: int, enemies: int, targets: int, own: int) -> int:
    """attack_mask from bit masks: ``near`` the 8 neighbours, ``targets`` enemies and barricades,
    ``own`` the attacker's sector (melee or shooter; see attack_mask for the rules)."""
    if attack == _ATTACK_MELEE:
        return near & targets
    if near & enemies:
        return near & enemies
    return targets & ~(near | own)


def attack_targets(state: BattleState, squad: Squad) -> tuple[Pos, ...]:
    return state.board.positions(attack_mask(state, squad))


def line_mask(state: BattleState, squad: Squad, pos: Pos | None = None) -> int:
    """T-ATK-3: enemy squads and barricades on the squad's row or column, any distance, no blocking."""
    if squad.info.unit.attack != _ATTACK_LINE:
        return 0
    board = state.board
    x, y = squad.pos if pos is None else pos
    cross = board.line_mask(x, y)
    return cross & (state.team_bits[3 - squad.info.team] | state.barricade_bits)


def line_targets(state: BattleState, squad: Squad) -> tuple[Pos, ...]:
    return state.board.positions(line_mask(state, squad))


def ready_reach(state: BattleState) -> list[tuple[Squad, int, int]]:
    """(squad, move mask, attacks) of every squad that may start a main turn now, in id order.

    The hot path of ``legal_actions`` and ``random_action``: the same answers as
    :func:`move_mask` and :func:`attack_mask`, with the masks every squad shares computed
    once (a test checks they agree). A line attacker's ``attacks`` is 1 when :func:`line_mask`
    finds a target (its one LineAttack), else 0. Squads of the team to act that are alive and
    have not acted this round (T-TURN-1..3).
    """
    board = state.board
    team = state.active_team
    team_bits = state.team_bits
    barricades = state.barricade_bits
    taken = team_bits[1] | team_bits[2] | barricades  # T-GRID-4: no squad, no destructible object
    enemies = team_bits[3 - team]
    targets = enemies | barricades
    zones = board.zone_masks
    near_of = zones[1]
    reach = []
    for squad in state.squads:
        if squad.acted or squad.count <= 0:
            continue
        info = squad.info
        if info.team != team:
            continue
        unit = info.unit
        pos = squad.pos
        attack = unit.attack
        if attack == _ATTACK_LINE:
            attacks = 1 if board.line_mask(*pos) & targets else 0
        else:
            # own sector 0: the squad stands on it, so it is never among the targets
            attacks = _attack_bits(attack, near_of[pos], enemies, targets, 0)
        reach.append((squad, zones[unit.move][pos] & ~taken, attacks))
    return reach


def can_attack(state: BattleState, squad: Squad) -> bool:
    if squad.info.unit.attack == _ATTACK_LINE:
        return bool(line_mask(state, squad))
    return bool(attack_mask(state, squad))
