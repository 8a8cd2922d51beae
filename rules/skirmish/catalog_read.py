"""A TOML table reader for the skirmish catalog that names file, entry and key in every error."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rules.tactics.catalog import CatalogError


class Reader:
    """One TOML table and where it came from; remembers the keys read to refuse unknown ones."""

    def __init__(self, data: Any, where: str) -> None:
        if not isinstance(data, dict):
            raise CatalogError(f"{where}: expected a table")
        self.data: dict[str, Any] = data
        self.where = where
        self.used: set[str] = set()

    def fail(self, key: str, message: str) -> CatalogError:
        return CatalogError(f"{self.where}: key {key!r} {message}")

    def has(self, key: str) -> bool:
        return key in self.data

    def raw(self, key: str, default: Any = ...) -> Any:
        self.used.add(key)
        if key not in self.data:
            if default is ...:
                raise CatalogError(f"{self.where}: missing key {key!r}")
            return default
        return self.data[key]

    def sub(self, key: str) -> Reader:
        sep = ": " if ":" not in self.where else "."
        return Reader(self.raw(key, {}), f"{self.where}{sep}{key}")

    def integer(self, key: str, default: Any = ..., lo: int | None = None, hi: int | None = None) -> int:
        value = self.raw(key, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(key, f"must be an integer, got {value!r}")
        if lo is not None and value < lo:
            raise self.fail(key, f"must be >= {lo}, got {value}")
        if hi is not None and value > hi:
            raise self.fail(key, f"must be <= {hi}, got {value}")
        return value

    def flag(self, key: str, default: Any = ...) -> bool:
        value = self.raw(key, default)
        if not isinstance(value, bool):
            raise self.fail(key, f"must be true or false, got {value!r}")
        return value

    def text(self, key: str, default: Any = ..., options: tuple[str, ...] | None = None) -> Any:
        value = self.raw(key, default)
        if value is None and default is None:
            return value  # an optional key left out
        if not isinstance(value, str):
            raise self.fail(key, f"must be a string, got {value!r}")
        if options is not None and value not in options:
            raise self.fail(key, f"must be one of {list(options)}, got {value!r}")
        return value

    def fraction(self, key: str, default: Any = ..., lo: Fraction | None = None) -> Fraction:
        """An exact number: an integer or a string such as "1.25" or "2/3" (never a TOML float)."""
        value = self.raw(key, default)
        return to_fraction(value, self, key, lo)

    def items(self, key: str, default: Any = ...) -> list:
        value = self.raw(key, default)
        if not isinstance(value, list):
            raise self.fail(key, f"must be a list, got {value!r}")
        return value

    def finish(self) -> None:
        unknown = sorted(set(self.data) - self.used)
        if unknown:
            raise CatalogError(f"{self.where}: unknown key {unknown[0]!r}")


def to_fraction(value: Any, reader: Reader, key: str, lo: Fraction | None = None) -> Fraction:
    """Parse an exact number for ``reader``'s key, refusing floats and junk."""
    if isinstance(value, bool) or isinstance(value, float):
        raise reader.fail(key, f'must be exact: an integer or a string like "1.5" or "2/3", got {value!r}')
    if isinstance(value, int):
        result = Fraction(value)
    elif isinstance(value, str):
        try:
            result = Fraction(value.strip())
        except (ValueError, ZeroDivisionError):
            raise reader.fail(key, f"is not an exact number: {value!r}") from None
    else:
        raise reader.fail(key, f"must be a number, got {value!r}")
    if lo is not None and result < lo:
        raise reader.fail(key, f"must be >= {lo}, got {value!r}")
    return result
