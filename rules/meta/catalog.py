"""The meta catalog: ``rules/data/meta_leagues.toml`` and ``meta_rivals.toml`` as a :class:`MetaCatalog`.

Read with :mod:`rules.core.toml_reader`: an unknown key, a wrong type, leagues out of order or a
first league not starting at 0 cups is refused with a CatalogError naming the file and the key.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from pathlib import Path

from rules.core.toml_reader import DATA_DIR, CatalogFiles, Table

FILE = "meta_leagues.toml"
RIVALS_FILE = "meta_rivals.toml"
AI_LEVELS = ("easy", "normal", "hard")  # the levels a rival's AI may have (rules.tactics.ai)


@dataclass(frozen=True, slots=True)
class RivalEntry:
    """One computer-run rival (P-MODE-2): its name in each language and the AI level commanding it."""

    name_en: str
    name_ru: str
    ai: str

    def name(self, language: str) -> str:
        return self.name_ru if language == "ru" else self.name_en


@dataclass(frozen=True, slots=True)
class RivalRules:
    """How rivals start, apply and grow (meta_rivals.toml [rivals])."""

    players: tuple[RivalEntry, ...]
    start_cups: tuple[int, int]
    squad_count_min: int
    squad_size: tuple[int, int]
    arrival_max_seconds: int
    level_up_one_in: int
    max_level: int


@dataclass(frozen=True, slots=True)
class League:
    """One league (M-LEAGUE-2, M-DATA-1)."""

    number: int
    min_cups: int
    piastres: int
    rum: int
    unit_cards: int
    min_mobs: int
    min_mob_level: int


@dataclass(frozen=True, slots=True)
class MetaCatalog:
    """Every number of the meta rules."""

    leagues: tuple[League, ...]
    start_supplies: int
    start_cups: int
    start_hire_counter: int
    supplies_max: int
    regen_minutes: int
    application_cost: int
    surrender_penalty: int
    mm_window: int
    mm_min_applications: int
    mm_wait_seconds: int
    mission_win_cups: int
    mob_win_cups: int
    mob_loss_cups: int
    heal_per_level: int
    heal_pct: dict[str, int]
    draw_pct: int
    loss_pct: int
    card_types: tuple[str, ...]
    rivals: RivalRules
    mob_units: tuple[str, ...]
    version: str

    def league(self, number: int) -> League:
        for league in self.leagues:
            if league.number == number:
                return league
        raise KeyError(f"unknown league {number}; known: {[lg.number for lg in self.leagues]}")


def _leagues(root: Table) -> tuple[League, ...]:
    leagues = []
    for row in root.rows("leagues"):
        names = ("number", "min_cups", "piastres", "rum", "unit_cards", "min_mobs", "min_mob_level")
        values = {name: row.integer(name, lo=0) for name in names}
        row.finish()
        leagues.append(League(**values))
    if not leagues:
        raise root.fail("leagues", "is empty")
    if leagues[0].min_cups != 0:
        raise root.error("leagues[0]: min_cups must be 0 (every cup count needs a league)")
    for i, (lower, upper) in enumerate(pairwise(leagues), start=1):
        if upper.number != lower.number + 1 or upper.min_cups <= lower.min_cups:
            raise root.error(f"leagues[{i}]: numbers must ascend by 1 and min_cups strictly")
    return tuple(leagues)


def _rivals(root: Table, card_types: tuple[str, ...]) -> RivalRules:
    table = root.sub("rivals")
    players = []
    for row in table.rows("players"):
        players.append(RivalEntry(row.text("name_en"), row.text("name_ru"), row.text("ai")))
        if players[-1].ai not in AI_LEVELS:
            raise row.fail("ai", f"must be one of {list(AI_LEVELS)}, got {players[-1].ai!r}")
        row.finish()
    if not players:
        raise table.fail("players", "is empty")
    rules = RivalRules(
        players=tuple(players),
        start_cups=(table.integer("start_cups_min", lo=0), table.integer("start_cups_max", lo=0)),
        squad_count_min=table.integer("squad_count_min", lo=1, hi=len(card_types)),
        squad_size=(table.integer("squad_size_min", lo=1), table.integer("squad_size_max", lo=1)),
        arrival_max_seconds=table.integer("arrival_max_seconds", lo=1),
        level_up_one_in=table.integer("level_up_one_in", lo=1),
        max_level=table.integer("max_level", lo=1),
    )
    if rules.start_cups[0] > rules.start_cups[1] or rules.squad_size[0] > rules.squad_size[1]:
        raise table.error("a _min is above its _max")
    table.finish()
    return rules


def load_meta_catalog(data_dir: Path | None = None) -> MetaCatalog:
    """Parse and validate ``meta_leagues.toml`` in ``data_dir`` (default: the shipped rules/data)."""
    files = CatalogFiles()
    root = files.read((data_dir or DATA_DIR) / FILE)
    start, sup, mm, cups = root.sub("start"), root.sub("supplies"), root.sub("matchmaking"), root.sub("cups")
    heal, rew = root.sub("healing"), root.sub("rewards")
    card_types = tuple(rew.items("card_types"))
    if not card_types or not all(isinstance(t, str) for t in card_types):
        raise rew.fail("card_types", "must be a non-empty list of unit type ids")
    rivals_root = files.read((data_dir or DATA_DIR) / RIVALS_FILE)
    mobs = rivals_root.sub("mobs")
    mob_units = tuple(mobs.items("units"))
    if not mob_units or not all(isinstance(t, str) for t in mob_units):
        raise mobs.fail("units", "must be a non-empty list of unit type ids")
    catalog = MetaCatalog(
        leagues=_leagues(root),
        start_supplies=start.integer("supplies", lo=0),
        start_cups=start.integer("cups", lo=0),
        start_hire_counter=start.integer("hire_counter", lo=1),
        supplies_max=sup.integer("max", lo=1),
        regen_minutes=sup.integer("regen_minutes", lo=1),
        application_cost=sup.integer("application_cost", lo=0),
        surrender_penalty=sup.integer("surrender_penalty", lo=0),
        mm_window=mm.integer("window", lo=0),
        mm_min_applications=mm.integer("min_applications", lo=1),
        mm_wait_seconds=mm.integer("wait_seconds", lo=0),
        mission_win_cups=cups.integer("mission_win", lo=0),
        mob_win_cups=cups.integer("mob_win", lo=0),
        mob_loss_cups=cups.integer("mob_loss", lo=0),
        heal_per_level=heal.integer("piastres_per_level", lo=0),
        heal_pct={k: heal.integer(f"{k}_pct", lo=0, hi=100) for k in ("win", "draw", "loss", "mission")},
        draw_pct=rew.integer("draw_pct", lo=0, hi=100),
        loss_pct=rew.integer("loss_pct", lo=0, hi=100),
        card_types=card_types,
        rivals=_rivals(rivals_root, card_types),
        mob_units=mob_units,
        version=files.version(),
    )
    for table in (start, sup, mm, cups, heal, rew, root, mobs, rivals_root):
        table.finish()
    return catalog


@cache
def default_meta_catalog() -> MetaCatalog:
    """The shipped meta catalog, loaded once."""
    return load_meta_catalog()
