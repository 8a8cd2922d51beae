"""The attack preview against exhaustive enumeration of the engine's own rolls.

Every d100 roll is branched into "succeeds" (roll 1) and "fails" (roll 100), every
R1 roll into all its values; the weight of a finished branch is read back from the
chances its events report. Summing the branches gives the exact distribution the
engine produces, which the preview must equal to the last fraction.
"""

from collections import defaultdict
from fractions import Fraction

import pytest
from roll_enumeration import enumerate_outcomes

from rules.tactics import events as ev
from rules.tactics.actions import Attack, LineAttack, Move
from rules.tactics.preview import AttackPreview, MovePreview, preview
from rules.tactics.setup import BattleFeature, FeatureKind
from rules.tactics.text import scenario


def exact(state, action, target_pos):
    """Distribution summaries for one target of an attack, by enumeration."""
    target_id = state.occupant.get(target_pos)
    attacker_id = action.squad
    start = state.squads[target_id].count if target_id is not None else 1
    kills = defaultdict(Fraction)
    total = stun = counter = counter_kills = destroyed = damage = Fraction(0)
    for weight, events, after in enumerate_outcomes(state, action):
        total += weight
        strikes = [e for e in events if isinstance(e, ev.AttackResolved) and e.target == target_pos]
        damage += weight * sum(e.damage for e in strikes)
        if target_id is None:
            left = 1 if target_pos in after.barricades else 0
        else:
            left = after.squads[target_id].count
        kills[start - left] += weight
        destroyed += weight * (left == 0)
        stun += weight * any(
            isinstance(e, ev.StunRolled) and e.success and e.target == target_id for e in events
        )
        counter += weight * any(isinstance(e, ev.CounterstrikeRolled) and e.success for e in events)
        lost = sum(e.killed for e in events if isinstance(e, ev.Damaged) and e.target_squad == attacker_id)
        counter_kills += weight * lost
    assert total == 1
    return {
        "kills": tuple(sorted((k, p) for k, p in kills.items() if p)),
        "stun": stun,
        "counter": counter,
        "counter_kills": counter_kills,
        "destroyed": destroyed,
        "damage": damage,
    }


CASES = {
    "melee with stun and counterstrike": ("S.\no.", {"S": ("swordsman", 7), "o": ("orc_brute", 4)}, (0, 1)),
    "orc stuns, troll counters": ("O.\nt.", {"O": ("orc_brute", 9), "t": ("troll", 2)}, (0, 1)),
    "forced melee shooter vs swordsman": ("M.\ns.", {"M": ("mage", 12, 2), "s": ("swordsman", 3)}, (0, 1)),
    "ranged at distance 5": ("A.....\n......\n.....g", {"A": ("archer", 9), "g": ("goblin", 6)}, (5, 2)),
    "melee on a barricade": ("S=", {"S": ("swordsman", 9)}, (1, 0)),
    "kill in one blow possible": ("N.\ng.", {"N": ("assassin", 10), "g": ("goblin", 3)}, (0, 1)),
}


@pytest.mark.parametrize("name", list(CASES))
def test_preview_equals_enumeration_of_the_engine_T_HIT_1_T_DMG_3(name):
    """The preview's kill distribution, stun, counterstrike and expected counter losses are exact
    (T-HIT-1, T-CRIT-1, T-DMG-3 uniform R1, T-HP-1, T-PROP-1, T-PROP-2)."""
    board, squads, target = CASES[name]
    if "=" in board and "c" not in board:
        board, squads = board + "\n.c", {**squads, "c": ("catapult", 1)}
    state = scenario(board, squads, feature=BattleFeature(FeatureKind.PHYSICAL, 10))
    action = Attack(0, target)
    forecast = preview(state, action)
    assert isinstance(forecast, AttackPreview)
    (tp,) = forecast.targets
    truth = exact(state, action, target)
    assert tp.kills == truth["kills"]
    assert tp.stun_chance == truth["stun"]
    assert tp.counter_chance == truth["counter"]
    assert tp.expected_counter_kills == truth["counter_kills"]
    assert tp.destroy_chance == truth["destroyed"]
    assert tp.expected_damage == truth["damage"]
    assert sum(p for _, p in tp.kills) == 1


def test_line_attack_preview_per_target_T_ATK_4():
    """A line attack previews each target separately and matches the enumeration for each."""
    state = scenario("g..\n...\nK.g", {"g": ("goblin", 3), "K": ("storm_totem", 6)})
    action = LineAttack(1)
    forecast = preview(state, action)
    assert [t.target for t in forecast.targets] == [(0, 0), (2, 2)]
    for tp in forecast.targets:
        truth = exact(state, action, tp.target)
        assert tp.kills == truth["kills"] and tp.stun_chance == truth["stun"]
        assert tp.counter_chance == 0


def test_preview_numbers_for_the_player_T_DMG_1_T_DMG_2():
    """Damage ranges for normal and critical hits, hit and crit chances and the modifiers shown."""
    state = scenario("S.\no.", {"S": ("swordsman", 10), "o": ("orc_brute", 5)})
    (tp,) = preview(state, Attack(0, (0, 1))).targets
    assert (tp.hit_pct, tp.crit_pct, tp.multiplier) == (100, 5, Fraction(3, 4))
    assert tp.normal_damage == (135, 180)  # 10 x 18 x 0.75 .. 10 x 24 x 0.75
    assert tp.crit_damage == (236, 315)  # x 1.75, half up: 236.25 -> 236, 315
    assert tp.damage_range == (135, 315)


def test_move_preview_lists_backstabbers_T_PROP_5():
    state = scenario("a..\n.S.\n..g", {"a": ("assassin", 5), "S": ("swordsman", 10), "g": ("goblin", 3)})
    forecast = preview(state, Move(1, (1, 0)))
    assert forecast == MovePreview(1, (1, 0), ((0, 50), (2, 30)))
    state.squads[2].stunned_until = 1
    assert preview(state, Move(1, (1, 0))).backstabbers == ((0, 50),)


def test_preview_never_rolls_or_changes_the_state():
    state = scenario("S.\no.", {"S": ("swordsman", 10), "o": ("orc_brute", 5)})
    before = state.fingerprint()
    preview(state, Attack(0, (0, 1)))
    assert state.fingerprint() == before
