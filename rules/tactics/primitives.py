"""The few private primitives through which every change of a battle passes.

Each mutates the state and appends its event, so the event log always tells
the whole story. Win conditions are re-checked right after a change that can
decide the battle (T-END-4).
"""

from __future__ import annotations

from enum import StrEnum

from rules.tactics import events as ev
from rules.tactics.formulas import apply_damage
from rules.tactics.outcome import check_end
from rules.tactics.setup import Pos
from rules.tactics.state import BattleState, Squad


class DamageSource(StrEnum):
    """What dealt damage (the ``source`` of :class:`~rules.tactics.events.Damaged`)."""

    ATTACK = "attack"
    TRAP = "trap"  # T-TRAP-1


def deal_damage(
    state: BattleState,
    target: Pos,
    damage: int,
    source: DamageSource,
    attacker_team: int | None,
    events: list,
) -> None:
    """Damage the squad or barricade at ``target`` (T-HP-1, T-DMG-9); remove it at 0."""
    if target in state.barricades:
        hp = max(0, state.barricades[target] - damage)
        events.append(ev.Damaged(target, None, damage, 0 if hp else 1, 1 if hp else 0, hp, source))
        if hp:
            state.barricades[target] = hp
        else:
            del state.barricades[target]
            state.barricade_bits &= ~state.board.bit(target)
            events.append(ev.BarricadeDestroyed(target))
        return
    squad = state.squad_at(target)
    if squad is None:
        raise AssertionError(f"nothing to damage at {target}")
    count, top_hp, killed = apply_damage(squad.count, squad.top_hp, squad.info.hp, damage)
    squad.count, squad.top_hp = count, top_hp
    if attacker_team is not None and attacker_team != squad.info.team:
        state.kills[attacker_team] += killed  # T-HP-4: only the team's own strikes count
    events.append(ev.Damaged(target, squad.info.id, damage, killed, count, top_hp, source))
    if not count:
        remove_squad(state, squad, events)


def remove_squad(state: BattleState, squad: Squad, events: list) -> None:
    """T-HP-2: a squad with no units leaves the field; on an exit sector it counts as leaving (T-EXIT-4)."""
    del state.occupant[squad.pos]
    state.team_bits[squad.info.team] &= ~state.board.bit(squad.pos)
    events.append(ev.SquadDestroyed(squad.info.id, squad.info.team, squad.pos))
    leave_exit(state, squad, squad.pos, events)
    check_end(state, events)


def leave_exit(state: BattleState, squad: Squad, pos: Pos, events: list) -> None:
    """T-EXIT-2: stepping off (or dying on, T-EXIT-4) an own exit sector lowers the team's counter."""
    team = squad.info.team
    if state.board.exits.get(pos) == team:
        state.exit_count[team] -= 1
        events.append(
            ev.ExitCounterChanged(team, squad.info.id, state.exit_count[team], state.exit_target(team), False)
        )


def relocate(state: BattleState, squad: Squad, to: Pos, events: list) -> None:
    """T-MOVE-3: put the squad on its destination (only the destination counts as stepped on).

    The exit counters follow at once (T-EXIT-2), before any object on the sector reacts, so a
    squad that then dies there counts as leaving again (T-EXIT-4).
    """
    frm = squad.pos
    del state.occupant[frm]
    squad.pos = to
    state.occupant[to] = squad.info.id
    bit = state.board.bit
    state.team_bits[squad.info.team] ^= bit(frm) | bit(to)
    events.append(ev.SquadMoved(squad.info.id, frm, to))
    leave_exit(state, squad, frm, events)  # T-EXIT-2: exit to exit is -1 then +1
    team = squad.info.team
    if state.board.exits.get(to) == team:  # T-EXIT-2/3: own exit sectors only
        state.exit_count[team] += 1
        events.append(
            ev.ExitCounterChanged(team, squad.info.id, state.exit_count[team], state.exit_target(team), True)
        )
        check_end(state, events)  # T-EXIT-4: checked right after the move
