"""Fights (§6), attacks on the hero (§2) and victory (§9): exact events with scripted rolls.

Each strike rolls damage then parry (a one-value range rolls nothing); events follow the order
of D-UI-1: the damage/parry pair, then the life it costs.
"""

from __future__ import annotations

from duel_helpers import make_state, of, play, put

from rules.duel import events as ev
from rules.duel.actions import Attack, EndTurn
from rules.duel.engine import apply, check, legal_actions
from rules.duel.targets import attack_targets
from rules.rng import ScriptedRng


def test_worked_example_basic_fight_in_the_engine():
    """D-EX-6, D-COMBAT-1, D-COMBAT-4, D-COMBAT-5, D-COMBAT-6, D-COMBAT-7, D-COMBAT-9, D-COMBAT-10,
    D-UI-1, D-UI-2: attack 5 rolls 4, defense 3 parries 2: the target loses 2 (5 -> 3), survives,
    and counterattacks with roles swapped."""
    state = make_state()
    a = put(state, 1, "swordsman", attack=5)
    t = put(state, 2, "militia", defense=3, life=5)
    rng = ScriptedRng([4, 2, 2, 1])
    events = apply(state, Attack(a.uid, t.uid), rng)
    assert rng.calls == [
        (1, 5, 4),
        (1, 3, 2),
        (1, 2, 2),
        (1, 4, 1),
    ]  # D-COMBAT-5, D-COMBAT-6: within attack, defense
    assert events == [
        ev.FightStarted(1, a.uid, t.uid),
        ev.Rolled(a.uid, t.uid, "attack", 4, 2),
        ev.LifeLost(t.uid, 2, 3, "attack"),
        ev.Rolled(t.uid, a.uid, "counter", 2, 1),
        ev.LifeLost(a.uid, 1, 5, "counter"),
        ev.FightEnded(a.uid, t.uid),
    ]
    assert (t.life, a.life) == (3, 5)


def test_worked_example_parried_in_the_engine():
    """D-EX-7, D-COMBAT-7: damage 2 vs parry 2: no life lost, the fight goes on to the counterattack."""
    state = make_state()
    a = put(state, 1, "swordsman")
    t = put(state, 2, "militia")
    events = play(state, Attack(a.uid, t.uid), 2, 2, 1, 4)
    assert events[1:] == [
        ev.Rolled(a.uid, t.uid, "attack", 2, 2),
        ev.Rolled(t.uid, a.uid, "counter", 1, 4),
        ev.FightEnded(a.uid, t.uid),
    ]


def test_death_ends_the_fight_and_goes_to_the_discard():
    """D-COMBAT-8, D-DECK-5: damage >= life: no counterattack, the card goes to its owner's discard."""
    state = make_state()
    a = put(state, 1, "swordsman")
    t = put(state, 2, "militia", life=2)
    events = play(state, Attack(a.uid, t.uid), 4, 1)
    assert events[1:] == [
        ev.Rolled(a.uid, t.uid, "attack", 4, 1),
        ev.LifeLost(t.uid, 3, -1, "attack"),
        ev.CreatureDiscarded(2, t.uid, "militia", "killed"),
        ev.FightEnded(a.uid, t.uid),
    ]
    assert state.side(2).field == [] and state.side(2).discard == ["militia"]


def test_counterattack_kills_the_attacker_and_life_loss_is_permanent():
    """D-COMBAT-10, D-COMBAT-12: the counter can kill; lost life stays lost in later turns."""
    state = make_state()
    a = put(state, 1, "militia")
    t = put(state, 2, "swordsman")
    events = play(state, Attack(a.uid, t.uid), 1, 1, 4, 1)
    assert events[-3:] == [
        ev.LifeLost(a.uid, 3, 0, "counter"),
        ev.CreatureDiscarded(1, a.uid, "militia", "killed"),
        ev.FightEnded(a.uid, t.uid),
    ]
    b = put(state, 1, "swordsman")
    play(state, Attack(b.uid, t.uid), 4, 1, 1, 1)
    assert t.life == 3
    play(state, EndTurn())
    play(state, EndTurn())
    assert t.life == 3  # no healing apart from +life magic


def test_shooter_and_pike_take_no_counterattack():
    """D-COMBAT-11, D-TYPE-1, D-TYPE-2: a Shooter or a Pike attacks any creature and is not struck back."""
    for card in ("crossbowman", "pikeman"):
        state = make_state()
        a = put(state, 1, card)
        t = put(state, 2, "knight")
        events = play(state, Attack(a.uid, t.uid), 3, 1)
        assert [e.phase for e in of(ev.Rolled, events)] == ["attack"]


