"""A hero's character sheet (S-ATTR-1..3) and the loadout problems the rules report, in plain words.

The sheet lists the ten attributes, marking those with no effect in a skirmish battle (S-ATTR-3:
Will, Beauty, Charisma, Card Master; Strength's maximum load), then the values the rules derive
from them and from the loadout: HP, mana, steps, castable level, quick-spell slots, shots per
round, the armour divisor, the shield's cut to the enemy's hit chance and, for detailed melee, the
attack and defence skills, armour and parry (S-MODEL-3). Every number comes from the rules'
catalog and formulas.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from client.i18n import decimal, language, tr
from client.skirmish.model import catalog
from rules.skirmish.catalog_types import Attribute, HeroType, Loadout, Spell, SpellTarget
from rules.skirmish.formulas import SHIELD_PER_X, quick_slots, ranged_attacks_per_round, steps
from rules.skirmish.values import BASE_MELEE_SKILL

NO_EFFECT = frozenset({Attribute.WILL, Attribute.BEAUTY, Attribute.CHARISMA, Attribute.CARD_MASTER})


def num(value: Fraction | int | float) -> str:
    """An exact value for people: 3, 4.5 (4,5 in Russian), 2/3 (a fraction with no short decimal)."""
    f = Fraction(value)
    if f.denominator == 1:
        return str(f.numerator)
    if (f * 100).denominator == 1:
        return decimal(f"{float(f):g}")
    return f"{f.numerator}/{f.denominator}"


def battle_name(heroes: Mapping[int, object] | Sequence[object], hero_id: int) -> str:
    """A battle hero's name as the screen shows it. Parties may share a hero (Bjorn fights in the
    arcane party and in the iron line): each of its later copies, by id, is numbered, "Bjorn 2", so
    the log, the cards and the tooltips tell the two apart."""
    found = list(heroes.values()) if isinstance(heroes, Mapping) else list(heroes)
    kind = _hero_type(next(h for h in found if h.id == hero_id))  # type: ignore[attr-defined]
    same = sorted(h.id for h in found if _hero_type(h).id == kind.id)  # type: ignore[attr-defined]
    n = same.index(hero_id) + 1
    return name_of(kind) if n == 1 else f"{name_of(kind)} {n}"


def _hero_type(hero: object) -> HeroType:
    """The catalog hero of a battle hero: a view's (``.hero``) or the rules' (``.info.hero``)."""
    kind = getattr(hero, "hero", None)
    return kind if kind is not None else hero.info.hero  # type: ignore[attr-defined]


def name_of(thing: object) -> str:
    """A catalog record's name in the current language."""
    return str(getattr(thing, "name_ru" if language() == "ru" else "name_en"))


def item_name(kind: str, item_id: str | None) -> str:
    """The name of a weapon, armour or shield id (or "none")."""
    if item_id is None:
        return tr("skirmish.none")
    cat = catalog()
    table = {"weapon": cat.weapons, "armour": cat.armours, "shield": cat.shields, "spell": cat.spells}[kind]
    return name_of(table[item_id])


@dataclass(frozen=True)
class SheetLine:
    """One line of a sheet: label, value and whether it has an effect in the battle."""

    label: str
    value: str
    in_battle: bool = True
    heading: bool = False
    short: str = ""  # a shorter label for a narrow panel ("" if the label is short already)


SHORT_LABELS = ("steps", "shots", "cast_level", "slots", "armour_div", "shield_cut", "skill", "att_def")


def derived(key: str, value: str) -> SheetLine:
    """A derived value's line, with its short label where it has one."""
    short = tr(f"skirmish.sheet.short.{key}") if key in SHORT_LABELS else ""
    return SheetLine(tr(f"skirmish.sheet.{key}"), value, short=short)


def attribute_lines(hero: HeroType) -> list[SheetLine]:
    lines = [SheetLine(tr("skirmish.sheet.attributes"), "", heading=True)]
    for attr, value in hero.attributes:
        label = tr(f"skirmish.attr.{attr}")
        lines.append(SheetLine(label, f"{num(value)}X", attr not in NO_EFFECT))
    lines.append(SheetLine(tr("skirmish.sheet.max_load"), tr("skirmish.sheet.load_value"), False))
    return lines


