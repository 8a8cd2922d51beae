"""The skirmish catalog: ``rules/data/skirmish_*.toml`` as a frozen, validated :class:`SkirmishCatalog`.

Read with :mod:`rules.core.toml_reader`, like every game's catalog: an unknown or missing key, a
wrong type, an inexact number (a TOML float) or a value the rules forbid fails with
:class:`CatalogError` naming the file, the entry and the key. Loadouts are checked against
S-DATA-11, S-SPELL-11 and S-CLASS-2 at load time. The records and vocabularies are in
:mod:`rules.skirmish.catalog_types`; ``version`` hashes the files' contents.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from rules.core.toml_reader import DATA_DIR, CatalogError, CatalogFiles, Table
from rules.skirmish.catalog_types import (
    Armour,
    Attribute,
    BattleRules,
    DamageType,
    DetailedWeapon,
    HeroClass,
    HeroType,
    Loadout,
    Party,
    School,
    Shield,
    Spell,
    SpellTarget,
    Status,
    StatusKind,
    Weapon,
    WeaponKind,
)
from rules.skirmish.formulas import max_castable_level, quick_slots
from rules.skirmish.setup import MeleeMode

FILES = (
    "weapons",
    "armours",
    "spells",
    "heroes",
    "parties",
    "battle",
)  # skirmish_<name>.toml, hashed in order
MAX_THROWN = 3  # S-DATA-11
# S-DATA-5: the key that sizes each target kind's area
AREA_KEYS = {
    SpellTarget.CELL: "radius",
    SpellTarget.LINE: "length",
    SpellTarget.CHAIN: "chain",
    SpellTarget.WALL: "wall",
}


@dataclass(frozen=True, slots=True)
class SkirmishCatalog:
    """Everything the skirmish rules read from data; ``version`` hashes the data files' contents."""

    weapons: dict[str, Weapon]
    armours: dict[str, Armour]
    shields: dict[str, Shield]
    spells: dict[str, Spell]
    classes: dict[str, HeroClass]
    heroes: dict[str, HeroType]
    parties: dict[str, Party]
    battle: BattleRules
    version: str

    def hero(self, hero_id: str) -> HeroType:
        return _lookup(self.heroes, hero_id, "hero")

    def party(self, party_id: str) -> Party:
        return _lookup(self.parties, party_id, "party")

    def weapon(self, weapon_id: str) -> Weapon:
        return _lookup(self.weapons, weapon_id, "weapon")

    def spell(self, spell_id: str) -> Spell:
        return _lookup(self.spells, spell_id, "spell")


@dataclass(frozen=True, slots=True)
class Known:
    """The tables a hero entry refers to."""

    weapons: dict[str, Weapon]
    armours: dict[str, Armour]
    shields: dict[str, Shield]
    spells: dict[str, Spell]
    classes: dict[str, HeroClass]


def _lookup(table: dict, key: str, what: str) -> Any:
    try:
        return table[key]
    except KeyError:
        raise CatalogError(f"unknown {what} {key!r}; known: {', '.join(sorted(table))}") from None


# ---- one entry of each table ---------------------------------------------------------------------


def _names(r: Table) -> tuple[str, str]:
    return r.text("name_en"), r.text("name_ru")


def weapon(wid: str, r: Table) -> Weapon:
    """S-DATA-2 row; ranged kinds need optimal <= max range, melee kinds a detailed table."""
    en, ru = _names(r)
    kind = r.choice("kind", WeaponKind)
    ranged = kind != WeaponKind.MELEE
    optimal = r.integer("optimal", lo=1) if ranged else r.integer("optimal") if r.has("optimal") else None
    max_range = r.integer("max_range", lo=1) if ranged else None
    if optimal is not None and max_range is not None and optimal > max_range:
        raise r.fail("optimal", f"must be <= max_range {max_range}, got {optimal}")
    detailed = None
    if kind in (WeaponKind.MELEE, WeaponKind.MELEE_THROWN):
        d = r.sub("detailed")
        types = d.members("types", DamageType, what="damage type")
        if not types:
            raise d.fail("types", f"must name at least one of {[str(t) for t in DamageType]}")
        detailed = DetailedWeapon(
            d.integer("damage", lo=0),
            d.integer("attack"),
            d.integer("defence"),
            d.integer("length", lo=0),
            types,
        )
        d.finish()
    result = Weapon(
        id=wid,
        name_en=en,
        name_ru=ru,
        weapon_class=r.text("class"),
        kind=kind,
        hands=r.integer("hands", lo=1, hi=2),
        base_x=r.fraction("base_x", lo=Fraction(0)),
        optimal=optimal,
        max_range=max_range,
        style_ok=r.flag("style_ok", False),
        detailed=detailed,
    )
    r.finish()
    return result