def test_counterattack_ignores_targeting_and_is_plain():
    """D-COMBAT-13 [REC D-OQ-10], D-COMBAT-14: a Melee knight cannot attack a griffin but strikes it
    back; a Cavalry counterattack on a Foot attacker is not doubled; a Mace counter stuns nothing;
    a Scary counter takes no morale."""
    state = make_state()
    griffin = put(state, 1, "griffin")
    knight = put(state, 2, "knight")
    assert griffin.uid not in attack_targets(state, knight)  # D-TYPE-3: it could not start this fight
    events = play(state, Attack(griffin.uid, knight.uid), 1, 1, 6, 1)
    assert of(ev.Rolled, events)[1] == ev.Rolled(knight.uid, griffin.uid, "counter", 6, 1)
    assert of(ev.LifeLost, events) == [ev.LifeLost(griffin.uid, 5, 1, "counter")]
    state = make_state()
    foot = put(state, 1, "swordsman", life=20)
    dread = put(state, 2, "dread_knight")
    mace = put(state, 2, "mace_bearer")
    events = play(state, Attack(foot.uid, dread.uid), 1, 1, 6, 1)
    assert of(ev.LifeLost, events) == [ev.LifeLost(foot.uid, 5, 15, "counter")]  # 6 - 1, not 2 x 6 - 1
    assert of(ev.MoraleChanged, events) == []  # the Scary dread knight's counter drains nothing
    foot.fought = False
    events = play(state, Attack(foot.uid, mace.uid), 1, 1, 5, 1)
    assert of(ev.StunRolled, events) == []


def test_cavalry_deals_double_to_foot_only_in_its_attack():
    """D-TYPE-6 [REC D-OQ-9], D-EX-8, D-TYPE-7: Knight on Militia: 2 x 6 - 3 = 9; 3 vs 3 deals nothing."""
    state = make_state()
    knight = put(state, 1, "knight")
    militia = put(state, 2, "swordsman", life=20)
    events = play(state, Attack(knight.uid, militia.uid), 6, 3, 1, 1)
    assert of(ev.LifeLost, events) == [ev.LifeLost(militia.uid, 9, 11, "attack")]
    knight.fought = False
    events = play(state, Attack(knight.uid, militia.uid), 3, 3, 1, 1)
    assert of(ev.LifeLost, events) == []
    griffin = put(state, 2, "griffin")  # not Foot: plain damage
    knight2 = put(state, 1, "lancer")
    events = play(state, Attack(knight2.uid, griffin.uid), 5, 1)
    assert of(ev.LifeLost, events) == [ev.LifeLost(griffin.uid, 4, 2, "attack")]


def test_pike_strikes_attacking_cavalry_first():
    """D-TYPE-1 [REC D-OQ-12]: the Pike's counterattack comes before the Cavalry's attack phase, then
    the fight ends with no further counterattack."""
    state = make_state()
    knight = put(state, 1, "knight")
    pike = put(state, 2, "pikeman")
    events = play(state, Attack(knight.uid, pike.uid), 3, 1, 2, 2)
    assert events == [
        ev.FightStarted(1, knight.uid, pike.uid),
        ev.PreemptiveStrike(pike.uid, knight.uid),
        ev.Rolled(pike.uid, knight.uid, "preemptive", 3, 1),
        ev.LifeLost(knight.uid, 2, 6, "preemptive"),
        ev.Rolled(knight.uid, pike.uid, "attack", 2, 2),
        ev.FightEnded(knight.uid, pike.uid),
    ]


def test_cavalry_killed_by_the_pike_never_attacks():
    """D-TYPE-1, D-COMBAT-13: if the pre-emptive strike kills the Cavalry, its attack does not happen."""
    state = make_state()
    hussar = put(state, 1, "hussar", life=2)
    pike = put(state, 2, "halberdier")  # a Pike with a Mace: the pre-emptive strike is plain (D-COMBAT-14)
    events = play(state, Attack(hussar.uid, pike.uid), 4, 1)
    assert [type(e).__name__ for e in events] == [
        "FightStarted", "PreemptiveStrike", "Rolled", "LifeLost", "CreatureDiscarded", "FightEnded",
    ]  # fmt: skip
    assert pike.life == 6


def test_mace_stun_cancels_the_counterattack():
    """D-TYPE-4 [REC D-OQ-12], D-COMBAT-11: 50% stun rolled after the attack phase, even if it dealt
    nothing, only if the target lived; a stun cancels the counterattack."""
    state = make_state()
    mace = put(state, 1, "mace_bearer")
    t = put(state, 2, "swordsman")
    events = play(state, Attack(mace.uid, t.uid), 2, 3, 50)
    assert events[1:] == [
        ev.Rolled(mace.uid, t.uid, "attack", 2, 3),
        ev.StunRolled(mace.uid, t.uid, 50, 50, True),
        ev.FightEnded(mace.uid, t.uid),
    ]
    mace.fought = False
    events = play(state, Attack(mace.uid, t.uid), 5, 1, 51, 1, 1)
    assert of(ev.StunRolled, events) == [ev.StunRolled(mace.uid, t.uid, 50, 51, False)]
    assert of(ev.Rolled, events)[-1].phase == "counter"
    mace.fought = False
    t.life = 1
    events = play(state, Attack(mace.uid, t.uid), 5, 1)  # the target died: no stun roll
    assert of(ev.StunRolled, events) == []


