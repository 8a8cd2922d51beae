"""Magic cards (§8): fixed effects at once, then the discard; targets by the card's text."""

from __future__ import annotations

from duel_helpers import make_state, play, put, rich

from rules.duel import events as ev
from rules.duel.actions import Attack, CastSpell
from rules.duel.engine import apply, check, legal_actions
from rules.rng import ScriptedRng


def test_lightning_hits_a_chosen_enemy_card_or_the_hero_and_goes_to_the_discard():
    """D-MAGIC-1, D-MAGIC-2, D-MAGIC-3, D-TURN-4, D-CARD-4, D-CARD-5, D-HERO-2: a fixed 4 life, no
    roll; on the hero it is taken off morale; the card is discarded at once."""
    state = make_state(hands=(["lightning", "lightning"], []))
    rich(state, 1, 10)
    knight = put(state, 2, "knight")
    events = play(state, CastSpell("lightning", knight.uid))
    assert events == [
        ev.SpellCast(1, "lightning", knight.uid, (0, 0, 0, 0, 0, 0, 3), (10, 10, 10, 10, 10, 10, 7)),
        ev.LifeLost(knight.uid, 4, 4, "spell"),
    ]
    events = play(state, CastSpell("lightning", -2))
    assert events[1:] == [ev.MoraleChanged(2, -4, 26, "spell")]
    assert state.side(1).hand == [] and state.side(1).discard == ["lightning", "lightning"]


def test_magic_ignores_the_fight_targeting_rules():
    """D-MAGIC-4 [REC]: targets follow the card text (enemy or friendly), not D-TARGET: Lightning
    reaches a flier, a guarded Shooter and the hero behind a full field."""
    state = make_state(hands=(["lightning"], []))
    rich(state, 1)
    griffin, bow = put(state, 2, "griffin"), put(state, 2, "crossbowman")
    put(state, 2, "militia")
    own = put(state, 1, "militia")
    casts = [a for a in legal_actions(state) if isinstance(a, CastSpell)]
    assert [a.target for a in casts] == [griffin.uid, bow.uid, griffin.uid + 2, -2]
    assert check(state, CastSpell("lightning", own.uid)) == "Lightning targets an enemy creature (D-MAGIC-4)"
    assert check(state, CastSpell("lightning", -1)) == "Lightning targets an enemy creature (D-MAGIC-4)"


def test_bless_adds_attack_and_defense_while_the_card_stays():
    """D-MAGIC-1, D-MAGIC-3, D-CARD-5: Bless +2/+2 on a friendly creature, kept while it is on the field
    and used by its rolls."""
    state = make_state(hands=(["bless"], []))
    rich(state, 1)
    griffin = put(state, 1, "griffin")
    events = play(state, CastSpell("bless", griffin.uid))
    assert events[1:] == [ev.StatsChanged(griffin.uid, 2, 2, 0, 7, 5, 6)]
    rng = ScriptedRng([7, 3, 1, 1])
    apply(state, Attack(griffin.uid, -2), rng)
    assert rng.calls[0] == (1, 7, 7) and rng.calls[3] == (1, 5, 1)  # blessed attack 7, defense 5


def test_life_magic_has_no_cap_and_stat_magic_may_go_below_one():
    """D-MAGIC-3 [REC D-OQ-11], D-ROLL-4: +life raises current life past the card's; -attack may leave
    a stat below 1, which then rolls 1 without a die."""
    state = make_state(hands=(["heal", "weakness", "curse"], []))
    rich(state, 1)
    mine = put(state, 1, "militia")
    enemy = put(state, 2, "militia")
    play(state, CastSpell("heal", mine.uid))
    assert mine.life == 6 > mine.card.life
    play(state, CastSpell("weakness", enemy.uid))
    events = play(state, CastSpell("curse", enemy.uid))
    assert events[1:] == [ev.StatsChanged(enemy.uid, -2, -2, 0, -2, 0, 3)]
    rng = ScriptedRng([2, 1])  # defense 0 parries 1 and attack -2 strikes 1, neither thrown
    apply(state, Attack(mine.uid, enemy.uid), rng)
    assert rng.calls == [(1, 2, 2), (1, 2, 1)]
    assert enemy.life == 2


def test_morale_magic_raises_only_the_own_hero_up_to_the_cap():
    """D-MAGIC-6 [REC], D-HERO-7 [REC D-OQ-15], D-CARD-4: +morale targets only the own hero and never
    passes its starting morale; +life/+stats target creatures only."""
    state = make_state(hands=(["rally", "heal"], []))
    rich(state, 1)
    state.side(1).morale = 28
    casts = [a for a in legal_actions(state) if isinstance(a, CastSpell)]
    assert casts == [CastSpell("rally", -1)]  # no creature yet: Heal has no target
    events = play(state, CastSpell("rally", -1))
    assert events[1:] == [ev.MoraleChanged(1, 2, 30, "spell")]
    assert check(state, CastSpell("heal", -1)) == "Heal targets one of your creatures (D-MAGIC-6)"


def test_mass_magic_affects_every_creature_of_a_side_and_can_kill():
    """D-MAGIC-1, D-MAGIC-3, D-TYPE-8, D-DECK-5: Inferno -2 life to every enemy creature in field order;
    a dead Scary creature (killed by magic) cheers its enemy, +4 (D-TYPE-8 [REC]: any death)."""
    state = make_state(hands=(["inferno"], []))
    rich(state, 1)
    state.side(1).morale = 20
    ghoul = put(state, 2, "ghoul", life=2)
    knight = put(state, 2, "knight")
    assert (
        check(state, CastSpell("inferno", knight.uid))
        == "Inferno affects every creature of a side: it takes no target"
    )
    events = play(state, CastSpell("inferno", None))
    assert events[1:] == [
        ev.LifeLost(ghoul.uid, 2, 0, "spell"),
        ev.CreatureDiscarded(2, ghoul.uid, "ghoul", "killed"),
        ev.MoraleChanged(1, 4, 24, "scary_death"),
        ev.LifeLost(knight.uid, 2, 6, "spell"),
    ]
    assert state.side(2).discard == ["ghoul"] and state.side(1).discard == ["inferno"]


def test_lightning_on_the_hero_can_win():
    """D-MAGIC-2, D-WIN-1, D-WIN-3: magic morale loss to 0 or below ends the duel at once."""
    state = make_state(hands=(["lightning"], []))
    rich(state, 1)
    state.side(2).morale = 4
    events = play(state, CastSpell("lightning", -2))
    assert events[1:] == [ev.MoraleChanged(2, -4, 0, "spell"), ev.DuelEnded(1, "morale", (30, 0))]


def test_magic_only_from_the_players_hand_in_his_own_turn():
    """D-MAGIC-4, D-TURN-4: the opponent's cards cannot be cast in this turn; a card not in hand neither."""
    state = make_state(hands=([], ["lightning"]))
    rich(state, 2)
    assert check(state, CastSpell("lightning", -1)) == "'lightning' is not in player 1's hand"
    assert not any(isinstance(a, CastSpell) for a in legal_actions(state))
