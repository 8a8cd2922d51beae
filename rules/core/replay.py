"""Replays of every game: one record and file format, one action codec, one verifier.

A game is fully described by its catalog, its setup, its seed and its actions, so that is what a
replay holds. The file is one JSON object:

- ``format_version``; ``game``: "tactics", "duel" or "skirmish"; ``catalog_hash``: the game's
  catalog as it was (a replay of another catalog is refused, naming the catalog);
- the game's setup fields, read and checked by the game's adapter (tactics: ``map_path``,
  ``map_hash``, ``setup_override``; duel: ``decks``, ``heroes``; skirmish: ``map_path``,
  ``map_hash``, ``parties``, ``melee_mode``, ``mode``, ``round_limit``, ``entry_energy``, ``cards``);
- ``seed``; ``actions``: each ``{"type": name, field: value ...}``, tuples as lists; ``final_hash``:
  a sha256 of ``repr(state.fingerprint())`` at the end, which :func:`verify` recomputes;
- optionally ``explanations``: why each action was played, one entry per action, null for a
  human's (:mod:`rules.core.explain`). It is metadata only: playing a replay back never reads it,
  and a file without it (every file written before it) reads and writes back exactly as it was.

Formats 1 and 2 were tactics only (2 added ``setup_override``) and are still read as tactics;
format 3 added ``game``. The hash writes sets in sorted order: the plain repr of a set of strings
(tactics auras) follows the process's string hashing, so a format 1 or 2 hash is matched against
every order of the state's sets (the same state either way).

Each game plugs in through a :class:`GameReplays` adapter, ``rules.<game>.replay.REPLAYS``: its
action types, its catalog's hash, its setup fields, its dice (seeded as its match runner seeds
them) and how the setup and seed become the start state. Nothing here reads files: the client
passes the text and, for a map game, the loaded map.
"""

from __future__ import annotations

import hashlib
import importlib
import itertools
import json
import math
import re
import types
import typing
from collections.abc import Iterator, Mapping
from dataclasses import MISSING, dataclass, field, fields, is_dataclass
from enum import Enum
from fractions import Fraction
from functools import cache
from typing import Any, ClassVar, Protocol

from rules.core.match import GameRules
from rules.core.teams import PerTeam
from rules.rng import Rng

FORMAT_VERSION = 3
READABLE_VERSIONS = (1, 2, 3)
GAMES = {"tactics": "rules.tactics.replay", "duel": "rules.duel.replay", "skirmish": "rules.skirmish.replay"}
COMMON_FIELDS = ("format_version", "game", "catalog_hash", "seed", "actions", "final_hash")
LEGACY_ORDERS = 20_000  # the most set orders tried for a format 1 or 2 hash
_FRACTION = re.compile(r"-?\d+(/\d+)?")


class ReplayError(ValueError):
    """A replay file that cannot be used; the message says why in words."""


# ---------------------------------------------------------------- the codec of frozen dataclasses


def to_plain(value: Any) -> Any:
    """``value`` as JSON values: a dataclass as an object of its fields, tuples as lists, a
    Fraction as text ("1/2"), an enum as its value."""
    if isinstance(value, Enum):
        return value.value
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, Fraction):
        return str(value)
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, tuple | list | PerTeam):
        return [to_plain(item) for item in value]
    raise TypeError(f"a replay cannot hold a {type(value).__name__}")


