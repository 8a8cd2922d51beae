"""Matchmaking (M-MM) with an injected clock and a scripted rng; the rival pool is deterministic."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.meta.matchmaking import MOB, Application, Pool, add_application, cancel, poll, start_search
from rules.meta.profile import new_profile, spend_supplies
from rules.meta.rivals import due_applications, make_rivals
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
