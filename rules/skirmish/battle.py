"""Starting a skirmish: the shared Board, heroes from the parties, deployment, round 1.

The melee mode is fixed here (S-MODEL-1): the setup's (the map's) choice, else the caller's
Settings choice, else the catalog default. Every hero enters with full HP and mana (S-MANA-3),
its side's entry energy (S-ENERGY-5) and, in detailed mode, the fatigue it implies (S-MODEL-3).
"""

from __future__ import annotations

from fractions import Fraction

from rules.core.grid import Pos
from rules.rng import Rng
from rules.skirmish import events as ev
from rules.skirmish.catalog import Known, SkirmishCatalog, default_skirmish_catalog, loadout_problem
from rules.skirmish.catalog_types import Attribute
from rules.skirmish.formulas import energy_factor, start_fatigue
from rules.skirmish.setup import MELEE_MODES, MeleeMode, SkirmishSetup, deploy_cells
from rules.skirmish.state import Board, Hero, HeroInfo, SkirmishState
from rules.skirmish.turns import advance


def make_board(setup: SkirmishSetup, catalog: SkirmishCatalog, settings_mode: str | None = None) -> Board:
    mode = setup.melee_mode or settings_mode or catalog.battle.melee_mode
    if mode not in MELEE_MODES:
        raise ValueError(f"melee mode must be one of {MELEE_MODES}, got {mode!r}")
    return Board(
        setup=setup,
        catalog=catalog,
        terrain=setup.blocked,
        melee_mode=MeleeMode(mode),
        damage_scale=catalog.battle.damage_scale_k,
        round_limit=setup.round_limit or catalog.battle.round_limit,
    )


def new_battle(
    setup: SkirmishSetup,
    rng: Rng,
    catalog: SkirmishCatalog | None = None,
    *,
    settings_mode: str | None = None,
) -> tuple[SkirmishState, list[ev.Event]]:
    """A battle ready for the first activation of round 1, and the events that set it up."""
    catalog = catalog or default_skirmish_catalog()
    board = make_board(setup, catalog, settings_mode)
    state = SkirmishState(board)
    events: list[ev.Event] = [
        ev.BattleStarted(
            setup.width,
            setup.height,
            str(setup.mode),
            board.melee_mode,
            board.round_limit,
            board.damage_scale,
        )
    ]
    taken: set[Pos] = {spec.pos for party in setup.parties for spec in party if spec.pos is not None}
    for team, party in setup.parties.items():
        free = iter(deploy_cells(setup, team, sum(1 for s in party if s.pos is None), taken))
        energy = setup.entry_energy[team]
        if energy is None:
            energy = catalog.battle.entry_energy
        for spec in party:
            hero_type = catalog.hero(spec.hero)
            loadout = spec.loadout or hero_type.loadout
            if spec.loadout is not None:
                attrs = dict(hero_type.attributes)
                problem = loadout_problem(
                    loadout, _known(catalog), attrs, hero_type.hero_class, hero_type.schools
                )
                if problem:
                    raise ValueError(f"hero {spec.hero!r}: loadout {problem}")
            pos = spec.pos if spec.pos is not None else next(free)
            if not setup.in_bounds(pos) or pos in setup.blocked or pos in state.occupant:
                raise ValueError(f"hero {spec.hero!r} cannot stand on {pos}")
            info = HeroInfo(
                id=len(state.heroes),
                team=team,
                hero=hero_type,
                loadout=loadout,
                max_hp=hero_type.max_hp,
                max_mana=hero_type.max_mana,
                energy=Fraction(energy),
                energy_mult=energy_factor(Fraction(energy)),
                castable_level=hero_type.castable_level,
                quick=frozenset(loadout.quick),
                agility=hero_type.attr(Attribute.AGILITY),
                strength=hero_type.attr(Attribute.STRENGTH),
                wisdom=hero_type.attr(Attribute.WISDOM),
            )
            fatigue = start_fatigue(Fraction(energy), catalog.battle.start_fatigue) if board.detailed else 0
            hero = Hero(info, pos, fatigue)
            state.heroes.append(hero)
            state.occupant[pos] = hero.id
            events.append(ev.HeroDeployed(hero.id, team, hero_type.id, pos, hero.hp, hero.mana, fatigue))
    if not state.living(1) or not state.living(2):
        raise ValueError("each side needs at least one hero")
    advance(state, rng, events)
    return state, events


def _known(catalog: SkirmishCatalog) -> Known:
    return Known(catalog.weapons, catalog.armours, catalog.shields, catalog.spells, catalog.classes)
