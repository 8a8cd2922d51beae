"""Replay files on disk, for every game: save a finished game, read one back, check a whole folder.

The format is :mod:`rules.core.replay`'s. A tactics or skirmish replay names its map: a shipped
map by its name in the shipped maps folder ("tutorial.tmx"), so the replay still plays after the
game is installed elsewhere, and any other map by its absolute path (see :func:`map_reference`).
Loading it finds the map (:func:`resolve_map`: an older replay's absolute path loads while that
file is there and is refused as missing otherwise), checks it is unchanged, then rebuilds the
setup the game was played with (a tactics battle's recorded flag mode, see
:mod:`client.battle.setup_override`; a skirmish's parties and the rest, see
:mod:`rules.skirmish.replay`). A replay whose map or catalog changed is refused. Tactics replays
are watched in the battle scene's viewer, duel replays in the duel table's
(:mod:`client.duel.replay_view`, from the Replays list); :func:`verify_file` checks a replay of any
game headless. :func:`scan_replays` checks a whole folder for the main menu's Replays list.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import logging
import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from client import resources
from client.battle.setup_override import apply_flag_mode, flag_mode_override
from client.tiled import MapError, load_setup
from rules.core import replay as core
from rules.core.explain import Explanation
from rules.core.replay import ReplayError
from rules.tactics.actions import Action
from rules.tactics.replay import Replay, record, verify
from rules.tactics.setup import BattleSetup
from rules.tactics.state import BattleState

if TYPE_CHECKING:  # the duel and skirmish rules load only when one of their replays is saved or read
    from rules.duel.setup import DeckChoice
    from rules.duel.state import DuelState
    from rules.skirmish.setup import SkirmishSetup
    from rules.skirmish.state import SkirmishState

log = logging.getLogger(__name__)

UNEXPECTED = "it could not be checked: an unexpected problem (written to the log)"
GAME_SCENES = {"skirmish": "the skirmish scene"}  # where a viewer will come
MENU_VIEWERS = ("duel",)  # games whose replays are watched from the main menu's Replays list only


def map_hash(path: str | Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def map_reference(map_path: str | Path) -> str:
    """How a replay names its map: a shipped map's name ("tutorial.tmx"), else the absolute path."""
    return resources.shipped_name(map_path) or str(Path(map_path).resolve())


def resolve_map(reference: str) -> Path | None:
    """The map file a replay's ``reference`` names on this machine, or None when it is not there.

    A relative reference is a shipped map's name; replays saved before wrote the path as given
    on the command line, "maps/arena_pit.tmx", which is the shipped map of that name too (or,
    failing that, the file at that path from the current folder, as they were read then).
    """
    path = Path(reference)
    if path.is_absolute():
        return path if path.is_file() else None
    shipped = resources.maps_dir()
    for candidate in (shipped / path, shipped / reference.removeprefix("maps/"), path):
        if candidate.is_file():
            return candidate
    return None


def write_replay(path: str | Path, replay: core.Replay) -> None:
    """Write ``replay`` atomically: a half-written file never replaces a good one."""
    write_text_atomic(path, replay.to_json())


