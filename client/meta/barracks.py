"""The barracks' rows and actions over the profile: cards, the next hire's price, fit and wounded units.

Pure helpers (no pygame): :func:`rows` is what the screen shows per unit type, :func:`hire_one`
and :func:`heal` apply :mod:`rules.meta.profile`'s operations and say, in the player's language,
why one was refused.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from client.i18n import language, tr, tr_count
from rules.meta.catalog import default_meta_catalog
from rules.meta.formulas import hire_cost
from rules.meta.profile import Profile, Squad, heal_all, healing_price, hire
from rules.tactics.catalog import default_tactics_catalog

MAX_SQUADS = 4  # T-DATA-3


@dataclass(frozen=True)
class Row:
    unit: str
    name: str
    cards: int
    price: int  # cards for the next hire (M-HIRE-4)
    fit: int
    wounded: int
    heal_cost: int  # piastres to heal this type's wounded (M-HEAL-2)

    @property
    def can_hire(self) -> bool:
        return self.cards >= self.price


def unit_name(unit: str) -> str:
    info = default_tactics_catalog().units.get(unit)
    if info is None:
        return unit
    return info.name_ru if language() == "ru" else info.name_en


def squad_index(p: Profile, unit: str) -> int | None:
    return next((i for i, s in enumerate(p.roster) if s.unit == unit), None)


def rows(p: Profile) -> list[Row]:
    """One row per hireable type (the catalog's card types), in the catalog's order."""
    out = []
    for unit in default_meta_catalog().card_types:
        index = squad_index(p, unit)
        squad = p.roster[index] if index is not None else Squad(unit, 0)
        cost = healing_price(p, squad_index=index) if index is not None else 0
        out.append(
            Row(
                unit,
                unit_name(unit),
                p.cards.get(unit, 0),
                hire_cost(p.hire_counters.get(unit, 1)),
                squad.count,
                squad.wounded,
                cost,
            )
        )
    return out


def refusal(p: Profile, unit: str) -> str | None:
    """Why a hire of ``unit`` is refused now (M-HIRE-7), or None."""
    price, have = hire_cost(p.hire_counters.get(unit, 1)), p.cards.get(unit, 0)
    if have < price:
        return tr("barracks.short_cards", unit=unit_name(unit), price=price_text(price), have=have)
    if squad_index(p, unit) is None and len(p.roster) >= MAX_SQUADS:
        return tr("barracks.full_roster")
    return None


def price_text(n: int) -> str:
    return tr_count("barracks.price_cards", n)


def hire_one(p: Profile, unit: str) -> Profile:
    """M-HIRE-1: one unit into the squad of its type (a new squad if there is none and room).
    ValueError with the translated reason when refused; nothing changes then."""
    reason = refusal(p, unit)
    if reason is not None:
        raise ValueError(reason)
    index = squad_index(p, unit)
    if index is None:
        p = replace(p, roster=(*p.roster, Squad(unit, 0)))
        index = len(p.roster) - 1
    return hire(p, unit, index)


def heal(p: Profile, unit: str | None = None) -> Profile:
    """Heal one type's wounded (or all, ``unit`` None) for piastres (M-HEAL-2); ValueError if short."""
    index = None if unit is None else squad_index(p, unit)
    if unit is not None and index is None:
        return p
    price = healing_price(p, squad_index=index)
    if p.piastres < price:
        raise ValueError(tr("barracks.short_piastres", price=price, have=p.piastres))
    return heal_all(p, squad_index=index)
