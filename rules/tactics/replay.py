"""Replays: a battle is fully described by (catalog version, map, seed, actions).

The file is JSON with a format version, the catalog's hash, the map path and its
hash, the setup override (what the battle changed in the map's setup: hot-seat's flag
mode), the battle seed, every action in order and a hash of the final state, so
``verify`` can recompute the battle and prove it identical. A replay whose map or
catalog changed since it was saved is refused with a message saying which.

Format 2 added ``setup_override``. Format 1 files (no override: the map as it is) still
load; the version was bumped so that a game reading only format 1 refuses a format 2 file
with a clear message instead of replaying it on the wrong setup and reporting a mismatch.
The rules only carry the override; the client applies it to the map's setup.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from rules.rng import SeededRng
from rules.tactics.actions import Action, Attack, Defend, LineAttack, Move, Skip, Surrender
from rules.tactics.battle import new_battle
from rules.tactics.catalog import Catalog, default_catalog
from rules.tactics.engine import IllegalAction, apply
from rules.tactics.events import Event
from rules.tactics.setup import BattleSetup
from rules.tactics.state import BattleState

FORMAT_VERSION = 2
READABLE_VERSIONS = (1, 2)
SETUP_OVERRIDES = ("flag_mode",)  # the keys a setup override may have
_ACTION_TYPES: dict[str, type] = {
    cls.__name__: cls for cls in (Move, Attack, LineAttack, Defend, Skip, Surrender)
}


class ReplayError(ValueError):
    """A replay file that cannot be used; the message says why and what to do."""


def action_to_json(action: Action) -> dict[str, Any]:
    data: dict[str, Any] = {"type": type(action).__name__}
    for name in action.__slots__:
        value = getattr(action, name)
        data[name] = list(value) if isinstance(value, tuple) else value
    return data


def action_from_json(data: dict[str, Any]) -> Action:
    try:
        cls = _ACTION_TYPES[data["type"]]
        fields = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items() if k != "type"}
        action: Action = cls(**fields)
        return action
    except (KeyError, TypeError) as exc:
        raise ReplayError(f"not an action: {data!r} ({exc})") from None


def state_hash(state: BattleState) -> str:
    """A stable digest of everything that changes in a battle."""
    return hashlib.sha256(repr(state.fingerprint()).encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Replay:
    catalog_hash: str
    map_path: str
    map_hash: str
    seed: int
    actions: tuple[Action, ...]
    final_hash: str
    format_version: int = FORMAT_VERSION
    flag_mode: int | None = None  # hot-seat's flag mode when it differs from the map's; None: the map's

    def to_json(self) -> str:
        return json.dumps(
            {
                "format_version": self.format_version,
                "catalog_hash": self.catalog_hash,
                "map_path": self.map_path,
                "map_hash": self.map_hash,
                "setup_override": self.setup_override(),
                "seed": self.seed,
                "actions": [action_to_json(a) for a in self.actions],
                "final_hash": self.final_hash,
            },
            indent=1,
        )

    def setup_override(self) -> dict[str, int]:
        """What the battle changed in its map's setup (empty: nothing)."""
        return {} if self.flag_mode is None else {"flag_mode": self.flag_mode}

    @staticmethod
    def from_json(text: str) -> Replay:
        try:
            data = json.loads(text)
            version = data["format_version"]
            if version not in READABLE_VERSIONS:
                readable = " and ".join(str(v) for v in READABLE_VERSIONS)
                raise ReplayError(f"replay format {version} is not supported (this game reads {readable})")
            override = data.get("setup_override", {}) if version >= 2 else {}
            return Replay(
                catalog_hash=str(data["catalog_hash"]),
                map_path=str(data["map_path"]),
                map_hash=str(data["map_hash"]),
                seed=int(data["seed"]),
                actions=tuple(action_from_json(a) for a in data["actions"]),
                final_hash=str(data["final_hash"]),
                flag_mode=_flag_mode(override),
            )
        except ReplayError:
            raise
        except (ValueError, KeyError, TypeError) as exc:
            raise ReplayError(f"not a Runetide replay file: {exc}") from None


def _flag_mode(override: Any) -> int | None:
    if not isinstance(override, dict):
        raise ReplayError(f"setup_override must be an object, not {override!r}")
    unknown = sorted(set(override) - set(SETUP_OVERRIDES))
    if unknown:
        raise ReplayError(f"unknown setup override {', '.join(unknown)}: saved by a newer game?")
    flag_mode = override.get("flag_mode")
    if flag_mode not in (None, 1, 2) or isinstance(flag_mode, bool):
        raise ReplayError(f"setup_override flag_mode must be 1 or 2, not {flag_mode!r}")
    return flag_mode


def record(
    setup: BattleSetup,
    seed: int,
    actions: list[Action],
    state: BattleState,
    *,
    map_path: str,
    map_hash: str,
    flag_mode: int | None = None,
) -> Replay:
    """A replay of a battle started with ``new_battle(setup, SeededRng(seed))`` and these actions.

    ``flag_mode``: the setup override, when ``setup`` is the map's in another flag mode.
    """
    return Replay(
        state.board.catalog.version,
        map_path,
        map_hash,
        seed,
        tuple(actions),
        state_hash(state),
        flag_mode=flag_mode,
    )


def check_compatible(replay: Replay, map_hash: str, catalog: Catalog | None = None) -> None:
    """Refuse a replay whose map or unit catalog differs from the one it was recorded with."""
    catalog = catalog or default_catalog()
    if replay.catalog_hash != catalog.version:
        raise ReplayError(
            f"the unit catalog changed since this replay was saved ({replay.catalog_hash} -> "
            f"{catalog.version}); it can only be played with the game version that recorded it"
        )
    if replay.map_hash != map_hash:
        raise ReplayError(
            f"the map {replay.map_path} changed since this replay was saved; restore that map file"
        )


def replay_battle(
    setup: BattleSetup, replay: Replay, catalog: Catalog | None = None
) -> tuple[BattleState, list[Event]]:
    """Recompute the battle of a replay: the final state and every event, in order."""
    rng = SeededRng(replay.seed)
    state, events = new_battle(setup, rng, catalog)
    for number, action in enumerate(replay.actions, start=1):
        try:
            events.extend(apply(state, action, rng))
        except IllegalAction as exc:
            raise ReplayError(f"action {number} of the replay ({action}) is illegal here: {exc}") from None
    return state, events


def verify(setup: BattleSetup, replay: Replay, map_hash: str, catalog: Catalog | None = None) -> BattleState:
    """Recompute a replay headless and check it ends in the recorded state; raises ReplayError otherwise."""
    check_compatible(replay, map_hash, catalog)
    state, _ = replay_battle(setup, replay, catalog)
    if state_hash(state) != replay.final_hash:
        raise ReplayError("the replayed battle does not end in the recorded state")
    return state
