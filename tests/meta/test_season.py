"""A headless season: a scripted player plays 100 arena battles in a row against the seeded rival pool.

The outcomes are a fixed script (no dice decide who wins; every tenth search finds no rival
application and meets a mob); matchmaking and the rivals run on the profile's seed. Every battle
asserts the spec's numbers for its outcome (the application league's rewards, M-DATA-1), that cups
move exactly between the player and the rival (M-CUP-8), that supplies and the roster stay
consistent (M-SUP-6, M-HEAL-2), and that the profile JSON round-trips.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import ROUND_CEILING, ROUND_HALF_UP, Decimal
from fractions import Fraction as F

from rules.meta.formulas import battle_efficiency, league_for
from rules.meta.matchmaking import MOB, Application, Pool, add_application, poll, start_search
from rules.meta.profile import (
    Squad,
    from_json,
    heal_all,
    healing_price,
    new_profile,
    regenerate,
    spend_supplies,
    to_json,
)
from rules.meta.results import apply_pvp
from rules.meta.rivals import apply_rival_result, due_applications, make_rivals
from rules.rng import SeededRng

BASES = {1: (100, 10, 2), 2: (200, 20, 3), 3: (300, 30, 4), 4: (500, 50, 5)}  # M-DATA-1 as printed


@dataclass(frozen=True)
class Step:
    outcome: str
    killed: int  # enemy units the player destroyed, of 30
    decisive: bool
    rival_killed: int  # the player's units the rival destroyed, of the player's start
    surrendered: bool = False


SCRIPT = (
    Step("win", 30, True, 3),
    Step("win", 21, False, 5),
    Step("draw", 15, False, 4),
    Step("loss", 12, False, 6),
    Step("loss", 0, False, 0, surrendered=True),
)


def gain(me: int, opp: int, eff: F) -> int:
    """M-CUP-5 written out with decimals, independently of rules.meta.formulas."""
    g = min(Decimal(20), max(Decimal(2), Decimal(10) + Decimal(opp - me) / 10))
    return int((g * Decimal(eff.numerator) / Decimal(eff.denominator)).quantize(1, ROUND_HALF_UP))


def up(x: Decimal) -> int:
    return int(x.quantize(1, ROUND_CEILING))


def test_a_scripted_season_of_100_battles_M_CUP_8_M_LEAGUE_4_M_PVP_1_M_PVP_7_M_PVP_12():
    rng = SeededRng("season")
    now = 0.0
    p = replace(new_profile("Ann", now), roster=(Squad("swordsman", 10), Squad("archer", 8)))
    rivals = make_rivals("season", now)
    pool = Pool()
    seen = {"mob": 0, "rival": 0, "win": 0, "draw": 0, "loss": 0}
    for battle in range(100):
        step = SCRIPT[battle % len(SCRIPT)]
        now += 3 * 3600
        p = regenerate(p, now)
        before_apply = p.supplies
        p = spend_supplies(p, 5, now)
        assert p.supplies == before_apply - 5  # M-SUP-3
        own = Application(p.name, p.cups, league_for(p.cups), now)
        quiet = battle % 10 == 9  # no rival applies (the old applications withdrawn): a mob (M-MM-5)
        pool = Pool() if quiet else pool
        pool, search = start_search(pool, own, rng)
        while search.result is None:
            now += 5
            rivals, apps = due_applications(rivals, now, rng) if not quiet else (rivals, [])
            for a in apps:
                if a.player not in {x.player for x in pool.applications}:
                    pool = add_application(pool, a)
            pool, search = poll(pool, search, now, rng)
        eff = battle_efficiency(step.killed, 30, step.decisive)
        start_units = sum(s.count for s in p.roster)
        opp_eff = battle_efficiency(
            step.rival_killed, start_units, step.outcome == "loss" and not step.surrendered
        )
        opponent = None if search.result == MOB else search.result
        assert (opponent is None) == quiet or own.cups == 0
        before = p
        p, reward, card = apply_pvp(
            p,
            outcome=step.outcome,
            league=own.league,
            efficiency=eff,
            opponent_cups=None if opponent is None else opponent.cups,
            opponent_efficiency=opp_eff,
            killed={0: min(step.rival_killed, p.roster[0].count)},
            surrendered=step.surrendered,
            now=now,
            rng=rng,
        )
        seen[step.outcome] += 1
        # the reward of the application's league, by the printed formulas (M-PVP-1/2/3, 7/8, 12/13)
        piastres, rum, cards = BASES[own.league]
        e = Decimal(eff.numerator) / Decimal(eff.denominator)
        share = {"win": Decimal(1), "draw": Decimal("0.5"), "loss": Decimal("0.4")}[step.outcome]
        assert (reward.piastres, reward.rum) == (up(share * piastres * e), up(share * rum * e))
        assert reward.unit_cards == (
            int((cards * e).quantize(1, ROUND_HALF_UP)) if step.outcome == "win" else 0
        )
        assert (card is not None) == (reward.unit_cards > 0)
        if opponent is None:
            seen["mob"] += 1
            change = {"win": 1, "draw": 0, "loss": -min(1, before.cups)}[step.outcome]  # M-CUP-6/7/9
            assert p.cups == before.cups + change
        else:
            seen["rival"] += 1
            index = next(i for i, r in enumerate(rivals) if r.name == opponent.player)
            r = rivals[index]
            new_rival = apply_rival_result(
                r,
                player_outcome=step.outcome,
                player_cups=before.cups,
                rival_cups=opponent.cups,
                player_efficiency=eff,
                rival_efficiency=opp_eff,
                rng=rng,
            )
            if step.outcome == "win":  # M-CUP-8: the loser loses what the winner gains, not below 0
                g = gain(before.cups, opponent.cups, eff)
                assert (p.cups, new_rival.cups) == (before.cups + g, max(0, r.cups - g))
            elif step.outcome == "loss":
                g = gain(opponent.cups, before.cups, opp_eff)
                assert (p.cups, new_rival.cups) == (max(0, before.cups - g), r.cups + g)
            else:
                assert (p.cups, new_rival.cups) == (before.cups, r.cups)  # M-CUP-7
            rivals = (*rivals[:index], new_rival, *rivals[index + 1 :])
        expected_supplies = before.supplies - (5 if step.surrendered else 0)  # M-PVP-11
        assert p.supplies == max(0, expected_supplies) and p.piastres >= before.piastres
        assert all(s.count >= 0 and s.wounded >= 0 for s in p.roster)
        assert sum(s.count + s.wounded for s in p.roster) == sum(s.count + s.wounded for s in before.roster)
        if p.piastres >= healing_price(p):
            p = heal_all(p)
        assert from_json(to_json(p)) == p, f"battle {battle}"
    assert seen["mob"] and seen["rival"] and seen["win"] == seen["loss"] == 40 and seen["draw"] == 20
