"""Every meta.md formula as a small pure function (public API): hire price, efficiency, cups, rewards.

Exact arithmetic only (M-CONV-3): Fractions with :mod:`rules.numbers`' half-up round and ceil.
The numbers come from ``meta_leagues.toml`` through :func:`default_meta_catalog`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rules.meta.catalog import MetaCatalog, default_meta_catalog
from rules.numbers import ceil, clamp, round_half_up, round_to_thousandths

OUTCOMES = ("win", "draw", "loss")


@dataclass(frozen=True, slots=True)
class Reward:
    """A PvP reward (M-PVP); the card type is rolled separately (M-PVP-3, :func:`roll_card_type`)."""

    piastres: int
    rum: int
    unit_cards: int


def hire_cost(counter: int) -> int:
    """M-HIRE-4: counter cards below 10, else 2 x counter - 10."""
    if counter < 1:
        raise ValueError(f"a hire counter starts at 1, got {counter}")
    return counter if counter < 10 else 2 * counter - 10


def battle_efficiency(destroyed_units: int, start_units: int, decisive_win: bool) -> Fraction:
    """M-EFF-1..4: 1 for a decisive win, else units killed / enemy units at start, in [0, 1], to 0.001."""
    if decisive_win:
        return Fraction(1)
    if start_units <= 0:
        return Fraction(0)
    return round_to_thousandths(clamp(Fraction(destroyed_units, start_units), 0, 1))


def base_cup_growth(player_cups: int, opponent_cups: int) -> Fraction:
    """M-CUP-5: 10 + 0.1 x (opponent - player), clamped to [2, 20], not rounded (M-OQ-4)."""
    return Fraction(clamp(10 + Fraction(opponent_cups - player_cups, 10), 2, 20))


def cup_gain(player_cups: int, opponent_cups: int, efficiency: Fraction) -> int:
    """M-CUP-5: round(base growth x efficiency), half up, for a win against another player."""
    return round_half_up(base_cup_growth(player_cups, opponent_cups) * Fraction(efficiency))


def cup_transfer(winner_cups: int, loser_cups: int, efficiency: Fraction) -> tuple[int, int]:
    """M-CUP-8: (winner's new cups, loser's new cups); the loser loses the gain, but not below 0."""
    gain = cup_gain(winner_cups, loser_cups, efficiency)
    return winner_cups + gain, max(0, loser_cups - gain)


def league_for(cups: int, catalog: MetaCatalog | None = None) -> int:
    """M-LEAGUE-1: the highest league whose lower bound the cups reach."""
    cat = catalog or default_meta_catalog()
    return max(lg.number for lg in cat.leagues if lg.min_cups <= max(0, cups))


def pvp_reward(outcome: str, league: int, efficiency: Fraction, catalog: MetaCatalog | None = None) -> Reward:
    """M-PVP-1/2/3 (win), M-PVP-7/8/10a (draw: 50%), M-PVP-12/13/16a (loss: 40%); ceil, cards half up."""
    cat = catalog or default_meta_catalog()
    base = cat.league(league)
    eff = Fraction(efficiency)
    if outcome == "win":
        return Reward(ceil(base.piastres * eff), ceil(base.rum * eff), round_half_up(base.unit_cards * eff))
    if outcome not in OUTCOMES:
        raise ValueError(f"outcome must be one of {OUTCOMES}, got {outcome!r}")
    share = Fraction(cat.draw_pct if outcome == "draw" else cat.loss_pct, 100)
    return Reward(ceil(share * base.piastres * eff), ceil(share * base.rum * eff), 0)


def healing_cost(levels: list[int], factor_pct: int, catalog: MetaCatalog | None = None) -> int:
    """M-HEAL-2 / M-DATA-3: ceil(factor x sum(per_level x level)) for the wounded units' levels."""
    cat = catalog or default_meta_catalog()
    return ceil(Fraction(factor_pct, 100) * sum(cat.heal_per_level * level for level in levels))
