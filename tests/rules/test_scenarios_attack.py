"""Attack resolution scenarios: hit, crit, damage, stack HP, stun, counterstrike (tactics.md §3-5)."""

from fractions import Fraction

import pytest
from battle_helpers import names, of, play

from rules.tactics import events as ev
from rules.tactics.actions import Attack, Move, Skip
from rules.tactics.combat import strike_odds
from rules.tactics.engine import IllegalAction, check, legal_actions
from rules.tactics.formulas import apply_damage, hit_chance_pct
from rules.tactics.setup import BattleFeature, FeatureKind
from rules.tactics.text import scenario


def test_melee_attack_full_sequence_T_SEQ_1_T_DMG_1_T_HP_1_T_PROP_2_T_PROP_1():
    """T-SEQ-1 order: hit, crit, R1 and damage, apply (T-HP-1), stun roll, then counterstrike.

    Swordsman x10 hits an orc brute x5: 100% hit (no roll), crit 5% (roll 50: no), R1 = 20,
    M = (100 - 25)% = 3/4 -> 150 damage: pool 700 -> 550 = 4 orcs, top 130 (1 killed).
    Stun 10% (roll 99: no). Counterstrike 25% (roll 10: yes): orc 90% hit (roll 50), crit 10% (roll 90: no),
    R1 = 26, 4 orcs x 26 x 80% = 83.2 -> 83: pool 1000 -> 917, top 17. Orc stun 20% (roll 5): stunned to r2.
    Rules: T-DMG-1, T-PROP-2, T-PROP-1.
    """
    state = scenario("S.\na.", {"S": ("swordsman", 10), "a": ("orc_brute", 5)})
    events = play(state, Attack(0, (0, 1)), 50, 20, 99, 10, 50, 90, 26, 5)
    assert events == [
        ev.AttackResolved(0, (0, 1), 1, "melee", 100, None, True, 5, 50, False, 20, Fraction(3, 4), 150, ()),
        ev.Damaged((0, 1), 1, 150, 1, 4, 130, "attack"),
        ev.StunRolled(0, 1, 10, 99, False, 0),
        ev.CounterstrikeRolled(1, 0, 25, 10, True),
        ev.AttackResolved(
            1, (0, 0), 0, "counterstrike", 90, 50, True, 10, 90, False, 26, Fraction(4, 5), 83, ()
        ),
        ev.Damaged((0, 0), 0, 83, 0, 10, 17, "attack"),
        ev.StunRolled(1, 0, 20, 5, True, 2),
        ev.TurnEnded(0, 2),
    ]
    swordsman, orc = state.squads
    assert (orc.count, orc.top_hp) == (4, 130)
    assert (swordsman.count, swordsman.top_hp) == (10, 17)
    assert swordsman.stunned_until == 2
    # T-PROP-2(b): the counterstrike is additional: the orc still has its main turn.
    assert not orc.acted and state.active_team == 2


def test_worked_example_multiplier_25pct_T_EX_1_T_EX_2_T_DTYPE_2_T_PROP_3_T_DEF_2_T_STAT_1():
    """T-EX-1 in a battle: magical mage forced into melee (penalty 50), O3 = -30, damage rune +25,
    target magical defense 0 + rune 20 + «Защита» 25 = 45 -> M = 25%; T-EX-2: 10 units, R1 20 -> 50.

    Rules: T-DTYPE-2, T-PROP-3, T-DEF-2, T-STAT-1."""
    state = scenario(
        "Ms",
        {"M": ("mage", 10), "s": ("swordsman", 10)},
        feature=BattleFeature(FeatureKind.MAGICAL, -30),
    )
    mage, swordsman = state.squads
    mage.auras = frozenset({"damage"})
    swordsman.auras = frozenset({"mag_defense"})
    swordsman.defending = True
    events = play(state, Attack(0, (1, 0)), 10, 50, 20, 90)
    hit = of(ev.AttackResolved, events)[0]
    assert hit.kind == "melee"  # T-ATK-2(b)
    assert hit.multiplier == Fraction(1, 4)
    assert hit.damage == 50
    assert hit.modifiers == (
        ("feature", -30),
        ("rune_damage", 25),
        ("rune_defense", 20),
        ("defending", 25),
        ("melee_penalty", -50),
    )
    assert of(ev.CounterstrikeRolled, events) == [ev.CounterstrikeRolled(1, 0, 40, 90, False)]


