"""The AIs' battle-wide memos (``Board.remember``, keys in rules/skirmish/ai/keys.py) never hand back
stale values.

:meth:`Estimator.modes` is kept under what the modes read (``modes_key``): the two heroes' fighting
values, the attacks on the target this round and, for a hero that shoots or throws, the squared
distance between them; ``outcomes.cast_hit`` under the spell, the caster's own hit terms and the
target's values (``cast_hit_part``). These tests play random battles of random party pairings in
both melee modes, keep one memo through each, and check at every decision that every memoised value
equals the value computed afresh; and that every hero field is either keyed or named as one the
modes do not read, so a new field forces that choice.
"""

from __future__ import annotations

import pytest
from skirmish.helpers import random_pairing

from rules.skirmish.ai.estimate import Estimator
from rules.skirmish.ai.keys import MODE_FIELDS
from rules.skirmish.ai.outcomes import _cast_hit, cast_hit
from rules.skirmish.catalog import default_skirmish_catalog
from rules.skirmish.engine import apply, legal_actions
from rules.skirmish.state import Hero

CATALOG = default_skirmish_catalog()
# Hero fields the modes do not read: which hero (info, id and team: the key has the info's id),
# where it stands (the distance is keyed instead), and per-activation or rhythm values (steps next
# round, channel, blocking, crossbow and crippled rhythm, which gate whether an attack is legal,
# not what it is worth).
NOT_READ = {
    *("info", "id", "team", "pos", "root_next", "blocking", "channel"),
    *("next_crossbow", "crippled", "last_attack_round"),
}


def test_every_hero_field_is_keyed_or_named_unread() -> None:
    assert set(MODE_FIELDS) | NOT_READ == set(Hero.__slots__)
    assert not set(MODE_FIELDS) & NOT_READ


@pytest.mark.parametrize("mode", ["basic", "detailed"])
@pytest.mark.parametrize("seed", range(6))
def test_memoised_modes_and_cast_hits_equal_fresh_ones_through_a_battle(seed: int, mode: str) -> None:
    state, chooser, rng = random_pairing(seed, mode)
    checked = cast_checked = 0
    while not state.over and state.round_no <= 8:
        est = Estimator(state)  # a new planner's estimator: its modes come from the battle's memo
        living = [h for h in state.heroes if not h.out]
        for a in living:
            for t in living:
                if a.team != t.team:
                    assert est.modes(a, t) == est._compute_modes(a, t), (a, t, state.round_no)
                    checked += 1
                for sid in a.info.quick:  # every hero is a target here: heals and gifts included
                    spell = CATALOG.spells[sid]
                    assert cast_hit(state, a, spell, t) == _cast_hit(state, a, spell, t), (a, t, sid)
                    cast_checked += 1
        apply(state, chooser.choice(legal_actions(state)[:-1]), rng)
    assert checked > 100
    assert cast_checked > 0 or not any(h.info.quick for h in state.heroes)


def test_an_attackers_key_reads_its_mana_only_as_the_damaging_spells_it_pays_for() -> None:
    """The estimator's spell mode reads the striker's mana only through which of its quick damaging
    spells it can pay for (``spell.mana <= mana``), so mana spent on anything else keeps the battle's
    memo of its modes; crossing a spell's cost changes the key, and the memo stays exact."""
    from fractions import Fraction

    from skirmish.helpers import scenario

    from rules.skirmish.ai.keys import attacker_key

    state, ids = scenario("A..h", {"A": "aldric", "h": "hilda"}, actor="A")
    aldric = state.heroes[ids["A"]]
    quick = [CATALOG.spells[s] for s in aldric.info.quick]
    dearest = max(s.mana for s in quick if s.damage and s.hostile)
    keys = {}
    for mana in (Fraction(dearest + 7), Fraction(2 * dearest + 1, 2), Fraction(dearest)):
        aldric.mana = mana
        keys[mana] = attacker_key(state, aldric)
    assert len(set(keys.values())) == 1  # all pay for every damaging spell
    aldric.mana = Fraction(dearest) - Fraction(1, 3)
    assert attacker_key(state, aldric) != keys[Fraction(dearest)]  # the dearest is out of reach now
    est = Estimator(state)
    assert est.modes(aldric, state.heroes[ids["h"]]) == est._compute_modes(aldric, state.heroes[ids["h"]])


def test_a_friendly_spell_without_damage_hits_anyone_the_same_and_is_not_kept() -> None:
    """Mend on a hurt ally and on a whole one: no roll, no resistance (S-RESIST is for hostile spells),
    so the same hit, worked out without the battle's memo (whose key follows the target's HP)."""
    state, _, _ = random_pairing(0, "basic")
    caster, ally = state.heroes[0], next(h for h in state.heroes[1:] if h.team == state.heroes[0].team)
    friendly = [s for s in CATALOG.spells.values() if not s.hostile and not s.damage]
    assert friendly
    for spell in friendly:
        whole = cast_hit(state, caster, spell, ally)
        ally.hp -= 1
        assert cast_hit(state, caster, spell, ally) == whole == _cast_hit(state, caster, spell, ally)
        assert whole.through == 1.0 and whole.mean == whole.kill == 0
    assert not [k for k in state.board.memo if isinstance(k, tuple) and k[0] == "cast hit"]
