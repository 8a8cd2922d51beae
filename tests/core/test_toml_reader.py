"""The one TOML reader of the three catalogs: errors that name file, entry and key; unknown keys
refused; types and ranges; exact numbers; vocabularies; the content hash that replays record."""

from __future__ import annotations

import re
import tomllib
from enum import StrEnum
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.toml_reader import CatalogError, CatalogFiles, Table, read_toml

FILE = "units_of_test.toml"
TEXT = """\
[units.archer]
hp = 60
name = "Archer"
ranged = true
attack = "shooter"
types = ["foot", "shooter"]
scale = "5/4"
coefs = ["1.00", "1.10"]
drops = [{ id = "rum", weight = 1 }, { id = "gold", weight = 0 }]

[battle]
round_limit = 20
"""


class Attack(StrEnum):
    MELEE = "melee"
    SHOOTER = "shooter"


class Kind(StrEnum):
    FOOT = "foot"
    SHOOTER = "shooter"
    FLYING = "flying"


def write(tmp_path: Path, text: str = TEXT, name: str = FILE) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def archer(tmp_path: Path, text: str = TEXT) -> Table:
    return CatalogFiles().read(write(tmp_path, text)).entries("units")["archer"]


def assert_names(info: pytest.ExceptionInfo[CatalogError], entry: str, key: str) -> None:
    message = str(info.value)
    assert message.startswith(f"{FILE}: {entry}"), message
    assert re.search(rf"\b{re.escape(key)}\b", message), message


# ---- every error names the file, the entry and the key ----------------------------------------

WRONG = [  # (what the test reads, the replaced line, the key the message must name)
    (lambda t: t.integer("hp"), "hp = 60", 'hp = "60"', "hp"),
    (lambda t: t.integer("hp"), "hp = 60", "hp = true", "hp"),
    (lambda t: t.integer("hp"), "hp = 60", "hp = 6.0", "hp"),
    (lambda t: t.integer("hp"), "hp = 60", "", "hp"),
    (lambda t: t.integer("hp", lo=61), "hp = 60", "hp = 60", "hp"),
    (lambda t: t.integer("hp", hi=59), "hp = 60", "hp = 60", "hp"),
    (lambda t: t.text("name"), 'name = "Archer"', "name = 3", "name"),
    (lambda t: t.flag("ranged"), "ranged = true", 'ranged = "yes"', "ranged"),
    (lambda t: t.choice("attack", Attack), 'attack = "shooter"', 'attack = "magic"', "attack"),
    (lambda t: t.members("types", Kind), '["foot", "shooter"]', '["foot", "walker"]', "types"),
    (lambda t: t.members("types", Kind), '["foot", "shooter"]', '["foot", "foot"]', "types"),
    (lambda t: t.fraction("scale"), 'scale = "5/4"', "scale = 1.25", "scale"),
    (lambda t: t.fraction("scale"), 'scale = "5/4"', 'scale = "five"', "scale"),
    (lambda t: t.fraction("scale", hi=Fraction(1)), 'scale = "5/4"', 'scale = "5/4"', "scale"),
    (lambda t: t.items("coefs"), 'coefs = ["1.00", "1.10"]', 'coefs = "1.00"', "coefs"),
    (lambda t: t.sub("drops"), "drops = [", "drops = [", "drops"),
]


@pytest.mark.parametrize(("read", "old", "new", "key"), WRONG, ids=[f"{w[3]}:{w[2]}" for w in WRONG])
def test_a_wrong_value_names_file_entry_and_key(tmp_path: Path, read, old: str, new: str, key: str) -> None:
    table = archer(tmp_path, TEXT.replace(old, new, 1))
    with pytest.raises(CatalogError) as info:
        read(table)
    assert_names(info, "units.archer", key)


def test_a_table_in_a_list_names_its_place(tmp_path: Path) -> None:
    rows = archer(tmp_path).rows("drops")
    assert [row.where for row in rows] == [f"{FILE}: units.archer.drops[0]", f"{FILE}: units.archer.drops[1]"]
    with pytest.raises(CatalogError) as info:
        rows[1].integer("weight", lo=1)
    assert_names(info, "units.archer.drops[1]", "weight")


def test_an_unknown_key_is_refused_naming_it(tmp_path: Path) -> None:
    table = archer(tmp_path, TEXT.replace("hp = 60", "hp = 60\nspeed = 3"))
    for key in ("hp", "name", "ranged", "attack", "types", "scale", "coefs", "drops"):
        table.raw(key)
    with pytest.raises(CatalogError) as info:
        table.finish()
    assert_names(info, "units.archer", "speed")
    assert "unknown key 'speed'" in str(info.value)