def from_plain(data: Any, hint: Any, where: str) -> Any:
    """The value of type ``hint`` that :func:`to_plain` wrote as ``data``; ReplayError naming
    ``where`` when ``data`` is not one."""
    if hint is Any:
        return data
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        for option in typing.get_args(hint):
            try:
                return from_plain(data, option, where)
            except ReplayError:
                continue
        raise _wrong(where, hint, data)
    if hint is None or hint is type(None):
        ok = data is None
    elif hint is bool:
        ok = isinstance(data, bool)
    elif hint is int:
        ok = isinstance(data, int) and not isinstance(data, bool)
    elif hint is str:
        ok = isinstance(data, str)
    elif hint is Fraction:
        if isinstance(data, str) and _FRACTION.fullmatch(data):
            try:
                return Fraction(data)
            except ZeroDivisionError:
                pass
        raise _wrong(where, hint, data)
    elif origin is tuple:
        return _tuple(data, hint, where)
    elif isinstance(hint, type) and issubclass(hint, Enum):
        try:
            return hint(data)
        except ValueError:
            raise _wrong(where, hint, data) from None
    elif isinstance(hint, type) and is_dataclass(hint):
        if not isinstance(data, dict):
            raise _wrong(where, hint, data)
        return build(hint, data, where)
    else:
        raise TypeError(f"the replay codec cannot read {hint!r}")
    if not ok:
        raise _wrong(where, hint, data)
    return data


def _tuple(data: Any, hint: Any, where: str) -> tuple[Any, ...]:
    args = typing.get_args(hint)
    if not isinstance(data, list):
        raise _wrong(where, hint, data)
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(from_plain(item, args[0], f"{where} item {i}") for i, item in enumerate(data, 1))
    if len(data) != len(args):
        raise _wrong(where, hint, data)
    pairs = zip(data, args, strict=True)
    return tuple(from_plain(item, kind, f"{where} item {i}") for i, (item, kind) in enumerate(pairs, 1))


def build(cls: type, data: Mapping[str, Any], where: str, *, ignore: tuple[str, ...] = ()) -> Any:
    """A ``cls`` dataclass from the object ``data`` (fields with a default may be left out)."""
    hints = _hints(cls)
    unknown = sorted(set(data) - set(hints) - set(ignore))
    if unknown:
        raise ReplayError(f"{where} has an unknown field {unknown[0]!r}")
    values = {}
    for item in fields(cls):
        if item.name in data:
            values[item.name] = from_plain(data[item.name], hints[item.name], f"{where} field {item.name!r}")
        elif item.default is MISSING and item.default_factory is MISSING:
            raise ReplayError(f"{where} is missing field {item.name!r}")
    try:
        return cls(**values)
    except ValueError as exc:  # the type's own check, in words (e.g. a melee mode)
        raise ReplayError(f"{where} is not a valid {cls.__name__}: {exc}") from None


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def describe(hint: Any) -> str:
    """What a JSON value of type ``hint`` is, in words."""
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return " or ".join(describe(option) for option in typing.get_args(hint))
    if typing.get_origin(hint) is tuple:
        args = typing.get_args(hint)
        return "a list" if len(args) == 2 and args[1] is Ellipsis else f"a list of {len(args)} values"
    if isinstance(hint, type) and issubclass(hint, Enum):
        return "one of " + ", ".join(json.dumps(member.value) for member in hint)
    names = {type(None): "null", bool: "true or false", int: "a whole number", str: "text"}
    if hint in names:
        return names[hint]
    return 'a fraction such as "1/2"' if hint is Fraction else "an object"


def _show(data: Any) -> str:
    text = json.dumps(data, ensure_ascii=False)
    return text if len(text) <= 40 else text[:39] + "…"


def _wrong(where: str, hint: Any, data: Any) -> ReplayError:
    return ReplayError(f"{where} must be {describe(hint)}, not {_show(data)}")


def action_to_json(action: Any) -> dict[str, Any]:
    """A frozen dataclass action as ``{"type": its class name, field: value ...}``."""
    return {"type": type(action).__name__, **to_plain(action)}


def action_from_json(data: Any, action_types: tuple[type, ...], where: str = "the action") -> Any:
    """The action :func:`action_to_json` wrote, of one of ``action_types``; ReplayError otherwise."""
    if not isinstance(data, dict):
        raise ReplayError(f"{where} must be an object, not {_show(data)}")
    if "type" not in data:
        raise ReplayError(f"{where} is missing field 'type'")
    known = {cls.__name__: cls for cls in action_types}
    name = data["type"]
    if not isinstance(name, str) or name not in known:
        raise ReplayError(f"{where} is of an unknown type {_show(name)} (known: {', '.join(known)})")
    return build(known[name], data, f"{where} ({name})", ignore=("type",))


