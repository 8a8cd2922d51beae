"""Weapon attacks in a battle (basic melee mode): S-ACT-1..3, S-ACT-6, S-ACT-8, S-ACT-9, S-HIT, S-DMG.

Rolls: a hit roll 1..100 (x the chance's denominator), then on a hit the crit roll 1..100 and the
U roll n in 0..2^32 (U1 = 2^31 gives U = 1 exactly).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from skirmish.helpers import U1, act_now, of, play, scenario, with_hero

from rules.rng import ScriptedRng
from rules.skirmish import events as ev
from rules.skirmish.actions import Attack, EndActivation, Move, PickUp
from rules.skirmish.catalog_types import Loadout
from rules.skirmish.engine import IllegalAction, apply, check, legal_actions
from rules.skirmish.preview import preview

F = Fraction


def test_move_then_melee_S_ACT_1_S_HIT_5_S_DMG_1_S_DMG_5():
    """S-ACT-1: move, then attack for free. Bjorn (Swords IV) on Voron (Staves I): 50 + 30 = 80%;
    roll 80 hits; crit roll 21 (no); U = 1: 12 x 2 x 1 / 1.25 = 19.2 -> 19 (S-DMG-1, S-DMG-5 1X = 12).
    The melee attack is the activation's action: it ends (S-ACT-8) and Voron's begins.

    Rules: S-HIT-5.
    """
    state, h = scenario("B..s", {"B": "bjorn", "s": "voron"}, actor="B")
    play(state, Move(h["B"], (2, 0)))
    events = play(state, Attack(h["B"], h["s"], "sword"), 80, 21, U1)
    assert events == [
        ev.AttackResolved(h["B"], h["s"], "melee", "sword", F(80), 80, True, F(1), 21, False, 19),
        ev.HeroDamaged(h["s"], 19, 81),
        ev.ActivationEnded(h["B"]),
        ev.ActivationStarted(h["s"], F(9, 2)),
    ]


def test_a_miss_rolls_nothing_more_S_HIT_1():
    """S-HIT-1: equal skills: 50%; roll 51 misses and nothing else is rolled."""
    state, h = scenario("Bh", {"B": "bjorn", "h": "hilda"}, actor="B")
    # Bjorn's sword (IV) against Hilda's axe (Axes IV): 50 + 0
    events = play(state, Attack(h["B"], h["h"], "sword"), 51)
    assert events[0] == ev.AttackResolved(h["B"], h["h"], "melee", "sword", F(50), 51, False)


def test_crit_and_shield_S_DMG_4_S_HIT_3_S_EX_10():
    """S-HIT-3: Hilda's axe (IV) on Bjorn (Swords IV, shield 1X): 50 - 20 = 30%. S-DMG-4: crit roll 20
    doubles: 15 x 2 x 1 / 1.5 = 20 -> 40.

    Rules: S-EX-10.
    """
    state, h = scenario("Hb", {"H": "hilda", "b": "bjorn"}, actor="H")
    events = play(state, Attack(h["H"], h["b"], "axe"), 30, 20, U1)
    assert events[0] == ev.AttackResolved(h["H"], h["b"], "melee", "axe", F(30), 30, True, F(1), 20, True, 40)
    assert state.heroes[h["b"]].hp == 160


def test_third_attack_this_round_S_EX_9_S_HIT_2():
    """S-EX-9 / S-HIT-2 (S-OQ-4): attacks already made on the same target this round add +10 each."""
    state, h = scenario("Hb", {"H": "hilda", "b": "bjorn"}, actor="H")
    state.attacks_on[h["b"]] = 2
    events = play(state, Attack(h["H"], h["b"], "axe"), 71)
    assert events[0].chance == 50 and state.attacks_on[h["b"]] == 3
    state, h = scenario("Hb", {"H": "hilda", "b": "bjorn"}, actor="H")
    state.attacks_on[h["b"]] = 5  # 50 - 20 + 50 = 80 ... clamp stays below 95
    assert preview(state, Attack(h["H"], h["b"], "axe")).targets[0].hit_chance == 80


def test_bow_move_or_shoot_S_ACT_3_S_HIT_5_S_DMG_2_S_EX_8():
    """S-ACT-3: a bow allows one action: after moving there is no bow shot; S-HIT-5 ranged: skill III
    against Voron's Agility 3/2: 65%. S-DMG-2 / S-EX-8: 12 x MIN(1, III) x 1 / 1.25 = 9.6 -> 10."""
    state, h = scenario("H.....v", {"H": "hilda", "v": "voron"}, actor="H")
    shot = Attack(h["H"], h["v"], "long_bow")
    assert shot in legal_actions(state)
    twin = state.clone()
    play(twin, Move(h["H"], (1, 0)))
    assert "one action per round: attack or move (S-ACT-3)" in check(twin, shot)
    events = play(state, shot, 65, 99, U1)
    assert events[0] == ev.AttackResolved(
        h["H"], h["v"], "bow", "long_bow", F(65), 65, True, F(1), 99, False, 10
    )


