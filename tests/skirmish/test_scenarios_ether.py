"""The ether duel, binding, mana and timed effects in a battle: S-ETHER, S-BIND, S-MANA, S-DATA-5."""

from __future__ import annotations

from fractions import Fraction

from skirmish.helpers import U1, act_now, of, play, scenario

from rules.skirmish import events as ev
from rules.skirmish.actions import Attack, Bind, Cast, EndActivation, EtherAttack, Move
from rules.skirmish.engine import check, legal_actions
from rules.skirmish.preview import preview

F = Fraction


def test_ether_attack_hits_mana_S_ETHER_1_S_ETHER_2_S_ETHER_3_S_ETHER_5():
    """S-ETHER-5: Ilsabet (W 3) on Aldric (W 2): 50 + 10 = 60%; roll 60 hits; 12 x 3 x U(1) = 36 off
    his mana (S-ETHER-3), not his HP; it takes her attack for the round. S-ETHER-1/2: mages duel
    first, by the analogue of melee damage with Wisdom in place of weapon x Strength.

    Rules: S-ETHER-2.
    """
    state, h = scenario("I" + "." * 30 + "a", {"I": "ilsabet", "a": "aldric"}, actor="I")
    assert EtherAttack(h["I"], h["a"]) in legal_actions(state)  # any range, in line of sight
    events = play(state, EtherAttack(h["I"], h["a"]), 60, U1)
    assert events[:2] == [
        ev.EtherAttackResolved(h["I"], h["a"], F(60), 60, True, F(1), 36, F(64)),
        ev.ActivationEnded(h["I"]),
    ]
    assert state.heroes[h["a"]].hp == 150 and state.attacks_on[h["a"]] == 1


def test_no_mana_no_ether_duel_and_no_resistance_S_ETHER_4():
    """S-ETHER-4: a mage without mana cannot take part in the ether duel (as attacker or target) and
    S-RESIST no longer protects it."""
    state, h = scenario("I...a", {"I": "ilsabet", "a": "aldric"}, actor="I")
    state.heroes[h["a"]].mana = F(0)
    assert "no mana left" in check(state, EtherAttack(h["I"], h["a"]))
    assert preview(state, Cast(h["I"], "fire_bolt", (4, 0), (0, 0))).targets[0].block_chance is None
    state.heroes[h["a"]].mana, state.heroes[h["I"]].mana = F(50), F(0)
    assert "without mana" in check(state, EtherAttack(h["I"], h["a"]))


def test_binding_a_drained_mage_S_BIND_1_S_BIND_5():
    """S-BIND-5: binding is a full action (no movement) on an enemy mage at 0 mana in sight; it always
    succeeds; the bound mage cannot cast or duel (S-BIND-1) and gains no mana."""
    state, h = scenario("I...aM", {"I": "ilsabet", "a": "aldric", "M": "mirela"}, actor="I")
    assert check(state, Bind(h["I"], h["a"])) is not None  # it still has mana
    state.heroes[h["a"]].mana = F(0)
    twin = state.clone()
    play(twin, Move(h["I"], (1, 0)))
    assert "full action" in check(twin, Bind(h["I"], h["a"]))
    events = play(state, Bind(h["I"], h["a"]))
    assert events[:2] == [ev.HeroBound(h["I"], h["a"]), ev.ActivationEnded(h["I"])]
    act_now(state, h["a"])
    assert "bound mage cannot cast" in check(state, Cast(h["a"], "spark", (0, 0), (4, 0)))
    assert all(not isinstance(a, Cast | EtherAttack) for a in legal_actions(state))


