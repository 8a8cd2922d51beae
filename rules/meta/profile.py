"""The player's profile and its pure operations: hire, heal, supplies by real time, battle results.

A :class:`Profile` is a plain dataclass that serialises to versioned JSON (:func:`to_json`,
:func:`from_json`, strict: :class:`ProfileError` says what is wrong). Times are injected seconds
(a Unix clock); every operation returns a new profile or raises ValueError with the reason.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, replace
from fractions import Fraction

from rules.meta.catalog import MetaCatalog, default_meta_catalog
from rules.meta.formulas import hire_cost, league_for
from rules.numbers import ceil

VERSION = 1


class ProfileError(ValueError):
    """A profile JSON is not one this version can read; the message says why."""


@dataclass(frozen=True, slots=True)
class Squad:
    """A roster squad: fit units, wounded units (M-HEAL-2) and their heal factor, one level."""

    unit: str
    count: int
    level: int = 1
    wounded: int = 0
    wounded_pct: int = 100


@dataclass(frozen=True, slots=True)
class Profile:
    name: str
    piastres: int
    rum: int
    supplies: int
    supplies_clock: float  # when the current 30-minute regeneration period started (M-SUP-6a)
    cups: int
    cards: dict[str, int] = field(default_factory=dict)
    hire_counters: dict[str, int] = field(default_factory=dict)
    roster: tuple[Squad, ...] = ()

    @property
    def league(self) -> int:
        return league_for(self.cups)


def new_profile(name: str, now: float, cat: MetaCatalog | None = None) -> Profile:
    """M-DATA-4 / M-CUP-2 / M-HIRE-2: full supplies, 100 cups, every counter at 1."""
    cat = cat or default_meta_catalog()
    counters = {t: cat.start_hire_counter for t in cat.card_types}
    return Profile(
        name, 0, 0, cat.start_supplies, now, cat.start_cups, dict.fromkeys(cat.card_types, 0), counters
    )


def regenerate(p: Profile, now: float, cat: MetaCatalog | None = None) -> Profile:
    """M-SUP-2 / M-SUP-6(a,b): +1 per full period below the max; the clock keeps the partial period."""
    cat = cat or default_meta_catalog()
    period = cat.regen_minutes * 60
    if p.supplies >= cat.supplies_max:
        return replace(p, supplies_clock=now)  # paused at or above the cap; restarts when below
    steps = int((now - p.supplies_clock) // period)
    gained = min(max(0, steps), cat.supplies_max - p.supplies)
    clock = now if p.supplies + gained >= cat.supplies_max else p.supplies_clock + gained * period
    return replace(p, supplies=p.supplies + gained, supplies_clock=clock)


def spend_supplies(p: Profile, amount: int, now: float, *, penalty: bool = False) -> Profile:
    """M-SUP-3 (cost, refused below it) / M-SUP-6(c) (a penalty stops at 0)."""
    p = regenerate(p, now)
    if not penalty and p.supplies < amount:
        raise ValueError(f"needs {amount} supplies, has {p.supplies} (M-SUP-6d)")
    clock = now if p.supplies >= default_meta_catalog().supplies_max else p.supplies_clock
    return replace(p, supplies=max(0, p.supplies - amount), supplies_clock=clock)


def hire(p: Profile, unit: str, squad_index: int) -> Profile:
    """M-HIRE-1/2/4/5/7: one unit, paid in that type's cards, or refused with nothing changed."""
    counter = p.hire_counters.get(unit, 1)
    price = hire_cost(counter)
    if p.cards.get(unit, 0) < price:
        raise ValueError(f"hiring a {unit} costs {price} {unit} cards, you have {p.cards.get(unit, 0)}")
    if p.roster[squad_index].unit != unit:
        raise ValueError(f"squad {squad_index} is not a {unit} squad")
    roster = list(p.roster)
    roster[squad_index] = replace(roster[squad_index], count=roster[squad_index].count + 1)
    return replace(
        p,
        cards={**p.cards, unit: p.cards[unit] - price},
        hire_counters={**p.hire_counters, unit: counter + 1},
        roster=tuple(roster),
    )


def grant_unit(p: Profile, squad_index: int) -> Profile:
    """M-HIRE-3: a unit from a quest or promotion: the hire counter does not move."""
    roster = list(p.roster)
    roster[squad_index] = replace(roster[squad_index], count=roster[squad_index].count + 1)
    return replace(p, roster=tuple(roster))


def healing_price(p: Profile, cat: MetaCatalog | None = None) -> int:
    """M-HEAL-2 / M-DATA-3: the sum over squads of per_level x level x wounded x factor, rounded up."""
    cat = cat or default_meta_catalog()
    return ceil(
        sum(Fraction(s.wounded_pct * cat.heal_per_level * s.level * s.wounded, 100) for s in p.roster)
    )


def heal_all(p: Profile) -> Profile:
    """M-HEAL-2: pay the price in piastres; the wounded fight again. Refused if it cannot be paid."""
    price = healing_price(p)
    if p.piastres < price:
        raise ValueError(f"healing costs {price} piastres, you have {p.piastres}")
    roster = tuple(replace(s, count=s.count + s.wounded, wounded=0, wounded_pct=100) for s in p.roster)
    return replace(p, piastres=p.piastres - price, roster=roster)


def wound(p: Profile, killed: dict[int, int], factor_pct: int) -> Profile:
    """M-HEAL-2: the player's units killed in a battle stay in the roster as wounded."""
    roster = list(p.roster)
    for index, n in killed.items():
        s = roster[index]
        n = min(n, s.count)
        pct = factor_pct if not s.wounded else max(s.wounded_pct, factor_pct)  # [REC] one factor per squad
        roster[index] = replace(s, count=s.count - n, wounded=s.wounded + n, wounded_pct=pct)
    return replace(p, roster=tuple(roster))


def add_resources(p: Profile, piastres: int = 0, rum: int = 0, supplies: int = 0, cards: dict | None = None):
    """Rewards are never lost at a cap (M-SUP-6b): supplies may go above the maximum."""
    new_cards = dict(p.cards)
    for unit, n in (cards or {}).items():
        new_cards[unit] = new_cards.get(unit, 0) + n
    return replace(
        p, piastres=p.piastres + piastres, rum=p.rum + rum, supplies=p.supplies + supplies, cards=new_cards
    )


def to_json(p: Profile) -> str:
    data = asdict(p)
    data["version"] = VERSION
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


def from_json(text: str) -> Profile:
    """Strict: wrong version, missing or unknown keys, wrong types all raise ProfileError."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ProfileError(f"the profile is not valid JSON: {exc}") from None
    if not isinstance(data, dict) or data.get("version") != VERSION:
        got = data.get("version") if isinstance(data, dict) else None
        raise ProfileError(f"profile version {got!r} is not {VERSION}")
    data.pop("version")
    keys = {
        "name",
        "piastres",
        "rum",
        "supplies",
        "supplies_clock",
        "cups",
        "cards",
        "hire_counters",
        "roster",
    }
    if set(data) != keys:
        raise ProfileError(
            f"profile keys differ: missing {sorted(keys - set(data))}, unknown {sorted(set(data) - keys)}"
        )
    for key in ("piastres", "rum", "supplies", "cups"):
        if not isinstance(data[key], int) or isinstance(data[key], bool) or data[key] < 0:
            raise ProfileError(f"profile key {key!r} must be an integer >= 0, got {data[key]!r}")
    try:
        roster = tuple(Squad(**s) for s in data.pop("roster"))
    except TypeError as exc:
        raise ProfileError(f"a roster squad is malformed: {exc}") from None
    return Profile(roster=roster, **data)