def write_text_atomic(path: str | Path, content: str) -> None:
    """Write ``content`` to ``path`` through a temporary file in the same folder and a rename, so a
    half-written file never replaces a good one (replays, deck files)."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=target.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(content)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def save_replay(
    path: str | Path,
    setup: BattleSetup,
    map_path: str | Path,
    seed: int,
    actions: list[Action],
    state: BattleState,
    explanations: Sequence[Explanation | None] | None = None,
) -> Replay:
    """Write a tactics replay atomically.

    ``setup`` is the one the battle was played with: the map's, or the map's in another flag
    mode (recorded as the setup override). ReplayError when the map file no longer gives it
    (changed during the battle), since such a replay could never be played back.
    ``explanations``: why the computer played each action (None for a human's), kept in the
    replay's optional field for the viewer's "Why?" panel; None writes no such field.
    """
    try:
        override = flag_mode_override(load_setup(map_path), setup)
    except (MapError, ValueError) as exc:
        raise ReplayError(f"{map_path}: the battle cannot be saved as a replay: {exc}") from None
    replay = record(
        setup,
        seed,
        actions,
        state,
        map_path=map_reference(map_path),
        map_hash=map_hash(map_path),
        flag_mode=override,
        explanations=explanations,
    )
    write_replay(path, replay)
    return replay


def save_duel_replay(
    path: str | Path,
    state: DuelState,
    seed: int | str,
    actions: Sequence[Any],
    *,
    decks: tuple[DeckChoice, DeckChoice] = ("starter", "starter"),
) -> core.Replay:
    """Write a duel replay atomically: the duel played with ``decks`` and ``seed`` to ``state``."""
    from rules.duel.replay import record as record_duel

    replay = record_duel(state, seed, actions, decks=decks)
    write_replay(path, replay)
    return replay


def save_skirmish_replay(
    path: str | Path,
    setup: SkirmishSetup,
    map_path: str | Path,
    seed: int | str,
    actions: Sequence[Any],
    state: SkirmishState,
) -> core.Replay:
    """Write a skirmish replay atomically; ReplayError when the map file does not give ``setup``
    with its parties and settings (a replay could never rebuild it)."""
    from rules.skirmish.replay import rebuilds
    from rules.skirmish.replay import record as record_skirmish

    try:
        cells = load_setup(map_path)
    except MapError as exc:
        raise ReplayError(f"{map_path}: the battle cannot be saved as a replay: {exc}") from None
    if not rebuilds(setup, cells, state.board.melee_mode):
        raise ReplayError(
            f"{map_path}: the battle cannot be saved as a replay: its setup is not its map's "
            "with these parties and settings"
        )
    replay = record_skirmish(
        setup, seed, actions, state, map_path=map_reference(map_path), map_hash=map_hash(map_path)
    )
    write_replay(path, replay)
    return replay


def read_replay(path: str | Path) -> core.Replay:
    """The replay of any game in a file; ReplayError when it cannot be read or is not a replay."""
    try:
        return core.read_replay(Path(path).read_bytes())
    except OSError as exc:
        raise ReplayError(f"{path}: cannot read the replay: {exc.strerror}") from None


def _with_map(replay: Any, map_path: Path) -> Any:
    """``replay`` naming the map file found for it, so a viewer opens that file."""
    return dataclasses.replace(replay, setup={**replay.setup, "map_path": str(map_path)})


def _find_map(path: str | Path, replay: core.Replay) -> Path:
    """The map file ``replay`` (read from ``path``) names; ReplayError saying which map is missing."""
    assert replay.map_path is not None
    map_path = resolve_map(replay.map_path)
    if map_path is None:
        raise ReplayError(f"{path}: its map {replay.map_path} is missing")
    return map_path


def _map_of(path: str | Path, replay: core.Replay) -> tuple[BattleSetup, str]:
    """The loaded map a replay names and its hash, once its catalog and map are found unchanged."""
    map_path = _find_map(path, replay)
    digest = map_hash(map_path)
    core.check_compatible(replay, map_hash=digest)
    try:
        return _map_setup(map_path, digest), digest
    except MapError as exc:
        raise ReplayError(f"{path}: its map does not load: {exc}") from None


def load_replay(path: str | Path) -> tuple[Replay, BattleSetup]:
    """A tactics replay and the setup it was played with; ReplayError (never another error) when
    either cannot be used: unreadable, another game's, missing or invalid map, or a map or
    catalog changed since. The replay returned names the map file found on this machine."""
    replay = read_replay(path)
    if not isinstance(replay, Replay):
        raise ReplayError(f"{path}: {not_watchable(replay.game)}")
    map_setup, _ = _map_of(path, replay)
    replay = _with_map(replay, _find_map(path, replay))
    try:
        setup = apply_flag_mode(map_setup, replay.flag_mode)
    except ValueError as exc:
        raise ReplayError(f"{path}: {exc}") from None
    return replay, setup


def not_watchable(game: str) -> str:
    """Why a replay of ``game`` cannot be watched here (the command line) or yet."""
    if game in MENU_VIEWERS:
        return f"a {game} replay is watched from the main menu's Replays list"
    return f"a {game} replay cannot be watched yet: its viewer comes with {GAME_SCENES[game]}"


_setups: dict[tuple[str, str], BattleSetup] = {}


def _map_setup(map_path: Path, digest: str) -> BattleSetup:
    """The map's setup, loaded once per map file content (a list of replays shares few maps)."""
    key = (str(map_path.resolve()), digest)
    if key not in _setups:
        if len(_setups) > 32:
            _setups.clear()
        _setups[key] = load_setup(map_path)
    return _setups[key]


def verify_replay(path: str | Path, replay: core.Replay) -> Any:
    """Recompute ``replay`` (read from ``path``) headless: its final state, or ReplayError."""
    if isinstance(replay, Replay):
        replay, setup = load_replay(path)
        return verify(setup, replay, map_hash(replay.map_path))
    if replay.map_path is None:  # the duel: no map
        return core.verify(replay)
    cells, digest = _map_of(path, replay)
    return core.verify(replay, cells, map_hash=digest)


def verify_file(path: str | Path) -> Any:
    """Recompute a replay file of any game headless: its final state (BattleState, DuelState or
    SkirmishState); ReplayError when it is incompatible or does not match."""
    return verify_replay(path, read_replay(path))


@dataclass(frozen=True)
class ReplayEntry:
    """One file of a replays folder as the Replays list shows it.

    ``setup`` and ``final`` (the recomputed end of the battle) are set for a tactics replay that
    can be watched; a duel replay that verifies has ``final`` (its DuelState) and no ``setup``;
    ``error`` otherwise says why it cannot be watched (a skirmish replay that verifies: not yet).
    """

    path: Path
    saved_at: float  # the file's modification time (seconds since the epoch)
    replay: core.Replay | None = None
    setup: BattleSetup | None = None
    final: BattleState | DuelState | None = None
    error: str | None = None

    @property
    def watchable(self) -> bool:
        """Whether Watch can open it: a tactics replay with its setup, or a duel replay that verified."""
        if self.error is not None:
            return False
        return self.setup is not None or (self.game == "duel" and self.final is not None)

    @property
    def game(self) -> str | None:
        """The replay's game ("tactics", "duel", "skirmish"); None if the file is unreadable."""
        return self.replay.game if self.replay is not None else None

    @property
    def name(self) -> str:
        """The map's name (from the map, else its file name), a duel's decks; the replay's file
        name if unreadable."""
        if self.setup is not None and self.setup.name:
            from client.i18n import language

            return self.setup.title(language())
        if self.replay is not None and self.replay.game == "duel":
            decks = [d if isinstance(d, str) else "custom deck" for d in self.replay.setup["decks"]]
            return " v ".join(deck.replace("_", " ").title() for deck in decks)
        stem = Path(self.replay.map_path).stem if self.replay and self.replay.map_path else self.path.stem
        return stem.replace("_", " ").title()


def check_entry(path: Path) -> ReplayEntry:
    """Read, load and recompute one replay file; any problem becomes the entry's ``error``."""
    try:
        saved_at = path.stat().st_mtime
    except OSError:
        saved_at = 0.0
    replay = None
    try:
        replay = read_replay(path)
        if not isinstance(replay, Replay):
            final = verify_replay(path, replay)
            if replay.game == "duel":  # the duel table's viewer plays it
                return ReplayEntry(path, saved_at, replay, final=final)
            return ReplayEntry(path, saved_at, replay, error=not_watchable(replay.game))
        replay, setup = load_replay(path)
        final = verify(setup, replay, map_hash(replay.map_path))
    except ReplayError as exc:
        return ReplayEntry(path, saved_at, replay, error=str(exc).removeprefix(f"{path}: "))
    except Exception:  # a damaged file must never take the game down with it
        log.warning("replay %s could not be checked", path, exc_info=True)
        return ReplayEntry(path, saved_at, replay, error=UNEXPECTED)
    return ReplayEntry(path, saved_at, replay, setup, final)


def scan_replays(folder: Path) -> list[ReplayEntry]:
    """Every ``*.json`` replay in ``folder``, newest first, each checked (nothing is changed or deleted)."""
    try:
        paths = [p for p in folder.glob("*.json") if p.is_file()]
    except OSError:
        return []
    entries = [check_entry(p) for p in paths]
    return sorted(entries, key=lambda e: (e.saved_at, e.path.name), reverse=True)
