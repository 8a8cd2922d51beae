"""The mob army of a PvP entry matched against a mob (M-LEAGUE-5, M-DATA-1b [PROPOSED])."""

from __future__ import annotations

from fractions import Fraction

from rules.meta.catalog import MetaCatalog, default_meta_catalog
from rules.numbers import round_half_up
from rules.rng import Rng, choose

MAX_SQUADS = 4  # T-DATA-3: at most 4 squads per side


def mob_army(
    league: int,
    player_squads: list[tuple[int, int]],
    unit_types: tuple[str, ...],
    rng: Rng,
    cat: MetaCatalog | None = None,
) -> tuple[tuple[str, int, int], ...]:
    """(unit type, count, level) per squad from the player's (count, level) squads:
    squads = max(league minimum, the player's), at most 4; level = max(league minimum, the player's
    highest); size = the player's average squad size, half up, at least 1; types uniform."""
    lg = (cat or default_meta_catalog()).league(league)
    squads = min(MAX_SQUADS, max(lg.min_mobs, len(player_squads)))
    level = max([lg.min_mob_level, *(lv for _, lv in player_squads)])
    size = max(1, round_half_up(Fraction(sum(n for n, _ in player_squads), max(1, len(player_squads)))))
    return tuple((choose(rng, unit_types), size, level) for _ in range(squads))
