"""The preview is exact: it equals enumerations of the engine's own rolls, never a sample.

For a basic attack the U grid has 2^32 + 1 points, too many to enumerate; the damage
distribution is checked against the closed-form count on a scaled-down grid and by comparing
with the engine at the boundaries of each damage value.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st
from skirmish.helpers import U1, play, scenario, spec_catalog

from rules.numbers import round_half_up
from rules.skirmish import events as ev
from rules.skirmish.actions import Attack, Cast, EtherAttack, Move
from rules.skirmish.formulas import U_SCALE, u_value
from rules.skirmish.preview import preview, u_distribution, with_crit

F = Fraction


@settings(max_examples=60, deadline=None)
@given(st.fractions(F(1, 10), 60, max_denominator=97))
def test_u_distribution_matches_the_engine_at_every_boundary(coef):
    """P(round(coef x U) = v): the counts are right where the engine's rounding changes value."""
    dist = dict(u_distribution(coef))
    assert sum(dist.values()) == 1
    start = 0
    for v, p in sorted(dist.items()):
        count = p * (U_SCALE + 1)
        assert count.denominator == 1
        end = start + int(count) - 1
        assert round_half_up(coef * u_value(start)) == v and round_half_up(coef * u_value(end)) == v
        start = end + 1
    assert start == U_SCALE + 1


def test_attack_preview_matches_the_events_S_HIT_9_S_DMG_8():
    """The preview's chance is the one rolled; its damage range holds the engine's damage at U = 1/2,
    1 and 3/2, with and without a crit; its kill chance is P(hit) x P(damage >= HP).

    Rules: S-HIT-9, S-DMG-8.
    """
    state, h = scenario("B..v", {"B": "bjorn", "v": "voron"}, actor="B")
    action = Attack(h["B"], h["v"], "throwing_axe", thrown=True)
    target = preview(state, action).targets[0]
    assert target.hit_chance == 65
    coef = F(9) * 2 / F(5, 4)
    assert target.damage == with_crit(coef)
    assert (target.damage_min, target.damage_max) == (round_half_up(coef / 2), round_half_up(coef * 3))
    for u_roll, crit_roll in ((0, 99), (U1, 99), (U_SCALE, 1)):
        twin = state.clone()
        dealt = play(twin, action, 1, crit_roll, u_roll)[0].damage
        assert target.damage_min <= dealt <= target.damage_max
    state.heroes[h["v"]].hp = 20
    target = preview(state, action).targets[0]
    assert target.hit_chance == F(145, 2)  # wounded to 1/3: Agility 3/4 (S-WOUND-4)
    assert target.kill_chance == target.hit_chance / 100 * sum(p for v, p in target.damage if v >= 20)


def test_detailed_preview_comes_from_the_drn_tables():
    """In detailed mode the preview of a melee attack is melee.md's exact odds: P(hit), P(shield),
    a damage distribution without a maximum (its tail kept exactly) and the kill chance."""
    state, h = scenario(
        "Ba", {"B": "bjorn", "a": "aldric"}, mode="detailed", catalog=spec_catalog(), actor="B"
    )
    target = preview(state, Attack(h["B"], h["a"], "sword")).targets[0]
    from rules.skirmish.drn import p_exceeds

    assert target.hit_chance == p_exceeds(F(11) - 12) * 100
    assert target.damage_max is None and 0 < target.tail[1] < F(1, 10**12)
    assert sum(p for _, p in target.damage) + target.tail[1] == 1
    assert 0 < target.kill_chance < F(1, 1000)


def test_spell_and_ether_previews():
    """A spell shows each target's block chance and full-repel chance (S-RESIST); an ether attack its
    chance and the mana damage."""
    state, h = scenario("A...b", {"A": "aldric", "b": "bjorn"}, actor="A")
    target = preview(state, Cast(h["A"], "fireball", (4, 0), (0, 0))).targets[0]
    assert target.block_chance == 50
    # cost U x 40 x 2 <= 50  <=>  U <= 5/8: n <= 2^32 / 8
    assert target.repel_chance == F(U_SCALE // 8 + 1, U_SCALE + 1)
    state, h = scenario("I...a", {"I": "ilsabet", "a": "aldric"}, actor="I")
    target = preview(state, EtherAttack(h["I"], h["a"])).targets[0]
    assert target.hit_chance == 60 and (target.damage_min, target.damage_max) == (18, 54)


def test_move_preview_shows_style_checks():
    """A move's preview: its path, cost and the defensive-style checks it will roll (S-STYLE-3a)."""
    from rules.skirmish.actions import DeclareStyle, EndActivation

    state, h = scenario(".....\n.Bv..\n.....", {"B": "bjorn", "v": "voron"}, actor="B")
    play(state, DeclareStyle(h["B"], (h["v"],)))
    play(state, EndActivation(h["B"]))
    p = preview(state, Move(h["v"], (2, 0)))
    assert (p.path, p.cost, p.checks) == (((2, 0),), F(1), ((h["B"], 25),))
    assert isinstance(ev.HeroMoved(0, (), F(0)), ev.HeroMoved)
