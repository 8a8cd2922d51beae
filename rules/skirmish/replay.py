"""Skirmish replays: a battle is (hero catalog, map, parties, melee mode and the rest of the setup,
seed, actions), in the one replay format of :mod:`rules.core.replay`.

The skirmish's setup fields: ``map_path`` and ``map_hash`` (the map gives the grid, the blocked
cells and the drop zones), ``parties`` (each hero with its cell and loadout, S-SPELL-11),
``melee_mode`` (the one the battle was fought in, S-MODEL-1), ``mode``, ``round_limit``,
``entry_energy`` and ``cards``. :func:`rebuild` makes the setup again from them and the loaded
map, as :func:`rules.skirmish.setup.from_battle_setup` did. The dice are
``SeededRng(f"{seed}/battle")``, as :func:`rules.skirmish.match.play_match` seeds them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any, get_args

from rules.core import replay as core
from rules.core.replay import Replay, ReplayError
from rules.core.teams import Mode, PerTeam
from rules.rng import Rng, SeededRng
from rules.skirmish.actions import (
    Action,
)
from rules.skirmish.battle import new_battle
from rules.skirmish.catalog import SkirmishCatalog, default_skirmish_catalog
from rules.skirmish.events import Event
from rules.skirmish.match import RULES
from rules.skirmish.setup import MELEE_MODES, HeroSpec, MapCells, SkirmishSetup, from_battle_setup
from rules.skirmish.state import SkirmishState

ACTION_TYPES: tuple[type, ...] = get_args(Action)  # every action type, from the game's union
SETUP_FIELDS: dict[str, Any] = {  # each field and its type, after map_path and map_hash
    "parties": tuple[tuple[HeroSpec, ...], tuple[HeroSpec, ...]],
    "melee_mode": str,
    "mode": Mode,
    "round_limit": int | None,
    "entry_energy": tuple[Fraction | None, Fraction | None],
    "cards": tuple[tuple[str, ...], tuple[str, ...]],
}


class SkirmishReplays:
    """The hero skirmish in the replay format (:class:`rules.core.replay.GameReplays`)."""

    game = "skirmish"
    catalog_name = "hero catalog"
    noun = "battle"
    action_types = ACTION_TYPES
    seed_hint = int | str
    replay_class = Replay
    rules = RULES

    def catalog_hash(self, catalog: SkirmishCatalog | None = None) -> str:
        return (catalog or default_skirmish_catalog()).version

    def dice(self, seed: int | str) -> Rng:
        return SeededRng(f"{seed}/battle")  # as rules.skirmish.match.play_match

    def read_setup(self, data: Mapping[str, Any], version: int) -> dict[str, Any]:
        fields = {
            "map_path": core.field_of(data, "map_path", str),
            "map_hash": core.field_of(data, "map_hash", str),
        }
        for name, hint in SETUP_FIELDS.items():
            fields[name] = core.to_plain(core.field_of(data, name, hint))
        if fields["melee_mode"] not in MELEE_MODES:
            raise ReplayError(
                f"field 'melee_mode' must be {' or '.join(MELEE_MODES)}, not {fields['melee_mode']!r}"
            )
        return fields

    def start(
        self, replay: core.Replay, dice: Rng, source: MapCells, catalog: SkirmishCatalog | None
    ) -> tuple[SkirmishState, list[Event]]:
        return new_battle(rebuild(replay.setup, source), dice, catalog)


REPLAYS: core.GameReplays = SkirmishReplays()


def setup_fields(setup: SkirmishSetup, melee_mode: str) -> dict[str, Any]:
    """What a replay writes of ``setup`` besides its map; ``melee_mode``: the one fought in."""
    values = {
        "parties": setup.parties,
        "melee_mode": melee_mode,
        "mode": setup.mode,
        "round_limit": setup.round_limit,
        "entry_energy": setup.entry_energy,
        "cards": setup.cards,
    }
    return {name: core.to_plain(value) for name, value in values.items()}


def rebuild(fields: Mapping[str, Any], cells: MapCells) -> SkirmishSetup:
    """The setup of a replay's fields on the loaded map ``cells``."""
    values = {
        name: core.from_plain(fields[name], hint, f"field {name!r}") for name, hint in SETUP_FIELDS.items()
    }
    party1, party2 = values["parties"]
    setup = from_battle_setup(
        cells,
        party1,
        party2,
        melee_mode=values["melee_mode"],
        entry_energy=values["entry_energy"],
        mode=values["mode"],
        round_limit=values["round_limit"],
    )
    return replace(setup, cards=PerTeam.of(values["cards"]))


def rebuilds(setup: SkirmishSetup, cells: MapCells, melee_mode: str) -> bool:
    """Whether a replay on the map ``cells`` gives ``setup`` back (fought in ``melee_mode``)."""
    again = rebuild(setup_fields(setup, melee_mode), cells)
    return replace(again, melee_mode=melee_mode) == replace(setup, melee_mode=melee_mode)


def record(
    setup: SkirmishSetup,
    seed: int | str,
    actions: Sequence[Action],
    state: SkirmishState,
    *,
    map_path: str,
    map_hash: str,
) -> Replay:
    """A replay of the battle ``play_match(setup, players, seed)`` played to ``state`` on a map file."""
    fields = {"map_path": map_path, "map_hash": map_hash, **setup_fields(setup, state.board.melee_mode)}
    catalog = state.board.catalog.version
    return Replay("skirmish", catalog, fields, seed, tuple(actions), core.state_hash(state))