def test_worked_example_crit_88_T_EX_2_T_DMG_2():
    """T-EX-2: the same strike as a crit: round(10 x 1.75 x 20 x 0.25) = round(87.5) = 88.

    Rules: T-DMG-2."""
    state = scenario(
        "Ms", {"M": ("mage", 10), "s": ("swordsman", 10)}, feature=BattleFeature(FeatureKind.MAGICAL, -30)
    )
    state.squads[0].auras = frozenset({"damage"})
    state.squads[1].auras = frozenset({"mag_defense"})
    state.squads[1].defending = True
    events = play(state, Attack(0, (1, 0)), 10, 3, 20, 90)
    hit = of(ev.AttackResolved, events)[0]
    assert (hit.crit, hit.crit_roll, hit.damage) == (True, 3, 88)


def test_rounding_tie_half_up_in_battle_T_EX_11_T_DMG_1():
    """T-EX-11: 4 units, R1 = 15, crit, M = 50% -> 52.5 -> 53 (built-in round() would say 52).

    Rules: T-DMG-1."""
    # Archer x4 forced into melee (penalty 50) against a goblin (phys def 0): M = 100% x 50%.
    state = scenario("Ag", {"A": ("archer", 4), "g": ("goblin", 9)})
    odds = strike_odds(state, state.squads[0], (1, 0), "melee")
    assert odds.multiplier == Fraction(1, 2)
    events = play(state, Attack(0, (1, 0)), 1, 1, 15)
    hit = of(ev.AttackResolved, events)[0]
    assert (hit.crit, hit.r1, hit.damage) == (True, 15, 53)
    assert round(52.5) == 52  # why rules.numbers exists


def test_miss_rolls_nothing_more_but_allows_counterstrike_T_HIT_3_T_CRIT_2_T_PROP_2():
    """T-HIT-3: a miss: no crit roll, no R1, no damage, no stun; a melee miss still allows a counterstrike.

    Rules: T-CRIT-2, T-PROP-2."""
    state = scenario("S.\ns.", {"S": ("swordsman", 10), "s": ("swordsman", 10)})
    # Swordsman hit 0 vs dodge 5 -> 95%: roll 96 misses. Counterstrike 40%: roll 40 succeeds (<=).
    # The counterstrike: roll 1 hit, crit roll 100 no, R1 18: 10 x 18 x 80% = 144.
    events = play(state, Attack(0, (0, 1)), 96, 40, 1, 100, 18, 100)
    first = of(ev.AttackResolved, events)[0]
    assert (first.hit, first.hit_roll, first.crit_roll, first.r1, first.damage) == (False, 96, None, None, 0)
    assert names(events) == [
        "AttackResolved",
        "CounterstrikeRolled",
        "AttackResolved",
        "Damaged",
        "StunRolled",
        "TurnEnded",
    ]
    assert of(ev.Damaged, events)[0] == ev.Damaged((0, 0), 0, 144, 1, 9, 56, "attack")


def test_hit_chance_with_dodge_rune_85pct_T_EX_4_T_HIT_1_T_STAT_1():
    """T-EX-4: hit +10 vs dodge 5 + 20 (dodge rune) = 85%; -20 vs 90 clamps to 0; +30 vs 0 clamps to 100.

    Rules: T-HIT-1, T-STAT-1."""
    state = scenario("Ns", {"N": ("assassin", 3), "s": ("swordsman", 10)})
    state.squads[1].auras = frozenset({"dodge"})
    odds = strike_odds(state, state.squads[0], (1, 0), "melee")
    assert odds.hit_pct == 85
    assert ("rune_dodge", 20) in odds.modifiers
    events = play(state, Attack(0, (1, 0)), 86, 100)  # 86 > 85: a miss; the swordsman's counter roll fails
    assert of(ev.AttackResolved, events)[0].hit is False
    assert hit_chance_pct(10, 5 + 20) == 85
    assert hit_chance_pct(-20, 90) == 0
    assert hit_chance_pct(30, 0) == 100


def test_negative_hit_modifier_included_T_HIT_2_T_STAT_3():
    """T-HIT-2 / T-STAT-3: negative modifiers count as they are: troll hit -10 vs wisp dodge 30 -> 60%;
    the orc's magical defense -10 raises magical damage to 110%."""
    state = scenario("T.\nw.", {"T": ("troll", 1), "w": ("wisp", 1)})
    assert strike_odds(state, state.squads[0], (0, 1), "melee").hit_pct == 60
    state = scenario("Wo", {"W": ("wisp", 1), "o": ("orc_brute", 1)})
    assert strike_odds(state, state.squads[0], (1, 0), "melee").multiplier == Fraction(110, 100)


