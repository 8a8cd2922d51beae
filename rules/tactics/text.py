"""ASCII boards: render a battle for humans and build scenario states from text for tests.

Symbols: ``.`` empty, ``#`` blocked terrain, ``=`` barricade, ``^`` trap, ``!`` flag,
``$`` chest, ``>`` exit sector, ``*`` rune circle; squads are letters, upper case for
team 1 and lower case for team 2.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules.tactics.catalog import Catalog
from rules.tactics.setup import (
    Barricade,
    BattleFeature,
    BattleSetup,
    Chest,
    ExitSector,
    Flag,
    Pos,
    SquadSpec,
    Trap,
)
from rules.tactics.state import BattleState

_OBJECT_SYMBOLS = {"#", "=", "^", "!", "$", ">", "."}


def render_board(state: BattleState) -> str:
    """The board with a legend of squads: letter, unit, count, top HP, flags."""
    board = state.board
    cells = [["." for _ in range(board.width)] for _ in range(board.height)]

    def mark(pos: Pos, char: str) -> None:
        cells[pos[1]][pos[0]] = char

    marked = (
        (board.blocked, "#"), (board.exits, ">"), (board.runes, "*"), (state.chests, "$"),
        (state.flags, "!"), (state.traps, "^"), (state.barricades, "="),
    )  # fmt: skip
    for places, symbol in marked:
        for pos in places:
            mark(pos, symbol)
    legend = []
    letters = {1: iter("ABCDEFGHIJKLMNOPQRSTUVWXYZ"), 2: iter("abcdefghijklmnopqrstuvwxyz")}
    for squad in state.squads:
        letter = next(letters[squad.info.team], "?")
        if not squad.alive:
            continue
        mark(squad.pos, letter)
        notes = [n for n, on in (("acted", squad.acted), ("defending", squad.defending)) if on]
        if squad.stunned(state.round_no):
            notes.append(f"stunned to r{squad.stunned_until}")
        notes.extend(f"aura {kind}" for kind in sorted(squad.auras))
        legend.append(
            f"{letter} #{squad.info.id} {squad.info.unit.id} x{squad.count} hp {squad.top_hp}/{squad.info.hp}"
            + (f" ({', '.join(notes)})" if notes else "")
        )
    head = f"round {state.round_no}, team {state.active_team} to act"
    if state.outcome is not None:
        head = f"battle over: winner {state.outcome.winner} by {state.outcome.reason}"
    return "\n".join([head, *("".join(row) for row in cells), *legend])


def scenario(
    board: str,
    squads: Mapping[str, tuple],
    *,
    catalog: Catalog | None = None,
    feature: BattleFeature | None = None,
    first_team: int = 1,
    round_no: int = 1,
    **setup_fields: Any,
) -> BattleState:
    """A battle in progress from an ASCII board (for scenario tests and AI puzzles).

    ``squads`` maps each letter on the board to ``(unit_id, count)`` or
    ``(unit_id, count, level)``; upper-case letters are team 1, lower-case team 2.
    Board symbols become map objects (flags belong to team 1, exits to team 1);
    anything else (runes, team 2 exits, PvP flags, the objective ...) is passed as
    :class:`BattleSetup` fields in ``setup_fields``, and is added to what the board
    shows.
    """
    from rules.tactics.battle import assemble  # local: battle.py is heavier and imports state

    rows = [line.strip() for line in board.strip().splitlines() if line.strip()]
    width = len(rows[0])
    if any(len(row) != width for row in rows):
        raise ValueError("every board row must have the same width")
    blocked, traps, flags, chests, exits, barricades = set(), [], [], [], [], []
    placements: list[tuple[int, SquadSpec, Pos]] = []
    for y, row in enumerate(rows):
        for x, char in enumerate(row):
            pos = (x, y)
            if char == "#":
                blocked.add(pos)
            elif char == "=":
                barricades.append(Barricade(pos))
            elif char == "^":
                traps.append(Trap(pos))
            elif char == "!":
                flags.append(Flag(pos, 1))
            elif char == "$":
                chests.append(Chest(pos))
            elif char == ">":
                exits.append(ExitSector(pos, 1))
            elif char.isalpha():
                if char not in squads:
                    raise ValueError(f"letter {char!r} on the board has no entry in squads")
                spec = SquadSpec(*squads[char])
                placements.append((1 if char.isupper() else 2, spec, pos))
            elif char not in _OBJECT_SYMBOLS:
                raise ValueError(f"unknown board symbol {char!r}")
    armies = tuple(tuple(spec for team, spec, _ in placements if team == t) for t in (1, 2))
    setup = BattleSetup(
        width=width,
        height=len(rows),
        armies=armies,  # type: ignore[arg-type]
        blocked=frozenset(blocked),
        traps=tuple(traps),
        flags=tuple(flags),
        chests=tuple(chests),
        exits=tuple(exits),
        barricades=tuple(barricades),
    )
    merged = {
        name: (getattr(setup, name) + value if isinstance(value, tuple) and name != "armies" else value)
        for name, value in setup_fields.items()
    }
    setup = replace(setup, **merged)
    state = assemble(
        setup, placements, feature=feature or BattleFeature(), first_team=first_team, catalog=catalog
    )
    state.round_no = round_no
    return state