def test_the_root_refuses_an_unknown_table(tmp_path: Path) -> None:
    root = CatalogFiles().read(write(tmp_path, TEXT + "\n[heroes]\nx = 1\n"))
    root.entries("units")
    root.sub("battle")
    with pytest.raises(CatalogError, match=rf"^{FILE}: unknown key 'heroes'"):
        root.finish()


def test_a_toml_syntax_error_names_the_file_and_the_line(tmp_path: Path) -> None:
    path = write(tmp_path, TEXT.replace("[battle]", "[battle"))
    with pytest.raises(CatalogError, match=rf"^{FILE}: not valid TOML: .*line \d+"):
        read_toml(path)
    with pytest.raises(CatalogError, match=rf"^{FILE}: not valid TOML"):
        CatalogFiles().read(path)


# ---- what the reader returns ------------------------------------------------------------------


def test_values_defaults_and_ranges(tmp_path: Path) -> None:
    table = archer(tmp_path)
    assert table.integer("hp", lo=60, hi=60) == 60
    assert table.integer("armour", 0) == 0  # left out: the default, and no error
    assert table.text("title", None) is None
    assert table.flag("ranged") is True
    assert table.fraction("scale", lo=Fraction(1)) == Fraction(5, 4)
    assert table.items("coefs") == ["1.00", "1.10"]


def test_vocabularies_come_back_as_their_members(tmp_path: Path) -> None:
    table = archer(tmp_path)
    attack = table.choice("attack", Attack)
    assert attack is Attack.SHOOTER
    types = table.members("types", Kind)
    assert types == (Kind.FOOT, Kind.SHOOTER) and all(type(t) is Kind for t in types)
    assert table.choice("attack", (Kind.SHOOTER,)) is Kind.SHOOTER  # some members of a vocabulary
    with pytest.raises(CatalogError, match=r"key 'attack' must be one of \['melee'\], got 'shooter'"):
        table.choice("attack", (Attack.MELEE,))


def test_a_member_names_its_key_by_its_value(tmp_path: Path) -> None:
    table = CatalogFiles().read(write(tmp_path, "shooter = 1\n"))
    assert table.integer(Kind.SHOOTER) == 1
    with pytest.raises(CatalogError, match=r"missing key 'foot'$"):
        table.integer(Kind.FOOT)
    table.finish()  # the member counted as its key being read


def test_rest_reads_a_free_form_record(tmp_path: Path) -> None:
    table = CatalogFiles().read(write(tmp_path, 'k = "9/5"\nnote = "tuned"\nruns = 3\n'))
    table.fraction("k")
    assert list(table.rest()) == [("note", "tuned"), ("runs", 3)]
    table.finish()


@given(
    st.dictionaries(
        st.from_regex(r"[a-z][a-z0-9_]{0,11}", fullmatch=True),
        st.integers(-(2**63), 2**63 - 1),
        max_size=12,
    )
)
def test_any_table_of_integers_round_trips(values: dict[str, int]) -> None:
    """Written as TOML, read back key by key with its own bounds: the same numbers, no key left over."""
    text = "".join(f"{key} = {value}\n" for key, value in values.items())
    table = Table(tomllib.loads(text), FILE)
    assert {key: table.integer(key, lo=value, hi=value) for key, value in values.items()} == values
    table.finish()


# ---- the hash of what was read ----------------------------------------------------------------


def test_the_version_hashes_the_contents_not_the_file_names(tmp_path: Path) -> None:
    """Renaming a data file keeps the catalog version, so saved replays keep matching; any change
    to the contents (a comment too) or to the reading order gives another version."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first = CatalogFiles()
    first.read(write(tmp_path / "a", TEXT, "units.toml"))
    first.read(write(tmp_path / "a", "x = 1\n", "rules.toml"))
    renamed = CatalogFiles()
    renamed.read(write(tmp_path / "b", TEXT, "tactics_units.toml"))
    renamed.read(write(tmp_path / "b", "x = 1\n", "tactics_rules.toml"))
    assert re.fullmatch(r"[0-9a-f]{16}", first.version())
    assert renamed.version() == first.version()
    assert renamed.version(separator=b"") == first.version(separator=b"") != first.version()
    edited = CatalogFiles()
    edited.read(write(tmp_path / "b", TEXT + "# a comment\n", "tactics_units.toml"))
    edited.read(write(tmp_path / "b", "x = 1\n", "tactics_rules.toml"))
    assert edited.version() != first.version()
    swapped = CatalogFiles()
    swapped.read(tmp_path / "b" / "tactics_rules.toml")
    swapped.read(write(tmp_path / "b", TEXT, "tactics_units.toml"))
    assert swapped.version() != first.version()