def field_of(data: Mapping[str, Any], name: str, hint: Any) -> Any:
    """The top-level field ``name`` of a replay file, of type ``hint``."""
    if name not in data:
        raise ReplayError(f"missing field {name!r}")
    return from_plain(data[name], hint, f"field {name!r}")


# ---------------------------------------------------------------- the final state's hash


class _Set:
    """A set of a fingerprint, written as repr writes it but in a fixed order of its elements."""

    __slots__ = ("items", "kind")

    def __init__(self, kind: str, items: list[str]) -> None:
        self.kind = kind
        self.items = items

    def __repr__(self) -> str:
        if not self.items:
            return f"{self.kind}()"
        inner = "{" + ", ".join(self.items) + "}"
        return inner if self.kind == "set" else f"{self.kind}({inner})"


def _canonical(value: Any, found: list[_Set] | None) -> Any:
    """``value`` with every set replaced by a :class:`_Set` in sorted order (kept in ``found``)."""
    if type(value) is tuple:
        return tuple(_canonical(item, found) for item in value)
    if isinstance(value, tuple) and hasattr(value, "_fields"):  # a named tuple
        return type(value)(*(_canonical(item, found) for item in value))
    if type(value) is list:
        return [_canonical(item, found) for item in value]
    if type(value) is dict:
        return {key: _canonical(item, found) for key, item in value.items()}
    if isinstance(value, set | frozenset):
        try:
            ordered = sorted(value)
        except TypeError:
            ordered = sorted(value, key=repr)
        written = _Set(type(value).__name__, [repr(_canonical(item, None)) for item in ordered])
        if found is not None and len(written.items) > 1:
            found.append(written)
        return written
    return value


class Fingerprinted(Protocol):
    def fingerprint(self) -> tuple: ...


def _digest(value: Any) -> str:
    return hashlib.sha256(repr(value).encode()).hexdigest()


def state_hash(state: Fingerprinted) -> str:
    """A digest of everything that changes in a game: sha256 of the fingerprint's repr, sets sorted."""
    return _digest(_canonical(state.fingerprint(), None))


def hash_matches(state: Fingerprinted, final_hash: str, *, any_set_order: bool = False) -> bool:
    """Whether ``state`` is the one ``final_hash`` was taken of; ``any_set_order`` for a format 1
    or 2 hash, which wrote the sets in the order of the process that saved it."""
    found: list[_Set] = []
    written = _canonical(state.fingerprint(), found)
    if _digest(written) == final_hash:
        return True
    return any_set_order and any(_digest(written) == final_hash for _ in _set_orders(found))


def _set_orders(sets: list[_Set]) -> Iterator[None]:
    """Rewrite ``sets`` in every order of their elements in turn (equal sets alike if too many)."""
    groups = [[s] for s in sets]
    if math.prod(math.factorial(len(s.items)) for s in sets) > LEGACY_ORDERS:
        alike: dict[tuple[str, ...], list[_Set]] = {}
        for s in sets:
            alike.setdefault(tuple(s.items), []).append(s)
        groups = list(alike.values())
    if math.prod(math.factorial(len(g[0].items)) for g in groups) > LEGACY_ORDERS:
        return
    for orders in itertools.product(*(itertools.permutations(g[0].items) for g in groups)):
        for group, order in zip(groups, orders, strict=True):
            for s in group:
                s.items = list(order)
        yield None


# ---------------------------------------------------------------- the record and the file


