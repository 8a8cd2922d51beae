"""The player's profile and its pure operations: hire, heal, supplies by real time, battle results.

A :class:`Profile` is a plain dataclass that serialises to versioned JSON (:func:`to_json`,
:func:`from_json`, strict: :class:`ProfileError` says what is wrong). Times are injected seconds
(a Unix clock); every operation returns a new profile or raises ValueError with the reason.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field, replace
from fractions import Fraction

from rules.meta.catalog import AI_LEVELS, MetaCatalog, default_meta_catalog
from rules.meta.formulas import hire_cost, league_for
from rules.meta.rivals import Rival
from rules.numbers import ceil

VERSION = 1


class ProfileError(ValueError):
    """A profile JSON is not one this version can read; the message says why."""


@dataclass(frozen=True, slots=True)
class Squad:
    """A roster squad: fit units, one level, and its wounded units grouped by heal factor.

    M-HEAL-2 prices each wounded unit by the factor of the battle in which it fell (100% or 75%),
    so ``wounds`` keeps ``(factor_pct, units)`` pairs, one per factor, sorted by factor.
    """

    unit: str
    count: int
    level: int = 1
    wounds: tuple[tuple[int, int], ...] = ()

    @property
    def wounded(self) -> int:
        """How many of the squad's units are wounded (all factors)."""
        return sum(n for _, n in self.wounds)


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
    seed: int = 0  # the rivals' seed (P-MODE-2): the same seed gives the same ladder
    rivals: tuple[Rival, ...] = ()  # the computer-run rivals of this profile's arena ladder

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


def _squad_heal_sum(s: Squad, cat: MetaCatalog) -> Fraction:
    return sum((Fraction(pct * cat.heal_per_level * s.level * n, 100) for pct, n in s.wounds), Fraction(0))


def healing_price(p: Profile, cat: MetaCatalog | None = None, squad_index: int | None = None) -> int:
    """M-HEAL-2 / M-DATA-3: per_level x level x factor for each wounded unit, the total rounded up;
    for the whole roster, or one squad (``squad_index``)."""
    cat = cat or default_meta_catalog()
    squads = p.roster if squad_index is None else (p.roster[squad_index],)
    return ceil(sum((_squad_heal_sum(s, cat) for s in squads), Fraction(0)))


def heal_all(p: Profile, squad_index: int | None = None) -> Profile:
    """M-HEAL-2: pay the price in piastres; the wounded fight again. Refused if it cannot be paid.
    ``squad_index`` heals one squad only."""
    price = healing_price(p, squad_index=squad_index)
    if p.piastres < price:
        raise ValueError(f"healing costs {price} piastres, you have {p.piastres}")
    roster = tuple(
        replace(s, count=s.count + s.wounded, wounds=()) if squad_index in (None, i) else s
        for i, s in enumerate(p.roster)
    )
    return replace(p, piastres=p.piastres - price, roster=roster)


def add_wounds(wounds: tuple[tuple[int, int], ...], factor_pct: int, n: int) -> tuple[tuple[int, int], ...]:
    """``n`` more units wounded at ``factor_pct``, merged with the units already wounded at it."""
    if n <= 0:
        return wounds
    merged = dict(wounds)
    merged[factor_pct] = merged.get(factor_pct, 0) + n
    return tuple(sorted(merged.items()))


def wound(p: Profile, killed: dict[int, int], factor_pct: int) -> Profile:
    """M-HEAL-2: the player's units killed in a battle stay in the roster as wounded, each priced by
    this battle's factor (earlier wounded keep theirs)."""
    roster = list(p.roster)
    for index, n in killed.items():
        s = roster[index]
        n = min(n, s.count)
        roster[index] = replace(s, count=s.count - n, wounds=add_wounds(s.wounds, factor_pct, n))
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


KEYS = (
    "name",
    "piastres",
    "rum",
    "supplies",
    "supplies_clock",
    "cups",
    "cards",
    "hire_counters",
    "roster",
    "seed",
    "rivals",
)
SQUAD_KEYS = ("unit", "count", "level", "wounds")
RIVAL_KEYS = ("name", "cups", "army", "next_application", "ai")


