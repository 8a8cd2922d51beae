"""Random playouts of whole skirmishes over 200 seeds in each melee mode: the engine's invariants.

Each seed draws a small map, two parties of shipped heroes and entry energies, and plays to the
end with uniformly random legal actions. After every ply the state must be consistent; on a
sample of plies the test also tries illegal actions (which must change nothing) and replays the
ply on a clone (which must give the same events). Each battle is replayed from its seed and
must give the same event log. Rules: S-END-1/2 (every battle ends), S-MOVE-4 (no two heroes on a
cell), S-WOUND-5, S-MANA-3, S-MODEL-1 (the mode is recorded).
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from rules.rng import SeededRng
from rules.skirmish import events as ev
from rules.skirmish.actions import (
    Attack,
    Bind,
    Cast,
    EndActivation,
    EtherAttack,
    Move,
    StartChannel,
    Surrender,
)
from rules.skirmish.battle import new_battle
from rules.skirmish.catalog import default_skirmish_catalog
from rules.skirmish.engine import IllegalAction, apply, check, legal_actions
from rules.skirmish.setup import HeroSpec, SkirmishSetup
from rules.skirmish.state import SkirmishState

SEEDS = range(200)
HEROES = sorted(default_skirmish_catalog().heroes)


def make_setup(seed: int, mode: str) -> SkirmishSetup:
    r = random.Random(f"setup/{seed}")
    width, height = r.randint(6, 9), r.randint(5, 7)
    blocked = frozenset((r.randint(2, width - 3), r.randint(0, height - 1)) for _ in range(r.randint(0, 4)))
    parties = []
    for team in (1, 2):
        cols = (0, 1) if team == 1 else (width - 1, width - 2)
        cells = [(x, y) for x in cols for y in range(height)]
        r.shuffle(cells)
        size = r.randint(1, 3)
        parties.append(tuple(HeroSpec(r.choice(HEROES), cells[i]) for i in range(size)))
    energies = [None, Fraction(1), Fraction(2, 5), Fraction(1, 4)]
    return SkirmishSetup(
        width=width,
        height=height,
        parties=(parties[0], parties[1]),
        blocked=blocked,
        melee_mode=mode,
        round_limit=r.randint(4, 8),
        entry_energy=(r.choice(energies), r.choice(energies)),
    )


def consistent(state: SkirmishState) -> None:
    cells = {}
    for hero in state.heroes:
        assert hero.hp <= hero.info.max_hp
        assert 0 <= hero.mana <= hero.info.max_mana
        assert hero.fatigue >= 0
        if not hero.out:
            assert hero.pos not in cells, "two heroes on one cell (S-MOVE-4)"
            assert not state.obstacle(hero.pos)
            cells[hero.pos] = hero.id
            assert len(hero.thrown) <= 3
    assert cells == state.occupant
    if state.over:
        assert state.act is None
    else:
        assert state.act is not None and state.order[state.turn] == state.act.hero
        assert not state.heroes[state.act.hero].out
        assert state.act.spent <= state.act.steps


def play_out(seed: int, mode: str, checks: bool) -> list:
    setup = make_setup(seed, mode)
    rng = SeededRng(f"battle/{seed}")
    state, log = new_battle(setup, rng)
    chooser = random.Random(f"choose/{seed}")
    if seed % 2:  # start wounded (S-WOUND-1/2 slow them), so more battles reach annihilation
        for hero in state.heroes:
            hero.hp = chooser.randint(1, hero.info.max_hp // 3)
    plies = 0
    while not state.over:
        actions = legal_actions(state)
        assert actions and isinstance(actions[-1], Surrender)
        pool = actions if chooser.random() < 0.002 else actions[:-1]
        fights = [a for a in pool if isinstance(a, Attack | Cast | EtherAttack | Bind | StartChannel)]
        action = chooser.choice(fights if fights and chooser.random() < 0.6 else pool)
        if checks and plies % 7 == 0:
            probe(state, actions, rng)
        log += apply(state, action, rng)
        consistent(state)
        plies += 1
        assert plies < 5000
    assert isinstance(log[-1], ev.BattleEnded)
    assert log[0].melee_mode == mode
    return log


def probe(state: SkirmishState, actions: list, rng: SeededRng) -> None:
    """Every listed action passes check; illegal actions change nothing; a clone replays a ply."""
    assert all(check(state, a) is None for a in actions)
    before = state.fingerprint()
    hero = state.act.hero
    bad = [Move(hero, (-1, -1)), Attack(hero, hero, "sword"), Cast(hero, "meteor", (0, 0), (0, 0)),
           EndActivation(1 - hero if hero else 1), Surrender(3 - state.active_team)]  # fmt: skip
    for action in bad:
        if action in actions:
            continue
        assert check(state, action) is not None
        with pytest.raises(IllegalAction):
            apply(state, action, rng)
        assert state.fingerprint() == before
    action = actions[len(actions) // 2]
    saved = rng.get_state()
    twin_a, twin_b = state.clone(), state.clone()
    events_a = apply(twin_a, action, rng)
    rng.set_state(saved)
    events_b = apply(twin_b, action, rng)
    rng.set_state(saved)
    assert events_a == events_b and twin_a.fingerprint() == twin_b.fingerprint()
    assert state.fingerprint() == before


@pytest.mark.parametrize("mode", ["basic", "detailed"])
def test_random_playouts_keep_the_state_consistent_S_END_1_S_END_2(mode):
    """200 seeded battles per melee mode end (by annihilation, surrender or the round limit).

    Rules: S-END-1, S-END-2.
    """
    reasons: dict[str, int] = {}
    seen: set[str] = set()
    for seed in SEEDS:
        log = play_out(seed, mode, checks=seed % 4 == 0)
        reasons[log[-1].reason] = reasons.get(log[-1].reason, 0) + 1
        seen.update(type(e).__name__ for e in log)
    assert set(reasons) <= {"annihilation", "round_limit", "surrender"}
    assert reasons.get("annihilation", 0) >= 10, reasons
    expected = {
        "HeroMoved",
        "HeroDamaged",
        "HeroIncapacitated",
        "SpellCast",
        "ItemDropped",
        "EtherAttackResolved",
    }
    expected |= {"StrikeResolved", "FatigueChanged"} if mode == "detailed" else {"AttackResolved"}
    assert expected <= seen, expected - seen


@pytest.mark.parametrize("mode", ["basic", "detailed"])
def test_replays_are_exact(mode):
    """P-SAVE-1: the same setup, seed and choices give the same event log."""
    for seed in range(0, 200, 20):
        assert play_out(seed, mode, checks=False) == play_out(seed, mode, checks=False)