def test_crit_chance_includes_crit_rune_T_CRIT_1_T_STAT_1():
    """T-CRIT-1 / T-STAT-1f: assassin crit 25 + crit rune 20 = 45%."""
    state = scenario("Nc", {"N": ("assassin", 1), "c": ("catapult", 1)})
    state.squads[0].auras = frozenset({"crit"})
    odds = strike_odds(state, state.squads[0], (1, 0), "melee")
    assert odds.crit_pct == 45
    assert ("rune_crit", 20) in odds.modifiers


def test_damage_uses_squad_count_and_one_r1_roll_T_DMG_1_T_DMG_3_T_SQUAD_1():
    """T-DMG-1/3: one R1 roll in [min, max] for the whole squad, times N_1 units.

    Rules: T-DMG-3, T-SQUAD-1."""
    state = scenario("Gc", {"G": ("goblin", 7), "c": ("catapult", 3)})
    # goblin hit 0 vs catapult dodge 0 -> 100% (no roll); crit 5 (roll 6: no); R1 in [8, 12] -> 11.
    rng_events = play(state, Attack(0, (1, 0)), 6, 11)
    hit = of(ev.AttackResolved, rng_events)[0]
    assert hit.r1 == 11
    assert hit.damage == 54  # 7 x 11 x 70% = 53.9 -> 54
    # The catapult (150 HP) x3 = 450 -> 396: 3 units, top 96.
    assert of(ev.Damaged, rng_events)[0] == ev.Damaged((1, 0), 1, 54, 0, 3, 96, "attack")


def test_physical_and_magical_use_their_own_defense_T_DTYPE_1_T_DMG_5_T_DMG_6():
    """T-DMG-5/6: physical damage meets physical defense, magical meets magical defense.

    Rules: T-DTYPE-1, T-DMG-6."""
    state = scenario("S.M\n.t.", {"S": ("swordsman", 1), "M": ("mage", 1), "t": ("troll", 1)})
    troll = (1, 1)
    assert strike_odds(state, state.squads[0], troll, "melee").multiplier == Fraction(85, 100)  # phys def 15
    # The mage is adjacent to the troll: melee mode, penalty 50; magical def -20 -> (120%) x (50%).
    assert strike_odds(state, state.squads[1], troll, "melee").multiplier == Fraction(60, 100)


def test_brackets_floor_at_zero_damage_zero_T_DMG_7_T_EX_5_T_EX_7():
    """T-DMG-7 / T-EX-5: defense above 100 floors the first bracket at 0: a hit deals 0 damage.

    Rules: T-EX-7."""
    state = scenario("Gq", {"G": ("goblin", 5), "q": ("stone_guardian", 2)})
    guardian = state.squads[1]
    guardian.defending = True
    guardian.auras = frozenset({"phys_defense"})  # 40 + 20 + 25 = 85: not yet 100
    assert strike_odds(state, state.squads[0], (1, 0), "melee").multiplier == Fraction(15, 100)
    state.feature = BattleFeature(FeatureKind.PHYSICAL, -100)  # 100 - 100 - 85 < 0 -> 0
    assert strike_odds(state, state.squads[0], (1, 0), "melee").multiplier == 0
    events = play(state, Attack(0, (1, 0)), 50, 10, 99)  # hit 100%, crit no, R1 10, counter 50%: roll 99 no
    assert of(ev.Damaged, events)[0].damage == 0
    assert (guardian.count, guardian.top_hp) == (2, 300)


def test_features_and_escalation_enter_the_first_bracket_T_DMG_4_T_DMG_8_T_FEAT_1_T_FEAT_5():
    """T-DMG-4/8: O2 for physical, O3 for magical, O4 for both; the inactive term is 0 (T-FEAT-5).

    Rules: T-DMG-8, T-FEAT-1."""
    state = scenario("S.\nc.", {"S": ("swordsman", 1), "c": ("catapult", 1)})
    swordsman, target = state.squads[0], (0, 1)
    state.feature = BattleFeature(FeatureKind.PHYSICAL, 20)
    assert strike_odds(state, swordsman, target, "melee").multiplier == Fraction(90, 100)
    state.feature = BattleFeature(FeatureKind.MAGICAL, 20)  # no effect on physical damage
    assert strike_odds(state, swordsman, target, "melee").multiplier == Fraction(70, 100)
    state.feature = BattleFeature(FeatureKind.ESCALATION)
    state.round_no = 3  # O4 = 20 (T-FEAT-2)
    odds = strike_odds(state, swordsman, target, "melee")
    assert odds.multiplier == Fraction(90, 100)
    assert odds.modifiers == (("escalation", 20),)


