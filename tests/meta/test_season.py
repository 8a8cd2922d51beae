"""A headless season: a scripted player plays 100 arena battles against the seeded rival pool.

Outcomes and kills are drawn from a seeded rng; after every battle cups, resources and the roster
stay consistent (M-CUP-8, M-SUP-6c, M-HEAL-2) and the profile JSON round-trips.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F

from rules.meta.formulas import battle_efficiency, cup_transfer, league_for
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
from rules.meta.rivals import due_applications, grow, make_rivals
from rules.rng import SeededRng


def test_a_season_of_100_battles_stays_consistent_M_CUP_8_M_LEAGUE_4():
    rng = SeededRng("season")
    now = 0.0
    p = replace(new_profile("Ann", now), roster=(Squad("swordsman", 10), Squad("archer", 8)))
    rivals = make_rivals("season", now)
    pool = Pool()
    for battle in range(100):
        now += 3 * 3600
        p = regenerate(p, now)
        if p.supplies < 5:
            now += 5 * 1800
            p = regenerate(p, now)
        p = spend_supplies(p, 5, now)
        own = Application(p.name, p.cups, league_for(p.cups), now)
        rivals, apps = due_applications(rivals, now, rng)
        for a in apps:
            if a.player not in {x.player for x in pool.applications}:
                pool = add_application(pool, a)
        pool, search = start_search(pool, own, rng)
        while search.result is None:
            now += 5
            rivals, apps = due_applications(rivals, now, rng)
            for a in apps:
                if a.player not in {x.player for x in pool.applications}:
                    pool = add_application(pool, a)
            pool, search = poll(pool, search, now, rng)
        outcome = ("win", "draw", "loss")[rng.randint(0, 2)]
        start = 30
        eff = battle_efficiency(rng.randint(0, start), start, outcome == "win" and rng.randint(0, 1) == 1)
        opp_eff = battle_efficiency(rng.randint(0, 18), 18, outcome == "loss")
        killed = {i: rng.randint(0, s.count) for i, s in enumerate(p.roster)}
        before = p
        opponent = None if search.result == MOB else search.result
        p, reward, _ = apply_pvp(
            p,
            outcome=outcome,
            league=own.league,
            efficiency=eff,
            opponent_cups=None if opponent is None else opponent.cups,
            opponent_efficiency=opp_eff,
            killed=killed,
            surrendered=outcome == "loss" and rng.randint(0, 3) == 0,
            now=now,
            rng=rng,
        )
        if opponent is not None:
            index = next(i for i, r in enumerate(rivals) if r.name == opponent.player)
            r = rivals[index]
            new = r.cups
            if outcome == "win":  # M-CUP-8: the loser loses what the winner gains, not below 0
                assert cup_transfer(before.cups, r.cups, eff)[0] == p.cups
                new = cup_transfer(before.cups, r.cups, eff)[1]
            elif outcome == "loss":
                new, mine = cup_transfer(r.cups, before.cups, opp_eff)
                assert mine == p.cups
            rivals = (*rivals[:index], grow(replace(r, cups=new), rng), *rivals[index + 1 :])
        assert p.cups >= 0 and p.supplies >= 0 and p.piastres >= before.piastres
        assert all(s.count >= 0 and s.wounded >= 0 for s in p.roster)
        assert sum(s.count + s.wounded for s in p.roster) == sum(s.count + s.wounded for s in before.roster)
        assert reward.piastres >= 0 and F(0) <= eff <= 1
        if p.piastres >= healing_price(p):
            p = heal_all(p)
        assert from_json(to_json(p)) == p, f"battle {battle}"
