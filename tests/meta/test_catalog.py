"""meta_leagues.toml loads with clear errors naming the file and the key (M-DATA-1..4 as data)."""

from __future__ import annotations

import shutil

import pytest

from rules.core.toml_reader import DATA_DIR, CatalogError
from rules.meta.catalog import FILE, RIVALS_FILE, load_meta_catalog
from rules.meta.formulas import league_for, pvp_reward


def copy_with(tmp_path, old, new):
    for name in (FILE, RIVALS_FILE):
        shutil.copy(DATA_DIR / name, tmp_path / name)
    text = (tmp_path / FILE).read_text(encoding="utf-8")
    assert old in text
    (tmp_path / FILE).write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("wait_seconds = 60", "wait_seconds = 60\nwait_secs = 60", "unknown key 'wait_secs'"),
        ("number = 2", "number = 5", "numbers must ascend"),
        ("piastres = 100", 'piastres = "lots"', "key 'piastres' must be an integer"),
        ("min_cups = 0", "min_cups = 10", "min_cups must be 0"),
    ],
)
def test_bad_data_is_refused_clearly(tmp_path, old, new, message):
    with pytest.raises(CatalogError, match=message) as err:
        load_meta_catalog(copy_with(tmp_path, old, new))
    assert FILE in str(err.value)


def test_league_numbers_are_live_data_M_DATA_1(tmp_path):
    """M-LEAGUE-2 / M-DATA-1: a designer's change to a league's base reward reaches the formulas."""
    cat = load_meta_catalog(copy_with(tmp_path, "piastres = 200", "piastres = 250"))
    assert pvp_reward("win", 2, 1, cat).piastres == 250
    assert league_for(200, cat) == 2


def test_bad_rival_data_is_refused_clearly(tmp_path):
    """meta_rivals.toml: an unknown AI level is refused naming the file and the key."""
    for name in (FILE, RIVALS_FILE):
        shutil.copy(DATA_DIR / name, tmp_path / name)
    path = tmp_path / RIVALS_FILE
    path.write_text(
        path.read_text(encoding="utf-8").replace('ai = "hard"', 'ai = "godlike"', 1), encoding="utf-8"
    )
    with pytest.raises(CatalogError, match="'ai' must be one of") as err:
        load_meta_catalog(tmp_path)
    assert RIVALS_FILE in str(err.value)