def armour(aid: str, r: Table) -> Armour:
    """S-DATA-3 row; the divisor is at least 1 (S-DMG-9)."""
    en, ru = _names(r)
    result = Armour(
        aid,
        en,
        ru,
        r.fraction("divisor", lo=Fraction(1)),
        r.fraction("min_strength", lo=Fraction(0)),
        r.integer("detailed_armour", lo=0),
        r.integer("detailed_encumbrance", lo=0),
    )
    r.finish()
    return result


def shield(sid: str, r: Table) -> Shield:
    """S-DATA-4 row."""
    en, ru = _names(r)
    result = Shield(
        sid,
        en,
        ru,
        r.fraction("size_x", lo=Fraction(0)),
        r.fraction("min_strength", lo=Fraction(0)),
        r.integer("parry", lo=0),
        r.integer("armour", lo=0),
        r.integer("encumbrance", lo=0),
    )
    r.finish()
    return result


def _status(s: Table) -> Status:
    result = Status(
        s.choice("kind", StatusKind), s.fraction("value"), s.integer("rounds", lo=1), s.integer("detailed", 0)
    )
    s.finish()
    return result


def _pair(r: Table, key: str) -> tuple[int, int]:
    value = r.items(key, [0, 0])
    if len(value) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value):
        raise r.fail(key, f"must be two non-negative integers, got {list(value)!r}")
    return value[0], value[1]


def spell(sid: str, r: Table) -> Spell:
    """S-DATA-5 row: school, level 1..5, target kind and its area, effects."""
    en, ru = _names(r)
    target = r.choice("target", SpellTarget)
    damage = r.integer("damage", 0, lo=0)
    chain, wall = _pair(r, "chain"), _pair(r, "wall")
    result = Spell(
        id=sid,
        name_en=en,
        name_ru=ru,
        school=r.choice("school", School),
        level=r.integer("level", lo=1, hi=5),
        mana=r.integer("mana", lo=0),
        range=r.integer("range", lo=0),
        rolls=r.flag("rolls"),
        ignores_armour=r.flag("ignores_armour", False),
        hostile=r.flag("hostile"),
        target=target,
        radius=r.integer("radius", 0, lo=0),
        length=r.integer("length", 0, lo=0),
        chain=chain,
        wall=wall,
        damage=damage,
        heal=r.integer("heal", 0, lo=0),
        mana_gift=r.integer("mana_gift", 0, lo=0),
        status=tuple(_status(s) for s in r.rows("status", [])),
    )
    if damage and not r.has("ignores_armour"):
        raise r.fail("ignores_armour", "is required for a spell that deals damage (S-SPELL-14)")
    needs = AREA_KEYS.get(target)
    if needs and not r.has(needs):
        raise r.fail(needs, f"is required for target {str(target)!r}")
    if target not in (SpellTarget.LINE, SpellTarget.SELF) and result.range < 1:
        raise r.fail("range", f"must be >= 1 for target {str(target)!r}")
    r.finish()
    return result


def hero_class(cid: str, r: Table, weapons: dict[str, Weapon]) -> HeroClass:
    """S-CLASS-1 row and the owned weapon classes (S-DATA-1)."""
    en, ru = _names(r)
    known = {w.weapon_class for w in weapons.values()}
    owned = tuple(r.items("weapon_classes"))
    for name in owned:
        if name not in known:
            raise r.fail("weapon_classes", f"names unknown weapon class {name!r}; known: {sorted(known)}")
    result = HeroClass(
        cid,
        en,
        ru,
        r.integer("combat_cap", lo=0, hi=5),
        r.integer("magic_cap", lo=0, hi=5),
        r.integer("schools", lo=0, hi=len(School)),
        r.integer("weapon_skill_cap", lo=0, hi=5),
        owned,
    )
    r.finish()
    return result


