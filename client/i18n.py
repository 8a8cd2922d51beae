"""The game's text in English and Russian, through pygame-gui's translation support (python-i18n).

Every string the player reads has a key in ``client/ui/translations/runetide.<lang>.json``.
Widgets get the key itself (``"runetide.menu.missions"``) and pygame-gui translates it, also
when the language changes; text drawn by hand goes through :func:`tr`. The designer strings of
the spec appear in the Russian file exactly as quoted («Защита», «Промах», ...).

Sentences get their words in the form their grammar needs: a count through :func:`tr_count`
("1 game", «21 урон»), a team by :func:`team_colour` in the form the sentence takes («Ходят
синие», «поражением синих»), a unit by :func:`unit_forms`, every case at once, so each language's
template picks its own («%{who} стреляет по %{whom_dat}»), and a key by :func:`key_label`
(«Пробел», "Up arrow").
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import i18n

TRANSLATIONS_DIR = Path(__file__).resolve().parent / "ui" / "translations"
LANGUAGES = ("en", "ru")
LANGUAGE_NAMES = {"en": "English", "ru": "Russian"}  # in English, for messages to map authors
DEFAULT_LANGUAGE = "en"
NAMESPACE = "runetide"

_installed = False


def install() -> None:
    """Make the game's translation files known to python-i18n (idempotent)."""
    global _installed
    if _installed:
        return
    i18n.set("file_format", "json")
    i18n.set("fallback", DEFAULT_LANGUAGE)
    i18n.set("error_on_missing_translation", False)
    if str(TRANSLATIONS_DIR) not in i18n.load_path:
        i18n.load_path.append(str(TRANSLATIONS_DIR))
    _installed = True


def set_language(lang: str) -> None:
    """Switch every translated text to ``lang`` ("en" or "ru"; anything else means English)."""
    install()
    i18n.set("locale", lang if lang in LANGUAGES else DEFAULT_LANGUAGE)


def language() -> str:
    """The language in use now."""
    install()
    lang = i18n.get("locale")
    return lang if lang in LANGUAGES else DEFAULT_LANGUAGE


def key(name: str) -> str:
    """The full key of ``name`` ("menu.missions" -> "runetide.menu.missions"), for widget texts."""
    return f"{NAMESPACE}.{name}"


def tr(text_key: str, /, **params: object) -> str:
    """The text of ``text_key`` in the current language, with ``%{param}`` placeholders filled in."""
    install()
    return str(i18n.t(key(text_key), **params))


def plural_form(n: int, lang: str | None = None) -> str:
    """The plural category of ``n``: "one" or "other" in English; "one", "few" or "many" in Russian."""
    lang = lang or language()
    n = abs(n)
    if lang == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return "one"
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return "few"
        return "many"
    return "one" if n == 1 else "other"


def tr_count(text_key: str, n: int, /, **params: object) -> str:
    """``tr(text_key + "_" + plural form of n, n=n, ...)``: e.g. "3 units" / "3 юнита"."""
    return tr(f"{text_key}_{plural_form(n)}", n=n, **params)


def amount_form(value: Fraction | int | float, lang: str | None = None) -> str:
    """The plural category of an amount that may be fractional (steps: 1.5): a whole number's own;
    otherwise "other" in English ("1.5 steps") and "few" in Russian, whose non-whole numbers take the
    genitive singular as after 2 («1,5 шага»)."""
    lang = lang or language()
    f = Fraction(value)
    if f.denominator == 1:
        return plural_form(f.numerator, lang)
    return "few" if lang == "ru" else "other"


def tr_amount(text_key: str, value: Fraction | int | float, /, **params: object) -> str:
    """``tr(text_key + "_" + amount_form(value), ...)``: the form for ``value``; the caller passes it
    written out among ``params`` (as :func:`decimal` gives it)."""
    return tr(f"{text_key}_{amount_form(value)}", **params)


def decimal(text: str) -> str:
    """A number written out for the current language: Russian separates decimals with a comma (1,5)."""
    return text.replace(".", ",") if language() == "ru" else text


def has_text(text_key: str, lang: str | None = None) -> bool:
    """Whether ``text_key`` has a text of its own in ``lang`` (the current language by default),
    not only the English fallback."""
    install()
    from i18n import resource_loader, translations

    lang = lang or language()
    full = key(text_key)
    if translations.has(full, lang):
        return True
    if (full, lang) in _missing:  # python-i18n reads the files again on every miss: remember them
        return False
    resource_loader.search_translation(full, lang)
    if translations.has(full, lang):
        return True
    _missing.add((full, lang))
    return False


_missing: set[tuple[str, str]] = set()


# The grammatical cases a unit's name takes in a sentence (Russian declines names; English does not):
# genitive, dative, accusative, instrumental, and the genitive plural («отряд лучников»).
CASES = ("gen", "dat", "acc", "ins", "gen_pl")


def unit_key(unit: object) -> str:
    """The translation id of a catalog unit type: its id ("archer"); the barricade has none: "barricade"."""
    return str(getattr(unit, "id", "barricade"))


def unit_name(unit: object, case: str = "nom") -> str:
    """A catalog unit type's name in the current language (its ``name_ru`` or ``name_en``), in
    ``case`` (one of :data:`CASES`, or "nom") where the translations give that form as
    ``unit.<id>_<case>`` ("unit.archer_dat": «Лучнику»), else the nominative."""
    nominative = str(getattr(unit, "name_ru" if language() == "ru" else "name_en"))
    if case == "nom":
        return nominative
    form = f"unit.{unit_key(unit)}_{case}"
    return tr(form) if has_text(form) else nominative


def unit_forms(unit: object, prefix: str) -> dict[str, str]:
    """Every form of a unit's name as template parameters: ``{prefix: nominative, prefix_dat: dative,
    ...}``, so each language's text picks the case its grammar needs ("%{whom_dat}")."""
    forms = {prefix: unit_name(unit)}
    for case in CASES:
        forms[f"{prefix}_{case}"] = unit_name(unit, case)
    return forms


TEAM_COLOURS = {1: "red", 2: "blue"}
# The forms of a team's name: "" the label («Красные», a heading or the start of a sentence),
# "plural" inside a sentence as its subject («Ходят синие»), "genitive" («поражением синих»).
TEAM_FORMS = ("", "plural", "genitive")


def team_colour(team: int, form: str = "") -> str:
    """Team ``team`` by its colour in the form a sentence needs: ``team.red``, ``team.red_plural``,
    ``team.red_genitive`` ("Red" in all three in English)."""
    if form not in TEAM_FORMS:
        raise ValueError(f"unknown team form {form!r}")
    colour = TEAM_COLOURS.get(team, "red")
    return tr(f"team.{colour}_{form}" if form else f"team.{colour}")


def key_label(name: str) -> str:
    """A pygame key name ("space", "up", "escape", "left shift") as players call the key, in the current
    language ("Space" / «Пробел», "Up arrow" / «Стрелка вверх», "Esc"); a key without a translation
    by its own name ("D", "F5")."""
    if not name:
        return ""
    text_key = "keyname." + name.strip().lower().replace(" ", "_")
    if has_text(text_key) or has_text(text_key, DEFAULT_LANGUAGE):
        return tr(text_key)
    if len(name) == 1:
        return name.upper()
    return " ".join(part.capitalize() if part.islower() else part for part in name.split(" "))
