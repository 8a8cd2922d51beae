"""Recorded battles that pin the skirmish engine's behaviour: the same seed, the same events.

Each case is a battle on a shipped map's cells (stored in the data file, so the test needs no map
loader) between two ready parties in one melee mode, played either by a seeded random chooser
over ``legal_actions`` (the engine alone: the list's order matters too) or by two AIs. Its digest
is a SHA-256 over, ply by ply, the legal action list, the action played, its events and, every
``PREVIEW_EVERY`` plies, the preview of every legal action; then the final fingerprint.

Recorded from the code before the engine was optimised (issue #22), so an optimisation that
changes any event, roll, action order or preview changes a digest. Re-record only for a change
of the rules or the AIs that is meant to change play, and say so in the commit::

    python tests/skirmish/golden.py           # rewrite tests/skirmish/data/golden_battles.json
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from rules.core.teams import PerTeam
from rules.rng import SeededRng
from rules.skirmish.ai import decide, make_player
from rules.skirmish.battle import new_battle
from rules.skirmish.catalog import default_skirmish_catalog
from rules.skirmish.engine import apply, legal_actions
from rules.skirmish.preview import preview
from rules.skirmish.setup import SkirmishSetup, party_of

DATA = Path(__file__).resolve().parent / "data" / "golden_battles.json"
PREVIEW_EVERY = 9
MAPS = ("arena_pit", "arena_red_blue", "breakout", "smugglers_cove", "ballista_ridge")
PARTIES = ("vanguard", "wardens", "iron", "arcane")


@dataclass(frozen=True)
class Case:
    """One recorded battle: ``players`` "random" or two AI names (team 1, team 2)."""

    name: str
    map: str
    parties: tuple[str, str]
    melee: str
    seed: str
    players: tuple[str, str] | None  # None: the random chooser
    round_limit: int | None = None


def cases() -> list[Case]:
    """The recorded cases: random battles over maps, pairings and modes, then a few AI battles."""
    found: list[Case] = []
    pairs = [(a, b) for i, a in enumerate(PARTIES) for b in PARTIES[i:]]
    for k, (p1, p2) in enumerate(pairs):
        for melee in ("basic", "detailed"):
            map_name = MAPS[k % len(MAPS)] if melee == "basic" else "open"
            found.append(Case(f"random-{k}-{melee}", map_name, (p1, p2), melee, f"g{k}", None, 25))
    ai_games = [
        ("greedy", "greedy", "vanguard", "wardens", "basic", "arena_pit"),
        ("greedy", "greedy", "arcane", "iron", "detailed", "breakout"),
        ("search", "greedy", "wardens", "arcane", "basic", "arena_red_blue"),
        ("greedy", "search", "iron", "vanguard", "detailed", "arena_pit"),
        ("casual", "greedy", "arcane", "vanguard", "basic", "smugglers_cove"),
    ]
    for k, (a1, a2, p1, p2, melee, map_name) in enumerate(ai_games):
        found.append(Case(f"ai-{k}-{a1}-{a2}", map_name, (p1, p2), melee, f"ai{k}", (a1, a2), 14))
    return found


def map_cells(name: str) -> dict[str, Any]:
    """What the skirmish reads of a shipped map, as plain JSON (recording time only: needs client);
    "open" is a 9 x 7 grid with a few pillars, where random play meets in combat."""
    if name == "open":
        return {"width": 9, "height": 7, "blocked": [(4, 1), (4, 5), (2, 3), (6, 3)], "zones": [[], []]}
    from client.tiled import load_map

    setup = load_map(Path(__file__).resolve().parents[2] / "maps" / f"{name}.tmx").setup
    blocked = sorted(setup.blocked | frozenset(b.pos for b in setup.barricades))
    zones = [sorted(d.pos for d in setup.drop_zones if d.team == team) for team in (1, 2)]
    return {"width": setup.width, "height": setup.height, "blocked": blocked, "zones": zones}


def setup_of(case: Case, cells: dict[str, Any]) -> SkirmishSetup:
    cat = default_skirmish_catalog()
    parties = tuple(party_of(cat.party(p).heroes) for p in case.parties)
    return SkirmishSetup(
        cells["width"],
        cells["height"],
        PerTeam(parties[0], parties[1]),
        blocked=frozenset(tuple(p) for p in cells["blocked"]),
        drop_zones=PerTeam(*(tuple(tuple(p) for p in z) for z in cells["zones"])),
        melee_mode=case.melee,
        round_limit=case.round_limit,
    )


def digest(case: Case, cells: dict[str, Any]) -> dict[str, Any]:
    """Play the case; its digest, ply count and final round."""
    rng = SeededRng(f"{case.seed}/battle")
    state, events = new_battle(setup_of(case, cells), rng)
    sha = hashlib.sha256(repr(events).encode())
    chooser = random.Random(case.seed)
    players = None
    if case.players is not None:
        players = {1: make_player(case.players[0], f"{case.seed}/t1"),
                   2: make_player(case.players[1], f"{case.seed}/t2")}  # fmt: skip
    plies = 0
    while not state.over:
        actions = legal_actions(state)
        sha.update(repr(actions).encode())
        if plies % PREVIEW_EVERY == 0:
            sha.update(repr([preview(state, a) for a in actions]).encode())
        if players is None:
            action = chooser.choice(actions[:-1])  # never Surrender
        else:
            action = decide(players[state.active_team], state)
        sha.update(repr(action).encode())
        sha.update(repr(apply(state, action, rng)).encode())
        plies += 1
    sha.update(repr(state.fingerprint()).encode())
    return {"digest": sha.hexdigest(), "plies": plies, "rounds": state.round_no}


def load() -> dict[str, Any]:
    return json.loads(DATA.read_text())


def record() -> None:
    """Write the data file: every map's cells and every case's digest, from the code as it is now."""
    cells = {name: map_cells(name) for name in (*MAPS, "open")}
    out: dict[str, Any] = {"maps": cells, "cases": {}}
    for case in cases():
        out["cases"][case.name] = digest(case, cells[case.map])
        print(case.name, out["cases"][case.name], flush=True)
    DATA.parent.mkdir(exist_ok=True)
    DATA.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    record()
