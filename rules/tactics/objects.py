"""Map objects reacting to a squad that stepped onto their sector (T-TRAP, T-RUNE, T-FLAG, T-CHEST).

Order on one sector (after the exit counter, which the move itself updates): a
trap first (it may destroy the squad, and then nothing else reacts), then a rune
circle, a flag and a chest. Once the battle is decided, nothing more reacts.
"""

from __future__ import annotations

from rules.rng import Rng, choose_weighted
from rules.tactics import events as ev
from rules.tactics.catalog import default_catalog
from rules.tactics.outcome import check_end
from rules.tactics.primitives import DamageSource, deal_damage
from rules.tactics.setup import Flag, Mode
from rules.tactics.state import BattleState, Squad

# The shipped catalog's chest bonus ids (T-CHEST-3), for callers that list them. A battle draws
# from its own catalog's table (tactics_units.toml [battle] chest_bonuses), by weight (T-CHEST-4).
CHEST_BONUSES = tuple(option.id for option in default_catalog().battle.chest_bonuses)


def flag_reacts(state: BattleState, flag: Flag, team: int) -> bool:
    """T-FLAG-2/3: mission flags react only to the player; PvP mode 1 to their own team; mode 2 to all."""
    setup = state.board.setup
    if setup.mode is Mode.MISSION:
        return team == 1
    if setup.flag_mode == 2 or flag.team is None:
        return True
    return flag.team == team


def chest_reacts(state: BattleState, team: int) -> bool:
    """T-CHEST-2: in missions only the player's squads open chests; in PvP either player's."""
    return state.board.setup.mode is Mode.PVP or team == 1


def enter_sector(state: BattleState, squad: Squad, rng: Rng, events: list) -> None:
    """Trigger what lies on the squad's new sector."""
    if state.over:
        return
    pos = squad.pos
    team = squad.info.team
    trap = state.traps.pop(pos, None)
    if trap is not None:  # T-TRAP-1..3: any team, pure damage, then gone
        battle = state.board.catalog.battle
        damage = rng.randint(battle.trap_damage_min, battle.trap_damage_max)
        events.append(ev.TrapTriggered(pos, squad.info.id, damage))
        deal_damage(state, pos, damage, DamageSource.TRAP, None, events)
        if not squad.alive or state.over:
            return

    rune = state.board.runes.get(pos)
    if rune is not None and rune not in squad.auras:  # T-RUNE-1/2: once per parameter per squad
        squad.auras = squad.auras | {rune}
        events.append(ev.AuraGained(squad.info.id, rune, state.board.catalog.battle.rune(rune)))

    flag = state.flags.get(pos)
    if flag is not None and flag_reacts(state, flag, team):  # T-FLAG-1: the flag disappears
        del state.flags[pos]
        state.flag_count[team] += 1
        required = state.board.flags_required[team]
        events.append(ev.FlagTaken(pos, team, squad.info.id, state.flag_count[team], required))
        if check_end(state, events):
            return

    if pos in state.chests and chest_reacts(state, team):  # T-CHEST-1..4
        del state.chests[pos]
        table = state.board.catalog.battle.chest_bonuses  # T-CHEST-3/4, T-DATA-5
        bonus = choose_weighted(rng, [option.id for option in table], [option.weight for option in table])
        pending = list(state.pending_bonus)
        pending[team] = (*pending[team], bonus)
        state.pending_bonus = tuple(pending)
        events.append(ev.ChestOpened(pos, team, squad.info.id, bonus))