def test_stack_model_kills_and_top_unit_T_HP_1_T_EX_9_T_HP_3():
    """T-EX-9 in a battle: 10 mages of 55 HP take 130: 8 left, top unit 35 (the only wounded one, T-HP-3).

    Rules: T-HP-1."""
    # Goblins x13 with R1 = 10 against the mage's physical defense 0 deal exactly 130.
    state = scenario("Gm", {"G": ("goblin", 13), "m": ("mage", 10)})
    events = play(
        state, Attack(0, (1, 0)), 1, 50, 10
    )  # 95% hit: roll 1; crit 5%: 50 no; R1 10 -> 13 x 10 = 130
    assert of(ev.Damaged, events) == [ev.Damaged((1, 0), 1, 130, 2, 8, 35, "attack")]
    mage = state.squads[1]
    assert (mage.count, mage.top_hp) == (8, 35)
    assert apply_damage(10, 55, 55, 130) == (8, 35, 2)


def test_destroyed_squad_is_removed_and_cannot_counterstrike_T_HP_2_T_SQUAD_2_T_PROP_2():
    """T-HP-2: a squad at 0 units leaves the field; T-PROP-2(e): it cannot counterstrike.

    Rules: T-SQUAD-2."""
    state = scenario("S.\ns.", {"S": ("swordsman", 10), "s": ("swordsman", 1)}, first_team=1)
    events = play(state, Attack(0, (0, 1)), 1, 100, 24)  # 10 x 24 x 80% = 192 > 100
    assert names(events) == ["AttackResolved", "Damaged", "SquadDestroyed", "BattleEnded"]
    assert (0, 1) not in state.occupant
    assert state.outcome.winner == 1 and state.outcome.reason == "annihilation"


def test_kills_count_for_efficiency_only_from_own_strikes_T_HP_4():
    """T-HP-4: Ч1 counts enemy units killed by the team's attacks and counterstrikes, not by traps."""
    state = scenario("S.\nc^", {"S": ("swordsman", 10), "c": ("catapult", 5)})
    play(state, Attack(0, (0, 1)), 100, 24, 100)  # 10 x 24 x 70% = 168: 1 catapult killed; stun roll fails
    assert state.kills[1] == 1
    play(state, Skip(1))
    assert state.kills == [0, 1, 0]


def test_counterstrike_only_against_main_turn_melee_T_PROP_2():
    """T-PROP-2(c/d): no counter to a counterstrike or a ranged attack; no limit per round."""
    state = scenario("A..\n...\n..s", {"A": ("archer", 5), "s": ("swordsman", 10)})
    events = play(state, Attack(0, (2, 2)), 100, 14)  # 100% hit, crit roll, R1; ranged: no counterstrike
    assert not of(ev.CounterstrikeRolled, events)
    # Two enemies attack the same swordsman in one round: it may counter both (d).
    state = scenario("GH\ns.", {"G": ("goblin", 5), "H": ("goblin", 5), "s": ("swordsman", 10)})
    first = play(state, Attack(0, (0, 1)), 1, 100, 8, 1, 1, 100, 18, 100)
    assert len(of(ev.CounterstrikeRolled, first)) == 1
    play(state, Skip(2))  # the swordsman skips its own turn
    second = play(state, Attack(1, (0, 1)), 1, 100, 8, 1, 1, 100, 18, 100)
    assert len(of(ev.CounterstrikeRolled, second)) == 1
    # The counterstrike itself never triggered a counter-counterstrike.
    assert [e.kind for e in of(ev.AttackResolved, first)] == ["melee", "counterstrike"]


def test_stunned_squad_cannot_counterstrike_but_keeps_main_turn_T_PROP_1():
    """T-PROP-1(b): a stunned squad makes no counterstrike; its main turn is not blocked."""
    state = scenario("S.\ns.", {"S": ("swordsman", 10), "s": ("swordsman", 10)})
    defender = state.squads[1]
    defender.stunned_until = 1
    events = play(state, Attack(0, (0, 1)), 1, 100, 18, 100)  # hit, no crit, R1 18, stun roll 100: fails
    assert not of(ev.CounterstrikeRolled, events)
    assert any(isinstance(a, Attack) and a.squad == 1 for a in legal_actions(state))


def test_fresh_stun_prevents_the_counterstrike_T_PROP_1_T_SEQ_1():
    """T-SEQ-1: the stun roll (6) comes before counterstrike eligibility (7).

    Rules: T-PROP-1."""
    state = scenario("O.\ns.", {"O": ("orc_brute", 5), "s": ("swordsman", 10)})
    events = play(state, Attack(0, (0, 1)), 1, 100, 22, 20)  # 95% hit; stun 20%: roll 20 succeeds
    assert of(ev.StunRolled, events) == [ev.StunRolled(0, 1, 20, 20, True, 2)]
    assert not of(ev.CounterstrikeRolled, events)


