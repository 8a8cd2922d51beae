"""The fight forecast (rules/duel/odds.py) is exact: it equals an enumeration of the engine's rolls.

The enumeration walks every sequence of rolls ``apply`` asks for (a depth-first tree over randint
calls), weighting each leaf by its probability, and collects (attacker life, target life or
morale) after the fight, dead fighters as "dead". Percent rolls branch only into success and
failure, weighted by the chance, since the rules use nothing but the comparison.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest
from duel_helpers import make_state, put

from rules.duel.actions import Attack
from rules.duel.engine import apply
from rules.duel.odds import fight_odds
from rules.duel.state import DuelState

PCT = 50  # mace_stun_pct and foot_dodge_pct of the shipped rules (both 50)


class TreeRng:
    """Replays a prefix of choices, then takes the first value of each new range, remembering ranges."""

    def __init__(self, prefix: list[int]) -> None:
        self.values = list(prefix)
        self.ranges: list[tuple[int, int]] = []
        self.p = Fraction(1)

    def randint(self, lo: int, hi: int) -> int:
        i = len(self.ranges)
        self.ranges.append((lo, hi))
        if i == len(self.values):
            self.values.append(lo)
        value = self.values[i]
        self.p *= (
            Fraction(PCT if value == 1 else 100 - PCT, 100)
            if (lo, hi) == (1, 100)
            else Fraction(1, hi - lo + 1)
        )
        return value


def options(lo: int, hi: int) -> list[int]:
    return [1, 100] if (lo, hi) == (1, 100) else list(range(lo, hi + 1))


def enumerate_fight(make: Callable[[], DuelState], attacker: int, target: int) -> dict:
    """{(attacker life | "dead", target life | morale | "dead"): probability} over all roll sequences."""
    results: dict = {}
    stack: list[list[int]] = [[]]
    while stack:
        prefix = stack.pop()
        state = make()
        rng = TreeRng(prefix)
        apply(state, Attack(attacker, target), rng)
        for k in range(len(prefix), len(rng.ranges)):
            for value in options(*rng.ranges[k])[1:]:
                stack.append([*rng.values[:k], value])
        a = state.creature(attacker)
        if target < 0:
            t = state.side(-target).morale
            t_key = t if t > 0 else "dead"
        else:
            tc = state.creature(target)
            t_key = tc.life if tc else "dead"
        key = (a.life if a else "dead", t_key)
        results[key] = results.get(key, Fraction(0)) + rng.p
    return results


def forecast(make: Callable[[], DuelState], attacker: int, target: int) -> dict:
    odds = fight_odds(make(), attacker, target)
    merged: dict = {}
    for a, t, p in odds.outcomes:
        key = (a if a > 0 else "dead", t if t > 0 else "dead")
        merged[key] = merged.get(key, Fraction(0)) + p
    return merged


MATCHUPS = {
    "plain with counter": ("swordsman", "militia", {}),
    "pike pre-empts cavalry": ("knight", "pikeman", {}),
    "cavalry pike on foot": ("lancer", "militia", {}),
    "foot evades a flier": ("griffin", "swordsman", {}),
    "flying shooter on foot": ("storm_hawk", "swordsman", {}),
    "mace stun": ("mace_bearer", "swordsman", {}),
    "scary cavalry on pike with mace": ("dread_knight", "halberdier", {}),
    "big rolls": ("black_dragon", "angel", {}),
    "stat below one": ("militia", "militia", {"t_attack": -1, "t_defense": 0}),
    "hero counterattacks": ("knight", None, {}),
    "scary on the hero, near death": ("ghoul", None, {"morale": 6}),
    "scary declaration wins": ("ghoul", "militia", {"morale": 4}),
}


@pytest.mark.parametrize("case", sorted(MATCHUPS))
def test_forecast_equals_the_enumerated_rolls(case: str):
    """D-COMBAT-5, D-COMBAT-7, D-COMBAT-10, D-TYPE-1, D-TYPE-4, D-TYPE-6, D-TYPE-7, D-TYPE-8, D-HERO-5,
    D-ROLL-4: every phase the engine resolves, the forecast weighs exactly."""
    attacker_card, target_card, extra = MATCHUPS[case]

    def make() -> DuelState:
        state = make_state()
        put(state, 1, attacker_card)
        if target_card is not None:
            put(state, 2, target_card, attack=extra.get("t_attack"), defense=extra.get("t_defense"))
        state.side(2).morale = extra.get("morale", 30)
        return state

    target = 2 if target_card is not None else -2
    expected = enumerate_fight(make, 1, target)
    assert sum(expected.values()) == 1
    assert forecast(make, 1, target) == expected
    odds = fight_odds(make(), 1, target)
    assert sum(p for _, _, p in odds.outcomes) == 1
    assert odds.kill_chance == sum((p for (_, t), p in expected.items() if t == "dead"), Fraction(0))
