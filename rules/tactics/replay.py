"""Tactics replays: a battle is (catalog version, map, setup override, seed, actions), in the one
replay format of :mod:`rules.core.replay`.

The tactics setup fields are the map path and its hash and the setup override (what the battle
changed in the map's setup: hot-seat's flag mode). The client loads the map and applies the
override; :func:`verify` re-plays the battle from that setup and proves it identical. A replay
whose map or unit catalog changed since it was saved is refused with a message saying which.

Files of format 1 (no override: the map as it is) and 2 (with ``setup_override``) were written
before the format named its game; both are read as tactics replays. Format 3 adds ``game``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, get_args

from rules.core import replay as core
from rules.core.explain import Explanation
from rules.core.replay import FORMAT_VERSION, READABLE_VERSIONS, ReplayError, state_hash
from rules.rng import Rng, SeededRng
from rules.tactics.actions import Action
from rules.tactics.battle import new_battle
from rules.tactics.catalog import Catalog, default_catalog
from rules.tactics.events import Event
from rules.tactics.match import RULES
from rules.tactics.setup import BattleSetup
from rules.tactics.state import BattleState

__all__ = [
    "FORMAT_VERSION",
    "READABLE_VERSIONS",
    "REPLAYS",
    "SETUP_OVERRIDES",
    "Replay",
    "ReplayError",
    "action_from_json",
    "action_to_json",
    "check_compatible",
    "record",
    "replay_battle",
    "state_hash",
    "verify",
]

SETUP_OVERRIDES = ("flag_mode",)  # the keys a setup override may have
ACTION_TYPES: tuple[type, ...] = get_args(Action)  # every action type, from the game's union


class Replay(core.Replay):
    """A tactics replay: the core record with the tactics setup fields by name."""

    GAME: ClassVar[str | None] = "tactics"

    @property
    def map_path(self) -> str:
        return str(self.setup["map_path"])

    @property
    def map_hash(self) -> str:
        return str(self.setup["map_hash"])

    @property
    def flag_mode(self) -> int | None:
        """Hot-seat's flag mode when it differs from the map's; None: the map's."""
        mode: int | None = self.setup["setup_override"].get("flag_mode")
        return mode

    def setup_override(self) -> dict[str, int]:
        """What the battle changed in its map's setup (empty: nothing)."""
        return dict(self.setup["setup_override"])


class TacticsReplays:
    """The tactics game in the replay format (:class:`rules.core.replay.GameReplays`)."""

    game = "tactics"
    catalog_name = "unit catalog"
    noun = "battle"
    action_types = ACTION_TYPES
    seed_hint = int
    replay_class = Replay
    rules = RULES

    def catalog_hash(self, catalog: Catalog | None = None) -> str:
        return (catalog or default_catalog()).version

    def dice(self, seed: int | str) -> Rng:
        return SeededRng(seed)  # as rules.tactics.match.play_match

    def read_setup(self, data: Mapping[str, Any], version: int) -> dict[str, Any]:
        if version >= 3:  # format 2 files may leave it out: no override
            override = core.field_of(data, "setup_override", Any)
        else:
            override = data.get("setup_override", {}) if version == 2 else {}
        return {
            "map_path": core.field_of(data, "map_path", str),
            "map_hash": core.field_of(data, "map_hash", str),
            "setup_override": _checked_override(override),
        }

    def start(
        self, replay: core.Replay, dice: Rng, source: BattleSetup, catalog: Catalog | None
    ) -> tuple[BattleState, list[Event]]:
        return new_battle(source, dice, catalog)


REPLAYS: core.GameReplays = TacticsReplays()


def _checked_override(override: Any) -> dict[str, int]:
    if not isinstance(override, dict):
        raise ReplayError(f"setup_override must be an object, not {override!r}")
    unknown = sorted(set(override) - set(SETUP_OVERRIDES))
    if unknown:
        raise ReplayError(f"unknown setup override {', '.join(unknown)}: saved by a newer game?")
    flag_mode = override.get("flag_mode")
    if flag_mode not in (None, 1, 2) or isinstance(flag_mode, bool):
        raise ReplayError(f"setup_override flag_mode must be 1 or 2, not {flag_mode!r}")
    return {} if flag_mode is None else {"flag_mode": flag_mode}


def action_to_json(action: Action) -> dict[str, Any]:
    return core.action_to_json(action)


def action_from_json(data: Any) -> Action:
    action: Action = core.action_from_json(data, ACTION_TYPES)
    return action


def record(
    setup: BattleSetup,
    seed: int,
    actions: list[Action],
    state: BattleState,
    *,
    map_path: str,
    map_hash: str,
    flag_mode: int | None = None,
    explanations: Sequence[Explanation | None] | None = None,
) -> Replay:
    """A replay of a battle started with ``new_battle(setup, SeededRng(seed))`` and these actions.

    ``flag_mode``: the setup override, when ``setup`` is the map's in another flag mode.
    ``explanations``: why each action was played (None for a human's), the replay's optional field.
    """
    override = {} if flag_mode is None else {"flag_mode": flag_mode}
    fields = {"map_path": map_path, "map_hash": map_hash, "setup_override": override}
    why = None if explanations is None else tuple(explanations)
    version = state.board.catalog.version
    return Replay("tactics", version, fields, seed, tuple(actions), state_hash(state), explanations=why)


def check_compatible(replay: core.Replay, map_hash: str, catalog: Catalog | None = None) -> None:
    """Refuse a replay whose map or unit catalog differs from the one it was recorded with."""
    core.check_compatible(replay, map_hash=map_hash, catalog=catalog)


def replay_battle(
    setup: BattleSetup, replay: core.Replay, catalog: Catalog | None = None
) -> tuple[BattleState, list[Event]]:
    """Recompute the battle of a replay: the final state and every event, in order."""
    state, events = core.replay_actions(replay, setup, catalog)
    return state, events


def verify(
    setup: BattleSetup, replay: core.Replay, map_hash: str, catalog: Catalog | None = None
) -> BattleState:
    """Recompute a replay headless and check it ends in the recorded state; raises ReplayError otherwise."""
    state: BattleState = core.verify(replay, setup, map_hash=map_hash, catalog=catalog)
    return state
