"""Matchmaking (M-MM) with an injected clock and a scripted rng; the rival pool is deterministic."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction as F

import pytest

from rules.meta.matchmaking import MOB, Application, Pool, add_application, cancel, poll, start_search
from rules.meta.profile import new_profile, spend_supplies
from rules.meta.rivals import apply_rival_result, due_applications, make_rivals
from rules.rng import ScriptedRng, SeededRng


def app(name, cups, t=0.0):
    return Application(name, cups, 1, t)


def test_zero_cups_meets_a_mob_M_MM_2_M_CUP_10_M_PVP_15():
    """M-MM-2 / M-CUP-10 / M-PVP-15: a 0-cup applicant gets a mob at once; M-MM-6(e): never pooled."""
    pool = Pool((app("a", 100), app("b", 50)))
    _, search = start_search(pool, app("me", 0), ScriptedRng([]))
    assert search.result == MOB
    assert add_application(pool, app("z", 0)) == pool


def test_window_and_two_or_more_M_MM_3_M_MM_6():
    """M-MM-3 / M-MM-6(a)(b)(c)(d): others within [C-100, C+100] inclusive, 2 or more, uniform pick;
    both applications leave the pool. M-MM-1 / M-CUP-1: applying puts the player in the cup rating."""
    pool = Pool((app("in_low", 100), app("in_high", 300), app("out", 301), app("me", 200)))
    rng = ScriptedRng([1])
    pool, search = start_search(pool, app("me", 200), rng)
    assert rng.calls == [(0, 1, 1)]  # a uniform pick among the 2 candidates
    assert search.result.player == "in_high"
    assert [a.player for a in pool.applications] == ["in_low", "out"]


def test_wait_a_minute_then_a_mob_M_MM_4_M_MM_5():
    """M-MM-4: with one candidate the search waits; a second arriving within the minute matches;
    M-MM-5: nothing within 60 s -> a mob."""
    pool, search = start_search(Pool((app("a", 120),)), app("me", 100), ScriptedRng([]))
    assert search.result is None
    pool, search = poll(pool, search, 59.9, ScriptedRng([]))
    assert search.result is None
    waited = poll(pool, search, 60, ScriptedRng([]))[1]
    assert waited.result == MOB
    pool = add_application(pool, app("b", 90, 30))
    _, found = poll(pool, search, 30, ScriptedRng([0]))
    assert found.result.player == "a"


def test_cancel_refunds_M_MM_4_M_SUP_6():
    """M-MM-4: «Отмена» withdraws the application; M-SUP-6(d): the 5 supplies come back;
    M-MM-6(f): one open application per player."""
    p = new_profile("me", 0)
    paid = spend_supplies(p, 5, 0)
    pool = add_application(Pool(), app("me", 100))
    with pytest.raises(ValueError, match="M-MM-6f"):
        add_application(pool, app("me", 100))
    pool, search = poll(
        pool, replace(start_search(Pool(), app("me", 100), ScriptedRng([]))[1]), 0, ScriptedRng([])
    )
    assert cancel(pool, search) == Pool()
    assert replace(paid, supplies=paid.supplies + 5).supplies == p.supplies


def test_rivals_are_deterministic_and_apply_over_time():
    """P-MODE-2: the same seed gives the same rivals and the same applications."""
    a, b = make_rivals(7, 0), make_rivals(7, 0)
    assert a == b and len({r.name for r in a}) == len(a)
    _, apps = due_applications(a, 100, SeededRng(1))
    assert apps == due_applications(b, 100, SeededRng(1))[1] and apps


def test_rivals_come_from_the_data_with_names_in_both_languages():
    """P-MODE-2: every rival of meta_rivals.toml, its English and Russian name and its AI level."""
    from rules.meta.catalog import default_meta_catalog

    cat = default_meta_catalog()
    rivals = make_rivals(1, 0)
    assert [r.name for r in rivals] == [e.name_en for e in cat.rivals.players]
    assert (
        rivals[0].entry().name("ru") == "Бесс Чёрная Вода"
        and rivals[0].entry().name("en") == "Blackwater Bess"
    )
    assert {r.ai for r in rivals} <= {"easy", "normal", "hard"}
    lo, hi = cat.rivals.start_cups
    assert all(lo <= r.cups <= hi and r.next_application > 0 for r in rivals)


def test_apply_rival_result_moves_cups_exactly_M_CUP_8():
    """M-CUP-8 / M-EX-5: what the player gains the rival loses, the rival not below 0; a rival's win
    takes from the player what it gains (M-EX-4 row 2: 100 vs 150 at 0.7 -> 11); a draw moves none.
    10 vs 6 at 1.0: G = 9.6 -> 10, more than the rival's 6, so the rival goes to 0 (M-EX-5's floor)."""
    rival = replace(make_rivals(1, 0)[0], cups=6)
    lost = apply_rival_result(
        rival,
        player_outcome="win",
        player_cups=10,
        player_efficiency=F(1),
        rival_efficiency=F(0),
        rng=ScriptedRng([0, 2]),
    )
    assert lost.cups == 0
    won = apply_rival_result(
        replace(rival, cups=100),
        player_outcome="loss",
        player_cups=150,
        player_efficiency=F(0),
        rival_efficiency=F(7, 10),
        rng=ScriptedRng([0, 2]),
    )
    assert won.cups == 111 and won.army[0][1] == rival.army[0][1] + 1  # and its army grew by one unit
    drew = apply_rival_result(
        rival,
        player_outcome="draw",
        player_cups=100,
        player_efficiency=F(1),
        rival_efficiency=F(1),
        rng=ScriptedRng([0, 2]),
    )
    assert drew.cups == 6
