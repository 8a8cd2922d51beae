"""The one exception a bad map raises, :class:`MapError`, and a collector for several of them.

A message names the file, the layer and the object (id and name) and says what to
do, so a map author can fix the map without reading our code::

    maps/cove.tmx: objects: object 12 'north rune': unknown rune kind 'fire'; use one of: damage, ...
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


class MapError(Exception):
    """A map file cannot be played; ``str()`` is ``file: layer: object: message``, leaving out
    the layer and the object when there are none (never a "-" filler)."""

    def __init__(
        self, file: str | Path, message: str, layer: str | None = None, obj: str | None = None
    ) -> None:
        self.file = str(file)
        self.message = message
        self.layer = layer
        self.obj = obj
        super().__init__(str(self))

    def __str__(self) -> str:
        return ": ".join(str(part) for part in (self.file, self.layer, self.obj, self.message) if part)


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """ "1 flag", "3 flags": a count in a message (messages to map authors are in English, whatever
    the game's language, so this is English's plural rule, :func:`client.i18n.plural_form`)."""
    from client.i18n import plural_form

    return f"{n} {noun if plural_form(n, 'en') == 'one' else plural or noun + 's'}"


def object_label(obj_id: object, name: object) -> str:
    """How an object is named in messages: ``object 12 'north rune'`` (Tiled shows the same id)."""
    label = f"object {obj_id}"
    return f"{label} {name!r}" if name else label


@dataclass
class Problems:
    """Collects every problem of one map so ``runetide validate`` can list them all at once."""

    file: str
    errors: list[MapError] = field(default_factory=list)

    def add(self, message: str, layer: str | None = None, obj: str | None = None) -> None:
        self.errors.append(MapError(self.file, message, layer, obj))

    def raise_first(self) -> None:
        if self.errors:
            raise self.errors[0]