def test_range_factor_and_maximum_range_S_HIT_6_S_DMG_6_S_EX_16_S_HIT_11():
    """S-EX-16 in a battle: at 15 cells the long bow (12 / 30) has factor 4/5 on chance and damage:
    65 x 4/5 = 52%, 9.6 x 4/5 = 7.68 -> 8; at 31 cells it cannot shoot (S-HIT-6 [REC]).

    Rules: S-DMG-6, S-HIT-11.
    """
    state, h = scenario("H" + "." * 14 + "v", {"H": "hilda", "v": "voron"}, actor="H")
    events = play(state, Attack(h["H"], h["v"], "long_bow"), 52, 99, U1)
    assert (events[0].chance, events[0].damage) == (52, 8)
    state, h = scenario("H" + "." * 30 + "v", {"H": "hilda", "v": "voron"}, actor="H")
    assert "maximum range" in check(state, Attack(h["H"], h["v"], "long_bow"))


def test_line_of_sight_S_HIT_8():
    """S-HIT-8: a unit or an obstacle on an intermediate cell blocks a ranged attack; a diagonal line
    through a corner between two blocking cells is blocked too (as S-MOVE-6)."""
    for board in ("H.b.v", "H.#.v"):
        heroes = {"H": "hilda", "v": "voron"} | ({"b": "bjorn"} if "b" in board else {})
        state, h = scenario(board, heroes, actor="H")
        assert "line of sight" in check(state, Attack(h["H"], h["v"], "long_bow"))
    state, h = scenario("H#..\n#v..", {"H": "hilda", "v": "voron"}, actor="H")
    assert "line of sight" in check(state, Attack(h["H"], h["v"], "long_bow"))
    state, h = scenario("H...\n#v..", {"H": "hilda", "v": "voron"}, actor="H")
    assert check(state, Attack(h["H"], h["v"], "long_bow")) is None


def test_crossbow_moves_and_shoots_every_third_round_S_ACT_2():
    """S-ACT-2 / S-OQ-25: a crossbow may move and shoot; it shoots in round r, then in r + 3."""
    state, h = scenario("A.......\n.......v", {"A": "aldric", "v": "voron"}, actor="A")
    play(state, Move(h["A"], (2, 0)))
    # Crossbows II against Agility 3/2: 55%; a miss; the crossbow ends the activation
    events = play(state, Attack(h["A"], h["v"], "crossbow"), 56)
    assert events[0].kind == "crossbow" and state.act.hero == h["v"]
    assert state.heroes[h["A"]].next_crossbow == 4
    for round_no in (2, 3, 4):
        play(state, EndActivation(h["v"]))
        assert state.round_no == round_no
        ready = check(state, Attack(h["A"], h["v"], "crossbow")) is None
        assert ready == (round_no == 4)
        play(state, EndActivation(h["A"]))


def test_thrown_weapons_land_and_are_picked_up_S_ACT_9_S_DMG_3():
    """S-ACT-9: a throw lands in the target's cell, hit or miss; a unit in a cell with an item picks it
    up for 1 step. S-DMG-3: throwing axe 9 x Strength 2 x 1 / 1.25 = 14.4 -> 14; Axes III against
    Agility 3/2: 65%."""
    state, h = scenario("B.v", {"B": "bjorn", "v": "voron"}, actor="B")
    events = play(state, Attack(h["B"], h["v"], "throwing_axe", thrown=True), 65, 50, U1)
    assert events[:3] == [
        ev.AttackResolved(h["B"], h["v"], "thrown", "throwing_axe", F(65), 65, True, F(1), 50, False, 14),
        ev.HeroDamaged(h["v"], 14, 86),
        ev.ItemDropped("throwing_axe", (2, 0)),
    ]
    assert state.heroes[h["B"]].thrown == ("throwing_axe",) and state.items == {(2, 0): ("throwing_axe",)}
    state.items[(1, 0)] = ("dagger",)
    act_now(state, h["B"])
    play(state, Move(h["B"], (1, 0)))
    events = play(state, PickUp(h["B"], "dagger"))
    assert events == [ev.ItemPickedUp(h["B"], "dagger", (1, 0))]
    assert state.heroes[h["B"]].thrown == ("throwing_axe", "dagger") and state.act.left == 4
    assert "lies" in check(state, PickUp(h["B"], "dagger"))


