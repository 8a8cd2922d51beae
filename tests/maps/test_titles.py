"""Map titles per language (#19): ``name`` is the title, ``name_<lang>`` its translation (``name_ru``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from client.tiled import load_setup, validate_map
from client.tiled.schema import MAP_PROPS
from tests.maps.conftest import BASE, SHIPPED, write

TITLED = BASE.replace(
    '  <property name="mode" value="mission"/>\n',
    '  <property name="mode" value="mission"/>\n'
    '  <property name="name" value="First Steps"/>\n'
    '  <property name="name_ru" value="Первые шаги"/>\n',
)


def test_a_map_has_a_title_per_language_falling_back_to_name(scratch_maps: Path) -> None:
    setup = load_setup(write(scratch_maps, TITLED, "titled.tmx"))
    assert setup.title("ru") == "Первые шаги"
    assert setup.title("en") == "First Steps"
    assert setup.title("de") == "First Steps"  # a language the map gives no title for
    plain = load_setup(
        write(
            scratch_maps,
            TITLED.replace('  <property name="name_ru" value="Первые шаги"/>\n', ""),
            "plain.tmx",
        )
    )
    assert plain.title("ru") == "First Steps"


def test_the_tiled_project_offers_name_ru() -> None:
    assert "name_ru" in [prop.name for prop in MAP_PROPS]


@pytest.mark.parametrize(
    ("prop", "says"),
    [
        (
            "name_de",
            "map property 'name_de' is a title for a language the game does not have; "
            "the titles are 'name' (English and the default) and name_ru",
        ),
        ("name_en", "map property 'name_en': the English title is the map property 'name'"),
    ],
)
def test_a_title_for_an_unknown_language_says_what_to_use(scratch_maps: Path, prop: str, says: str) -> None:
    text = TITLED.replace('name="name_ru"', f'name="{prop}"')
    errors = validate_map(write(scratch_maps, text, f"{prop}.tmx"))
    assert [error.message for error in errors] == [says]


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_every_shipped_map_has_a_russian_title_of_its_own(path: Path) -> None:
    setup = load_setup(path)
    assert setup.name and setup.title("ru") and setup.title("ru") != setup.name
    assert all("а" <= ch.lower() <= "я" or ch in " -ё" for ch in setup.title("ru")), setup.title("ru")


def test_counts_in_validator_messages_agree_in_english() -> None:
    from client import i18n
    from client.tiled.errors import counted

    i18n.set_language("ru")  # the game's language does not reach messages to map authors
    try:
        assert [counted(n, "flag") for n in (1, 2, 21)] == ["1 flag", "2 flags", "21 flags"]
        assert counted(1, "squad") == "1 squad"
    finally:
        i18n.set_language("en")
