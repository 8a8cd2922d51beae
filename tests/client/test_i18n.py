"""Translations: both languages have every text, the spec's designer strings are exact, plurals work."""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest

from client import i18n
from client.i18n import TRANSLATIONS_DIR, plural_form, tr, tr_count

PLURAL = re.compile(r"_(one|few|many|other)$")


def flat_keys(lang: str) -> set[str]:
    data = json.loads((TRANSLATIONS_DIR / f"runetide.{lang}.json").read_text(encoding="utf-8"))[lang]

    def walk(node: dict, prefix: str) -> set[str]:
        found: set[str] = set()
        for name, value in node.items():
            found |= walk(value, f"{prefix}{name}.") if isinstance(value, dict) else {prefix + name}
        return found

    return walk(data, "")


def test_english_and_russian_have_the_same_texts() -> None:
    """The same texts, less the Russian case forms of unit names (``unit.*``: English does not decline)."""

    def base(keys: set[str]) -> set[str]:
        return {PLURAL.sub("", k) for k in keys if not k.startswith("unit.")}

    assert base(flat_keys("en")) == base(flat_keys("ru"))
    plural_en = {k for k in flat_keys("en") if PLURAL.search(k)}
    plural_ru = {k for k in flat_keys("ru") if PLURAL.search(k)}
    assert {PLURAL.sub("", k) + "_other" for k in plural_ru} == {k for k in plural_en if k.endswith("_other")}
    assert all(PLURAL.sub("", k) + f"_{f}" in plural_ru for k in plural_en for f in ("one", "few", "many"))


@pytest.mark.parametrize(
    ("key", "russian"),
    [
        ("battle.defend", "Защита"),  # T-DEF: the «Защита» button
        ("popup.defend", "Защита"),
        ("popup.miss", "Промах"),
        ("popup.counterstrike", "Контрудар"),
        ("popup.backstab", "Удар в спину"),
        ("popup.stunned", "Оглушение"),
        ("stats.shooter", "Стрелок"),
        ("stats.line", "Атака по линиям"),
        ("stats.move_0", "Не умеет перемещаться"),
        ("stats.move_1", "Зона перемещения 1"),
        ("stats.move_2", "Зона перемещения 2"),
        ("modifier.melee_penalty", "Штраф за ближний бой"),  # T-OQ-25's UI forms
        ("modifier.distance_penalty", "Штраф за дистанцию"),
        ("rune.damage", "Рунный круг (урон)"),
        ("rune.phys_defense", "Рунный круг (физическая защита)"),
        ("rune.mag_defense", "Рунный круг (магическая защита)"),
        ("rune.dodge", "Рунный круг (шанс уворота)"),
        ("rune.crit", "Рунный круг (шанс крита)"),
        ("bonus.supply_1", "1 запас"),  # T-CHEST-3
        ("bonus.rum_15", "15 рома"),
        ("bonus.card_archer", "Карта лучника"),
        ("bonus.card_swordsman", "Карта мечника"),
        ("bonus.card_mage", "Карта мага"),
        ("bonus.card_assassin", "Карта ассасина"),
    ],
)
def test_designer_strings_appear_in_russian_exactly(key: str, russian: str) -> None:
    i18n.set_language("ru")
    assert tr(key) == russian


def test_switching_language_changes_the_text() -> None:
    assert tr("menu.missions") == "Missions"
    i18n.set_language("ru")
    assert tr("menu.missions") == "Миссии" and i18n.language() == "ru"
    i18n.set_language("xx")
    assert i18n.language() == "en"


def test_placeholders_are_filled() -> None:
    assert tr("battle.round", n=3, total=20) == "Round 3 / 20"
    i18n.set_language("ru")
    assert tr("battle.round", n=3, total=20) == "Раунд 3 / 20"


@pytest.mark.parametrize(
    ("n", "en", "ru"),
    [
        (1, "one", "one"),
        (2, "other", "few"),
        (5, "other", "many"),
        (11, "other", "many"),
        (21, "other", "one"),
        (0, "other", "many"),
    ],
)
def test_plural_forms(n: int, en: str, ru: str) -> None:
    assert plural_form(n, "en") == en and plural_form(n, "ru") == ru


def test_counted_text_uses_the_plural_form() -> None:
    assert tr_count("popup.killed", 1) == "1 killed"
    i18n.set_language("ru")
    assert tr_count("popup.killed", 1) == "убит 1" and tr_count("popup.killed", 3) == "убито 3"


@pytest.mark.parametrize(
    ("lang", "cost", "text"),
    [
        ("ru", Fraction(1), "Бьорн идёт (1 шаг)"),
        ("ru", Fraction(3, 2), "Бьорн идёт (1,5 шага)"),  # a non-whole number: genitive singular
        ("ru", Fraction(3), "Бьорн идёт (3 шага)"),
        ("ru", Fraction(11, 2), "Бьорн идёт (5,5 шага)"),
        ("ru", Fraction(6), "Бьорн идёт (6 шагов)"),
        ("ru", Fraction(21), "Бьорн идёт (21 шаг)"),
        ("en", Fraction(1), "Bjorn moves (1 step)"),
        ("en", Fraction(3, 2), "Bjorn moves (1.5 steps)"),
        ("en", Fraction(6), "Bjorn moves (6 steps)"),
    ],
)
def test_fractional_steps_take_their_plural_and_decimal_comma(lang: str, cost: Fraction, text: str) -> None:
    """Skirmish steps are fractional: «1,5 шага», not «1.5 шагов»; "1 step", "1.5 steps"."""
    from client.skirmish.sheet import num

    i18n.set_language(lang)
    try:
        who = "Бьорн" if lang == "ru" else "Bjorn"
        assert i18n.tr_amount("skirmish.log.moved", cost, who=who, n=num(cost)) == text
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize(
    ("lang", "n", "text"),
    [
        ("ru", 1, "Плетёт «Пекло» (1 ход)"),
        ("ru", 3, "Плетёт «Пекло» (3 хода)"),
        ("ru", 5, "Плетёт «Пекло» (5 ходов)"),
        ("en", 1, "Channelling Inferno (1 activation)"),
        ("en", 3, "Channelling Inferno (3 activations)"),
    ],
)
def test_a_channelled_spell_counts_its_activations_in_the_right_form(lang: str, n: int, text: str) -> None:
    """The channel pop-up and log line: «1 ход», «3 хода», «5 ходов»; "1 activation", not "1 activations"."""
    i18n.set_language(lang)
    try:
        spell = "Пекло" if lang == "ru" else "Inferno"
        assert tr_count("skirmish.popup.channel", n, spell=spell) == text
    finally:
        i18n.set_language("en")


def test_russian_hero_labels_read_the_same_for_heroines() -> None:
    """Skirmish heroes include women (Ильзабет, Хильда, Мирела): the labels put beside a hero's name
    take no masculine past-tense form («выбыл», «нанёс», «Скован»)."""
    import re

    i18n.set_language("ru")
    try:
        keys = ["skirmish.hud.out", "skirmish.popup.out", "skirmish.popup.bound", "skirmish.popup.tomb"]
        keys += ["skirmish.popup.picked", "skirmish.popup.check_fail", "skirmish.affliction.blind"]
        texts = [tr(k, item="Топор", roll="57") for k in keys]
        texts.append(tr("skirmish.end.hero", who="Ильзабет", dealt=6, hp=0, max=100, spells="нет"))
        masculine = re.compile(r"\b\w+(?:ыл|ал|ил|ёс|ован|ён)\b")
        assert [t for t in texts if masculine.search(t)] == []
    finally:
        i18n.set_language("en")
