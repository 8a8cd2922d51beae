"""What the skirmish setup screens edit: two sides' parties with their loadouts, the map, the melee
mode and who plays each side, and the :class:`~rules.skirmish.setup.SkirmishSetup` they give.

Every legality question goes to the rules: a loadout is checked by
:func:`rules.skirmish.catalog.loadout_problem` (S-DATA-11, S-SPELL-11) and the setup is built by
:func:`rules.skirmish.setup.from_battle_setup`. The party limit is the size of the largest ready
party (the rules tune the round limit on parties of that size, skirmish_parties.toml).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path

from rules.skirmish.catalog import (
    MAX_THROWN,
    Known,
    SkirmishCatalog,
    default_skirmish_catalog,
    loadout_problem,
)
from rules.skirmish.catalog_types import Attribute, HeroType, Loadout, Spell
from rules.skirmish.formulas import quick_slots
from rules.skirmish.setup import MELEE_MODES, HeroSpec, MapCells, Party, SkirmishSetup, from_battle_setup

HUMAN = "human"
SIDE_LEVELS = (HUMAN, "easy", "normal", "hard")  # who plays side 2: a person (hot-seat) or an AI level


def catalog() -> SkirmishCatalog:
    return default_skirmish_catalog()


def known(cat: SkirmishCatalog | None = None) -> Known:
    cat = cat or catalog()
    return Known(cat.weapons, cat.armours, cat.shields, cat.spells, cat.classes)


def party_limit(cat: SkirmishCatalog | None = None) -> int:
    """The most heroes a side may field: the size of the largest ready party."""
    cat = cat or catalog()
    return max(len(p.heroes) for p in cat.parties.values())


@dataclass(frozen=True)
class Member:
    """One hero of a side's party and the loadout it carries."""

    hero: str
    loadout: Loadout

    @classmethod
    def default(cls, hero_id: str) -> Member:
        return cls(hero_id, catalog().hero(hero_id).loadout)

    @property
    def hero_type(self) -> HeroType:
        return catalog().hero(self.hero)

    def spec(self) -> HeroSpec:
        """The rules' party entry; the default loadout is left implicit (as ready parties are)."""
        return HeroSpec(self.hero, loadout=None if self.loadout == self.hero_type.loadout else self.loadout)


def problem(hero_id: str, loadout: Loadout) -> str:
    """Why ``loadout`` is illegal for the hero (the rules' own words), or ''."""
    hero = catalog().hero(hero_id)
    return loadout_problem(loadout, known(), dict(hero.attributes), hero.hero_class, hero.schools)


@dataclass
class Side:
    """A side's party: a ready party's id while unchanged, else custom (``ready`` None)."""

    members: list[Member] = field(default_factory=list)
    ready: str | None = None

    @classmethod
    def of_party(cls, party_id: str) -> Side:
        return cls([Member.default(h) for h in catalog().party(party_id).heroes], party_id)

    def add(self, hero_id: str) -> bool:
        """Add a hero in its default loadout; False when the party is full."""
        if len(self.members) >= party_limit():
            return False
        self.members.append(Member.default(hero_id))
        self.ready = None
        return True

    def remove(self, index: int) -> None:
        del self.members[index]
        self.ready = None

    def set_loadout(self, index: int, loadout: Loadout) -> str:
        """Give member ``index`` ``loadout`` if legal; else leave it and return the reason."""
        reason = problem(self.members[index].hero, loadout)
        if reason:
            return reason
        if loadout != self.members[index].loadout:
            self.members[index] = replace(self.members[index], loadout=loadout)
            self.ready = None
        return ""

    def party(self) -> Party:
        return tuple(m.spec() for m in self.members)


# ---- loadout choices ---------------------------------------------------------------------------


def melee_options() -> list[str | None]:
    return [None, *(w.id for w in catalog().weapons.values() if w.can_melee)]


def ranged_options() -> list[str | None]:
    return [None, *(w.id for w in catalog().weapons.values() if w.is_launcher)]


def shield_options() -> list[str | None]:
    return [None, *catalog().shields]


def armour_options() -> list[str]:
    return list(catalog().armours)


def thrown_options() -> list[str | None]:
    return [None, *(w.id for w in catalog().weapons.values() if w.can_throw)]


def spell_options(hero_id: str) -> list[Spell]:
    """The spells a hero's quick set may hold (its schools, up to its castable level), by level."""
    hero = catalog().hero(hero_id)
    level = hero.castable_level
    found = [s for s in catalog().spells.values() if s.school in hero.schools and s.level <= level]
    return sorted(found, key=lambda s: (s.level, s.school, s.id))


def slots(hero_id: str) -> int:
    """S-SPELL-4: the hero's quick-spell slots (the total level its set may hold)."""
    return int(quick_slots(catalog().hero(hero_id).attr(Attribute.CONCENTRATION)))


def can_cast(hero_id: str) -> bool:
    hero = catalog().hero(hero_id)
    return hero.castable_level >= 1 and hero.max_mana > 0


def cycle(options: list, current: object, step: int) -> object:
    """The option ``step`` places from ``current`` (wrapping)."""
    index = options.index(current) if current in options else 0
    return options[(index + step) % len(options)]


def with_thrown(loadout: Loadout, slot: int, weapon: str | None) -> Loadout:
    """The loadout with thrown slot ``slot`` (0..MAX_THROWN-1) holding ``weapon`` (None empties it)."""
    items: list[str | None] = [*loadout.thrown, *([None] * MAX_THROWN)][:MAX_THROWN]
    items[slot] = weapon
    return replace(loadout, thrown=tuple(w for w in items if w is not None))


def toggle_spell(loadout: Loadout, spell_id: str) -> Loadout:
    quick = tuple(s for s in loadout.quick if s != spell_id)
    if len(quick) == len(loadout.quick):
        quick = (*loadout.quick, spell_id)
    return replace(loadout, quick=quick)


def slots_used(loadout: Loadout) -> int:
    return sum(catalog().spell(s).level for s in loadout.quick)


# ---- maps and the setup --------------------------------------------------------------------------


@cache
def _playable(paths: tuple[Path, ...]) -> tuple[Path, ...]:
    from client.sim.skirmish import skirmish_maps

    return tuple(skirmish_maps(list(paths))[0])


def skirmish_map_paths(maps_dir: Path) -> list[Path]:
    """The maps in ``maps_dir`` a skirmish can be fought on (both drop zones hold a full party)."""
    return list(_playable(tuple(sorted(maps_dir.glob("*.tmx")))))


@dataclass
class Choice:
    """Everything the setup screen decides: the sides, the map, the melee mode and side 2's player."""

    sides: dict[int, Side]
    map_path: Path
    melee_mode: str = MELEE_MODES[0]
    opponent: str = "normal"  # a SIDE_LEVELS value

    @property
    def hotseat(self) -> bool:
        return self.opponent == HUMAN

    def controllers(self) -> dict[int, str]:
        return {1: HUMAN, 2: self.opponent}

    def empty_side(self) -> int | None:
        """A side without heroes (the battle cannot start), or None."""
        return next((team for team, side in self.sides.items() if not side.members), None)

    def setup(self, cells: MapCells) -> SkirmishSetup:
        """The rules' setup on the map ``cells`` (ValueError when the rules refuse it)."""
        return from_battle_setup(
            cells, self.sides[1].party(), self.sides[2].party(), melee_mode=self.melee_mode
        )
