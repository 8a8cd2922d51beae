"""The estimator's modes memo, shared by a battle's planners, never hands back stale modes.

:meth:`Estimator.modes` keys its board-wide memo on what the modes read (``_modes_key``): the two
heroes' fighting values, the attacks on the target this round and, for a hero that shoots or
throws, the squared distance between them. These tests play random battles of every party pairing
in both melee modes, keep one memo through each, and check at every decision that every pair's
memoised modes equal the modes computed afresh; and that every hero field is either read by the key
or named as one the modes do not read, so a new field forces that choice.
"""

from __future__ import annotations

import random

import pytest

from rules.rng import SeededRng
from rules.skirmish.ai.estimate import _MODE_FIELDS, Estimator
from rules.skirmish.battle import new_battle
from rules.skirmish.catalog import default_skirmish_catalog
from rules.skirmish.engine import apply, legal_actions
from rules.skirmish.setup import SkirmishSetup, party_of
from rules.skirmish.state import Hero

CATALOG = default_skirmish_catalog()
PARTIES = sorted(CATALOG.parties)
# Hero fields the modes do not read: which hero (info), where it stands (the distance is keyed
# instead), and per-activation or rhythm values (steps next round, channel, blocking, crossbow and
# crippled rhythm, which gate whether an attack is legal, not what it is worth).
NOT_READ = {
    *("info", "pos", "root_next", "blocking", "channel"),
    *("next_crossbow", "crippled", "last_attack_round"),
}


def test_every_hero_field_is_keyed_or_named_unread() -> None:
    assert set(_MODE_FIELDS) | NOT_READ == set(Hero.__slots__)
    assert not set(_MODE_FIELDS) & NOT_READ


@pytest.mark.parametrize("mode", ["basic", "detailed"])
@pytest.mark.parametrize("seed", range(6))
def test_memoised_modes_equal_fresh_ones_through_a_battle(seed: int, mode: str) -> None:
    chooser = random.Random(seed)
    first, second = chooser.choice(PARTIES), chooser.choice(PARTIES)
    setup = SkirmishSetup(
        12,
        9,
        (party_of(CATALOG.party(first).heroes), party_of(CATALOG.party(second).heroes)),
        blocked=frozenset({(5, 4), (6, 3)}),
        melee_mode=mode,
    )
    rng = SeededRng(seed)
    state, _ = new_battle(setup, rng)
    checked = 0
    while not state.over and state.round_no <= 8:
        est = Estimator(state)  # a new planner's estimator: its modes come from the battle's memo
        living = [h for h in state.heroes if not h.out]
        for a in living:
            for t in living:
                if a.team != t.team:
                    assert est.modes(a, t) == est._compute_modes(a, t), (a, t, state.round_no)
                    checked += 1
        apply(state, chooser.choice(legal_actions(state)[:-1]), rng)
    assert checked > 100