@dataclass(frozen=True)
class Replay:
    """One recorded game. ``setup``: the game's setup fields as JSON values, checked by its adapter."""

    game: str
    catalog_hash: str
    setup: dict[str, Any] = field(hash=False)
    seed: int | str
    actions: tuple[Any, ...]
    final_hash: str
    format_version: int = FORMAT_VERSION  # the format of the file it was read from
    # Why each action was played (rules.core.explain.Explanation or None), or None: not recorded.
    explanations: tuple[Any, ...] | None = field(default=None, hash=False)

    GAME: ClassVar[str | None] = None  # a game's own Replay class reads only that game's files

    def __post_init__(self) -> None:
        clash = sorted(set(self.setup) & {*COMMON_FIELDS, "explanations"})
        if clash:
            raise ValueError(f"a setup field cannot be named {clash[0]!r}")
        if self.explanations is not None and len(self.explanations) != len(self.actions):
            raise ValueError("a replay's explanations must have one entry per action")

    @property
    def map_path(self) -> str | None:
        """The map file a map game was played on (as saved: relative to where it was saved)."""
        value = self.setup.get("map_path")
        return value if isinstance(value, str) else None

    @property
    def map_hash(self) -> str | None:
        value = self.setup.get("map_hash")
        return value if isinstance(value, str) else None

    def to_json(self) -> str:
        """The replay file's text, in the current format."""
        data = {
            "format_version": FORMAT_VERSION,
            "game": self.game,
            "catalog_hash": self.catalog_hash,
            **self.setup,
            "seed": self.seed,
            "actions": [action_to_json(action) for action in self.actions],
            "final_hash": self.final_hash,
        }
        if self.explanations is not None:  # left out when not recorded: older files stay as they were
            from rules.core.explain import explanation_to_json

            data["explanations"] = [explanation_to_json(item) for item in self.explanations]
        return json.dumps(data, indent=1, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | bytes) -> Replay:
        """The replay in a file's text; ReplayError saying in words why it is not a usable one."""
        replay = read_replay(text)
        if cls.GAME is not None and replay.game != cls.GAME:
            raise ReplayError(f"this is a {replay.game} replay, not a {cls.GAME} one")
        return replay


class GameReplays(Protocol):
    """What the replay format needs of a game (its ``rules.<game>.replay.REPLAYS``)."""

    @property
    def game(self) -> str: ...
    @property
    def catalog_name(self) -> str:
        """What its catalog is called when a replay's differs: "unit catalog", "card catalog"."""
        ...

    @property
    def noun(self) -> str:
        """One game of it: "battle", "duel"."""
        ...

    @property
    def action_types(self) -> tuple[type, ...]: ...
    @property
    def seed_hint(self) -> Any:
        """The type of its seeds (``int`` or ``int | str``)."""
        ...

    @property
    def replay_class(self) -> type[Replay]: ...
    @property
    def rules(self) -> GameRules[Any, Any]: ...

    def catalog_hash(self, catalog: Any = None) -> str:
        """The hash of ``catalog`` (None: the game's default catalog)."""
        ...

    def dice(self, seed: int | str) -> Rng:
        """The game's dice for ``seed``, exactly as its match runner seeds them."""
        ...

    def read_setup(self, data: Mapping[str, Any], version: int) -> dict[str, Any]:
        """The game's setup fields of a file of format ``version``, checked (ReplayError in words)."""
        ...

    def start(self, replay: Replay, dice: Rng, source: Any, catalog: Any) -> tuple[Any, list[Any]]:
        """The start state and its events; ``source``: what the client loaded (the map's setup)."""
        ...


def game_replays(game: str) -> GameReplays:
    """The adapter of ``game`` (one of :data:`GAMES`)."""
    adapter: GameReplays = importlib.import_module(GAMES[game]).REPLAYS
    return adapter