def test_foot_may_evade_a_flier():
    """D-TYPE-7 [REC D-OQ-12]: 50% to avoid a Flying attacker: the attack phase is skipped and the
    "defense" phase (the counterattack) follows if the attacker allows one."""
    state = make_state()
    griffin = put(state, 1, "griffin")
    foot = put(state, 2, "swordsman")
    events = play(state, Attack(griffin.uid, foot.uid), 50, 4, 1)
    assert events[1:] == [
        ev.EvadeRolled(foot.uid, griffin.uid, 50, 50, True),
        ev.Rolled(foot.uid, griffin.uid, "counter", 4, 1),
        ev.LifeLost(griffin.uid, 3, 3, "counter"),
        ev.FightEnded(griffin.uid, foot.uid),
    ]
    hawk = put(state, 1, "storm_hawk")  # a flying Shooter: evaded, and no counterattack either
    events = play(state, Attack(hawk.uid, foot.uid), 1)
    assert events[1:] == [ev.EvadeRolled(foot.uid, hawk.uid, 50, 1, True), ev.FightEnded(hawk.uid, foot.uid)]
    griffin.fought = False
    events = play(state, Attack(griffin.uid, foot.uid), 51, 5, 1, 1, 1)
    assert of(ev.Rolled, events)[0] == ev.Rolled(griffin.uid, foot.uid, "attack", 5, 1)


def test_worked_example_scary():
    """D-EX-9, D-TYPE-8 [REC D-OQ-12], D-HERO-7, D-HERO-2: a Scary attack takes 4 morale at once,
    before the rolls, even when parried (30 -> 26); its death gives the enemy hero +4 (26 -> 30),
    never above the starting 30."""
    state = make_state()
    ghoul = put(state, 1, "ghoul")
    t = put(state, 2, "swordsman")
    events = play(state, Attack(ghoul.uid, t.uid), 1, 4, 4, 1)  # parried; the counter leaves it 1 life
    assert events[:3] == [
        ev.FightStarted(1, ghoul.uid, t.uid),
        ev.MoraleChanged(2, -4, 26, "scary"),
        ev.Rolled(ghoul.uid, t.uid, "attack", 1, 4),
    ]
    assert of(ev.MoraleChanged, events) == [ev.MoraleChanged(2, -4, 26, "scary")]  # the counter: nothing
    assert ghoul.life == 1
    play(state, EndTurn())
    events = play(state, Attack(t.uid, ghoul.uid), 4, 1)  # the ghoul dies in the enemy's turn
    assert events[-3:] == [
        ev.CreatureDiscarded(1, ghoul.uid, "ghoul", "killed"),
        ev.MoraleChanged(2, 4, 30, "scary_death"),
        ev.FightEnded(t.uid, ghoul.uid),
    ]
    state = make_state()
    ghoul = put(state, 1, "ghoul", life=1)
    t = put(state, 2, "swordsman")
    state.side(2).morale = 29
    events = play(state, Attack(ghoul.uid, t.uid), 1, 4, 4, 1)
    assert of(ev.MoraleChanged, events) == [
        ev.MoraleChanged(2, -4, 25, "scary"),
        ev.MoraleChanged(2, 4, 29, "scary_death"),
    ]
    state = make_state()
    ghoul = put(state, 2, "ghoul", life=1)
    t = put(state, 1, "swordsman")
    events = play(state, Attack(t.uid, ghoul.uid), 4, 1)
    assert of(ev.MoraleChanged, events) == []  # at 30 already: the bonus is capped to nothing
    assert state.side(1).morale == 30


def test_hero_can_be_attacked_only_over_an_empty_field_unless_shooter_or_flier():
    """D-HERO-4, D-TYPE-2, D-TYPE-5, D-TARGET-2 (b), D-COMBAT-3, D-UI-2: the highlighted targets."""
    state = make_state()
    sword, bow, griffin, pike = (put(state, 1, c) for c in ("swordsman", "crossbowman", "griffin", "pikeman"))
    enemy = put(state, 2, "militia")
    assert attack_targets(state, sword) == [enemy.uid]
    assert attack_targets(state, pike) == [enemy.uid]
    assert attack_targets(state, bow) == [enemy.uid, -2]
    assert attack_targets(state, griffin) == [enemy.uid, -2]
    assert check(state, Attack(sword.uid, -2)) == (
        "the enemy hero can be attacked only when the enemy has no creature on the field (D-HERO-4)"
    )
    assert (
        check(state, Attack(sword.uid, -1))
        == "a creature attacks only the enemy hero, never its own (D-TARGET-2a)"
    )
    state.side(2).field.clear()
    assert attack_targets(state, sword) == [-2] and check(state, Attack(pike.uid, -2)) is None