def hero_type(hid: str, r: Table, known: Known) -> HeroType:
    """A shipped hero; its skills, schools and loadout must obey S-CLASS-2 and S-DATA-11."""
    en, ru = _names(r)
    cls_id = r.text("class")
    if cls_id not in known.classes:
        raise r.fail("class", f"must be one of {list(known.classes)}, got {cls_id!r}")
    cls = known.classes[cls_id]
    a = r.sub("attributes")
    attrs = tuple((name, a.fraction(name, lo=Fraction(0))) for name in Attribute)
    a.finish()
    health = dict(attrs)[Attribute.HEALTH]
    if (health * 100).denominator != 1:
        raise a.fail("health", f"must give whole hit points (x 100), got {health}")
    s = r.sub("skills", {})
    skills = tuple((name, s.integer(name, lo=0, hi=5)) for name in s.keys())
    s.finish()
    for name, level in skills:  # S-CLASS-2
        if level and name not in cls.weapon_classes:
            raise s.fail(name, f"is a weapon class the {cls.name_en} does not own {list(cls.weapon_classes)}")
        if level > cls.weapon_skill_cap:
            raise s.fail(name, f"must be <= the class cap {cls.weapon_skill_cap}, got {level}")
    schools = r.members("schools", School, [], what="school")
    if len(schools) > cls.schools:
        raise r.fail(
            "schools", f"must be up to {cls.schools} of {[str(x) for x in School]}, got {list(schools)}"
        )
    loadout = _loadout(r.sub("loadout", {}), known, dict(attrs), cls, schools)
    r.finish()
    return HeroType(hid, en, ru, cls, attrs, skills, schools, loadout)


def _loadout(r: Table, known: Known, attrs: dict[str, Fraction], cls: HeroClass, schools: tuple) -> Loadout:
    melee, ranged, sh = r.text("melee", None), r.text("ranged", None), r.text("shield", None)
    result = Loadout(
        melee, ranged, sh, r.text("armour", "none"), tuple(r.items("thrown", [])), tuple(r.items("quick", []))
    )
    r.finish()
    problem = loadout_problem(result, known, attrs, cls, schools)
    if problem:
        raise r.error(problem)
    return result


def loadout_problem(
    lo: Loadout, known: Known, attrs: dict[str, Fraction], cls: HeroClass, schools: tuple
) -> str:
    """Why a loadout breaks S-DATA-11 / S-SPELL-11, or '' when it is fine."""
    w = known.weapons
    for key, wid in (("melee", lo.melee), ("ranged", lo.ranged), *(("thrown", t) for t in lo.thrown)):
        if wid is not None and wid not in w:
            return f"key {key!r}: unknown weapon {wid!r}"
    if lo.melee is not None and not w[lo.melee].can_melee:
        return f"key 'melee': {lo.melee!r} is not a melee weapon"
    if lo.ranged is not None and not w[lo.ranged].is_launcher:
        return f"key 'ranged': {lo.ranged!r} is not a bow or crossbow"
    if len(lo.thrown) > MAX_THROWN or any(not w[t].can_throw for t in lo.thrown):
        return f"key 'thrown': up to {MAX_THROWN} throwable weapons, got {list(lo.thrown)}"
    if lo.armour not in known.armours:
        return f"key 'armour': unknown armour {lo.armour!r}"
    strength = attrs[Attribute.STRENGTH]
    if known.armours[lo.armour].min_strength > strength:
        return f"key 'armour': {lo.armour!r} needs Strength {known.armours[lo.armour].min_strength}"
    if lo.shield is not None:
        if lo.shield not in known.shields:
            return f"key 'shield': unknown shield {lo.shield!r}"
        if known.shields[lo.shield].min_strength > strength:
            return f"key 'shield': {lo.shield!r} needs Strength {known.shields[lo.shield].min_strength}"
        if lo.melee is None or w[lo.melee].hands != 1 or lo.ranged is not None:
            return "key 'shield': a shield needs a one-handed melee weapon and no bow or crossbow"
    spells = known.spells
    level_cap = max_castable_level(cls.magic_cap, attrs[Attribute.WISDOM])
    for sid in lo.quick:  # S-SPELL-11
        if sid not in spells:
            return f"key 'quick': unknown spell {sid!r}"
        if spells[sid].school not in schools or spells[sid].level > level_cap:
            return f"key 'quick': {sid!r} is outside the hero's schools or above level {level_cap}"
    if len(set(lo.quick)) != len(lo.quick):
        return "key 'quick': a spell may appear once"
    slots = quick_slots(attrs[Attribute.CONCENTRATION])
    if sum(spells[s].level for s in lo.quick) > slots:
        return f"key 'quick': the levels exceed {slots} slots (S-SPELL-4)"
    return ""


