"""The end of a battle (S-END, S-EX-23), surrender, cards (S-ACT-4) and setups from maps."""

from __future__ import annotations

from fractions import Fraction

import pytest
from skirmish.helpers import U1, act_now, play, scenario

from rules.rng import ScriptedRng, SeededRng
from rules.skirmish import events as ev
from rules.skirmish.actions import Attack, Cast, EndActivation, PlayCard, Surrender
from rules.skirmish.battle import new_battle
from rules.skirmish.engine import IllegalAction, apply, check, legal_actions
from rules.skirmish.setup import from_battle_setup, party_of
from rules.tactics.setup import BattleSetup, DropSector, Mode

F = Fraction


def test_last_hero_falls_S_END_1():
    """S-END-1: a side wins when every hero of the other side is out (S-WOUND-5: HP <= 0)."""
    state, h = scenario("Bv", {"B": "bjorn", "v": "voron"}, actor="B")
    state.heroes[h["v"]].hp = 10
    events = play(state, Attack(h["B"], h["v"], "sword"), 1, 99, U1)
    assert events[-2:] == [ev.HeroIncapacitated(h["v"]), ev.BattleEnded(1, "annihilation")]
    assert state.over and legal_actions(state) == [] and state.occupant == {(0, 0): h["B"]}


def test_fireball_fells_both_sides_draw_S_EX_23():
    """S-EX-23: a Fireball incapacitates the last hero of each side: a draw."""
    state, h = scenario("Iv", {"I": "ilsabet", "v": "voron"}, actor="I")
    state.heroes[h["I"]].hp, state.heroes[h["v"]].hp = 5, 5
    state.heroes[h["v"]].mana = F(0)
    state.heroes[h["I"]].mana = F(40)  # 0 after the cast: the caster, in her own burst, cannot resist
    events = play(state, Cast(h["I"], "fireball", (1, 0), (0, 0)), U1, U1)
    assert events[-1] == ev.BattleEnded(None, "annihilation")


@pytest.mark.parametrize("mission,winner", [(True, 2), (False, None)])
def test_round_limit_S_END_2_S_END_3(mission, winner):
    """S-END-2: the map's round limit (here 2); S-END-3: undecided at its end, a mission is lost, any
    other battle (hot-seat, arena) is a draw."""
    state, _ = scenario("B...v", {"B": "bjorn", "v": "voron"}, mission=mission, round_limit=2, actor="B")
    assert state.board.round_limit == 2
    events = []
    while not state.over:
        events += play(state, EndActivation(state.act.hero))
    assert events[-2:] == [ev.RoundEnded(2), ev.BattleEnded(winner, "round_limit")]


def test_default_round_limit_S_END_2():
    state, _ = scenario("B...v", {"B": "bjorn", "v": "voron"})
    assert state.board.round_limit == 60  # the catalog's R_max (S-DATA-10)


def test_surrender_S_END_4():
    """S-END-4: a player may surrender during the activation of any of his heroes: a loss at once."""
    state, _ = scenario("B...v", {"B": "bjorn", "v": "voron"}, actor="B")
    assert "only during the activation of its own hero" in check(state, Surrender(2))
    assert play(state, Surrender(1)) == [ev.BattleEnded(2, "surrender")]


def test_one_card_per_side_per_round_S_ACT_4():
    """S-ACT-4 / S-OQ-20: one card per side per round (cards are [DATA NEEDED]: playing one has no
    effect yet beyond the record)."""
    state, h = scenario(
        "BA..v", {"B": "bjorn", "A": "aldric", "v": "voron"}, cards=(("c1", "c2"), ()), actor="B"
    )
    assert play(state, PlayCard(h["B"], "c1")) == [ev.CardPlayed(1, h["B"], "c1")]
    assert "one card per side per round" in check(state, PlayCard(h["B"], "c2"))
    act_now(state, h["A"])
    assert PlayCard(h["A"], "c2") not in legal_actions(state)
    state.cards_played = [0, 0, 0]
    assert PlayCard(h["A"], "c2") in legal_actions(state)


def test_skirmish_on_a_map_setup():
    """A skirmish on the same maps: grid, blocked cells (barricades too) and team drop zones of a
    BattleSetup; heroes deploy on their zone, nearest the enemy first; PvP maps keep their mode."""
    battle = BattleSetup(
        width=8, height=4, armies=((), ()), blocked=frozenset({(4, 1)}), mode=Mode.PVP,
        drop_zones=tuple(DropSector((x, y), 1, 2) for x in (0, 1) for y in range(4))
        + tuple(DropSector((x, y), 2, 2) for x in (6, 7) for y in range(4)),
    )  # fmt: skip
    setup = from_battle_setup(
        battle, party_of(["bjorn", "aldric"]), party_of(["voron"]), melee_mode="detailed"
    )
    state, events = new_battle(setup, SeededRng(3))
    cells = [e.pos for e in events if isinstance(e, ev.HeroDeployed)]
    assert cells[0][0] == 1 and cells[1][0] == 1 and cells[2][0] == 6
    assert state.board.terrain == {(4, 1)} and state.board.melee_mode == "detailed"
    with pytest.raises(IllegalAction):
        apply(state, EndActivation(99), ScriptedRng([]))