def test_melee_restrictions():
    """D-TYPE-3, D-TYPE-5, D-TYPE-2, D-TARGET-2 (c)(d), D-TARGET-1: Melee never attacks a flier;
    it attacks a Shooter only while the Shooter's side has no Melee; fliers fight fliers."""
    state = make_state()
    sword = put(state, 1, "swordsman")
    griffin = put(state, 1, "griffin")
    bow = put(state, 2, "crossbowman")
    guard = put(state, 2, "militia")
    enemy_griffin = put(state, 2, "griffin")
    assert (
        check(state, Attack(sword.uid, enemy_griffin.uid))
        == "a Melee creature cannot attack a Flying one (D-TYPE-3)"
    )
    assert check(state, Attack(sword.uid, bow.uid)) == (
        "a Melee creature cannot attack a Shooter while the enemy has Melee on the field (D-TYPE-2)"
    )
    assert attack_targets(state, sword) == [guard.uid]
    assert attack_targets(state, griffin) == [bow.uid, guard.uid, enemy_griffin.uid, -2]
    play(state, Attack(griffin.uid, guard.uid), 51, 5, 1)  # the Foot militia fails to evade and dies
    assert attack_targets(state, sword) == [bow.uid]


def test_a_hero_fights_with_morale_as_life_and_its_own_attack_and_defense():
    """D-HERO-5 [REC D-OQ-14], D-CARD-2, D-HERO-2, D-COMBAT-1: the Warlord parries with defense 4 and
    strikes back with attack 4; the damage is taken off morale."""
    state = make_state(heroes=("commander", "warlord"))
    knight = put(state, 1, "knight")
    rng = ScriptedRng([6, 2, 4, 1])
    events = apply(state, Attack(knight.uid, -2), rng)
    assert rng.calls == [(1, 6, 6), (1, 4, 2), (1, 4, 4), (1, 5, 1)]
    assert events == [
        ev.FightStarted(1, knight.uid, -2),
        ev.Rolled(knight.uid, -2, "attack", 6, 2),
        ev.MoraleChanged(2, -4, 28, "fight"),
        ev.Rolled(-2, knight.uid, "counter", 4, 1),
        ev.LifeLost(knight.uid, 3, 5, "counter"),
        ev.FightEnded(knight.uid, -2),
    ]


def test_the_hero_card_never_starts_a_fight():
    """D-HERO-6, D-CARD-1: each player has a hero card, creature cards and magic cards; the hero is
    never an attacker (no ability allows it yet)."""
    state = make_state(hands=(["militia", "bless"], []))
    put(state, 2, "militia")
    assert state.side(1).hero.id == "commander"
    assert all(not isinstance(a, Attack) or a.attacker > 0 for a in legal_actions(state))
    assert check(state, Attack(-1, -2)) == "-1 is not one of player 1's creatures on the field (D-HERO-6)"


def test_morale_zero_ends_the_duel_at_once_with_victory():
    """D-HERO-1, D-WIN-1, D-WIN-3, D-COMBAT-8: morale <= 0 from a fight ends the battle at once; the
    hero's counterattack never comes; the fight pop-up closes, then the victory."""
    state = make_state()
    state.side(2).morale = 3
    griffin = put(state, 1, "griffin")
    put(state, 2, "militia")
    events = play(state, Attack(griffin.uid, -2), 5, 1)
    assert events[-3:] == [
        ev.MoraleChanged(2, -4, -1, "fight"),
        ev.FightEnded(griffin.uid, -2),
        ev.DuelEnded(1, "morale", (30, -1)),
    ]
    assert legal_actions(state) == []


def test_a_scary_declaration_can_end_the_duel_before_any_roll():
    """D-WIN-3, D-TYPE-8: the check runs after every morale change, the Scary -4 included."""
    state = make_state()
    state.side(2).morale = 4
    ghoul = put(state, 1, "ghoul")
    t = put(state, 2, "militia")
    events = play(state, Attack(ghoul.uid, t.uid))
    assert events == [
        ev.FightStarted(1, ghoul.uid, t.uid),
        ev.MoraleChanged(2, -4, 0, "scary"),
        ev.FightEnded(ghoul.uid, t.uid),
        ev.DuelEnded(1, "morale", (30, 0)),
    ]