def party(pid: str, r: Table, heroes: dict[str, HeroType]) -> Party:
    en, ru = _names(r)
    members = tuple(r.items("heroes"))
    if not members or any(h not in heroes for h in members):
        raise r.fail("heroes", f"must name known heroes, got {list(members)}")
    r.finish()
    return Party(pid, en, ru, members)


def battle_rules(root: Table) -> BattleRules:
    """S-DATA-10 constants and the S-MODEL-4 calibration record."""
    b = root.sub("battle")
    table = b.items("start_fatigue")
    if len(table) != 3 or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in table):
        raise b.fail("start_fatigue", f"must be three non-negative integers, got {table!r}")
    c = root.sub("calibration")
    k = c.fraction("damage_scale_k", lo=Fraction(0))
    if (k * 20).denominator != 1:
        raise c.fail("damage_scale_k", f"must be a multiple of 1/20 (S-MODEL-4), got {k}")
    record = tuple((key, str(value)) for key, value in c.rest())
    result = BattleRules(
        round_limit=b.integer("round_limit", lo=1),
        melee_mode=b.choice("melee_mode", MeleeMode),
        entry_energy=b.fraction("entry_energy", lo=Fraction(0)),
        start_fatigue=(table[0], table[1], table[2]),
        ranged_agility_divisor=b.integer("ranged_agility_divisor", lo=1),
        fatigue_recovery=b.integer("fatigue_recovery", lo=0),
        fatigue_limit=b.integer("fatigue_limit", lo=1),
        severing_fraction=b.fraction("severing_fraction", lo=Fraction(0)),
        eye_fraction=b.fraction("eye_fraction", lo=Fraction(0)),
        eye_chance=b.integer("eye_chance", lo=0, hi=100),
        hero_size=b.integer("hero_size", lo=0),
        damage_scale_k=k,
        calibration=record,
    )
    b.finish()
    return result


# ---- the catalog ---------------------------------------------------------------------------------


def load_skirmish_catalog(data_dir: Path | None = None) -> SkirmishCatalog:
    """Parse and validate the six skirmish files (default: the shipped ``rules/data``)."""
    folder = data_dir or DATA_DIR
    files = CatalogFiles()
    roots = {name: files.read(folder / f"skirmish_{name}.toml") for name in FILES}
    weapons = {k: weapon(k, r) for k, r in roots["weapons"].entries("weapons").items()}
    armours = {k: armour(k, r) for k, r in roots["armours"].entries("armours").items()}
    shields = {k: shield(k, r) for k, r in roots["armours"].entries("shields").items()}
    spells = {k: spell(k, r) for k, r in roots["spells"].entries("spells").items()}
    classes = {k: hero_class(k, r, weapons) for k, r in roots["heroes"].entries("classes").items()}
    known = Known(weapons, armours, shields, spells, classes)
    heroes = {k: hero_type(k, r, known) for k, r in roots["heroes"].entries("heroes").items()}
    parties = {k: party(k, r, heroes) for k, r in roots["parties"].entries("parties").items()}
    battle = battle_rules(roots["battle"])
    for root in roots.values():
        root.finish()
    if "none" not in armours:
        raise roots["armours"].sub("armours").error("the entry 'none' (no armour, S-DMG-9) is required")
    return SkirmishCatalog(
        weapons=weapons,
        armours=armours,
        shields=shields,
        spells=spells,
        classes=classes,
        heroes=heroes,
        parties=parties,
        battle=battle,
        # the files' contents back to back, as this catalog has always hashed them (no separator)
        version=files.version(separator=b""),
    )


@cache
def default_skirmish_catalog() -> SkirmishCatalog:
    """The shipped skirmish catalog, loaded once."""
    return load_skirmish_catalog()
