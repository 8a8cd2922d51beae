"""The ready parties can win a battle with the spec's rules: checks on the shipped party data.

Mana never comes back in a battle (S-MANA-3), so a party's spells are a fixed budget. Once it is
spent, only weapons still hurt; a party whose weapons cannot bring down an armoured warrior
within the round limit can then only draw or lose, whoever plays it.
"""

from __future__ import annotations

import pytest
from skirmish.helpers import scenario

from rules.skirmish.actions import Attack
from rules.skirmish.ai.outcomes import outcomes
from rules.skirmish.catalog import default_skirmish_catalog
from rules.skirmish.values import launcher, melee_weapon

CAT = default_skirmish_catalog()


def weapon_damage(attacker: str, defender: str) -> float:
    """Expected damage per activation of ``attacker``'s best weapon attack on ``defender`` standing
    next to it (basic melee, full HP, first attack of the round): S-HIT-9, S-DMG-1/2, S-DMG-4, with
    the crossbow's one shot in three rounds (S-ACT-2)."""
    state, h = scenario("Ad", {"A": attacker, "d": defender}, actor="A")
    a, d = state.heroes[h["A"]], state.heroes[h["d"]]
    best = 0.0
    for w in (melee_weapon(state, a), launcher(state, a)):
        if w is None:
            continue
        mean = outcomes(state, Attack(a.id, d.id, w.id))[0].mean
        best = max(best, mean / 3 if w.kind == "crossbow" else mean)
    return best


def test_weapon_damage_follows_the_hit_and_damage_formulas_S_HIT_9_S_DMG_1():
    """Bjorn's sword on Bjorn: 50 - 20 (shield) = 30% x 12 x 2 / 1.5 x 1.2 (criticals) = 5.76.
    Ilsabet's staff on Bjorn: 50 + 10 x (1 - 4) - 20 = 0, clamped to 5% x 6 / 1.5 x 1.2 = 0.24."""
    assert weapon_damage("bjorn", "bjorn") == pytest.approx(5.76)
    assert weapon_damage("ilsabet", "bjorn") == pytest.approx(0.24)


@pytest.mark.parametrize("party", sorted(CAT.parties))
def test_every_ready_party_can_finish_any_ready_party_without_mana_S_MANA_3_S_END_3(party):
    """Some hero of the party brings down each enemy hero with weapons alone within R_max
    activations (S-DATA-10): max HP / expected damage per activation <= the round limit. Without
    one, every battle against warriors ends in a loss or a draw at the limit (S-END-3) once the
    party's mana is spent (S-MANA-3); the all-caster "arcane" party of three mages was like that."""
    limit = CAT.battle.round_limit
    enemies = {hid for p in CAT.parties.values() for hid in p.heroes}
    for enemy in sorted(enemies):
        hp = CAT.hero(enemy).max_hp
        best = max(weapon_damage(hero, enemy) for hero in CAT.party(party).heroes)
        assert hp / best <= limit, (party, enemy, float(hp / best))