def test_stun_duration_and_restun_T_PROP_1():
    """T-PROP-1(c/d): stun in round r lasts to the end of r + 1; a re-stun moves the expiry one round later;
    no stun roll on a miss or when the target was destroyed."""
    state = scenario("O.\nc.", {"O": ("orc_brute", 5), "c": ("catapult", 9)}, round_no=4)
    catapult = state.squads[1]
    play(state, Attack(0, (0, 1)), 1, 100, 22, 1)
    assert catapult.stunned_until == 5
    state.squads[0].acted = False
    state.active_team = 1
    events = play(state, Attack(0, (0, 1)), 1, 100, 22, 1)
    assert of(ev.StunRolled, events)[0].until_round == 6
    state.squads[0].acted = False
    state.active_team = 1
    events = play(state, Attack(0, (0, 1)), 96)  # orc hit -5 vs dodge 0: 95% -> roll 96 misses
    assert not of(ev.StunRolled, events)


def test_stun_expires_after_its_round_T_PROP_1():
    """T-PROP-1(d): a squad stunned in round 1 is stunned in round 2 and free in round 3 (StunExpired)."""
    state = scenario("O.c", {"O": ("orc_brute", 5), "c": ("catapult", 9)})
    state.squads[1].stunned_until = 2
    play(state, Skip(0))
    play(state, Skip(1))  # round 2 starts
    assert state.round_no == 2 and state.squads[1].stunned(2)
    play(state, Skip(0))
    events = play(state, Skip(1))
    assert ev.StunExpired(1) in events and not state.squads[1].stunned(3)


def test_barricade_targets_and_damage_T_DOBJ_1_T_DOBJ_2_T_DMG_9_T_ATK_5():
    """T-DOBJ / T-DMG-9: a 400-HP barricade (T-DATA-4) takes the same formula with its own defenses;
    melee may hit an adjacent one (T-ATK-5), shooters one at range, never an adjacent one.

    Rules: T-DOBJ-1, T-DOBJ-2."""
    state = scenario(
        "S=.\n...\n...\n...\nA..\n...\n..c",
        {"S": ("swordsman", 10), "A": ("archer", 5), "c": ("catapult", 1)},
    )
    assert Attack(0, (1, 0)) in legal_actions(state)
    events = play(
        state, Attack(0, (1, 0)), 100, 24
    )  # no dodge: 100%; 10 x 24 = 240; objects are never stunned
    assert of(ev.Damaged, events) == [ev.Damaged((1, 0), None, 240, 0, 1, 160, "attack")]
    assert not of(ev.CounterstrikeRolled, events)  # objects never counterstrike
    play(state, Skip(2))
    assert Attack(1, (1, 0)) in legal_actions(state)  # the archer at range 4
    events = play(state, Attack(1, (1, 0)), 100, 20)  # 5 x 20 x 100% = 100 -> 60 left
    assert state.barricades[(1, 0)] == 60
    # An adjacent barricade is no target for a shooter (T-ATK-2(a) excludes its 8 neighbours).
    state = scenario("A=\n.c", {"A": ("archer", 5), "c": ("catapult", 1)})
    assert Attack(0, (1, 0)) not in legal_actions(state)


def test_barricade_destroyed_unblocks_its_sector_T_DOBJ_2_T_GRID_4():
    """Rules: T-DOBJ-2, T-GRID-4."""
    state = scenario("S=.\n..c", {"S": ("swordsman", 30), "c": ("catapult", 1)})
    assert Move(0, (1, 0)) not in legal_actions(state)
    events = play(state, Attack(0, (1, 0)), 100, 24)  # 30 x 24 = 720 >= 400
    assert ev.BarricadeDestroyed((1, 0)) in events
    play(state, Skip(1))
    assert Move(0, (1, 0)) in legal_actions(state)


def test_attack_on_ally_or_out_of_reach_is_illegal_T_ATK_1():
    """T-ATK-1: one target among the 8 neighbours; allies and distant squads are no target."""
    state = scenario("SG.\n...\n..c", {"S": ("swordsman", 1), "G": ("goblin", 1), "c": ("catapult", 1)})
    assert check(state, Attack(0, (1, 0))) is not None
    assert check(state, Attack(0, (2, 2))) is not None
    with pytest.raises(IllegalAction):
        play(state, Attack(0, (2, 2)))
