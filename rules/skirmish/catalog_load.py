"""Parsers for one entry of each skirmish data table, with the rules' load-time checks."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from rules.skirmish.catalog_read import Reader
from rules.skirmish.catalog_types import (
    ATTRIBUTES,
    DAMAGE_TYPES,
    SCHOOLS,
    STATUS_KINDS,
    TARGETS,
    WEAPON_KINDS,
    Armour,
    BattleRules,
    DetailedWeapon,
    HeroClass,
    HeroType,
    Loadout,
    Party,
    Shield,
    Spell,
    Status,
    Weapon,
)
from rules.skirmish.formulas import max_castable_level, quick_slots
from rules.tactics.catalog import CatalogError

if TYPE_CHECKING:
    from rules.skirmish.catalog import Known

MELEE_MODES = ("basic", "detailed")
MAX_THROWN = 3  # S-DATA-11


def _names(r: Reader) -> tuple[str, str]:
    return r.text("name_en"), r.text("name_ru")


def weapon(wid: str, r: Reader) -> Weapon:
    """S-DATA-2 row; ranged kinds need optimal <= max range, melee kinds a detailed table."""
    en, ru = _names(r)
    kind = r.text("kind", options=WEAPON_KINDS)
    ranged = kind != "melee"
    optimal = (
        r.integer("optimal", lo=1) if ranged else r.integer("optimal", None) if r.has("optimal") else None
    )
    max_range = r.integer("max_range", lo=1) if ranged else None
    if optimal is not None and max_range is not None and optimal > max_range:
        raise r.fail("optimal", f"must be <= max_range {max_range}, got {optimal}")
    detailed = None
    if kind in ("melee", "melee_thrown"):
        d = r.sub("detailed")
        types = tuple(d.items("types"))
        if not types or any(t not in DAMAGE_TYPES for t in types) or len(set(types)) != len(types):
            raise d.fail("types", f"must be distinct names from {list(DAMAGE_TYPES)}, got {types!r}")
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


def armour(aid: str, r: Reader) -> Armour:
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


def shield(sid: str, r: Reader) -> Shield:
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


def _status(raw: object, r: Reader, i: int) -> Status:
    s = Reader(raw, f"{r.where}.status[{i}]")
    kind = s.text("kind", options=STATUS_KINDS)
    value = s.fraction("value")
    rounds = s.integer("rounds", lo=1)
    detailed = s.integer("detailed", 0)
    s.finish()
    return Status(kind, value, rounds, detailed)


def spell(sid: str, r: Reader) -> Spell:
    """S-DATA-5 row: school, level 1..5, target kind and its area, effects."""
    en, ru = _names(r)
    target = r.text("target", options=TARGETS)
    damage = r.integer("damage", 0, lo=0)
    pair = {key: tuple(r.items(key, [0, 0])) for key in ("chain", "wall")}
    for key, value in pair.items():
        if len(value) != 2 or not all(isinstance(v, int) and v >= 0 for v in value):
            raise r.fail(key, f"must be two non-negative integers, got {list(value)!r}")
    result = Spell(
        id=sid,
        name_en=en,
        name_ru=ru,
        school=r.text("school", options=SCHOOLS),
        level=r.integer("level", lo=1, hi=5),
        mana=r.integer("mana", lo=0),
        range=r.integer("range", lo=0),
        rolls=r.flag("rolls"),
        ignores_armour=r.flag("ignores_armour", False),
        hostile=r.flag("hostile"),
        target=target,
        radius=r.integer("radius", 0, lo=0),
        length=r.integer("length", 0, lo=0),
        chain=(pair["chain"][0], pair["chain"][1]),
        wall=(pair["wall"][0], pair["wall"][1]),
        damage=damage,
        heal=r.integer("heal", 0, lo=0),
        mana_gift=r.integer("mana_gift", 0, lo=0),
        status=tuple(_status(raw, r, i) for i, raw in enumerate(r.items("status", []))),
    )
    if damage and not r.has("ignores_armour"):
        raise r.fail("ignores_armour", "is required for a spell that deals damage (S-SPELL-14)")
    needs = {"cell": "radius", "line": "length", "chain": "chain", "wall": "wall"}.get(target)
    if needs and not r.has(needs):
        raise r.fail(needs, f"is required for target {target!r}")
    if target not in ("line", "self") and result.range < 1:
        raise r.fail("range", f"must be >= 1 for target {target!r}")
    r.finish()
    return result


def hero_class(cid: str, r: Reader, weapons: dict[str, Weapon]) -> HeroClass:
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
        r.integer("schools", lo=0, hi=len(SCHOOLS)),
        r.integer("weapon_skill_cap", lo=0, hi=5),
        owned,
    )
    r.finish()
    return result


def hero_type(hid: str, r: Reader, known: Known) -> HeroType:
    """A shipped hero; its skills, schools and loadout must obey S-CLASS-2 and S-DATA-11."""
    en, ru = _names(r)
    cls_id = r.text("class", options=tuple(known.classes))
    cls = known.classes[cls_id]
    a = r.sub("attributes")
    attrs = tuple((name, a.fraction(name, lo=Fraction(0))) for name in ATTRIBUTES)
    a.finish()
    health = dict(attrs)["health"]
    if (health * 100).denominator != 1:
        raise a.fail("health", f"must give whole hit points (x 100), got {health}")
    s = r.sub("skills")
    skills = tuple((name, s.integer(name, lo=0, hi=5)) for name in list(s.data))
    s.finish()
    for name, level in skills:  # S-CLASS-2
        if level and name not in cls.weapon_classes:
            raise s.fail(name, f"is a weapon class the {cls.name_en} does not own {list(cls.weapon_classes)}")
        if level > cls.weapon_skill_cap:
            raise s.fail(name, f"must be <= the class cap {cls.weapon_skill_cap}, got {level}")
    schools = tuple(r.items("schools", []))
    if (
        any(x not in SCHOOLS for x in schools)
        or len(set(schools)) != len(schools)
        or len(schools) > cls.schools
    ):
        raise r.fail(
            "schools", f"must be up to {cls.schools} distinct of {list(SCHOOLS)}, got {list(schools)}"
        )
    loadout = _loadout(r.sub("loadout"), known, dict(attrs), cls, schools)
    r.finish()
    return HeroType(hid, en, ru, cls, attrs, skills, schools, loadout)


def _loadout(r: Reader, known: Known, attrs: dict[str, Fraction], cls: HeroClass, schools: tuple) -> Loadout:
    melee, ranged, sh = r.text("melee", None), r.text("ranged", None), r.text("shield", None)
    result = Loadout(
        melee, ranged, sh, r.text("armour", "none"), tuple(r.items("thrown", [])), tuple(r.items("quick", []))
    )
    r.finish()
    problem = loadout_problem(result, known, attrs, cls, schools)
    if problem:
        raise CatalogError(f"{r.where}: {problem}")
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
    if known.armours[lo.armour].min_strength > attrs["strength"]:
        return f"key 'armour': {lo.armour!r} needs Strength {known.armours[lo.armour].min_strength}"
    if lo.shield is not None:
        if lo.shield not in known.shields:
            return f"key 'shield': unknown shield {lo.shield!r}"
        if known.shields[lo.shield].min_strength > attrs["strength"]:
            return f"key 'shield': {lo.shield!r} needs Strength {known.shields[lo.shield].min_strength}"
        if lo.melee is None or w[lo.melee].hands != 1 or lo.ranged is not None:
            return "key 'shield': a shield needs a one-handed melee weapon and no bow or crossbow"
    spells = known.spells
    level_cap = max_castable_level(cls.magic_cap, attrs["wisdom"])
    for sid in lo.quick:  # S-SPELL-11
        if sid not in spells:
            return f"key 'quick': unknown spell {sid!r}"
        if spells[sid].school not in schools or spells[sid].level > level_cap:
            return f"key 'quick': {sid!r} is outside the hero's schools or above level {level_cap}"
    if len(set(lo.quick)) != len(lo.quick):
        return "key 'quick': a spell may appear once"
    if sum(spells[s].level for s in lo.quick) > quick_slots(attrs["concentration"]):
        return f"key 'quick': the levels exceed {quick_slots(attrs['concentration'])} slots (S-SPELL-4)"
    return ""


def party(pid: str, r: Reader, heroes: dict[str, HeroType]) -> Party:
    en, ru = _names(r)
    members = tuple(r.items("heroes"))
    if not members or any(h not in heroes for h in members):
        raise r.fail("heroes", f"must name known heroes, got {list(members)}")
    r.finish()
    return Party(pid, en, ru, members)


def battle_rules(root: Reader) -> BattleRules:
    """S-DATA-10 constants and the S-MODEL-4 calibration record."""
    b = root.sub("battle")
    table = b.items("start_fatigue")
    if len(table) != 3 or not all(isinstance(v, int) and v >= 0 for v in table):
        raise b.fail("start_fatigue", f"must be three non-negative integers, got {table!r}")
    c = root.sub("calibration")
    k = c.fraction("damage_scale_k", lo=Fraction(0))
    if (k * 20).denominator != 1:
        raise c.fail("damage_scale_k", f"must be a multiple of 1/20 (S-MODEL-4), got {k}")
    record = tuple((key, str(c.raw(key))) for key in list(c.data) if key != "damage_scale_k")
    c.used.update(c.data)
    result = BattleRules(
        round_limit=b.integer("round_limit", lo=1),
        melee_mode=b.text("melee_mode", options=MELEE_MODES),
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

