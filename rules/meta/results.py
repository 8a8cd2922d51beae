"""Applying a battle's result to profiles: PvP (M-PVP, M-CUP), mob battles and missions (M-MIS).

Pure: profiles in, profiles out. The PvP reward uses the league of the application (M-LEAGUE-4);
cups move exactly between two players (M-CUP-8); wounded units follow M-HEAL-2.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from rules.meta.catalog import MetaCatalog, default_meta_catalog
from rules.meta.formulas import Reward, cup_transfer, pvp_reward
from rules.meta.profile import Profile, add_resources, spend_supplies, wound
from rules.rng import Rng, choose

CHEST_CARDS = {
    "card_archer": "archer",
    "card_swordsman": "swordsman",
    "card_mage": "mage",
    "card_assassin": "assassin",
}


def roll_card_type(rng: Rng, cat: MetaCatalog | None = None) -> str:
    """M-PVP-3 / M-OQ-8: one uniformly random unit type for all the reward's cards."""
    return choose(rng, (cat or default_meta_catalog()).card_types)


def chest_payout(p: Profile, chests: tuple[str, ...]) -> Profile:
    """M-PVP-5 / T-CHEST-3 / M-SUP-5: the collected chests' bonuses (supplies may pass the cap)."""
    for bonus in chests:
        if bonus == "supply_1":
            p = add_resources(p, supplies=1)
        elif bonus == "rum_15":
            p = add_resources(p, rum=15)
        elif bonus in CHEST_CARDS:
            p = add_resources(p, cards={CHEST_CARDS[bonus]: 1})
        else:
            raise ValueError(f"unknown chest bonus {bonus!r}")
    return p


def cups_after(
    outcome: str, cups: int, opponent_cups: int | None, eff: Fraction, opp_eff: Fraction, cat: MetaCatalog
) -> int:
    """M-CUP-4..9: against a player (opponent_cups given) or a mob (None)."""
    if outcome == "draw":
        return cups  # M-CUP-7 / M-PVP-9
    if opponent_cups is None:
        return cups + cat.mob_win_cups if outcome == "win" else max(0, cups - cat.mob_loss_cups)
    if outcome == "win":
        return cup_transfer(cups, opponent_cups, eff)[0]
    return cup_transfer(opponent_cups, cups, opp_eff)[1]


def apply_pvp(
    p: Profile,
    *,
    outcome: str,
    league: int,
    efficiency: Fraction,
    opponent_cups: int | None,
    opponent_efficiency: Fraction = Fraction(0),
    my_cups_at_match: int | None = None,
    killed: dict[int, int] | None = None,
    chests: tuple[str, ...] = (),
    surrendered: bool = False,
    now: float = 0.0,
    rng: Rng,
    cat: MetaCatalog | None = None,
) -> tuple[Profile, Reward, str | None]:
    """One PvP battle's result for one player: (profile, reward, card type or None)."""
    cat = cat or default_meta_catalog()
    reward = pvp_reward(outcome, league, efficiency, cat)
    snapshot = p.cups if my_cups_at_match is None else my_cups_at_match  # M-OQ-4
    new_cups = cups_after(outcome, snapshot, opponent_cups, efficiency, opponent_efficiency, cat)
    p = replace(p, cups=max(0, p.cups + new_cups - snapshot))
    card_type = None
    cards = {}
    if reward.unit_cards:
        card_type = roll_card_type(rng, cat)
        cards = {card_type: reward.unit_cards}
    p = add_resources(p, reward.piastres, reward.rum, cards=cards)
    if outcome == "win":
        p = chest_payout(p, chests)  # M-PVP-5; none on draw or loss (M-PVP-10a, M-PVP-16a)
    if surrendered:
        p = spend_supplies(p, cat.surrender_penalty, now, penalty=True)  # M-PVP-11 / M-SUP-6c
    p = wound(p, killed or {}, cat.heal_pct[outcome])  # M-PVP-6/10/16
    return p, reward, card_type


def apply_mission(
    p: Profile,
    *,
    won: bool,
    killed: dict[int, int] | None = None,
    chests: tuple[str, ...] = (),
    cat: MetaCatalog | None = None,
) -> Profile:
    """M-MIS-1 / M-CUP-3 / M-DATA-2: a win pays cups and chests; the killed become wounded."""
    cat = cat or default_meta_catalog()
    if won:
        p = chest_payout(replace(p, cups=p.cups + cat.mission_win_cups), chests)
    return wound(p, killed or {}, cat.heal_pct["mission"])
