"""Starting a battle: the shared Board, squads built from armies, landing (T-LAND-5), first team."""

from __future__ import annotations

from collections.abc import Iterable

from rules.core.teams import PerTeam
from rules.rng import Rng, choose, shuffled
from rules.tactics import events as ev
from rules.tactics.catalog import Catalog, default_catalog
from rules.tactics.features import feature_text_en, feature_text_ru, resolve_feature
from rules.tactics.formulas import battle_stat
from rules.tactics.landing import ANY_ZONE, dedicated_zone, landing_shortfall, team_drop_sectors
from rules.tactics.setup import (
    TEAMS,
    BattleFeature,
    BattleSetup,
    FeatureKind,
    Mode,
    Objective,
    Pos,
    SquadSpec,
    TurnOrder,
)
from rules.tactics.state import BattleState, Board, Squad, SquadInfo


def _flags_required(setup: BattleSetup) -> PerTeam[int]:
    """T-FLAG-1/4: flags each team must collect; 0 when flags do not decide the battle."""
    if setup.objective is not Objective.FLAGS:
        return PerTeam(0, 0)
    if setup.mode is Mode.MISSION:
        own = sum(1 for f in setup.flags if f.team in (1, None))
        return PerTeam(setup.objective_target or own, 0)
    if setup.flag_mode == 2:
        total = len(setup.flags)  # mode 2: all flags shared; "more than half" of this total
        return PerTeam(total, total)
    first, second = (setup.objective_target or sum(1 for f in setup.flags if f.team == t) for t in TEAMS)
    return PerTeam(first, second)


def _turn_order(setup: BattleSetup, catalog: Catalog) -> TurnOrder:
    """T-TURN-4: the setup's order if it names one; else missions FIXED, PvP the catalog's."""
    if setup.turn_order is not None:
        return setup.turn_order
    return TurnOrder.FIXED if setup.mode is Mode.MISSION else catalog.battle.turn_order


def make_board(setup: BattleSetup, catalog: Catalog) -> Board:
    start_units = PerTeam(*(sum(spec.count for spec in setup.army(team)) for team in TEAMS))
    return Board(
        setup=setup,
        catalog=catalog,
        width=setup.width,
        height=setup.height,
        blocked=setup.blocked,
        runes={r.pos: str(r.kind) for r in setup.runes},
        exits={e.pos: e.team for e in setup.exits},
        round_limit=setup.round_limit or catalog.battle.round_limit,
        turn_order=_turn_order(setup, catalog),
        flags_required=_flags_required(setup),
        start_units=start_units,
    )


def squad_info(squad_id: int, team: int, spec: SquadSpec, catalog: Catalog) -> SquadInfo:
    """T-STAT-1a..c: battle stats of a squad's units at its level."""
    unit = catalog.unit(spec.unit)
    coef = catalog.level_coef(spec.level)
    return SquadInfo(
        id=squad_id,
        team=team,
        unit=unit,
        level=spec.level,
        hp=battle_stat(coef, unit.hp),
        min_damage=battle_stat(coef, unit.min_damage),
        max_damage=battle_stat(coef, unit.max_damage),
        start_count=spec.count,
    )


def assemble(
    setup: BattleSetup,
    placements: Iterable[tuple[int, SquadSpec, Pos]],
    *,
    feature: BattleFeature,
    first_team: int,
    catalog: Catalog | None = None,
) -> BattleState:
    """A state with squads at given sectors, no rolls and no events (scenarios, loaded saves)."""
    catalog = catalog or default_catalog()
    state = BattleState(make_board(setup, catalog), feature, first_team)
    for team, spec, pos in placements:
        if pos in state.occupant or not state.enterable(pos):
            raise ValueError(f"cannot place a {spec.unit} squad on sector {pos}")
        squad = Squad(squad_info(len(state.squads), team, spec, catalog), pos)
        state.squads.append(squad)
        state.occupant[pos] = squad.id
        state.team_bits[team] |= state.board.bit(pos)
        if state.board.exits.get(pos) == team:
            state.exit_count[team] += 1
    if not state.living(first_team):
        state.active_team = 3 - first_team
    return state


def _land(setup: BattleSetup, catalog: Catalog, rng: Rng) -> list[tuple[int, SquadSpec, Pos]]:
    """T-LAND-5: squads in random order, each on a random free sector of its type, else type 2."""
    placements = []
    for team in TEAMS:
        if landing_shortfall(setup, catalog, team):
            raise ValueError(f"team {team}: the map has too few landing sectors for its army (T-LAND-5)")
        free = team_drop_sectors(setup, team)
        for spec in shuffled(rng, setup.army(team)):
            zone = dedicated_zone(catalog.unit(spec.unit))
            options = free[zone] or free[ANY_ZONE]
            pos = choose(rng, options)
            options.remove(pos)
            placements.append((team, spec, pos))
    return placements


def new_battle(
    setup: BattleSetup, rng: Rng, catalog: Catalog | None = None
) -> tuple[BattleState, list[ev.Event]]:
    """Deploy both armies, choose who acts first (T-TURN-4), resolve the feature (T-FEAT-4)."""
    catalog = catalog or default_catalog()
    placements = _land(setup, catalog, rng)
    if setup.first_team is not None:
        first_team = setup.first_team
    elif setup.mode is Mode.MISSION:
        first_team = 1  # T-TURN-4: in missions the player acts first
    else:
        first_team = rng.randint(1, 2)
    feature, rolled = resolve_feature(setup.feature, rng, catalog)
    state = assemble(setup, placements, feature=feature, first_team=first_team, catalog=catalog)
    texts = feature_text_ru(feature, catalog), feature_text_en(feature, catalog)
    events: list[ev.Event] = [
        ev.BattleStarted(setup.width, setup.height, str(setup.mode), first_team, state.board.round_limit),
        ev.FeatureResolved(str(feature.kind), feature.x, *texts, rolled),
    ]
    for squad in state.squads:
        info = squad.info
        events.append(ev.SquadDeployed(info.id, info.team, info.unit.id, squad.count, info.level, squad.pos))
    events.append(ev.RoundStarted(1))
    return state, events


__all__ = ["FeatureKind", "assemble", "make_board", "new_battle", "squad_info"]
