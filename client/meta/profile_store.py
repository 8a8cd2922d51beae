"""The player's profile on disk: versioned JSON in the user data folder, saved so it is never lost.

``<data folder>/profile.json`` (:func:`client.battle.replay_hook.data_dir`: ``RUNETIDE_DATA_DIR``
overrides it). :meth:`ProfileStore.save` first copies the current file, if it is a good profile, to
``profile.json.bak``, then writes a temporary file in the same folder, flushes and fsyncs it and
renames it over the profile: a crash at any moment leaves the last good save (or its backup).

:meth:`ProfileStore.load` never raises. A missing file starts a fresh profile. A file that is not a
profile this version reads (truncated, random bytes, wrong or future version, a bad field) is moved
aside as ``profile.json.bad-<time>`` (never overwritten), the backup is restored if it is good, else a
fresh profile starts; :attr:`ProfileStore.notice` then says what happened, for the menu to show once.
Loading applies the supplies' regeneration from the saved clock to now (M-SUP-6a: also while closed).
No pickle: the format is :mod:`rules.meta.profile`'s JSON.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from client.battle.replay_hook import data_dir
from rules.meta.profile import (
    VERSION,
    Profile,
    ProfileError,
    Squad,
    from_json,
    new_profile,
    regenerate,
    to_json,
)
from rules.meta.rivals import make_rivals
from rules.tactics.catalog import default_tactics_catalog

FILE_NAME = "profile.json"
MAX_FILE_BYTES = 4 * 1024 * 1024  # a profile is a few kilobytes; anything far larger is not one
DEFAULT_NAMES = {"en": "Captain", "ru": "Капитан"}
NEWER = "a newer version of the game saved it"
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Notice:
    """What loading had to do: ``kind`` is "restored" (the backup) or "fresh" (a new profile);
    ``reason`` says, in English, what was wrong (for the log); ``problem`` names it for the player:
    "newer" (a newer game's save), "missing" or "damaged"; ``moved_to`` is where the bad file went."""

    kind: str
    reason: str
    moved_to: Path | None
    problem: str = "damaged"


def starting_profile(now: float, language: str = "en", seed: int | None = None) -> Profile:
    """A new player's profile (M-DATA-4): the starter army as the roster, the rivals on a new seed."""
    seed = seed if seed is not None else int.from_bytes(os.urandom(4), "big") % 2**31
    starter = default_tactics_catalog().armies.get("starter", ())
    roster = tuple(Squad(e.unit, e.count, e.level) for e in starter)
    name = DEFAULT_NAMES.get(language, DEFAULT_NAMES["en"])
    return replace(new_profile(name, now), roster=roster, seed=seed, rivals=make_rivals(seed, now))


def write_bytes_durably(path: Path, data: bytes) -> None:
    """Write through a temporary file in the same folder: write, flush, fsync, rename. On any
    failure the temporary file is removed and ``path`` keeps its old content."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name + ".", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    with contextlib.suppress(OSError):  # make the rename itself durable where the system allows it
        dir_fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def why_unreadable(data: bytes) -> str | None:
    """None for a good profile, else why it is not one (the version first: a newer game's save)."""
    if len(data) > MAX_FILE_BYTES:
        return "the file is far too large for a profile"
    try:
        version = json.loads(data).get("version")
    except (ValueError, AttributeError, RecursionError):
        version = None
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        return f"{NEWER} (profile version {version}; this one reads {VERSION})"
    try:
        from_json(data)
    except ProfileError as exc:
        return str(exc)
    return None


class ProfileStore:
    """The profile file of one folder (default: the user data folder); ``clock`` gives Unix seconds."""

    def __init__(
        self, folder: Path | None = None, clock: Callable[[], float] = time.time, language: str = "en"
    ) -> None:
        self.folder = folder or data_dir()
        self.clock = clock
        self.language = language
        self.notice: Notice | None = None
        self.save_error: str | None = None  # the last save's failure, if it failed

    @property
    def path(self) -> Path:
        return self.folder / FILE_NAME

    @property
    def backup(self) -> Path:
        return self.folder / (FILE_NAME + ".bak")

    def take_notice(self) -> Notice | None:
        """The load's notice, once (the menu shows it, then it is gone)."""
        notice, self.notice = self.notice, None
        return notice

    def load(self) -> Profile:
        """The saved profile with supplies regenerated to now; never raises (see the module doc)."""
        now = self.clock()
        self.notice = None
        data = self._read(self.path)
        if data is None and not self.path.exists():
            restored = self._good_backup()
            if restored is None:
                return starting_profile(now, self.language)
            self.notice = Notice("restored", "the profile file was missing", None, "missing")
            return self._restore(restored, now)
        reason = "the file could not be read" if data is None else why_unreadable(data)
        if reason is None:
            assert data is not None
            return regenerate(from_json(data), now)
        moved = self._set_aside(self.path)
        problem = "newer" if reason.startswith(NEWER) else "damaged"
        log.warning("profile %s: %s; set aside as %s", self.path, reason, moved)
        restored = self._good_backup()
        if restored is not None:
            self.notice = Notice("restored", reason, moved, problem)
            return self._restore(restored, now)
        self.notice = Notice("fresh", reason, moved, problem)
        return starting_profile(now, self.language)

    def save(self, profile: Profile) -> bool:
        """Keep the current good file as the backup, then write ``profile`` durably. False (and
        :attr:`save_error`) when the disk refuses; the files on disk are then unchanged."""
        self.save_error = None
        try:
            current = self._read(self.path)
            if current is not None and why_unreadable(current) is None:
                write_bytes_durably(self.backup, current)
            write_bytes_durably(self.path, to_json(profile).encode("utf-8"))
        except OSError as exc:
            self.save_error = f"could not save the profile to {self.path}: {exc}"
            return False
        return True

    # ---- helpers ------------------------------------------------------------------------------
    @staticmethod
    def _read(path: Path) -> bytes | None:
        try:
            with path.open("rb") as handle:
                return handle.read(MAX_FILE_BYTES + 1)
        except OSError:
            return None

    def _good_backup(self) -> Profile | None:
        data = self._read(self.backup)
        if data is None:
            return None
        if why_unreadable(data) is not None:
            self._set_aside(self.backup)
            return None
        return from_json(data)

    def _restore(self, profile: Profile, now: float) -> Profile:
        profile = regenerate(profile, now)
        with contextlib.suppress(OSError):
            write_bytes_durably(self.path, to_json(profile).encode("utf-8"))
        return profile

    @staticmethod
    def _set_aside(path: Path) -> Path | None:
        """Rename ``path`` to ``<name>.bad-<time>`` (a new name each time); None if that failed."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = path.with_name(f"{path.name}.bad-{stamp}")
        n = 1
        while target.exists():
            n += 1
            target = path.with_name(f"{path.name}.bad-{stamp}-{n}")
        try:
            os.replace(path, target)
        except OSError:
            return None
        return target
