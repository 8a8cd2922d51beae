"""Where to stand (issue #24): for each sector a squad can reach, what standing there risks and offers.

For the selected squad and every sector it may end its move on (its own included), from its
team's view (hidden traps unknown, P-AI-1):

- ``danger``: the units it would expect to lose to the worst single attack the enemy can make on
  its next activation (one enemy squad acts per activation, T-TURN-1): for each enemy squad that
  may act then, its best attack on our squad from any sector it can reach (moving, then
  attacking: T-ATK-1..3, a shooter in melee mode next to an enemy, the distance penalty
  T-PROP-4), as the exact expected kills of :func:`rules.tactics.preview.preview_target`;
- ``attack``: the best expected kills our squad can deal from there this turn (0 when nothing is
  in reach), and ``target``, the sector of that best target.

Both use the attack preview's exact odds (Fractions), so the shading a player sees and the
preview on hover always agree (a test checks it on ASCII boards). A rune on the sector counts as
gained (T-RUNE-1), for our squad and for an enemy stepping on one to attack. The squad's own
choices after arriving (Defend) are not assumed.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rules.tactics.combat import StrikeKind
from rules.tactics.preview import preview_target
from rules.tactics.primitives import relocate
from rules.tactics.setup import Pos
from rules.tactics.state import BattleState, Squad
from rules.tactics.targets import attack_mask, attack_mode, destinations, line_mask

ZERO = Fraction(0)


@dataclass(frozen=True, slots=True)
class Standing:
    """One reachable sector: the worst expected loss there and the best expected kills from it."""

    pos: Pos
    danger: Fraction
    threat: int | None  # the enemy squad behind ``danger`` (None: no enemy can reach it)
    attack: Fraction
    target: Pos | None  # the best target from there (None: none in reach)


def placed(state: BattleState, squad_id: int, pos: Pos) -> BattleState:
    """A copy of ``state`` with the squad standing on ``pos``, with the aura of a rune there."""
    twin = state.clone()
    squad = twin.squads[squad_id]
    if squad.pos != pos:
        relocate(twin, squad, pos, [])
    rune = twin.board.runes.get(pos)
    if rune is not None:
        squad.auras = squad.auras | {rune}
    return twin


def may_move(state: BattleState, squad: Squad) -> bool:
    """Whether the squad still chooses where to stand this turn (not moved yet, T-TURN-2)."""
    return state.current != squad.info.id


def reachable(state: BattleState, squad: Squad) -> tuple[Pos, ...]:
    """The sectors the squad may end its move on: where it stands, then its movement zone."""
    return (squad.pos, *destinations(state, squad)) if may_move(state, squad) else (squad.pos,)


def next_attackers(state: BattleState, team: int) -> list[Squad]:
    """The enemy squads that may act on the enemy's next activation: alive and not stunned; of
    those, the ones that have not acted this round, unless all have (then the next round's)."""
    enemies = [s for s in state.squads if s.alive and s.info.team != team and not s.stunned(state.round_no)]
    fresh = [s for s in enemies if not s.acted]
    return fresh or enemies


def strikes_on(state: BattleState, attacker: Squad, target: Pos) -> list[tuple[Pos, StrikeKind]]:
    """Every (sector, mode) from which ``attacker`` can strike ``target`` after a move (or none)."""
    bit = state.board.bit(target)
    found = []
    for pos in (attacker.pos, *destinations(state, attacker)):
        if attacker.info.unit.attack == "line":
            if line_mask(state, attacker, pos) & bit:
                found.append((pos, StrikeKind.LINE))
        elif attack_mask(state, attacker, pos) & bit:
            found.append((pos, attack_mode(state, attacker, pos)))
    return found


class _Odds:
    """Expected kills of one strike, computed once per case that can differ: who strikes whom, the
    mode, whether the distance penalty applies (T-PROP-4), and the runes under both squads
    (T-RUNE-1); nothing else about the two sectors changes the odds (T-HIT-1, T-DMG-4..9)."""

    def __init__(self) -> None:
        self.cache: dict[tuple, Fraction] = {}

    def kills(self, state: BattleState, attacker: Squad, frm: Pos, target: Pos, kind: StrikeKind) -> Fraction:
        """``attacker`` striking the squad on ``target`` from ``frm`` in ``state`` (moved there first)."""
        board = state.board
        reach = board.catalog.battle.distance_penalty_range
        far = kind is StrikeKind.RANGED and _chebyshev(frm, target) >= reach
        runes = (board.runes.get(frm), board.runes.get(target))
        key = (attacker.info.id, state.occupant[target], kind, far, runes)
        found = self.cache.get(key)
        if found is None:
            there = placed(state, attacker.info.id, frm) if frm != attacker.pos else state
            found = preview_target(there, there.squads[attacker.info.id], target, kind).expected_kills
            self.cache[key] = found
        return found


def _chebyshev(a: Pos, b: Pos) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def best_attack(state: BattleState, squad: Squad, odds: _Odds | None = None) -> tuple[Fraction, Pos | None]:
    """The squad's best expected kills from where it stands now, and that target's sector (for a
    line attacker: the sum over every target on its row and column, T-ATK-3)."""
    odds = odds or _Odds()
    pos = squad.pos
    if squad.info.unit.attack == "line":
        targets = [t for t in state.board.positions(line_mask(state, squad)) if t in state.occupant]
        total = sum((odds.kills(state, squad, pos, t, StrikeKind.LINE) for t in targets), ZERO)
        return total, (targets[0] if targets else None)
    kind = attack_mode(state, squad)
    best, where = ZERO, None
    for target in state.board.positions(attack_mask(state, squad)):
        if target not in state.occupant:
            continue  # a barricade: no units to kill
        kills = odds.kills(state, squad, pos, target, kind)
        if kills > best or where is None:
            best, where = kills, target
    return best, where


def standing_map(state: BattleState, squad_id: int) -> dict[Pos, Standing]:
    """Every sector the squad may end its move on, with its danger and attack (see the module)."""
    squad = state.squads[squad_id]
    team = squad.info.team
    odds = _Odds()
    out: dict[Pos, Standing] = {}
    for pos in reachable(state, squad):
        there = placed(state, squad_id, pos)
        danger, threat = ZERO, None
        for enemy in next_attackers(there, team):
            worst = max(
                (odds.kills(there, enemy, frm, pos, kind) for frm, kind in strikes_on(there, enemy, pos)),
                default=None,
            )
            if worst is not None and (threat is None or worst > danger):
                danger, threat = worst, enemy.info.id
        attack, target = best_attack(there, there.squads[squad_id], odds)
        out[pos] = Standing(pos, danger, threat, attack, target)
    return out
