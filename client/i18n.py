"""The game's text in English and Russian, through pygame-gui's translation support (python-i18n).

Every string the player reads has a key in ``client/ui/translations/runetide.<lang>.json``.
Widgets get the key itself (``"runetide.menu.missions"``) and pygame-gui translates it, also
when the language changes; text drawn by hand goes through :func:`tr`. The designer strings of
the spec appear in the Russian file exactly as quoted («Защита», «Промах», ...).
"""

from __future__ import annotations

from pathlib import Path

import i18n

TRANSLATIONS_DIR = Path(__file__).resolve().parent / "ui" / "translations"
LANGUAGES = ("en", "ru")
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


def unit_name(unit: object) -> str:
    """A catalog unit type's name in the current language (its ``name_ru`` or ``name_en``)."""
    return str(getattr(unit, "name_ru" if language() == "ru" else "name_en"))
