"""Computer-run rival profiles (P-MODE-2): names, cups and armies that grow, applications over time.

Deterministic under a seed: every rival's choices come from ``SeededRng(f"{seed}/rival/{i}")``-style
forks, so the same seed and the same clock give the same ladder.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.meta.catalog import MetaCatalog, default_meta_catalog
from rules.meta.formulas import league_for
from rules.meta.matchmaking import Application
from rules.rng import Rng, SeededRng

NAMES = (
    "Blackwater Bess",
    "Iron Ivo",
    "Salt Marek",
    "Red Anya",
    "Grim Tobias",
    "Old Fenna",
    "Quick Lio",
    "Storm Vera",
    "Jolly Kasimir",
    "Silent Hedda",
    "One-eyed Rurik",
    "Mad Olga",
)
ARRIVAL_MEAN = 40  # seconds between a rival's applications, on average [PROPOSED]


@dataclass(frozen=True, slots=True)
class Rival:
    name: str
    cups: int
    army: tuple[tuple[str, int, int], ...]  # (unit type, count, level)
    next_application: float


def make_rivals(
    seed: int | str, now: float, count: int = 12, cat: MetaCatalog | None = None
) -> tuple[Rival, ...]:
    cat = cat or default_meta_catalog()
    rivals = []
    for i in range(count):
        rng = SeededRng(f"{seed}/rival/{i}")
        army = tuple(
            (t, rng.randint(4, 10), 1) for t in cat.card_types[: rng.randint(2, len(cat.card_types))]
        )
        rivals.append(
            Rival(NAMES[i % len(NAMES)], rng.randint(60, 260), army, now + rng.randint(1, 2 * ARRIVAL_MEAN))
        )
    return tuple(rivals)


def grow(rival: Rival, rng: Rng) -> Rival:
    """After a battle a rival's army grows: one more unit in a random squad, sometimes a level."""
    army = list(rival.army)
    i = rng.randint(0, len(army) - 1)
    unit, n, level = army[i]
    army[i] = (unit, n + 1, min(10, level + (1 if rng.randint(1, 5) == 1 else 0)))
    return replace(rival, army=tuple(army))


def due_applications(
    rivals: tuple[Rival, ...], now: float, rng: Rng
) -> tuple[tuple[Rival, ...], list[Application]]:
    """Rivals whose next application time has come apply (0-cup rivals are kept out by the pool)."""
    apps, out = [], []
    for r in rivals:
        if r.next_application <= now:
            apps.append(Application(r.name, r.cups, league_for(r.cups), r.next_application))
            r = replace(r, next_application=now + rng.randint(1, 2 * ARRIVAL_MEAN))
        out.append(r)
    return tuple(out), apps
