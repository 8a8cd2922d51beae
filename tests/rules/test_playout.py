"""Random playouts of whole battles on generated setups: the engine's invariants over many seeds.

Each seed draws a setup (tests/rules/playout_setups.py) and plays it to the end with
``random_action`` or a uniform pick from ``legal_actions`` (surrender allowed on some
seeds). After every ply the state must be consistent; on a sample of plies the test
also tries illegal actions, compares ``nth_action`` with ``legal_actions`` and replays
the ply on a clone. Every seed is then replayed and must give the same event log.

Traps may lie on exit sectors; a regression test below replays the seeds that have one.
"""

from __future__ import annotations

import importlib.util
import json
import random
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path
from types import ModuleType

import pytest

from rules.rng import ScriptedRng, SeededRng
from rules.tactics import events as ev
from rules.tactics.actions import Action, Attack, Defend, Move, Skip, Surrender
from rules.tactics.battle import new_battle
from rules.tactics.catalog import default_catalog
from rules.tactics.engine import IllegalAction, apply, check, legal_actions
from rules.tactics.landing import landing_shortfall
from rules.tactics.sampling import action_count, nth_action, random_action
from rules.tactics.setup import (
    Barricade,
    BattleSetup,
    DropSector,
    FeatureKind,
    Mode,
    Objective,
    RuneKind,
    SquadSpec,
    Trap,
)
from rules.tactics.state import BattleState
from rules.tactics.targets import attack_mask, line_mask, move_mask, ready_reach
from rules.tactics.text import scenario

ROOT = Path(__file__).resolve().parents[2]