def derived_lines(hero: HeroType, loadout: Loadout) -> list[SheetLine]:
    """The values the rules derive from the attributes and the loadout."""
    cat = catalog()
    agility = hero.attr(Attribute.AGILITY)
    lines = [
        SheetLine(tr("skirmish.sheet.derived"), "", heading=True),
        derived("hp", str(hero.max_hp)),
        derived("mana", num(hero.max_mana)),
        derived("steps", num(steps(agility))),
        derived("shots", str(ranged_attacks_per_round(agility, divisor=cat.battle.ranged_agility_divisor))),
        derived("cast_level", str(hero.castable_level)),
        derived("slots", num(quick_slots(hero.attr(Attribute.CONCENTRATION)))),
    ]
    armour = cat.armours[loadout.armour]
    lines.append(derived("armour_div", num(armour.divisor)))
    shield = cat.shields.get(loadout.shield) if loadout.shield else None
    cut = int(shield.size_x * SHIELD_PER_X) if shield else 0
    lines.append(derived("shield_cut", f"−{cut}" if cut else "0"))
    melee = cat.weapons.get(loadout.melee) if loadout.melee else None
    level = hero.skill(melee.weapon_class) if melee else 0
    lines.append(derived("skill", str(level)))
    lines.append(SheetLine(tr("skirmish.sheet.detailed"), "", heading=True))
    skill = BASE_MELEE_SKILL + level
    weapon = melee.detailed if melee else None
    attack, defence = skill + (weapon.attack if weapon else 0), skill + (weapon.defence if weapon else 0)
    lines.append(derived("att_def", f"{attack} / {defence}"))
    lines.append(SheetLine(tr("skirmish.sheet.d_armour"), str(armour.detailed_armour)))
    lines.append(SheetLine(tr("skirmish.sheet.parry"), str(shield.parry) if shield else "—"))
    return lines


def sheet_lines(hero_id: str, loadout: Loadout | None = None) -> list[SheetLine]:
    """The whole sheet: class, schools, attributes, derived values."""
    hero = catalog().hero(hero_id)
    loadout = loadout or hero.loadout
    schools = ", ".join(tr(f"skirmish.school.{s}") for s in hero.schools) or "—"
    head = [
        SheetLine(tr("skirmish.sheet.class"), name_of(hero.hero_class)),
        SheetLine(tr("skirmish.sheet.schools"), schools),
    ]
    return head + attribute_lines(hero) + derived_lines(hero, loadout)


def loadout_summary(loadout: Loadout) -> str:
    """ "Sword, Shield, Plate" — what a hero carries, in one line."""
    parts = [item_name("weapon", w) for w in (loadout.melee, loadout.ranged) if w]
    if loadout.shield:
        parts.append(item_name("shield", loadout.shield))
    parts.append(item_name("armour", loadout.armour))
    if loadout.thrown:
        parts.append(f"{len(loadout.thrown)}× {item_name('weapon', loadout.thrown[0])}")
    return ", ".join(parts)


# The rules' loadout problems (rules.skirmish.catalog.loadout_problem), each to its translation.
_PROBLEMS = (
    (re.compile(r"key 'armour': '(\w+)' needs Strength (\S+)"), "armour_strength"),
    (re.compile(r"key 'shield': '(\w+)' needs Strength (\S+)"), "shield_strength"),
    (re.compile(r"key 'shield': a shield needs"), "shield_hands"),
    (re.compile(r"key 'quick': '(\w+)' is outside .* level (\d+)"), "spell_outside"),
    (re.compile(r"key 'quick': the levels exceed (\S+) slots"), "spell_slots"),
    (re.compile(r"key 'thrown': up to (\d+)"), "thrown_count"),
    (re.compile(r"key 'melee': '(\w+)' is not a melee weapon"), "not_melee"),
    (re.compile(r"key 'ranged': '(\w+)' is not a bow"), "not_ranged"),
)


def problem_text(problem: str) -> str:
    """The rules' loadout problem in the current language ('' stays '')."""
    if not problem:
        return ""
    for pattern, key in _PROBLEMS:
        found = pattern.search(problem)
        if found is None:
            continue
        groups = found.groups()
        if key in ("armour_strength", "shield_strength"):
            kind = "armour" if key == "armour_strength" else "shield"
            return tr(f"skirmish.problem.{key}", item=item_name(kind, groups[0]), n=groups[1])
        if key == "spell_outside":
            return tr("skirmish.problem.spell_outside", spell=item_name("spell", groups[0]), n=groups[1])
        if key in ("not_melee", "not_ranged"):
            return tr(f"skirmish.problem.{key}", item=item_name("weapon", groups[0]))
        return tr(f"skirmish.problem.{key}", n=groups[0] if groups else "")
    return problem


def spell_info(spell: Spell) -> str:
    """A spell's school, level and mana, and how far it reaches in words: a line's length, "on the
    caster" for a self spell, otherwise its range."""
    params = {"school": tr(f"skirmish.school.{spell.school}"), "level": spell.level, "mana": spell.mana}
    if spell.target == SpellTarget.LINE:
        return tr("skirmish.spell.info_line", length=spell.length, **params)
    if spell.target == SpellTarget.SELF:
        return tr("skirmish.spell.info_self", **params)
    return tr("skirmish.spell.info", range=spell.range, **params)
