"""Casting in a battle: S-SPELL-1..14, S-EX-17, S-EX-19, S-EX-20, S-EX-12.

Rolls: a hostile spell that rolls first rolls to hit (S-HIT-10); a target with mana then rolls its
block (1..100 x denominator) and, if that fails, U for the repel cost; then a rolled spell's crit
roll and the damage U.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from skirmish.helpers import U1, of, play, scenario

from rules.rng import SeededRng
from rules.skirmish import events as ev
from rules.skirmish.actions import Cast, EndActivation, Move, StartChannel
from rules.skirmish.battle import new_battle
from rules.skirmish.catalog_types import Loadout
from rules.skirmish.engine import check, legal_actions
from rules.skirmish.setup import HeroSpec, SkirmishSetup

F = Fraction
NO_SPARK = Loadout(
    melee="sword", ranged="crossbow", armour="chain_mail", quick=("lightning_bolt", "haste", "fury")
)


def test_fireball_resisted_per_target_S_EX_20_S_RESIST_5_S_SPELL_13_S_SPELL_14():
    """S-EX-20: Ilsabet (W 3) casts Fireball (40 mana, no hit roll, ignores armour) on Bjorn (W 1,
    50 mana) and an enemy Sorcerer with 0 mana. Bjorn's block (100/3 %) fails (roll 101 of 300); the
    repel cost 1 x 40 x 3 = 120 > 50: mana 0, effect 7/12: 18 x 7/12 = 10.5 -> 11. The Sorcerer
    cannot resist: 18. S-RESIST-5: each target resists separately; S-SPELL-14: no crit, no armour.

    Rules: S-SPELL-13.
    """
    state, h = scenario("I...bv", {"I": "ilsabet", "b": "bjorn", "v": "voron"}, actor="I")
    state.heroes[h["v"]].mana = F(0)
    events = play(state, Cast(h["I"], "fireball", (4, 0), (0, 0)), 101, U1, U1, U1)
    assert events[:7] == [
        ev.SpellCast(h["I"], "fireball", (0, 0), (4, 0), "quick", 40, F(160)),
        ev.SpellResisted(h["b"], F(100, 3), 101, False, F(120), F(50), F(7, 12)),
        ev.SpellStruck(h["b"], F(1), None, False, 11),
        ev.HeroDamaged(h["b"], 11, 189),
        ev.SpellStruck(h["v"], F(1), None, False, 18),
        ev.HeroDamaged(h["v"], 18, 82),
        ev.ActivationEnded(h["I"]),
    ]
    assert state.heroes[h["b"]].mana == 0 and state.attacks_on[h["b"]] == 1


def test_spell_against_a_mage_in_battle_S_EX_13_S_RESIST_1_S_RESIST_2_S_RESIST_3_S_RESIST_4():
    """S-EX-13: Aldric (W 2) casts Fireball on Bjorn (W 1) with 20 mana: block 50% fails (51); the repel
    costs 40 x 2/1 = 80 > 20: mana 0 and the spell acts at 1 - 20/80 = 3/4: 18 x 3/4 = 13.5 -> 14.
    With a roll of 50 the block succeeds: nothing happens, it costs nothing (S-RESIST-1/2).

    Rules: S-RESIST-2, S-RESIST-3, S-RESIST-4.
    """
    state, h = scenario("A...b", {"A": "aldric", "b": "bjorn"}, actor="A")
    twin = state.clone()
    state.heroes[h["b"]].mana = F(20)
    events = play(state, Cast(h["A"], "fireball", (4, 0), (0, 0)), 51, U1, U1)
    assert events[1:3] == [
        ev.SpellResisted(h["b"], F(50), 51, False, F(80), F(20), F(3, 4)),
        ev.SpellStruck(h["b"], F(1), None, False, 14),
    ]
    events = play(twin, Cast(h["A"], "fireball", (4, 0), (0, 0)), 50)
    assert events[1] == ev.SpellResisted(h["b"], F(50), 50, True)
    assert twin.heroes[h["b"]].hp == 200 and twin.heroes[h["b"]].mana == 50
    repel = scenario("A...b", {"A": "aldric", "b": "bjorn"}, actor="A")[0]
    events = play(repel, Cast(h["A"], "fireball", (4, 0), (0, 0)), 51, 0)  # U = 1/2: cost 40 <= 50
    assert events[1] == ev.SpellResisted(h["b"], F(50), 51, False, F(40), F(40), F(0))
    assert repel.heroes[h["b"]].mana == 10 and repel.heroes[h["b"]].hp == 200


def test_origin_behind_an_ally_S_EX_17_S_SPELL_6_S_HIT_8():
    """S-EX-17: C at 0, ally A at 1, empty origin o at 2, enemy E at 5. Straight from C, A blocks the
    line; from o (units never block the path to it) E is in sight at range 3 <= 8. With a wall in
    cell 1, o cannot be the origin.

    Rules: S-SPELL-6, S-HIT-8.
    """
    state, h = scenario("IA...v", {"I": "ilsabet", "A": "aldric", "v": "voron"}, actor="I")
    assert "line of sight" in check(state, Cast(h["I"], "fire_bolt", (5, 0), (0, 0)))
    assert check(state, Cast(h["I"], "fire_bolt", (5, 0), (2, 0))) is None
    assert "more than 2 cells" in check(state, Cast(h["I"], "fire_bolt", (5, 0), (3, 0)))
    state, h = scenario("I#...v", {"I": "ilsabet", "v": "voron"}, actor="I")
    assert "terrain blocks" in check(state, Cast(h["I"], "fire_bolt", (5, 0), (2, 0)))


def test_origins_follow_the_terrain_and_walls_of_each_battle_S_SPELL_6():
    """The valid origins are kept for every battle on a map: a battle whose terrain differs, or whose
    walls stand elsewhere, gets its own (the cell behind the terrain or a wall is no origin)."""
    from rules.skirmish.spell_targets import origin_problem, origins

    def fresh(state, hero):
        x, y = hero.pos
        cells = sorted(
            ((x + dx, y + dy) for dy in range(-2, 3) for dx in range(-2, 3)),
            key=lambda p: (max(abs(p[0] - x), abs(p[1] - y)), p[1], p[0]),
        )
        return tuple(p for p in cells if origin_problem(state, hero, p) is None)

    open_map, h = scenario("..I...v\n.......", {"I": "ilsabet", "v": "voron"}, actor="I")
    hero = open_map.heroes[h["I"]]
    assert origins(open_map, hero) == fresh(open_map, hero) and (4, 0) in origins(open_map, hero)
    rocky, h = scenario("..I#..v\n.......", {"I": "ilsabet", "v": "voron"}, actor="I")
    assert origins(rocky, rocky.heroes[h["I"]]) == fresh(rocky, rocky.heroes[h["I"]])
    assert (4, 0) not in origins(rocky, rocky.heroes[h["I"]])
    open_map.walls = {(3, 0): 9}  # a Stone wall where the rock was
    assert origins(open_map, hero) == fresh(open_map, hero) and (4, 0) not in origins(open_map, hero)


def test_quick_and_unprepared_casting_S_EX_19_S_SPELL_12_S_SPELL_9():
    """S-EX-19: Spark in the quick set: move 6 steps, then cast, and no more movement (S-SPELL-12).
    Spark not prepared: level 1, one activation, no movement in it (S-SPELL-9)."""
    state, h = scenario("A.......\n........\n......v.", {"A": "aldric", "v": "voron"}, actor="A")
    play(state, Move(h["A"], (6, 0)))
    spark = Cast(h["A"], "spark", (6, 2), (6, 0))
    events = play(state, spark, 99)  # a miss (Spark rolls to hit: 50%)
    assert events[0].how == "quick" and state.act.hero == h["v"]
    state, h = scenario(
        "A.......\n........\n......v.", {"A": "aldric", "v": "voron"}, loadouts={"A": NO_SPARK}, actor="A"
    )
    twin = state.clone()
    play(twin, Move(h["A"], (4, 0)))
    assert "without moving" in check(twin, Cast(h["A"], "spark", (6, 2), (6, 0)))
    state.heroes[h["A"]].pos = (4, 0)
    state.occupant = {(4, 0): h["A"], (6, 2): h["v"]}
    events = play(state, Cast(h["A"], "spark", (6, 2), (4, 0)), 99)
    assert events[0] == ev.SpellCast(h["A"], "spark", (4, 0), (6, 2), "unprepared", 10, F(90))


def test_channelled_fireball_completes_in_round_r_plus_3_S_EX_19_S_EX_12_S_SPELL_1_S_SPELL_9():
    """S-EX-19: Fireball (level 2) not prepared, started in round r, completes in its activation of
    round r + 3 (2^2 = 4 activations), with no movement in any of them; mana is checked and spent
    on completion (S-SPELL-9, S-SPELL-1: level^2 rounds; S-EX-12: 3^2 = 9 for level 3)."""
    state, h = scenario("A......v", {"A": "aldric", "v": "voron"}, loadouts={"A": NO_SPARK}, actor="A")
    events = play(state, StartChannel(h["A"], "fireball"))
    assert events[0] == ev.ChannelStarted(h["A"], "fireball", 4) and state.heroes[h["A"]].mana == 100
    for round_no in (2, 3, 4):
        play(state, EndActivation(h["v"]))
        assert state.round_no == round_no and state.act.hero == h["A"] and state.act.steps == 0
        assert [type(a).__name__ for a in legal_actions(state)][-2:] == ["EndActivation", "Surrender"]
        assert "channelling mage" in check(state, Move(h["A"], (1, 0)))
        if round_no < 4:
            assert play(state, EndActivation(h["A"]))[0] == ev.ChannelContinued(
                h["A"], "fireball", 4 - round_no
            )
    events = play(state, Cast(h["A"], "fireball", (7, 0), (0, 0)), 1)  # Voron (W 3) blocks: 95%
    assert events[0] == ev.SpellCast(h["A"], "fireball", (0, 0), (7, 0), "channelled", 40, F(60))


def test_a_channel_fails_without_mana_and_ends_when_the_mage_falls_S_SPELL_9():
    """S-SPELL-9: lacking the mana at completion the spell fails and nothing is spent; an incapacitated
    mage's channel is cancelled; taking damage does not interrupt it."""
    state, h = scenario("A......v", {"A": "aldric", "v": "voron"}, loadouts={"A": NO_SPARK}, actor="A")
    play(state, StartChannel(h["A"], "fireball"))
    state.heroes[h["A"]].channel = type(state.heroes[h["A"]].channel)("fireball", 1)
    state.heroes[h["A"]].mana = F(30)
    state.heroes[h["A"]].hp = 100  # damaged: still channelling
    play(state, EndActivation(h["v"]))
    events = play(state, Cast(h["A"], "fireball", (7, 0), (0, 0)))
    assert (
        events[0] == ev.SpellFailed(h["A"], "fireball", "not enough mana") and state.heroes[h["A"]].mana == 30
    )