def _load_setups() -> ModuleType:
    """tests/rules/playout_setups.py by path (tests/rules is not a package; ``rules`` is the game's)."""
    spec = importlib.util.spec_from_file_location(
        "playout_setups", Path(__file__).with_name("playout_setups.py")
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(spec.name, module)
    spec.loader.exec_module(module)
    return module


random_setup: Callable[..., BattleSetup] = _load_setups().random_setup

SEEDS = range(240)
AUDIT_SHARE = 0.2  # share of plies that also get the expensive checks
# Policy by seed: random_action, or a uniform pick from legal_actions; "+s" allows surrender.
POLICIES = ("random", "legal", "random", "legal+s", "random", "legal", "random+s", "legal")


@dataclass
class Playout:
    setup: BattleSetup
    state: BattleState
    events: list[ev.Event]
    plies: int


# ---- playing ------------------------------------------------------------------------------------


def choose_action(state: BattleState, policy: str, rng: SeededRng) -> Action:
    surrender = policy.endswith("+s")
    if policy.startswith("random"):
        return random_action(state, rng, allow_surrender=surrender)
    legal = legal_actions(state)
    if not surrender:
        legal = [a for a in legal if not isinstance(a, Surrender)]
    return legal[rng.randint(0, len(legal) - 1)]


def play(seed: int, policy: str, *, audit: bool, traps_on_exits: bool = True) -> Playout:
    """Play the seed's battle to its end; with ``audit`` check every ply as described above."""
    setup = random_setup(seed, traps_on_exits=traps_on_exits)
    rng = SeededRng(seed)
    state, events = new_battle(setup, rng)
    sampler = random.Random(f"audit/{seed}")  # never touches the battle's rng
    if audit:
        check_invariants(state, setup)
    # T-TURN-5: at most round_limit rounds of at most two plies (move, attack) per squad.
    ply_cap = 2 * state.board.round_limit * len(state.squads) + 1
    plies = 0
    while state.outcome is None:
        assert plies < ply_cap, f"seed {seed}: no end after {plies} plies\n{state}"
        action = choose_action(state, policy, rng)
        assert check(state, action) is None, (
            f"seed {seed}: chosen {action} fails check: {check(state, action)}"
        )
        if audit and sampler.random() < AUDIT_SHARE:
            audit_listing(state)
            try_illegal_actions(state, sampler)
            events.extend(apply_on_clone_too(state, action, rng))
        else:
            events.extend(apply(state, action, rng))
        plies += 1
        if audit:
            check_invariants(state, setup)
    return Playout(setup, state, events, plies)


# ---- per-ply checks -----------------------------------------------------------------------------


def audit_listing(state: BattleState) -> None:
    """nth_action(state, k) == legal_actions(state)[k] for every k; action_count is the length."""
    legal = legal_actions(state)
    assert action_count(state) == len(legal)
    assert [nth_action(state, k) for k in range(len(legal))] == legal
    assert isinstance(legal[-1], Surrender) and legal[-1].team == state.active_team
    with pytest.raises(IndexError):
        nth_action(state, len(legal))
    for squad, moves, attacks in ready_reach(state):  # the shared fast path agrees with each mask
        assert moves == move_mask(state, squad)
        assert attacks == (bool(line_mask(state, squad)) or attack_mask(state, squad))


def illegal_candidates(state: BattleState, sampler: random.Random) -> list[Action]:
    """Actions that are never legal now: occupied / out-of-zone moves, attacks on allies, the wrong team,
    a squad acting twice, a dead squad acting, another squad acting in the middle of a turn."""
    board = state.board
    team = state.active_team
    living = state.living()
    ours = [s for s in living if s.info.team == team]
    theirs = [s for s in living if s.info.team != team]
    found: list[Action] = []
    if state.current is not None:
        mover = state.squads[state.current]
        found.append(
            Move(mover.info.id, sampler.choice(board.positions(board.zone_masks[2][mover.pos]) or ((0, 0),)))
        )
        found.append(Defend(mover.info.id))  # «Защита» takes the whole turn (T-DEF-3)
        found.extend(Skip(s.info.id) for s in ours if s is not mover)
    ready = [s for s in ours if not s.acted] if state.current is None else [state.squads[state.current]]
    if ready:
        squad = sampler.choice(ready)
        sid = squad.info.id
        occupied = [s.pos for s in living if s is not squad] + list(state.barricades)
        found.append(Move(sid, sampler.choice(occupied)) if occupied else Move(sid, squad.pos))
        x, y = squad.pos
        far = [
            (px, py)
            for px in range(board.width)
            for py in range(board.height)
            if max(abs(px - x), abs(py - y)) > 2
        ]
        if far:
            found.append(Move(sid, sampler.choice(far)))
        found.append(Move(sid, (-1, y)))
        found.append(Move(sid, squad.pos))
        allies = [s for s in ours if s is not squad]
        if allies:
            found.append(Attack(sid, sampler.choice(allies).pos))
        found.append(Attack(sid, squad.pos))
    if theirs:
        other = sampler.choice(theirs)
        found += [Skip(other.info.id), Defend(other.info.id)]
    found.append(Surrender(3 - team))
    acted = [s for s in ours if s.acted and s.info.id != state.current]
    if acted:
        found.append(Skip(sampler.choice(acted).info.id))
    dead = [s for s in state.squads if s.count <= 0]
    if dead:
        found.append(Skip(sampler.choice(dead).info.id))
    found.append(Skip(len(state.squads)))
    return found


def try_illegal_actions(state: BattleState, sampler: random.Random) -> None:
    """Each illegal action is refused by check and by apply, with no roll and no change to the state."""
    before = state.fingerprint()
    legal = set(legal_actions(state))
    for action in illegal_candidates(state, sampler):
        assert action not in legal, action
        reason = check(state, action)
        assert isinstance(reason, str) and reason, action
        with pytest.raises(IllegalAction):
            apply(state, action, ScriptedRng([]))  # any roll would raise ScriptedRngExhausted instead
        assert state.fingerprint() == before, action


def apply_on_clone_too(state: BattleState, action: Action, rng: SeededRng) -> list[ev.Event]:
    """Apply to the state; a clone taken before is untouched, and the same rng state gives the same events."""
    before = state.fingerprint()
    twin = state.clone()
    saved = rng.get_state()
    events = apply(state, action, rng)
    assert twin.fingerprint() == before, "applying to the state changed its clone"
    twin_rng = SeededRng()
    twin_rng.set_state(saved)
    assert apply(twin, action, twin_rng) == events
    assert twin.fingerprint() == state.fingerprint()
    assert twin_rng.get_state() == rng.get_state()
    return events


def check_invariants(state: BattleState, setup: BattleSetup) -> None:
    """What must hold after every ply (tactics.md rule in each comment)."""
    board = state.board
    living = [s for s in state.squads if s.count > 0]
    assert all(s.count >= 0 for s in state.squads)
    for squad in living:
        assert 1 <= squad.top_hp <= squad.info.hp, squad  # T-HP-1
        assert board.setup.in_bounds(squad.pos) and squad.pos not in board.blocked, squad
        assert squad.pos not in state.barricades, squad  # T-GRID-4
    # One squad per sector; dead squads are off the field (T-GRID-4, T-HP-2).
    assert state.occupant == {s.pos: s.info.id for s in living}
    for team in (1, 2):
        assert state.team_bits[team] == sum(board.bit(s.pos) for s in living if s.info.team == team)
    assert state.barricade_bits == sum(board.bit(pos) for pos in state.barricades)
    assert all(hp > 0 for hp in state.barricades.values())
    if state.outcome is None:  # (a flag that ends the battle on an exit sector leaves it uncounted)
        for team in (1, 2):  # T-EXIT-2: the counter is the number of own squads on own exit sectors
            on_exit = sum(1 for s in living if s.info.team == team and board.exits.get(s.pos) == team)
            assert state.exit_count[team] == on_exit
    assert state.flag_count[1] + state.flag_count[2] == len(setup.flags) - len(state.flags)  # T-FLAG-1
    for team in (1, 2):  # T-HP-4: kills are enemy units lost to the team's strikes only
        enemy = 3 - team
        lost = board.start_units[enemy] - sum(s.count for s in living if s.info.team == enemy)
        assert 0 <= state.kills[team] <= lost
    assert 1 <= state.round_no <= board.round_limit  # T-TURN-5
    if state.outcome is None:
        # T-END-4: a battle that is decided has already ended.
        assert {s.info.team for s in living} == {1, 2}
        for team in (1, 2):
            required = board.flags_required[team]
            if setup.objective is Objective.FLAGS and not (setup.mode is Mode.PVP and setup.flag_mode == 2):
                assert not required or state.flag_count[team] < required
        if setup.objective is Objective.EXIT:
            teams = (1,) if setup.mode is Mode.MISSION else (1, 2)
            for team in teams:
                if team in board.exits.values():
                    assert state.exit_count[team] < state.exit_target(team)
        # T-TURN-4: the team to act has a squad that may act.
        if state.current is None:
            assert any(not s.acted for s in living if s.info.team == state.active_team)
        else:
            mover = state.squads[state.current]
            assert mover.count > 0 and mover.info.team == state.active_team


def check_end_of_battle(played: Playout) -> None:
    state, events, setup = played.state, played.events, played.setup
    outcome = state.outcome
    assert outcome is not None
    assert legal_actions(state) == [] and action_count(state) == 0
    assert check(state, Skip(0)) == "the battle is over"
    ends = [i for i, e in enumerate(events) if isinstance(e, ev.BattleEnded)]
    assert ends == [len(events) - 1], f"BattleEnded at {ends} of {len(events)} events: {events[-3:]}"
    last = events[-1]
    assert isinstance(last, ev.BattleEnded)
    assert (last.winner, last.reason, last.efficiency) == (outcome.winner, outcome.reason, outcome.efficiency)
    assert outcome.winner in (1, 2, None)
    for eff in outcome.efficiency:
        assert isinstance(eff, Fraction) and 0 <= eff <= 1
        assert 1000 % eff.denominator == 0  # three decimals, kept exact
    assert state.round_no <= state.board.round_limit  # T-TURN-5
    living_teams = {s.info.team for s in state.squads if s.count > 0}
    if outcome.reason == "annihilation":
        assert len(living_teams) <= 1 and outcome.winner == (min(living_teams) if living_teams else None)
    if outcome.winner is not None and outcome.reason in ("annihilation", "flags", "exit"):
        assert outcome.efficiency[outcome.winner] == 1  # T-END-6
    if outcome.reason == "round_limit":  # T-END-3
        assert state.round_no == state.board.round_limit
        assert outcome.winner == (2 if setup.mode is Mode.MISSION else None)
    if outcome.reason == "surrender":
        assert isinstance(events[-2], ev.Surrendered) and events[-2].team == 3 - outcome.winner


# ---- the tests ----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
def test_random_playout_keeps_invariants_and_replays_T_END_3_T_END_4_T_TURN_5(seed: int) -> None:
    policy = POLICIES[seed % len(POLICIES)]
    played = play(seed, policy, audit=True)
    check_end_of_battle(played)
    # The same seed replays to the same log. A uniform pick from legal_actions without surrender
    # draws exactly as random_action does, so those seeds also replay through random_action.
    replay_policy = "random" if policy == "legal" else policy
    assert play(seed, replay_policy, audit=False).events == played.events


def test_generated_setups_cover_every_variant() -> None:
    catalog = default_catalog()
    setups = [random_setup(seed) for seed in SEEDS]
    seen: dict[str, set] = {
        key: set()
        for key in ("drop", "rune", "mode", "objective", "flag_mode", "feature", "unit", "count", "level")
    }
    for setup in setups:
        assert 6 <= setup.width <= 14 and 5 <= setup.height <= 12
        assert 3 <= (setup.round_limit or 0) <= 20
        for team in (1, 2):
            assert 1 <= len(setup.army(team)) <= 8
            assert landing_shortfall(setup, catalog, team) == 0  # the generator leaves room to land
        taken = setup.blocked | {b.pos for b in setup.barricades}
        drops = [d.pos for d in setup.drop_zones]
        assert len(drops) == len(set(drops)) and not taken & set(drops)
        seen["drop"] |= {(d.team, d.drop_type) for d in setup.drop_zones}
        seen["rune"] |= {str(r.kind) for r in setup.runes}
        seen["mode"].add(setup.mode)
        seen["objective"].add(setup.objective)
        seen["flag_mode"].add(setup.flag_mode)
        seen["feature"].add(setup.feature.kind)
        for spec in setup.army(1) + setup.army(2):
            seen["unit"].add(spec.unit)
            seen["count"].add(spec.count)
            seen["level"].add(spec.level)
    assert seen["drop"] == {(team, t) for team in (1, 2) for t in (1, 2, 3)}
    assert seen["rune"] == set(RuneKind)
    assert seen["mode"] == set(Mode) and seen["objective"] == set(Objective)
    assert seen["flag_mode"] == {None, 1, 2} and seen["feature"] == set(FeatureKind)
    assert seen["unit"] == set(catalog.units)
    assert {1, 20} <= seen["count"] and seen["level"] == {1, 2, 3, 4, 5}
    assert {s.width for s in setups} == set(range(6, 15)) and {s.height for s in setups} == set(range(5, 13))
    for name in ("blocked", "traps", "flags", "chests", "barricades", "exits"):
        assert sum(bool(getattr(s, name)) for s in setups) >= len(setups) // 4, name
    assert random_setup(7) == random_setup(7)


def test_battles_end_in_every_way() -> None:
    """Across the seeds, battles end by annihilation, flags, exit, the round limit and surrender."""
    reasons = {play(seed, POLICIES[seed % len(POLICIES)], audit=False).state.outcome.reason for seed in SEEDS}
    assert reasons == {"annihilation", "flags", "exit", "round_limit", "surrender"}


def test_battle_ended_is_the_last_event_when_a_backstab_ends_the_battle_T_PROP_5() -> None:
    state = scenario("Aa.\n...", {"A": ("mage", 1), "a": ("assassin", 10)})
    # backstab roll 1 <= 50 succeeds; hit 100% (no roll); crit roll 99 fails; R1 = 20
    events = apply(state, Move(0, (0, 1)), ScriptedRng([1, 99, 20]))
    assert state.outcome is not None and state.outcome.winner == 2
    assert any(isinstance(e, ev.MoveCancelled) for e in events)  # T-PROP-5(d): the move is cancelled
    assert isinstance(events[-1], ev.BattleEnded)


def test_death_on_a_trapped_exit_sector_leaves_the_counter_unchanged_T_EXIT_2_T_EXIT_4() -> None:
    """Stepping onto an exit (+1) and dying there (-1, T-EXIT-4) is net 0, whatever killed the squad."""
    state = scenario(
        "A>..\nB...\n...a",
        {"A": ("swordsman", 1), "B": ("swordsman", 5), "a": ("swordsman", 5)},
        traps=(Trap((1, 0)),),
    )
    events = apply(state, Move(0, (1, 0)), ScriptedRng([430]))  # trap damage 430 kills the lone swordsman
    assert any(isinstance(e, ev.SquadDestroyed) for e in events) and state.outcome is None
    assert state.exit_count[1] == 0
    assert all(e.count >= 0 for e in events if isinstance(e, ev.ExitCounterChanged))


def test_random_playouts_with_traps_on_exit_sectors_keep_invariants_T_EXIT_2() -> None:
    """The playout invariants on the seeds whose setup puts a trap on an exit sector."""
    seeds = [
        seed
        for seed in SEEDS
        if {t.pos for t in random_setup(seed).traps} & {e.pos for e in random_setup(seed).exits}
    ]
    assert seeds
    for seed in seeds:
        check_end_of_battle(play(seed, POLICIES[seed % len(POLICIES)], audit=True, traps_on_exits=True))


def test_unenterable_landing_sectors_give_no_room_T_LAND_5() -> None:
    setup = BattleSetup(
        width=4,
        height=2,
        armies=((SquadSpec("swordsman", 3), SquadSpec("archer", 2)), (SquadSpec("swordsman", 3),)),
        blocked=frozenset({(0, 0)}),
        barricades=(Barricade((0, 1)),),
        drop_zones=(
            DropSector((0, 0), 1, 2),
            DropSector((0, 1), 1, 2),
            DropSector((1, 0), 1, 2),
            DropSector((3, 0), 2, 2),
        ),
    )
    assert landing_shortfall(setup, default_catalog(), 1) == 1
    assert landing_shortfall(replace(setup, blocked=frozenset(), barricades=()), default_catalog(), 1) == 0


def test_bench_quick_prints_every_figure() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "rules_tactics.py"), "--quick"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    printed = json.loads(done.stdout.strip().splitlines()[-1])
    assert printed["bench"] == "rules_tactics" and printed["baseline_ms"] > 0
    for figure in ("battle", "battle_enumerating", "ply", "legal_actions", "apply", "clone"):
        assert printed[f"{figure}_us"] > 0 and printed[f"{figure}_ratio"] > 0, figure
    for key in ("battles_per_s", "battles_per_s_enumerating", "plies_per_s", "targets", "quick"):
        assert key in printed, key
    assert printed["quick"] is True


def test_a_battle_replays_the_same_in_processes_with_different_hash_seeds():
    """Same seed, same events in any process (the AIs' dice come from the state's fingerprint,
    which once held a set of rune auras whose order changed with PYTHONHASHSEED)."""
    import os
    import subprocess
    import sys

    code = (
        "from client.tiled import load_setup\n"
        "from rules.tactics.ai import make_player\n"
        "from rules.tactics.match import play_match\n"
        "r = play_match(load_setup('maps/smugglers_cove.tmx'), "
        "{1: make_player('greedy', 0), 2: make_player('greedy', 1)}, 0)\n"
        "print(r.winner, r.reason, r.plies, r.actions)\n"
    )
    outputs = {
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True,
            env={**os.environ, "PYTHONHASHSEED": str(hash_seed)},
        ).stdout
        for hash_seed in (1, 2, 3)
    }
    assert len(outputs) == 1