def test_a_thrown_dagger_leaves_the_hand_S_ACT_9():
    """S-ACT-9: a dagger or spear that has been thrown is no longer in hand for melee; picked up with an
    empty hand it goes back to the hand."""
    state, h = scenario("M.v", {"M": "mirela", "v": "voron"}, actor="M")
    state.heroes[h["M"]].thrown = ()
    play(state, Attack(h["M"], h["v"], "dagger", thrown=True), 99)
    mirela = state.heroes[h["M"]]
    assert mirela.melee is None and state.items[(2, 0)] == ("dagger",)
    mirela.pos, state.occupant = (1, 0), {(1, 0): h["M"], (2, 0): h["v"]}
    state.items[(1, 0)] = ("dagger",)
    act_now(state, h["M"])
    play(state, PickUp(h["M"], "dagger"))
    assert mirela.melee == "dagger" and mirela.thrown == ()


def test_several_shots_and_the_end_of_movement_S_ACT_6_S_ACT_8():
    """S-ACT-6 / S-DATA-7: Agility 4 gives 2 bow shots per round; S-ACT-8: after an attack the hero
    cannot move, and the activation ends when the shots are used."""
    catalog = with_hero("hilda", "swift", agility=F(4))
    state, h = scenario("S....v", {"S": "swift", "v": "voron"}, actor="S", catalog=catalog)
    assert state.act.shots_left == 2
    shot = Attack(h["S"], h["v"], "long_bow")
    play(state, shot, 99)
    assert state.act.hero == h["S"] and "ends the hero's movement" in check(state, Move(h["S"], (1, 0)))
    assert legal_actions(state)[0] == shot
    play(state, shot, 99)
    assert state.act.hero == h["v"]


def test_energy_at_entry_weakens_blows_S_ENERGY_1_S_ENERGY_4_S_ENERGY_5_S_DMG_7():
    """S-ENERGY-5: the map gives a side 40% entry energy: x 2/3 on physical damage (S-DMG-7) for the
    whole battle (S-ENERGY-4); max energy is 100 x Endurance (S-ENERGY-1): only the fraction matters."""
    state, h = scenario("Bs", {"B": "bjorn", "s": "voron"}, energy=(F(2, 5), None), actor="B")
    assert state.heroes[h["B"]].info.energy == F(2, 5)
    events = play(state, Attack(h["B"], h["s"], "sword"), 1, 99, U1)
    assert events[0].damage == 13  # 19.2 x 2/3 = 12.8
    assert state.heroes[h["s"]].info.energy_mult == 1


def test_no_armour_divides_by_one_S_DMG_9_S_DMG_8():
    """S-DMG-9: no armour is a divisor of 1; S-DMG-8: U = 3/4, no minimum, rounding half up at the end:
    12 x 2 x 3/4 / 1 = 18."""
    bare = Loadout(melee="staff", armour="none")
    state, h = scenario("Bs", {"B": "bjorn", "s": "voron"}, loadouts={"s": bare}, actor="B")
    events = play(state, Attack(h["B"], h["s"], "sword"), 1, 99, 1 << 30)
    assert events[0].u == F(3, 4) and events[0].damage == 18


def test_illegal_attacks_change_nothing():
    state, h = scenario("B..s", {"B": "bjorn", "s": "voron"}, actor="B")
    before = state.fingerprint()
    for action in (
        Attack(h["B"], h["s"], "sword"),
        Attack(h["B"], h["B"], "sword"),
        Attack(h["B"], h["s"], "bow"),
    ):
        with pytest.raises(IllegalAction):
            apply(state, action, ScriptedRng([]))
    assert state.fingerprint() == before
    assert of(ev.AttackResolved, []) == []