def test_castable_level_schools_and_mana_S_SPELL_7_S_SPELL_8_S_SPELL_10():
    """S-SPELL-7: Aldric (max level 2) cannot channel Inferno (3); S-SPELL-10: Bjorn (Earth) cannot cast
    Fire bolt; S-SPELL-8: no spell without its mana."""
    state, h = scenario("A......v", {"A": "aldric", "v": "voron"}, actor="A")
    assert "castable level" in check(state, StartChannel(h["A"], "inferno"))
    state.heroes[h["A"]].mana = F(5)
    assert "needs 10 mana" in check(state, Cast(h["A"], "fire_bolt", (7, 0), (0, 0)))
    state, h = scenario("B......v", {"B": "bjorn", "v": "voron"}, actor="B")
    assert "quick-spell set" in check(state, Cast(h["B"], "fire_bolt", (7, 0), (0, 0)))


def test_quick_spells_are_not_used_up_S_SPELL_5a_S_SPELL_5_S_SPELL_2():
    """S-SPELL-5a: a quick spell stays available after casting; S-SPELL-5: nothing erases the set in a
    battle; S-SPELL-2: it activates in one round."""
    state, h = scenario("A.....v", {"A": "aldric", "v": "voron"}, actor="A")
    play(state, Cast(h["A"], "spark", (6, 0), (0, 0)), 99)
    play(state, EndActivation(h["v"]))
    assert state.heroes[h["A"]].info.quick == frozenset(state.heroes[h["A"]].info.loadout.quick)
    assert check(state, Cast(h["A"], "spark", (6, 0), (0, 0))) is None


