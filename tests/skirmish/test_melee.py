"""melee.md on its own: one strike in ML-SEQ-1's order, its worked examples and its exact odds.

Strikes are forced with ScriptedRng: a DRN is two open dice, each finishing its re-rolls (a 6)
before the next die; the location rolls 1..total weight over torso, arms, legs, head; a weapon
with several types rolls 1..n. The sample fighters are melee.md's ML-DATA-2..5 fixtures.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.numbers import round_half_up
from rules.rng import ScriptedRng, SeededRng
from rules.skirmish.catalog_types import DetailedWeapon
from rules.skirmish.drn import diff_pmf
from rules.skirmish.melee import (
    Fighter,
    ap_after_full_action,
    ap_max,
    armour_value,
    can_start_action,
    effective_attack,
    effective_defence,
    is_crit,
    length_penalty,
    location_odds,
    next_turn_ap,
    reachable_locations,
    resolve_strike,
    type_multiplier,
)
from rules.skirmish.melee_odds import _damage_given_case, kill_chance, strike_odds

F = Fraction
BROADSWORD = DetailedWeapon(7, 0, 1, 1, ("slashing",))  # ML-DATA-3
MACE = DetailedWeapon(6, 0, 0, 1, ("blunt",))
SHORT_SWORD = DetailedWeapon(5, 0, 1, 1, ("piercing", "slashing"))
SPEAR = DetailedWeapon(5, 0, 0, 3, ("piercing",))
GLAIVE = DetailedWeapon(8, 0, 1, 3, ("slashing", "piercing"))
HEAVY = Fighter(attack=F(10), defence=F(10), strength=F(10), weapon=BROADSWORD)


def die(value: int) -> list[int]:
    """Faces giving one open die of ``value``: a 6 for every 5 above, then the rest (ML-DRN-1)."""
    faces = []
    while value > 5:
        faces.append(6)
        value -= 5
    return [*faces, value]


def dice(*drns: int) -> list[int]:
    """Faces for each DRN: the first die min(5, d - 1), the second die the rest."""
    faces = []
    for d in drns:
        a = min(5, d - 1)
        faces += [*die(a), *die(d - a)]
    return faces


def test_shield_hit_with_a_slashing_weapon_ML_EX_5():
    """ML-EX-5: attack 10 - 1 + DRN 7 = 16; defence 10 + DRN 5 = 15: hit; 16 <= 15 + 2: shield hit;
    torso, no crit (DRN 6); damage 10 + 7 + 8 = 25; armour 10 + 6 + 6 = 22; net 3 x 1.25 -> 4.

    ML-SEQ-1 order; ML-CONV-3 half up. Rules: ML-HIT-1, ML-HIT-2, ML-HIT-3, ML-HIT-4, ML-SHLD-1, ML-SHLD-2,
    ML-SHLD-3, ML-DMG-1, ML-DMG-2, ML-DMG-4, ML-WPN-2."""
    defender = Fighter(
        attack=F(10),
        defence=F(10),
        strength=F(10),
        weapon=None,
        body_armour=10,
        head_armour=12,
        parry=2,
        shield_armour=6,
    )
    rng = ScriptedRng([*dice(7, 5), 1, *dice(6, 8, 6)])
    r = resolve_strike(HEAVY, defender, rng)
    assert rng.remaining == 0
    assert (r.attack_value, r.defence_value, r.hit, r.shield_hit) == (16, 15, True, True)
    assert (r.location, r.damage_type, r.crit_drn, r.crit) == ("torso", "slashing", 6, False)
    assert (r.damage_value, r.armour_value, r.net, r.damage) == (25, 22, 3, 4)


def test_ties_go_to_the_defender_and_a_miss_ends_the_strike_ML_HIT_4_ML_HIT_1():
    """ML-HIT-4: attack value equal to defence value misses; ML-HIT-1: nothing else is rolled."""
    rng = ScriptedRng(dice(6, 5))  # 9 + 6 = 15 against 10 + 5 = 15
    r = resolve_strike(HEAVY, Fighter(F(10), F(10), F(10), None), rng)
    assert not r.hit and r.attack_value == r.defence_value == 15 and rng.remaining == 0


def test_multiple_strike_penalty_ML_EX_1_ML_HIT_5_ML_HIT_3():
    """ML-EX-1 / ML-HIT-5: defence -0, -2, -4 on the first, second and third strike this round.

    Rules: ML-HIT-3.
    """
    target = Fighter(F(10), F(10), F(10), None)
    assert [effective_defence(target, n) for n in range(3)] == [10, 8, 6]


def test_reach_legs_only_ML_EX_2_ML_LOC_4_ML_LOC_5():
    """ML-EX-2 / ML-LOC-5: size 2 with a mace (length 1) against size 6: reach 3 -> legs only.

    Rules: ML-LOC-4.
    """
    assert reachable_locations(2, 1, 6) == ("legs",)
    assert location_odds(("legs",)) == {"legs": 1}
    rng = ScriptedRng([*dice(11, 2), *dice(2, 10, 2)])  # no location roll: legs is certain
    giant = Fighter(F(9), F(7), F(20), None, size=6)
    mace_man = Fighter(F(10), F(9), F(11), MACE)
    assert resolve_strike(mace_man, giant, rng).location == "legs"


def test_reach_with_a_spear_ML_EX_3_ML_LOC_6():
    """ML-EX-3 / ML-LOC-6: spear (3) against size 6: torso, arms, legs; renormalised 50/90, 20/90, 20/90."""
    assert reachable_locations(2, 3, 6) == ("torso", "arms", "legs")
    assert location_odds(reachable_locations(2, 3, 6)) == {"torso": F(5, 9), "arms": F(2, 9), "legs": F(2, 9)}


def test_hit_locations_ML_LOC_1_ML_LOC_2_ML_LOC_3():
    """ML-LOC-1: torso 50, arms 20, legs 20, head 10 for equal sizes (every location reachable).

    ML-LOC-2/3: afflictions come only from arm, leg and head hits (the skirmish's S-MODEL-7 test).

    Rules: ML-LOC-3.
    """
    assert location_odds(reachable_locations(2, 0, 2)) == {
        "torso": F(1, 2),
        "arms": F(1, 5),
        "legs": F(1, 5),
        "head": F(1, 10),
    }
    from rules.skirmish.melee import roll_location

    assert [roll_location(ScriptedRng([n]), ("torso", "arms", "legs", "head")) for n in (50, 51, 90, 91)] == [
        "torso",
        "arms",
        "legs",
        "head",
    ]


def test_fatigue_penalties_ML_EX_4_ML_FAT_2_ML_FAT_3():
    """ML-EX-4: fatigue 60: defence -6, attack -3, crit at DRN <= 6; fatigue 25: -3 (2.5 up) and -1;
    encumbrance 3 reaches 60 after 20 attacks. ML-FAT-2/3 round half up: 4 -> 0, 5 -> 1, 9 -> 0, 10 -> 1.

    Rules: ML-FAT-3.
    """
    tired = Fighter(F(10), F(10), F(10), None, fatigue=60)
    assert effective_defence(tired, 0) == 4 and effective_attack(F(10), None, 60) == 7
    assert is_crit(6, 60) and not is_crit(7, 60)
    assert effective_defence(Fighter(F(10), F(10), F(10), None, fatigue=25), 0) == 7
    assert effective_attack(F(10), None, 25) == 9
    assert 20 * 3 == 60
    assert [effective_defence(Fighter(F(0), F(0), F(0), None, fatigue=f), 0) for f in (4, 5)] == [0, -1]
    assert [effective_attack(F(0), None, f) for f in (9, 10, 30)] == [0, -1, -2]


def test_piercing_and_armour_piercing_ML_EX_6_ML_WPN_3_ML_WPN_4_ML_DMG_6():
    """ML-EX-6: spear, Str 10, body armour 10: armour 10 x 0.8 + 7 = 15, damage 10 + 5 + 9 = 24 -> 9;
    armour-piercing: 5 + 7 = 12 -> 12. ML-OQ-7: only the stronger reduction applies.

    Rules: ML-WPN-3, ML-WPN-4, ML-DMG-6.
    """
    assert armour_value(10, "piercing", False, 7) == 15
    assert 10 + 5 + 9 - armour_value(10, "piercing", False, 7) == 9
    assert 10 + 5 + 9 - armour_value(10, "armour_piercing", False, 7) == 12
    assert armour_value(10, "slashing", False, 7) == 17


def test_blunt_to_the_head_ML_EX_7_ML_WPN_1_ML_DMG_3():
    """ML-EX-7: mace 6, Str 10, DRN 7 -> 23 against head armour 12 + DRN 7 = 19: net 4 x 2 = 8.

    ML-DMG-3: a head hit uses head armour, any other location body armour.

    Rules: ML-WPN-1.
    """
    defender = Fighter(F(10), F(10), F(11), None, body_armour=10, head_armour=12)
    mace_man = Fighter(F(10), F(9), F(10), MACE)
    # attack 10 - 1 + 9 = 18 > 10 + 2 = 12; location head (roll 91); crit DRN 5; damage DRN 7; armour DRN 7
    rng = ScriptedRng([*dice(9, 2), 91, *dice(5, 7, 7)])
    r = resolve_strike(mace_man, defender, rng)
    assert (r.location, r.damage_value, r.armour_value, r.net, r.damage) == ("head", 23, 19, 4, 8)
    assert type_multiplier("blunt", "torso") == 1 and type_multiplier("blunt", "head") == 2


def test_fatigue_crit_halves_armour_ML_EX_8_ML_FAT_4():
    """ML-EX-8: defender fatigue 60, crit DRN 5: 5 - 4 = 1 < 3: critical; body armour 10 -> 5 before DRN.

    Rules: ML-FAT-4.
    """
    assert is_crit(5, 60)
    assert armour_value(10, "slashing", True, 0) == 5
    assert armour_value(10, "piercing", True, 0) == 4  # ML-DMG-6: piercing first, then the halving


def test_halved_side_penalty_ML_EX_9_ML_WPN_5_ML_HIT_6():
    """ML-EX-9: short sword 1/2, glaive 3/2, broadsword 1, spear 0 (exact, ML-CONV-3).

    ML-HIT-6: the penalty and the weapon's attack modifier apply per weapon.

    Rules: ML-WPN-5.
    """
    assert [length_penalty(w) for w in (SHORT_SWORD, GLAIVE, BROADSWORD, SPEAR)] == [F(1, 2), F(3, 2), 1, 0]
    club = DetailedWeapon(10, -1, 0, 3, ("blunt",))
    assert effective_attack(F(9), club, 0) == 5  # 9 - 1 - 3


def test_damage_type_is_rolled_per_strike_after_the_hit_ML_WPN_6_ML_WPN_7():
    """ML-WPN-6: a weapon with several types rolls one per strike, after the hit and the location.

    ML-WPN-7: anything with types is a weapon (spider fangs: piercing)."""
    defender = Fighter(F(5), F(5), F(10), None, body_armour=10)
    glaive_man = Fighter(F(10), F(10), F(10), GLAIVE)
    rng = ScriptedRng([*dice(11, 2), 1, 2, *dice(9, 11, 2)])  # type roll 2 -> piercing
    r = resolve_strike(glaive_man, defender, rng)
    assert r.damage_type == "piercing" and r.armour_value == 10
    fangs = DetailedWeapon(4, 0, 0, 0, ("piercing",))
    assert length_penalty(fangs) == 0


def test_armour_above_damage_does_nothing_ML_DMG_4():
    """ML-DMG-4: armour >= damage: no effect (equal gives net 0)."""
    plate = Fighter(F(5), F(5), F(10), None, body_armour=18, head_armour=18)
    rng = ScriptedRng([*dice(11, 2), 1, *dice(9, 2, 11)])  # damage 10 + 7 + 2 = 19 <= 18 + 11
    r = resolve_strike(HEAVY, plate, rng)
    assert r.hit and r.net == 0 and r.damage == 0


def test_special_damage_is_outside_the_resolver_ML_DMG_5():
    """ML-DMG-5 / ML-OQ-16: poison and elemental effects are not part of a strike; in the skirmish
    electric and fire spell damage ignores armour instead (S-SPELL-14, checked in test_catalog)."""
    from rules.skirmish.catalog import default_skirmish_catalog

    spells = default_skirmish_catalog().spells.values()
    assert all(s.ignores_armour for s in spells if s.damage and s.school == "air")


def test_shield_hit_adds_shield_armour_and_keeps_the_location_ML_SHLD_3_ML_SHLD_4():
    """ML-SHLD-4: a shield hit still rolls the location, even the head; ML-SHLD-3 adds shield armour."""
    defender = Fighter(F(10), F(10), F(10), None, body_armour=10, head_armour=3, parry=4, shield_armour=12)
    rng = ScriptedRng([*dice(8, 7), 95, *dice(7, 10, 2)])  # 17 > 17? no: attack 10 - 1 + 8 = 17, def 17
    assert not resolve_strike(HEAVY, defender, rng).hit
    rng = ScriptedRng([*dice(9, 7), 95, *dice(7, 10, 2)])  # 18 > 17 and 18 <= 21: shield hit, head
    r = resolve_strike(HEAVY, defender, rng)
    assert r.shield_hit and r.location == "head" and r.armour_value == 3 + 12 + 2


def test_strike_sequence_and_scale_ML_SEQ_1():
    """ML-SEQ-1 steps 1-11 with the skirmish's scale k applied to the net after the type multiplier."""
    defender = Fighter(F(10), F(10), F(10), None, body_armour=10)
    rng = ScriptedRng([*dice(11, 2), 1, *dice(9, 10, 2)])
    r = resolve_strike(HEAVY, defender, rng, scale=F(17, 10))
    assert r.net == 10 + 7 + 10 - 12
    assert r.damage == round_half_up(F(15) * F(5, 4) * F(17, 10))


def test_fatigue_gain_and_limits_ML_FAT_1_ML_FAT_7():
    """ML-FAT-1: each full attack adds the encumbrance (the skirmish does it after the strike, S-MODEL-5).
    ML-FAT-7 / ML-DATA-7: recovery 5 per turn without attacking, no cap, no attack at >= 100."""
    from rules.skirmish.catalog import default_skirmish_catalog

    rules = default_skirmish_catalog().battle
    assert (rules.fatigue_recovery, rules.fatigue_limit) == (5, 100)


def test_action_points_ML_EX_10_ML_AP_1_ML_AP_2_ML_AP_3_ML_AP_4_ML_AP_7():
    """ML-EX-10: base 12, 2 AP a cell: move 3 and attack -> 0; move 4 and attack -> -2, next turn 10;
    Crippled (2): -4, then -2 (cannot act), then 0 (cannot act), then 2.

    ML-AP-1/2: a full action needs 6 and zeroes AP; ML-AP-3: AP can be negative (ML-AP-4).

    Rules: ML-AP-2, ML-AP-7.
    """
    assert ap_after_full_action(12 - 3 * 2) == 0
    assert ap_after_full_action(12 - 4 * 2) == -2 and next_turn_ap(12, -2) == 10
    crippled = ap_max(0, crippled=True)
    assert crippled == 2
    ap = ap_after_full_action(crippled)
    assert ap == -4
    turns = []
    for _ in range(3):  # a turn in which it cannot act carries its balance on
        ap = next_turn_ap(crippled, ap)
        turns.append((ap, can_start_action(ap)))
    assert turns == [(-2, False), (0, False), (2, True)]
    assert ap_after_full_action(20) == 0  # leftover points are lost


def test_ap_rules_not_used_in_the_skirmish_ML_AP_5_ML_AP_6_ML_AP_8_ML_AP_9_ML_AP_10():
    """ML-CONV-4: action points (ML-AP-8/10: 12 - encumbrance, minimum 2), quickness (ML-AP-5), innate
    casting (ML-AP-6) and line formation (ML-AP-9) serve melee.md on its own; a skirmish activation
    has no AP budget (S-MODEL-6), so a hero makes one melee attack per activation (test_scenarios).

    Rules: ML-AP-10.
    """
    assert ap_max(4) == 8 and ap_max(11) == 2 and ap_max(30) == 2
    from rules.skirmish.state import Activation

    assert "ap" not in Activation.__slots__


def test_affliction_thresholds_are_data_ML_LOC_7():
    """ML-LOC-7 / ML-DATA-6: severing at >= 1/2 of max HP, an eye at >= 1/4 with 50%."""
    from rules.skirmish.catalog import default_skirmish_catalog

    rules = default_skirmish_catalog().battle
    assert (rules.severing_fraction, rules.eye_fraction, rules.eye_chance) == (F(1, 2), F(1, 4), 50)


# ---- exact odds (the preview's source) against enumeration and sampling ----------------------


@pytest.mark.parametrize("c,mult", [(F(3), F(5, 4)), (F(-2, 5), F(2)), (F(23, 2), F(17, 8)), (F(-9), F(1))])
def test_damage_distribution_given_a_case_matches_enumeration(c, mult):
    """P(round(max(0, c + D) x mult) = v) by summing P(D = t) over t, against the closed form."""
    case, tail = _damage_given_case(c, mult)
    brute: dict[int, Fraction] = defaultdict(Fraction)
    for t in range(-200, 301):
        brute[round_half_up(max(F(0), c + t) * mult)] += diff_pmf(t)
    for value, p in case.items():
        assert abs(p - brute[value]) < F(1, 10**20)
    assert abs(sum(case.values()) + tail[1] - 1) < F(1, 10**30)


def test_strike_odds_agree_with_seeded_strikes():
    """The preview's odds against 6000 seeded strikes of the same fighters (P(hit), shield, mean)."""
    att = Fighter(F(12), F(12), F(20), BROADSWORD, fatigue=10)
    dfn = Fighter(
        F(11), F(11), F(15), BROADSWORD, body_armour=10, head_armour=10, parry=4, shield_armour=12, fatigue=30
    )
    odds = strike_odds(att, dfn, prior_strikes=1, scale=F(17, 10))
    rng = SeededRng("strikes")
    results = [resolve_strike(att, dfn, rng, prior_strikes=1, scale=F(17, 10)) for _ in range(6000)]
    hits = sum(r.hit for r in results) / len(results)
    shields = sum(r.shield_hit for r in results) / len(results)
    mean = sum(r.damage for r in results) / len(results)
    assert abs(hits - float(odds.hit)) < 0.025 and abs(shields - float(odds.shield)) < 0.025
    assert abs(mean - odds.mean) < 0.08 * odds.mean + 0.3
    assert (
        abs(
            float(kill_chance(att, dfn, 30, prior_strikes=1, scale=F(17, 10)))
            - float(odds.hit * odds.at_least(30))
        )
        < 1e-12
    )


@settings(max_examples=40, deadline=None)
@given(
    st.integers(5, 16),
    st.integers(5, 16),
    st.integers(0, 60),
    st.integers(0, 3),
    st.sampled_from([None, 2, 4, 6]),
)
def test_odds_are_probabilities(attack, defence, fatigue, prior, parry):
    """Property: P(hit) and P(shield) in [0, 1], shield <= hit, and the damage distribution sums to 1."""
    att = Fighter(F(attack), F(attack), F(15), SHORT_SWORD, fatigue=fatigue)
    dfn = Fighter(
        F(defence), F(defence), F(15), MACE, body_armour=10, head_armour=5, parry=parry, shield_armour=6
    )
    odds = strike_odds(att, dfn, prior_strikes=prior, scale=F(3, 2))
    assert 0 <= odds.shield <= odds.hit <= 1
    assert sum(p for _, p in odds.damage) + odds.tail[1] == 1
