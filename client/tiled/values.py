"""Typed reading of Tiled property values, Tiled colours, and the army strings of a map.

pytmx gives a property the Python type its Tiled type names; an author may also
have typed a value by hand as a string. Both are accepted when the text is
unambiguous ("12", "true"); anything else is a mistyped property.
"""

from __future__ import annotations

from client.tiled.schema import Enum, Prop
from rules.tactics.catalog import Catalog
from rules.tactics.setup import Army, SquadSpec

RGBA = tuple[int, int, int, int]


class ValueProblem(ValueError):
    """A property value is unusable; the message says what is expected."""


def typed(prop: Prop, value: object) -> object:
    """Convert one property value to the type of ``prop`` or raise :class:`ValueProblem`."""
    kind = prop.type
    if isinstance(kind, Enum):
        text = str(value).strip() if isinstance(value, str | int) and not isinstance(value, bool) else None
        if text not in kind.values:
            raise ValueProblem(f"must be one of {', '.join(kind.values)}, got {value!r}")
        return text
    if kind == "bool":
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in ("true", "false"):
            return text == "true"
        raise ValueProblem(f"must be true or false, got {value!r}")
    if kind == "int":
        number = value if isinstance(value, int) and not isinstance(value, bool) else _int_text(value)
        if number is None:
            raise ValueProblem(f"must be a whole number, got {value!r}")
        if (prop.lo is not None and number < prop.lo) or (prop.hi is not None and number > prop.hi):
            raise ValueProblem(f"must be in {prop.lo}..{prop.hi}, got {number}")
        return number
    if not isinstance(value, str):
        raise ValueProblem(f"must be text, got {value!r}")
    return value


def _int_text(value: object) -> int | None:
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        text = value.strip()
        if text.lstrip("+-").isdigit():
            return int(text)
    return None


def parse_color(text: str) -> RGBA:
    """Tiled colour ``#AARRGGBB`` or ``#RRGGBB`` (alpha first, as Tiled writes it) to (r, g, b, a)."""
    raw = text.strip().lstrip("#")
    if len(raw) not in (6, 8) or any(c not in "0123456789abcdefABCDEF" for c in raw):
        raise ValueProblem(f"must be a colour like #AARRGGBB, got {text!r}")
    if len(raw) == 6:
        raw = "ff" + raw
    a, r, g, b = (int(raw[i : i + 2], 16) for i in range(0, 8, 2))
    return (r, g, b, a)


def parse_army(text: str, catalog: Catalog, *, unique_units: bool) -> Army:
    """Parse ``"goblin:12:1, orc_brute:6:2"`` (unit:count[:level], comma-separated) into squads.

    ``unique_units`` enforces T-SQUAD-2 for a player's army: one squad per unit type.
    """
    squads: list[SquadSpec] = []
    entries = [e.strip() for e in text.replace("\n", ",").replace(";", ",").split(",")]
    for entry in (e for e in entries if e):
        parts = [p.strip() for p in entry.split(":")]
        if len(parts) not in (2, 3):
            raise ValueProblem(f"entry {entry!r} must be unit:count or unit:count:level, e.g. 'goblin:12:1'")
        unit, count_text = parts[0], parts[1]
        level_text = parts[2] if len(parts) == 3 else "1"
        if unit not in catalog.units:
            known = ", ".join(sorted(catalog.units))
            raise ValueProblem(f"entry {entry!r} names an unknown unit type {unit!r}; known: {known}")
        count, level = _int_text(count_text), _int_text(level_text)
        if count is None or not 1 <= count <= 10000:
            raise ValueProblem(f"entry {entry!r}: the unit count must be a whole number from 1 to 10000")
        if level is None or not 1 <= level <= catalog.max_level:
            raise ValueProblem(
                f"entry {entry!r}: the level must be a whole number from 1 to {catalog.max_level}"
            )
        if unique_units and any(s.unit == unit for s in squads):
            raise ValueProblem(
                f"unit type {unit!r} appears twice; a player's army has one squad per unit type"
            )
        squads.append(SquadSpec(unit, count, level))
    if not squads:
        raise ValueProblem("is empty; list squads as unit:count:level, e.g. 'goblin:12:1, orc_brute:6:2'")
    limit = catalog.battle.max_squads_per_side
    if len(squads) > limit:
        raise ValueProblem(f"has {len(squads)} squads; at most {limit} per side (T-DATA-3)")
    return tuple(squads)


def starter_army(catalog: Catalog) -> Army:
    """The catalog's default player army (``armies.starter``)."""
    return tuple(SquadSpec(e.unit, e.count, e.level) for e in catalog.armies["starter"])
