"""The TOML reader of every game's catalog: read a data file, walk its tables, hash what was read.

A designer edits numbers in ``rules/data/*.toml``; a catalog loader refuses anything it does not
understand. :func:`read_toml` parses one file (a syntax error names the file and the line);
:class:`Table` reads one TOML table key by key, checking types and ranges, and :meth:`Table.finish`
refuses the keys nobody read. Every :class:`CatalogError` names the file, the entry and the key,
e.g. ``tactics_units.toml: units.archer: key 'hp' must be >= 1, got 0``.

:class:`CatalogFiles` reads the files of one catalog and hashes their contents: the catalog
version that replays record. The hash covers the bytes only, never the file names, so renaming a
data file keeps every saved replay valid.
"""

from __future__ import annotations

import hashlib
import tomllib
from collections.abc import Iterable, Iterator
from enum import StrEnum
from fractions import Fraction
from pathlib import Path
from typing import Any, TypeVar

DATA_DIR = Path(__file__).resolve().parents[1] / "data"  # rules/data: the shipped files of every game

E = TypeVar("E", bound=StrEnum)


class CatalogError(ValueError):
    """A data file is malformed; the message names the file, the entry and the key."""


def read_toml(path: Path) -> tuple[bytes, dict[str, Any]]:
    """The file's bytes and its parsed TOML; CatalogError naming the file (and the line) if it is not TOML."""
    raw_bytes = path.read_bytes()
    try:
        return raw_bytes, tomllib.loads(raw_bytes.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise CatalogError(f"{path.name}: not valid TOML: {exc}") from None


class CatalogFiles:
    """The files one catalog was read from, in reading order, and the hash of their contents."""

    def __init__(self) -> None:
        self.contents: list[bytes] = []

    def read(self, path: Path) -> Table:
        """The root table of ``path``, named by the file's name; its bytes count towards the version."""
        raw_bytes, data = read_toml(path)
        self.contents.append(raw_bytes)
        return Table(data, path.name)

    def version(self, separator: bytes = b"\0") -> str:
        """16 hex digits of the SHA-256 of the contents read, joined by ``separator`` (no file names)."""
        return hashlib.sha256(separator.join(self.contents)).hexdigest()[:16]


class Table:
    """One TOML table and where it came from; remembers the keys read, to refuse unknown ones.

    ``where`` is the file name for a file's root table, then ``file: key``, ``file: key.sub`` and
    ``file: key.list[0]`` for the tables within. Every reading method takes an optional
    ``default`` (given: the key may be left out) and raises CatalogError naming ``where`` and the key.
    """

    def __init__(self, data: Any, where: str, *, root: bool = True) -> None:
        if not isinstance(data, dict):
            raise CatalogError(f"{where}: expected a table, got {data!r}")
        self.data: dict[str, Any] = data
        self.where = where
        self.root = root
        self.used: set[str] = set()

    # ---- errors -------------------------------------------------------------------------------

    def fail(self, key: str, message: str) -> CatalogError:
        """An error about ``key`` of this table: ``where: key 'name' <message>``."""
        return CatalogError(f"{self.where}: key {str(key)!r} {message}")

    def error(self, message: str) -> CatalogError:
        """An error about the whole entry: ``where: <message>``."""
        return CatalogError(f"{self.where}: {message}")

    # ---- plain values -------------------------------------------------------------------------

    def has(self, key: str) -> bool:
        return key in self.data

    def keys(self) -> list[str]:
        """The table's keys in file order (an entry table: its entries' ids)."""
        return list(self.data)

    def raw(self, key: str, default: Any = ...) -> Any:
        """The value as TOML gave it, or ``default`` when the key is left out (none given: required)."""
        key = str(key)  # a vocabulary member names its key by its value
        self.used.add(key)
        if key not in self.data:
            if default is ...:
                raise CatalogError(f"{self.where}: missing key {key!r}")
            return default
        return self.data[key]

    def integer(self, key: str, default: Any = ..., *, lo: int | None = None, hi: int | None = None) -> int:
        value = self.raw(key, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(key, f"must be an integer, got {value!r}")
        return _in_range(self, key, value, lo, hi)

    def fraction(
        self, key: str, default: Any = ..., *, lo: Fraction | None = None, hi: Fraction | None = None
    ) -> Fraction:
        """An exact number: an integer or a string such as "1.25" or "2/3" (never a TOML float)."""
        return _in_range(self, key, exact(self, key, self.raw(key, default)), lo, hi)

    def flag(self, key: str, default: Any = ...) -> bool:
        value = self.raw(key, default)
        if not isinstance(value, bool):
            raise self.fail(key, f"must be true or false, got {value!r}")
        return value

    def text(self, key: str, default: Any = ...) -> Any:
        """A string; a ``default`` of None makes the key optional (None when left out)."""
        value = self.raw(key, default)
        if value is None and default is None:
            return None
        if not isinstance(value, str):
            raise self.fail(key, f"must be a string, got {value!r}")
        return value

    def choice(self, key: str, vocabulary: Iterable[E], default: Any = ...) -> E:
        """One name of a closed vocabulary (a StrEnum, or some of its members), returned as its member."""
        value = self.raw(key, default)
        names = {member.value: member for member in vocabulary}
        if isinstance(value, str) and value in names:
            return names[value]
        raise self.fail(key, f"must be one of {list(names)}, got {value!r}")

    def items(self, key: str, default: Any = ...) -> list:
        """A TOML array, its elements unchecked."""
        value = self.raw(key, default)
        if not isinstance(value, list):
            raise self.fail(key, f"must be a list, got {value!r}")
        return value

    def members(
        self, key: str, vocabulary: Iterable[E], default: Any = ..., *, what: str = "name"
    ) -> tuple[E, ...]:
        """A list of distinct names of a vocabulary, as its members, in the file's order."""
        values = self.items(key, default)
        names = {member.value: member for member in vocabulary}
        for value in values:
            if not isinstance(value, str) or value not in names:
                raise self.error(f"key {key!r}: unknown {what} {value!r}; known: {', '.join(names)}")
        if len(set(values)) != len(values):
            raise self.fail(key, f"lists a {what} twice")
        return tuple(names[value] for value in values)

    # ---- nested tables ------------------------------------------------------------------------

    def sub(self, key: str, default: Any = ...) -> Table:
        """The table under ``key``, named ``where: key`` (or ``where.key`` below the root)."""
        return Table(self.raw(key, default), self._name(key), root=False)

    def entries(self, key: str) -> dict[str, Table]:
        """The tables of a section such as ``[units.archer]``: id -> table, in file order."""
        section = self.sub(key)
        return {name: section.sub(name) for name in section.keys()}

    def rows(self, key: str, default: Any = ...) -> list[Table]:
        """An array of tables, each named ``where.key[i]``."""
        name = self._name(key)
        return [Table(raw, f"{name}[{i}]", root=False) for i, raw in enumerate(self.items(key, default))]

    def rest(self) -> Iterator[tuple[str, Any]]:
        """The keys nobody has read, now read: a free-form record's (key, value) pairs."""
        for key in self.keys():
            if key not in self.used:
                self.used.add(key)
                yield key, self.data[key]

    def finish(self) -> None:
        """Refuse the keys that were never read (a typo or a key the rules do not know)."""
        unknown = sorted(set(self.data) - self.used)
        if unknown:
            raise CatalogError(f"{self.where}: unknown key {unknown[0]!r}")

    def _name(self, key: str) -> str:
        return f"{self.where}: {key}" if self.root else f"{self.where}.{key}"


def exact(table: Table, key: str, value: Any) -> Fraction:
    """Parse an exact number found at ``table``'s ``key``, refusing floats, booleans and junk."""
    if isinstance(value, (bool, float)):
        raise table.fail(key, f'must be exact: an integer or a string like "1.5" or "2/3", got {value!r}')
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, str):
        try:
            return Fraction(value.strip())
        except (ValueError, ZeroDivisionError):
            raise table.fail(key, f"is not an exact number: {value!r}") from None
    raise table.fail(key, f"must be a number, got {value!r}")


N = TypeVar("N", int, Fraction)


def _in_range(table: Table, key: str, value: N, lo: N | None, hi: N | None) -> N:
    if lo is not None and value < lo:
        raise table.fail(key, f"must be >= {lo}, got {value}")
    if hi is not None and value > hi:
        raise table.fail(key, f"must be <= {hi}, got {value}")
    return value
