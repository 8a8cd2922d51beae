"""Computer-run rival profiles (P-MODE-2): names, cups and armies that grow, applications over time.

Who the rivals are (names in both languages, AI level) and how they start and grow are data
(``rules/data/meta_rivals.toml``). Deterministic under a seed: every rival's start comes from
``SeededRng(f"{seed}/rival/{i}")``, so the same seed and the same clock give the same ladder.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from rules.meta.catalog import MetaCatalog, RivalEntry, default_meta_catalog
from rules.meta.formulas import cup_transfer, league_for
from rules.meta.matchmaking import Application
from rules.rng import Rng, SeededRng


@dataclass(frozen=True, slots=True)
class Rival:
    """One rival: ``name`` (its English name) is its id in the application pool."""

    name: str
    cups: int
    army: tuple[tuple[str, int, int], ...]  # (unit type, count, level)
    next_application: float
    ai: str = "normal"  # the AI level that commands its army (the rival's own level)

    def entry(self, cat: MetaCatalog | None = None) -> RivalEntry:
        """The rival's catalog entry (its name in every language)."""
        players = (cat or default_meta_catalog()).rivals.players
        return next((e for e in players if e.name_en == self.name), RivalEntry(self.name, self.name, self.ai))


def make_rivals(
    seed: int | str, now: float, count: int | None = None, cat: MetaCatalog | None = None
) -> tuple[Rival, ...]:
    """The catalog's rivals (the first ``count``; default all) with seeded cups, armies, arrivals."""
    cat = cat or default_meta_catalog()
    rules = cat.rivals
    rivals = []
    for i, entry in enumerate(rules.players[: count or len(rules.players)]):
        rng = SeededRng(f"{seed}/rival/{i}")
        squads = rng.randint(rules.squad_count_min, len(cat.card_types))
        army = tuple((t, rng.randint(*rules.squad_size), 1) for t in cat.card_types[:squads])
        cups = rng.randint(*rules.start_cups)
        arrival = now + rng.randint(1, rules.arrival_max_seconds)
        rivals.append(Rival(entry.name_en, cups, army, arrival, entry.ai))
    return tuple(rivals)


def grow(rival: Rival, rng: Rng, cat: MetaCatalog | None = None) -> Rival:
    """After a battle a rival's army grows: one more unit in a random squad, sometimes a level."""
    rules = (cat or default_meta_catalog()).rivals
    army = list(rival.army)
    i = rng.randint(0, len(army) - 1)
    unit, n, level = army[i]
    up = 1 if rng.randint(1, rules.level_up_one_in) == 1 else 0
    army[i] = (unit, n + 1, min(rules.max_level, level + up))
    return replace(rival, army=tuple(army))


def apply_rival_result(
    rival: Rival,
    *,
    player_outcome: str,
    player_cups: int,
    rival_cups: int | None = None,
    player_efficiency: Fraction,
    rival_efficiency: Fraction,
    rng: Rng,
    cat: MetaCatalog | None = None,
) -> Rival:
    """The rival's side of a battle against the player (M-CUP-8): cups move exactly between the two
    (the cups snapshotted at the match, M-OQ-4), the loser never below 0; then its army grows.

    ``player_outcome`` is the player's: "win" (the rival lost), "loss" (the rival won) or "draw"."""
    snapshot = rival.cups if rival_cups is None else rival_cups
    if player_outcome == "win":
        new = cup_transfer(player_cups, snapshot, player_efficiency)[1]
    elif player_outcome == "loss":
        new = cup_transfer(snapshot, player_cups, rival_efficiency)[0]
    elif player_outcome == "draw":
        new = snapshot  # M-CUP-7
    else:
        raise ValueError(f"player_outcome must be win, draw or loss, got {player_outcome!r}")
    return grow(replace(rival, cups=max(0, rival.cups + new - snapshot)), rng, cat)


def due_applications(
    rivals: tuple[Rival, ...], now: float, rng: Rng, cat: MetaCatalog | None = None
) -> tuple[tuple[Rival, ...], list[Application]]:
    """Rivals whose next application time has come apply (0-cup rivals are kept out by the pool)."""
    wait = (cat or default_meta_catalog()).rivals.arrival_max_seconds
    apps, out = [], []
    for r in rivals:
        if r.next_application <= now:
            apps.append(Application(r.name, r.cups, league_for(r.cups), r.next_application))
            r = replace(r, next_application=now + rng.randint(1, wait))
        out.append(r)
    return tuple(out), apps
