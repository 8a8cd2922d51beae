"""Helpers for skirmish scenario tests: a battle from an ASCII board, forcing whose activation it
is, and applying an action with exactly the scripted rolls.

Board: ``.`` empty, ``#`` blocked; a letter is a hero: upper case team 1, lower case team 2.
Heroes get ids in the order of the ``heroes`` mapping, team 1's letters first.
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from typing import Any

from rules.rng import ScriptedRng, SeededRng
from rules.skirmish import events as ev
from rules.skirmish.actions import Action
from rules.skirmish.battle import new_battle
from rules.skirmish.catalog import SkirmishCatalog, default_skirmish_catalog
from rules.skirmish.catalog_types import DetailedWeapon
from rules.skirmish.engine import apply
from rules.skirmish.setup import SkirmishSetup, party_of
from rules.skirmish.state import SkirmishState
from rules.skirmish.text import scenario as build_scenario
from rules.skirmish.turns import begin_activation


def scenario(
    board: str, heroes: dict[str, str], *, actor: str | None = None, **options: Any
) -> tuple[SkirmishState, dict[str, int]]:
    """:func:`rules.skirmish.text.scenario`, then ``actor``'s activation made the current one."""
    state, ids = build_scenario(board, heroes, **options)
    if actor is not None:
        act_now(state, ids[actor])
    return state, ids


def act_now(state: SkirmishState, hero: int, rest: tuple[int, ...] | None = None) -> None:
    """Make ``hero``'s activation the current one, the others after it (order fixed for the round)."""
    others = rest if rest is not None else tuple(h for h in state.order if h != hero)
    state.order = (hero, *others)
    state.turn = 0
    begin_activation(state, state.heroes[hero], [])


def play(state: SkirmishState, action: Action, *rolls: int) -> list[ev.Event]:
    """Apply an action with exactly these rolls; fails if the rules asked for more or fewer."""
    rng = ScriptedRng(rolls)
    events = apply(state, action, rng)
    assert rng.remaining == 0, f"{rng.remaining} scripted rolls were not used"
    return events


def of(kind: type, events: list) -> list:
    """The events of one type, in order."""
    return [e for e in events if isinstance(e, kind)]


def names(events: list) -> list[str]:
    return [type(e).__name__ for e in events]


U1 = 1 << 31  # the U roll that gives U = 1 exactly (S-CONV-6)


def with_hero(hero_id: str, new_id: str, **attributes: Fraction) -> SkirmishCatalog:
    """The shipped catalog plus a copy of ``hero_id`` named ``new_id`` with some attributes changed."""
    cat = default_skirmish_catalog()
    base = cat.hero(hero_id)
    attrs = tuple((k, attributes.get(k, v)) for k, v in base.attributes)
    heroes = {**cat.heroes, new_id: replace(base, id=new_id, attributes=attrs)}
    return replace(cat, heroes=heroes)


# S-DATA-2/3/4 as the spec proposes them, before S-MODEL-4's calibration adjusted the detailed
# values in the shipped TOML (see skirmish_battle.toml [calibration]); with k = 17/10. The spec's
# worked examples (S-EX-21, S-EX-22) are computed with these.
SPEC_WEAPONS = {  # damage, attack, defence, length, types
    "dagger": (3, 0, 0, 0, ("piercing",)),
    "sword": (7, 0, 1, 1, ("slashing",)),
    "axe": (8, 0, 0, 1, ("slashing",)),
    "mace": (6, 0, 0, 1, ("blunt",)),
    "spear": (5, 0, 0, 3, ("piercing",)),
    "staff": (3, 0, 2, 2, ("blunt",)),
}
SPEC_ARMOURS = {"none": (0, 0), "leather": (5, 0), "chain_mail": (10, 2), "plate": (18, 4)}
SPEC_SHIELDS = {"buckler": (2, 6, 0), "shield": (4, 12, 1), "tower_shield": (6, 16, 2)}


def spec_catalog() -> SkirmishCatalog:
    """The shipped catalog with the spec's proposed detailed values of S-DATA-2/3/4 and k = 17/10."""
    cat = default_skirmish_catalog()
    weapons = {
        wid: replace(w, detailed=DetailedWeapon(*SPEC_WEAPONS[wid])) if wid in SPEC_WEAPONS else w
        for wid, w in cat.weapons.items()
    }
    armours = {
        aid: replace(a, detailed_armour=SPEC_ARMOURS[aid][0], detailed_encumbrance=SPEC_ARMOURS[aid][1])
        for aid, a in cat.armours.items()
    }
    shields = {
        sid: replace(
            s, parry=SPEC_SHIELDS[sid][0], armour=SPEC_SHIELDS[sid][1], encumbrance=SPEC_SHIELDS[sid][2]
        )
        for sid, s in cat.shields.items()
    }
    battle = replace(cat.battle, damage_scale_k=Fraction(17, 10))
    return replace(cat, weapons=weapons, armours=armours, shields=shields, battle=battle)


def random_pairing(seed: int, mode: str) -> tuple[SkirmishState, random.Random, SeededRng]:
    """A new battle of two ready parties drawn by ``seed`` on a 12 x 9 grid with two blocked cells, in
    melee ``mode``; with the chooser (already past the draw) and the battle's dice, for a random
    playout: the AI tests' mid-battle positions."""
    catalog = default_skirmish_catalog()
    parties = sorted(catalog.parties)
    chooser = random.Random(seed)
    first, second = chooser.choice(parties), chooser.choice(parties)
    setup = SkirmishSetup(
        12,
        9,
        (party_of(catalog.party(first).heroes), party_of(catalog.party(second).heroes)),
        blocked=frozenset({(5, 4), (6, 3)}),
        melee_mode=mode,
    )
    rng = SeededRng(seed)
    state, _ = new_battle(setup, rng)
    return state, chooser, rng