def test_loadout_screen_choice_is_validated_and_kept_S_SPELL_11_S_SPELL_3_S_SPELL_4():
    """S-SPELL-11 / S-SPELL-3: the quick set comes from the loadout chosen before the battle (in place of
    meditation); over its slots (S-SPELL-4) or outside its schools it is refused."""
    ok = Loadout(melee="sword", armour="chain_mail", quick=("fireball", "spark"))
    state, h = scenario("A..v", {"A": "aldric", "v": "voron"}, loadouts={"A": ok})
    assert state.heroes[h["A"]].info.quick == {"fireball", "spark"}
    for bad in (("fireball", "haste", "fury", "lightning_bolt", "fire_bolt", "spark", "flash"), ("mend",)):
        setup = SkirmishSetup(
            4,
            1,
            ((HeroSpec("aldric", (0, 0), Loadout(melee="sword", quick=bad)),), (HeroSpec("voron", (3, 0)),)),
        )
        with pytest.raises(ValueError, match="quick"):
            new_battle(setup, SeededRng(0))


def test_rolling_spells_miss_and_crit_S_SPELL_13_S_HIT_10_S_SPELL_14():
    """S-SPELL-13 / S-HIT-10: Pebble shot rolls (no skill term): 50% on Voron; a miss leaves it
    unaffected. A hit can be critical; Earth damage is divided by armour: 14 x 1 / 1.25 x 2 = 22.4 -> 22.
    Voron has mana: block 95% (W 3 against 1) fails on 96, the repel cost 10 x 1/3 is paid.

    Rules: S-SPELL-14.
    """
    state, h = scenario("B.....v", {"B": "bjorn", "v": "voron"}, actor="B")
    twin = state.clone()
    events = play(state, Cast(h["B"], "pebble_shot", (6, 0), (0, 0)), 51)
    assert events[1] == ev.SpellHitRolled(h["v"], F(50), 51, False) and state.heroes[h["v"]].hp == 100
    twin.heroes[h["v"]].mana = F(0)
    events = play(twin, Cast(h["B"], "pebble_shot", (6, 0), (0, 0)), 50, 20, U1)
    assert events[1:3] == [
        ev.SpellHitRolled(h["v"], F(50), 50, True),
        ev.SpellStruck(h["v"], F(1), 20, True, 22),
    ]


def test_healing_and_statuses_S_SPELL_8_S_DATA_5():
    """Healing never exceeds max HP (Mend +50); Haste gives +3 steps for 3 rounds (until the end of
    round r + 3); beneficial spells are never resisted (S-RESIST-5).

    Rules: S-SPELL-8, S-DATA-5.
    """
    state, h = scenario("IA...v", {"I": "ilsabet", "A": "aldric", "v": "voron"}, actor="I")
    state.heroes[h["A"]].hp = 130
    events = play(state, Cast(h["I"], "mend", (1, 0), (0, 0)))
    assert ev.Healed(h["A"], 20, 150) in events
    state, h = scenario("A.....v", {"A": "aldric", "v": "voron"}, actor="A")
    events = play(state, Cast(h["A"], "haste", (0, 0), (0, 0)))
    assert ev.EffectApplied(h["A"], "steps_add", F(3), 4, "haste") in events
    play(state, EndActivation(h["v"]))
    assert state.act.steps == 9
    assert of(ev.SpellResisted, events) == []