def _int(value: object, where: str, lo: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < lo:
        raise ProfileError(f"profile field {where} must be an integer >= {lo}, got {value!r}")
    return value


def _keys(data: object, keys: tuple[str, ...], where: str) -> dict:
    if not isinstance(data, dict):
        raise ProfileError(f"profile field {where} must be an object, got {data!r}")
    if set(data) != set(keys):
        missing, unknown = sorted(set(keys) - set(data)), sorted(set(data) - set(keys))
        raise ProfileError(f"profile field {where}: missing keys {missing}, unknown keys {unknown}")
    return data


def _counts(data: object, where: str, known: frozenset[str], lo: int) -> dict[str, int]:
    if not isinstance(data, dict):
        raise ProfileError(f"profile field {where} must be an object, got {data!r}")
    for unit, n in data.items():
        if unit not in known:
            raise ProfileError(f"profile field {where}.{unit}: unknown unit type {unit!r}")
        _int(n, f"{where}.{unit}", lo)
    return dict(data)


def _squad(data: object, where: str, known: frozenset[str]) -> Squad:
    d = _keys(data, SQUAD_KEYS, where)
    if not isinstance(d["unit"], str) or d["unit"] not in known:
        raise ProfileError(f"profile field {where}.unit: unknown unit type {d['unit']!r}")
    if not isinstance(d["wounds"], list):
        raise ProfileError(f"profile field {where}.wounds must be a list, got {d['wounds']!r}")
    wounds: tuple[tuple[int, int], ...] = ()
    for i, pair in enumerate(d["wounds"]):
        if not isinstance(pair, list) or len(pair) != 2:
            raise ProfileError(f"profile field {where}.wounds[{i}] must be [factor_pct, units], got {pair!r}")
        pct, n = _int(pair[0], f"{where}.wounds[{i}][0]"), _int(pair[1], f"{where}.wounds[{i}][1]", 1)
        if pct > 100 or pct in dict(wounds):
            raise ProfileError(f"profile field {where}.wounds[{i}]: factor {pct} is repeated or above 100")
        wounds = add_wounds(wounds, pct, n)
    count, level = _int(d["count"], f"{where}.count"), _int(d["level"], f"{where}.level", 1)
    return Squad(d["unit"], count, level, wounds)


def _number(value: object, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ProfileError(f"profile field {where} must be a number, got {value!r}")
    return float(value)


def _rival(data: object, where: str, units: frozenset[str]) -> Rival:
    d = _keys(data, RIVAL_KEYS, where)
    if not isinstance(d["name"], str) or not d["name"]:
        raise ProfileError(f"profile field {where}.name must be a non-empty string, got {d['name']!r}")
    if d["ai"] not in AI_LEVELS:
        raise ProfileError(f"profile field {where}.ai must be one of {list(AI_LEVELS)}, got {d['ai']!r}")
    if not isinstance(d["army"], list) or not d["army"]:
        raise ProfileError(f"profile field {where}.army must be a non-empty list, got {d['army']!r}")
    army = []
    for i, squad in enumerate(d["army"]):
        at = f"{where}.army[{i}]"
        if not isinstance(squad, list) or len(squad) != 3 or squad[0] not in units:
            raise ProfileError(f"profile field {at} must be [known unit type, count, level], got {squad!r}")
        army.append((squad[0], _int(squad[1], f"{at}[1]", 1), _int(squad[2], f"{at}[2]", 1)))
    cups, when = _int(d["cups"], f"{where}.cups"), _number(d["next_application"], f"{where}.next_application")
    return Rival(d["name"], cups, tuple(army), when, d["ai"])


def from_json(text: str | bytes, cat: MetaCatalog | None = None) -> Profile:
    """Strict: wrong version, missing or unknown keys, wrong types, negative counts and unknown unit
    types anywhere (the roster included) raise ProfileError naming the field."""
    cat = cat or default_meta_catalog()
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as exc:
        raise ProfileError(f"the profile is not valid JSON: {exc}") from None
    if not isinstance(data, dict) or data.get("version") != VERSION:
        got = data.get("version") if isinstance(data, dict) else None
        raise ProfileError(f"profile version {got!r} is not {VERSION}")
    data = _keys({k: v for k, v in data.items() if k != "version"}, KEYS, "profile")
    if not isinstance(data["name"], str) or not data["name"].strip():
        raise ProfileError(f"profile field name must be a non-empty string, got {data['name']!r}")
    for key in ("piastres", "rum", "supplies", "cups"):
        _int(data[key], key)
    clock = _number(data["supplies_clock"], "supplies_clock")
    known = frozenset(cat.card_types)  # the roster holds the hireable types (M-HIRE-4)
    if not isinstance(data["roster"], list):
        raise ProfileError(f"profile field roster must be a list, got {data['roster']!r}")
    roster = tuple(_squad(s, f"roster[{i}]", known) for i, s in enumerate(data["roster"]))
    if not isinstance(data["rivals"], list):
        raise ProfileError(f"profile field rivals must be a list, got {data['rivals']!r}")
    units = known | frozenset(cat.mob_units)
    rivals = tuple(_rival(r, f"rivals[{i}]", units) for i, r in enumerate(data["rivals"]))
    return Profile(
        name=data["name"],
        piastres=data["piastres"],
        rum=data["rum"],
        supplies=data["supplies"],
        supplies_clock=clock,
        cups=data["cups"],
        cards=_counts(data["cards"], "cards", frozenset(cat.card_types), 0),
        hire_counters=_counts(data["hire_counters"], "hire_counters", frozenset(cat.card_types), 1),
        roster=roster,
        seed=_int(data["seed"], "seed"),
        rivals=rivals,
    )
