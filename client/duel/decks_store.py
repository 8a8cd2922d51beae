"""The player's own duel decks on disk: one JSON file each in the user data folder's ``decks/``.

The folder is :func:`client.battle.replay_hook.data_dir`'s (``RUNETIDE_DATA_DIR`` overrides it);
files are written atomically with :func:`client.replays.write_text_atomic`. The format and the
deck-building rules are :mod:`rules.duel.decks`'s. :meth:`DeckStore.load_all` never raises: a
file that is not a deck, or a deck that breaks a rule (a card the catalog no longer has, too few
cards), is renamed aside as ``<name>.json.corrupt-<time>`` (never deleted) and reported as a
:class:`SetAside`, which the screens show to the player.
"""

from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass, replace
from pathlib import Path

from client.battle.replay_hook import data_dir
from client.replays import write_text_atomic
from rules.duel.catalog import DuelCatalog, default_duel_catalog
from rules.duel.decks import (
    DeckFileError,
    PlayerDeck,
    clean_name,
    deck_from_json,
    deck_problems,
    deck_to_json,
)

MAX_FILE_BYTES = 256 * 1024  # a deck file is a few hundred bytes; anything far larger is not one


def decks_dir() -> Path:
    """``<user data folder>/decks``."""
    return data_dir() / "decks"


@dataclass(frozen=True)
class StoredDeck:
    """A deck read from ``path``."""

    path: Path
    deck: PlayerDeck


@dataclass(frozen=True)
class SetAside:
    """A file that was not a playable deck: where it was, where it went (None if the rename failed),
    and why, in English (the screens put it into a translated sentence)."""

    path: Path
    moved_to: Path | None
    reason: str


def file_stem(name: str) -> str:
    """A file name for a deck name: letters (any alphabet) and digits, the rest as "-"."""
    stem = re.sub(r"[^\w]+", "-", name.casefold(), flags=re.UNICODE).strip("-_")
    return stem[:40] or "deck"


class DeckStore:
    """The deck files of one folder (default :func:`decks_dir`)."""

    def __init__(self, folder: Path | None = None, catalog: DuelCatalog | None = None) -> None:
        self.folder = folder or decks_dir()
        self.catalog = catalog or default_duel_catalog()

    def load_all(self) -> tuple[list[StoredDeck], list[SetAside]]:
        """Every playable deck of the folder, sorted by name, and the files set aside this time."""
        decks: list[StoredDeck] = []
        aside: list[SetAside] = []
        try:
            paths = sorted(p for p in self.folder.glob("*.json") if p.is_file())
        except OSError:
            return [], []
        for path in paths:
            try:
                if path.stat().st_size > MAX_FILE_BYTES:
                    raise DeckFileError("the file is far too large for a deck")
                deck = deck_from_json(path.read_bytes())
                problems = deck_problems(deck, self.catalog)
                if problems:
                    raise DeckFileError("; ".join(p.describe() for p in problems))
            except (OSError, DeckFileError) as exc:
                aside.append(self.set_aside(path, str(exc)))
                continue
            decks.append(StoredDeck(path, deck))
        decks.sort(key=lambda s: (s.deck.name.casefold(), s.path.name))
        return decks, aside

    def set_aside(self, path: Path, reason: str) -> SetAside:
        """Rename ``path`` to ``<name>.corrupt-<time>`` (a new name each time), keeping its bytes."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = path.with_name(f"{path.name}.corrupt-{stamp}")
        n = 1
        while target.exists():
            n += 1
            target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
        try:
            os.replace(path, target)
        except OSError:
            return SetAside(path, None, reason)
        return SetAside(path, target, reason)

    def path_for(self, deck: PlayerDeck, current: Path | None = None) -> Path:
        """Where ``deck`` is saved: ``current`` (the file it was opened from) when given, else a file
        named after it that no other deck uses."""
        if current is not None:
            return current
        stem = file_stem(deck.name)
        path = self.folder / f"{stem}.json"
        n = 1
        while path.exists():
            n += 1
            path = self.folder / f"{stem}-{n}.json"
        return path

    def rename(self, stored: StoredDeck, name: str) -> StoredDeck:
        """``stored`` under a new ``name``: checked as a saved name is (DeckFileError), written
        atomically to a file named after it, and only then is the old file removed (OSError when
        the disk refuses; the old file is then still there)."""
        deck = replace(stored.deck, name=clean_name(name))
        if deck.name == stored.deck.name:
            return stored
        if file_stem(deck.name) == file_stem(stored.deck.name):
            path = stored.path  # the same file name fits: rewrite it in place (atomically)
        else:
            path = self.path_for(deck)
        write_text_atomic(path, deck_to_json(deck))
        if path != stored.path:
            stored.path.unlink(missing_ok=True)
        return StoredDeck(path, deck)

    def delete(self, stored: StoredDeck) -> None:
        """Remove ``stored``'s file (OSError when the disk refuses)."""
        stored.path.unlink(missing_ok=True)

    def save(self, deck: PlayerDeck, current: Path | None = None) -> Path:
        """Write ``deck`` atomically and return its path; OSError when the disk refuses. The caller
        checks the rules first (the builder refuses to save an invalid deck)."""
        path = self.path_for(deck, current)
        write_text_atomic(path, deck_to_json(deck))
        return path