def test_binding_holds_until_the_binder_falls_S_BIND_2_S_BIND_3_S_BIND_4():
    """S-BIND-2: it lasts while the binder is conscious; S-BIND-3/4: the daily break chance runs between
    battles only, so rounds pass without any roll; the binder's incapacitation ends it.

    Rules: S-BIND-4.
    """
    state, h = scenario("I...a", {"I": "ilsabet", "a": "aldric"}, actor="I")
    state.heroes[h["a"]].mana = F(0)
    play(state, Bind(h["I"], h["a"]))
    for _ in range(3):  # whole rounds, no rolls at all
        play(state, EndActivation(state.act.hero))
    assert state.heroes[h["a"]].bound_by == h["I"]
    state.heroes[h["I"]].hp = 5
    act_now(state, h["a"])
    play(state, Move(h["a"], (1, 0)))
    events = play(state, Attack(h["a"], h["I"], "sword"), 1, 99, U1)
    assert ev.BindingEnded(h["I"], h["a"]) in events


def test_mana_starts_full_and_never_regenerates_S_MANA_1_S_MANA_2_S_MANA_3_S_EX_14():
    """S-MANA-3: full mana at the start (S-EX-14: Concentration 1 -> 100); S-MANA-1/2: regeneration is
    campaign time, so in a battle mana changes only by casting, resisting, ether damage and gifts.

    Rules: S-MANA-2.
    """
    state, h = scenario("A...v", {"A": "aldric", "v": "voron"}, actor="A")
    assert (state.heroes[h["A"]].mana, state.heroes[h["v"]].mana) == (100, 200)
    play(state, Cast(h["A"], "spark", (4, 0), (0, 0)), 99)
    for _ in range(3):
        play(state, EndActivation(state.act.hero))
    assert state.heroes[h["A"]].mana == 90


def test_ether_gift_and_bound_heroes_S_BIND_5():
    """S-DATA-5 / S-BIND-5: Ether gift gives another ally 30 mana, not above max; a bound ally gains none."""
    state, h = scenario("IM..v", {"I": "ilsabet", "M": "mirela", "v": "voron"}, actor="I")
    state.heroes[h["M"]].mana = F(50)
    events = play(state, Cast(h["I"], "ether_gift", (1, 0), (0, 0)))
    assert ev.ManaChanged(h["M"], F(30), F(80)) in events
    state, h = scenario("IM..v", {"I": "ilsabet", "M": "mirela", "v": "voron"}, actor="I")
    state.heroes[h["M"]].mana, state.heroes[h["M"]].bound_by = F(0), h["v"]
    events = play(state, Cast(h["I"], "ether_gift", (1, 0), (0, 0)))
    assert of(ev.ManaChanged, events) == []


def test_entangle_roots_the_next_activation_and_effects_expire():
    """S-DATA-5: Entangle: 0 steps in the target's next activation; an effect for N rounds cast in round r
    ends with round r + N (Mist, 3 rounds: an EffectEnded at the end of round 4)."""
    state, h = scenario("B.....v", {"B": "bjorn", "v": "voron"}, actor="B")
    state.heroes[h["v"]].mana = F(0)
    events = play(state, Cast(h["B"], "entangle", (6, 0), (0, 0)))
    assert ev.EffectApplied(h["v"], "root", F(0), 2, "entangle") in events
    assert state.act.hero == h["v"] and state.act.steps == 0
    state, h = scenario("M.....v", {"M": "mirela", "v": "voron"}, actor="M")
    play(state, Cast(h["M"], "mist", (0, 0), (0, 0)))
    ended = []
    while state.round_no <= 4:
        ended += of(ev.EffectEnded, play(state, EndActivation(state.act.hero)))
    assert ended == [ev.EffectEnded(h["M"], "hit_against", "mist")]


def test_chain_lightning_jumps_to_the_nearest_enemy():
    """S-DATA-5 chain 3, jump 3: the chosen enemy, then the nearest enemy not yet hit within grid
    distance 3 of the previous one; allies are never chained."""
    heroes = {"I": "ilsabet", "b": "bjorn", "h": "hilda", "m": "mirela"}
    state, h = scenario("I...b.h...m", heroes, actor="I")
    for hero in state.heroes:
        hero.mana = F(0) if hero.team == 2 else hero.mana
    events = play(state, Cast(h["I"], "chain_lightning", (4, 0), (0, 0)), U1, U1)
    assert [e.target for e in of(ev.SpellStruck, events)] == [h["b"], h["h"]]  # m is 4 cells from h
