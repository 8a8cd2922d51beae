"""ASCII boards for the skirmish: render a battle for humans and build scenario states from text.

Symbols: ``.`` empty, ``#`` blocked terrain or a standing wall; heroes are letters, upper case
for team 1 and lower case for team 2 (the same convention as ``rules.tactics.text``). In a
scenario board, heroes get ids in the order of the ``heroes`` mapping, team 1's letters first.
"""

from __future__ import annotations

from fractions import Fraction

from rules.core.teams import Mode, PerTeam
from rules.rng import SeededRng
from rules.skirmish.battle import new_battle
from rules.skirmish.catalog import SkirmishCatalog
from rules.skirmish.catalog_types import Loadout
from rules.skirmish.setup import HeroSpec, SkirmishSetup
from rules.skirmish.state import SkirmishState


def hero_letter(hero_id: int, team: int) -> str:
    """The letter a hero is drawn with: A, B, ... for team 1 and a, b, ... for team 2 (by id)."""
    letter = chr(ord("a") + hero_id % 26)
    return letter.upper() if team == 1 else letter


def render_board(state: SkirmishState) -> str:
    """The board, then a line per hero: letter, hero type, HP, mana, and the one acting now."""
    setup = state.board.setup
    cells = [["." for _ in range(setup.width)] for _ in range(setup.height)]
    for x, y in state.board.terrain | frozenset(state.walls):
        if 0 <= x < setup.width and 0 <= y < setup.height:
            cells[y][x] = "#"
    acting = state.act.hero if state.act is not None else None
    legend = []
    for hero in state.heroes:
        letter = hero_letter(hero.info.id, hero.info.team)
        if hero.hp > 0:
            cells[hero.pos[1]][hero.pos[0]] = letter
        mark = "  <- acting" if hero.info.id == acting else ""
        legend.append(
            f"{letter} {hero.info.hero.id} HP {hero.hp}/{hero.info.max_hp} mana {hero.mana}"
            f"{' (down)' if hero.hp <= 0 else ''}{mark}"
        )
    return "\n".join(["".join(row) for row in cells] + [f"round {state.round_no}", *legend])


def scenario(
    board: str,
    heroes: dict[str, str],
    *,
    mode: str = "basic",
    mission: bool = False,
    round_limit: int | None = None,
    energy: tuple[Fraction | None, Fraction | None] = (None, None),
    loadouts: dict[str, Loadout] | None = None,
    cards: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
    catalog: SkirmishCatalog | None = None,
) -> tuple[SkirmishState, dict[str, int]]:
    """A battle from an ASCII board: ``heroes`` maps each board letter to a catalog hero id.

    Returns the state after the battle's start and each letter's hero id.
    """
    rows = [r.strip() for r in board.strip().splitlines()]
    cells = {ch: (x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch.isalpha()}
    blocked = frozenset((x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == "#")
    loadouts = loadouts or {}
    order = [c for c in heroes if c.isupper()] + [c for c in heroes if c.islower()]
    first, second = (
        tuple(HeroSpec(heroes[c], cells[c], loadouts.get(c)) for c in order if c.isupper() == (team == 1))
        for team in (1, 2)
    )
    setup = SkirmishSetup(
        width=max(len(r) for r in rows),
        height=len(rows),
        parties=PerTeam(first, second),
        blocked=blocked,
        mode=Mode.MISSION if mission else Mode.PVP,
        melee_mode=mode,
        round_limit=round_limit,
        entry_energy=PerTeam.of(energy),
        cards=PerTeam.of(cards),
    )
    state, _ = new_battle(setup, SeededRng(0), catalog)
    return state, {c: i for i, c in enumerate(order)}
