"""Fuzzing: a mutated map file ends in a MapError or a setup, never in another exception.

Mutations of a valid map: an attribute value replaced, a number changed, the file
truncated, bytes overwritten or inserted. The map is written into a scratch copy of
maps/ so its tileset paths still resolve.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from client.tiled import INTERNAL, MapError, load_setup

from .conftest import MAPS

SOURCES = [
    MAPS / "tutorial.tmx",
    MAPS / "smugglers_cove.tmx",
    MAPS / "arena_red_blue.tmx",
    MAPS / "breakout.tmx",
]
ATTRIBUTE = re.compile(rb'(\w+)="([^"]*)"')
NUMBER = re.compile(rb"-?\d+")
TEXTS = st.sampled_from(
    [
        b"",
        b"-1",
        b"0",
        b"1e9",
        b"nan",
        b"inf",
        b"abc",
        b"99999999999",
        b"1.5",
        b"true",
        b"shared",
        b"&amp;",
        b"<",
    ]
)


def load_ends_cleanly(data: bytes, folder: Path) -> None:
    path = folder / "fuzzed.tmx"
    path.write_bytes(data)
    try:
        load_setup(path)
    except MapError as error:
        assert error.file == str(path) and error.message
        assert not error.message.startswith(INTERNAL), error.message  # the safety net stays unused


@st.composite
def mutated(draw: st.DrawFn) -> bytes:
    data = SOURCES[draw(st.integers(0, len(SOURCES) - 1))].read_bytes()
    how = draw(st.sampled_from(["attribute", "number", "truncate", "bytes", "insert"]))
    if how == "attribute":
        spots = list(ATTRIBUTE.finditer(data))
        match = spots[draw(st.integers(0, len(spots) - 1))]
        value = draw(st.one_of(TEXTS, st.binary(max_size=8).map(lambda b: b.replace(b'"', b""))))
        return data[: match.start(2)] + value + data[match.end(2) :]
    if how == "number":
        spots = list(NUMBER.finditer(data))
        match = spots[draw(st.integers(0, len(spots) - 1))]
        value = str(draw(st.integers(-(2**40), 2**40))).encode()
        return data[: match.start()] + value + data[match.end() :]
    if how == "truncate":
        return data[: draw(st.integers(0, len(data)))]
    at = draw(st.integers(0, len(data)))
    chunk = draw(st.binary(min_size=1, max_size=16))
    if how == "bytes":
        return data[:at] + chunk + data[at + len(chunk) :]
    return data[:at] + chunk + data[at:]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=mutated())
def test_mutated_map_loads_or_raises_map_error(data: bytes, scratch_maps: Path) -> None:
    load_ends_cleanly(data, scratch_maps)


def test_billion_laughs_fails_fast(scratch_maps: Path) -> None:
    bomb = (
        b'<?xml version="1.0"?>\n<!DOCTYPE map [<!ENTITY a "aaaaaaaaaaaaaaaaaaaa">'
        + b"".join(b'<!ENTITY %c "%s">' % (ord("b") + i, b"&%c;" % (ord("a") + i) * 20) for i in range(8))
        + b']>\n<map width="10" height="8" tilewidth="64" tileheight="64">&i;</map>\n'
    )
    path = scratch_maps / "bomb.tmx"
    path.write_bytes(bomb)
    try:
        load_setup(path)
    except MapError as error:
        assert "DTD or entities" in error.message
    else:
        raise AssertionError("an entity bomb loaded")


@pytest.mark.parametrize(
    "dtd",
    [
        '<!ENTITY a "aaaaaaaaaaaaaaaaaaaa">'
        + "".join(f'<!ENTITY {chr(98 + i)} "{f"&{chr(97 + i)};" * 20}">' for i in range(8)),
        '<!ENTITY i SYSTEM "file:///etc/hostname">',  # an external entity: would read a local file
    ],
    ids=["billion_laughs", "external_entity"],
)
def test_a_dtd_is_refused_whatever_the_file_encoding(scratch_maps: Path, dtd: str) -> None:
    """UTF-16 hides '<!DOCTYPE' from a byte search; the parser itself must refuse the DTD."""
    text = (
        f'<?xml version="1.0" encoding="UTF-16"?>\n<!DOCTYPE map [{dtd}]>\n'
        '<map width="10" height="8" tilewidth="64" tileheight="64">&i;</map>\n'
    )
    path = scratch_maps / "bomb16.tmx"
    path.write_bytes(text.encode("utf-16"))
    start = time.perf_counter()
    with pytest.raises(MapError) as caught:
        load_setup(path)
    assert time.perf_counter() - start < 1.0
    assert str(caught.value) == (
        f"{path}: map file 'bomb16.tmx' declares a DTD or entities, which are not allowed; "
        "re-save it from Tiled"
    )
