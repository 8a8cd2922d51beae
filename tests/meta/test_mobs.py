"""The mob opponent's army (M-LEAGUE-5, M-DATA-1b)."""

from __future__ import annotations

from rules.meta.mobs import mob_army
from rules.rng import ScriptedRng


def test_mob_army_uses_league_minimums_M_LEAGUE_5():
    """M-LEAGUE-5: league 3 asks at least 4 squads of level 4; size = the player's average, half up."""
    army = mob_army(3, [(10, 1), (5, 2)], ("goblin", "troll"), ScriptedRng([0, 1, 0, 1]))
    assert army == (("goblin", 8, 4), ("troll", 8, 4), ("goblin", 8, 4), ("troll", 8, 4))
    # League 1 (2 squads, level 1) against a player of 3 squads at level 5: 3 squads at level 5.
    assert (
        mob_army(1, [(1, 5), (1, 1), (2, 1)], ("goblin",), ScriptedRng([0, 0, 0])) == (("goblin", 1, 5),) * 3
    )