def read_replay(text: str | bytes) -> Replay:
    """The replay of any game in a file's text (formats 1 to 3); ReplayError in words otherwise."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ReplayError("not a Runetide replay (not JSON)") from None
    if not isinstance(data, dict):
        raise ReplayError("not a Runetide replay (not a JSON object)")
    if "format_version" not in data:
        raise ReplayError("not a Runetide replay (missing field 'format_version')")
    version = data["format_version"]
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ReplayError(
            f"not a Runetide replay (format_version must be a whole number, not {_show(version)})"
        )
    if version > FORMAT_VERSION:
        raise ReplayError(
            f"made by a newer version of the game (format {version}); "
            f"this game reads formats {READABLE_VERSIONS[0]} to {FORMAT_VERSION}"
        )
    game = "tactics" if version < 3 else field_of(data, "game", str)
    if game not in GAMES:
        raise ReplayError(f"a replay of an unknown game {game!r} (this version plays {', '.join(GAMES)})")
    adapter = game_replays(game)
    catalog_hash = field_of(data, "catalog_hash", str)
    setup = adapter.read_setup(data, version)
    seed = field_of(data, "seed", adapter.seed_hint)
    listed = field_of(data, "actions", tuple[Any, ...])
    actions = tuple(
        action_from_json(item, adapter.action_types, f"action {number}")
        for number, item in enumerate(listed, 1)
    )
    final_hash = field_of(data, "final_hash", str)
    explanations = None
    if "explanations" in data:  # optional: files written before it have none
        from rules.core.explain import explanations_from_json

        explanations = explanations_from_json(data["explanations"], adapter.action_types, len(actions))
    return adapter.replay_class(game, catalog_hash, setup, seed, actions, final_hash, version, explanations)


# ---------------------------------------------------------------- playing a replay back


def check_compatible(replay: Replay, *, map_hash: str | None = None, catalog: Any = None) -> None:
    """Refuse a replay whose catalog (or, given ``map_hash``, map file) differs from its recording's."""
    adapter = game_replays(replay.game)
    current = adapter.catalog_hash(catalog)
    if replay.catalog_hash != current:
        raise ReplayError(
            f"the {adapter.catalog_name} changed since this replay was saved ({replay.catalog_hash} -> "
            f"{current}); it can only be played with the game version that recorded it"
        )
    if map_hash is not None and replay.map_hash is not None and replay.map_hash != map_hash:
        raise ReplayError(
            f"the map {replay.map_path} changed since this replay was saved; restore that map file"
        )


def replay_actions(replay: Replay, source: Any = None, catalog: Any = None) -> tuple[Any, list[Any]]:
    """Play the replay's actions from its start with the game's dice: the final state and every event."""
    adapter = game_replays(replay.game)
    dice = adapter.dice(replay.seed)
    try:
        state, events = adapter.start(replay, dice, source, catalog)
    except ValueError as exc:  # the game's own reason, in words (an unknown hero, a full drop zone)
        raise ReplayError(f"the replay's setup does not start a {adapter.noun}: {exc}") from None
    rules = adapter.rules
    for number, action in enumerate(replay.actions, start=1):
        if rules.over(state):
            raise ReplayError(f"the {adapter.noun} is over before action {number} of the replay")
        try:
            reason = rules.check(state, action)
        except Exception:  # an action naming what this game does not have (a unit number too high)
            reason = f"it names something this {adapter.noun} does not have"
        if reason is not None:
            raise ReplayError(f"action {number} of the replay ({action}) is illegal here: {reason}")
        events.extend(rules.apply(state, action, dice))
    return state, events


def verify(replay: Replay, source: Any = None, *, map_hash: str | None = None, catalog: Any = None) -> Any:
    """Play a replay back headless and check it ends in the recorded state: the final state, or
    ReplayError (a changed catalog or map, an illegal action, another end)."""
    check_compatible(replay, map_hash=map_hash, catalog=catalog)
    state, _ = replay_actions(replay, source, catalog)
    if not hash_matches(state, replay.final_hash, any_set_order=replay.format_version < 3):
        noun = game_replays(replay.game).noun
        raise ReplayError(f"the replayed {noun} does not end in the recorded state")
    return state
