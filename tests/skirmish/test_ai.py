"""The skirmish AIs and the simulator: legal, deterministic, blind to the battle's dice (P-AI-1).

Whole-match strength targets (greedy vs random >= 90%, search vs greedy >= 60%) are measured
with ``runetide sim-skirmish`` over 200 games, not here; these tests keep to small battles.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from skirmish.helpers import scenario

from rules.rng import SeededRng
from rules.skirmish.actions import Attack, Surrender
from rules.skirmish.ai import decide, make_player, player_names
from rules.skirmish.battle import new_battle
from rules.skirmish.engine import apply, check
from rules.skirmish.setup import HeroSpec, SkirmishSetup
from rules.skirmish.sim import MatchStats, run_match, wilson

ROOT = Path(__file__).resolve().parents[2]


def small_setup(mode: str = "basic", limit: int = 3) -> SkirmishSetup:
    return SkirmishSetup(
        width=8,
        height=5,
        parties=(
            (HeroSpec("bjorn", (0, 1)), HeroSpec("ilsabet", (0, 3))),
            (HeroSpec("hilda", (7, 1)), HeroSpec("aldric", (7, 3))),
        ),
        blocked=frozenset({(4, 2)}),
        melee_mode=mode,
        round_limit=limit,
    )


def test_player_names_and_unknown_names():
    assert player_names() == ["random", "greedy", "search"]
    with pytest.raises(ValueError, match="unknown skirmish AI"):
        make_player("oracle")


@pytest.mark.parametrize("name", ["random", "greedy", "search"])
@pytest.mark.parametrize("mode", ["basic", "detailed"])
def test_ais_play_legal_actions_and_never_surrender(name, mode):
    """Every choice passes check; no AI surrenders; the battle reaches its end (S-END-1/2)."""
    state, _ = new_battle(small_setup(mode), SeededRng(5))
    rng = SeededRng(6)
    player = make_player(name, 1)
    plies = 0
    while not state.over and plies < 400:
        action = decide(player, state)
        assert check(state, action) is None, action
        assert not isinstance(action, Surrender)
        apply(state, action, rng)
        plies += 1
    assert state.over


@pytest.mark.parametrize("name", ["random", "greedy", "search"])
def test_same_state_and_seed_same_choice(name):
    """Deterministic for the same state and seed, and the battle's Rng is never touched (P-AI-1)."""
    state, _ = new_battle(small_setup(), SeededRng(5))
    before = state.fingerprint()
    choices = {decide(make_player(name, "s"), state) for _ in range(3)}
    assert len(choices) == 1 and state.fingerprint() == before


def test_greedy_takes_a_sure_kill():
    """A wounded enemy sorcerer next to Bjorn: the greedy player attacks it."""
    state, h = scenario("Bv...\n.....\n....i", {"B": "bjorn", "v": "voron", "i": "ilsabet"}, actor="B")
    state.heroes[h["v"]].hp = 5
    assert decide(make_player("greedy", 0), state) == Attack(h["B"], h["v"], "sword")


def test_run_match_alternates_sides_and_counts():
    """The simulator alternates sides, counts results, times each decision, and sees no errors."""
    stats = run_match(lambda i: small_setup(limit=2), ("greedy", "random"), 2, seed=3)
    assert stats.games == 2 and stats.wins + stats.draws + stats.losses == 2
    assert stats.exceptions == 0 and stats.illegal == 0
    summary = stats.summary(("greedy", "random"))
    assert summary["decision_ms_ai1"]["count"] > 0 and 0 <= summary["win_rate_ci95"][0] <= summary["win_rate"]


def test_run_match_counts_each_label():
    """The per-setup breakdown: each game is counted in its label's row, and the rows add up."""
    stats = run_match(
        lambda i: small_setup(limit=1), ("greedy", "random"), 4, seed=3, label_for=lambda i: "ab"[i // 2]
    )
    rows = stats.summary(("greedy", "random"))["by_label"]
    assert set(rows) == {"a", "b"} and all(sum(r) == 2 for r in rows.values())
    assert [sum(r[i] for r in rows.values()) for i in range(3)] == [stats.wins, stats.draws, stats.losses]


def test_all_parties_pairings():
    """``--party1 all --party2 all``: every unordered pairing of ready parties once, mirrors included."""
    from client.commands.sim_skirmish import pairings
    from rules.skirmish.catalog import default_skirmish_catalog

    cat = default_skirmish_catalog()
    n = len(cat.parties)
    both = pairings("all", "all", cat)
    assert len(both) == n * (n + 1) // 2 and len(set(both)) == len(both)
    assert all((b, a) not in both for a, b in both if a != b)
    assert pairings("vanguard", "all", cat) == [("vanguard", p) for p in sorted(cat.parties)]
    assert pairings("vanguard", "wardens", cat) == [("vanguard", "wardens")]


def test_wilson_interval():
    lo, hi = wilson(180, 200)
    assert 0.85 < lo < 0.9 < hi < 0.94
    assert wilson(0, 0) == (0.0, 1.0)
    assert MatchStats().summary(("a", "b"))["games"] == 0


def test_sim_skirmish_command_prints_json():
    """``runetide sim-skirmish --map ... --json`` on a shipped map: one JSON object, no AI errors."""
    done = subprocess.run(
        [sys.executable, "-m", "client", "sim-skirmish", "--map", "maps/tutorial.tmx", "--games", "1",
         "--ai1", "greedy", "--ai2", "random", "--round-limit", "2", "--seed", "4", "--json"],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["games"] == 1 and summary["exceptions"] == 0 and summary["illegal_actions"] == 0
    assert summary["melee_mode"] == "basic"


def test_binding_is_worth_something_only_against_a_mana_gift_S_BIND_5():
    """S-BIND-5: mana never regenerates in a battle, so binding a drained mage only matters while an
    ally of it could give it mana (Ether gift). The planner values it so: nothing without such an ally
    (the greedy AI then does something useful instead), something with one."""
    from fractions import Fraction

    from rules.skirmish.actions import Bind
    from rules.skirmish.ai.plans import Planner

    state, h = scenario("A.....h\n.......\n......v", {"A": "aldric", "h": "hilda", "v": "voron"}, actor="A")
    state.heroes[h["h"]].mana = Fraction(0)
    bind = Bind(h["A"], h["h"])
    assert check(state, bind) is None
    assert Planner(state).action_value(state, bind) == 0.0  # Voron holds no Ether gift
    assert decide(make_player("greedy", 0), state) != bind
    gifted, g = scenario(
        "A.....h\n.......\n......i", {"A": "aldric", "h": "hilda", "i": "ilsabet"}, actor="A"
    )
    gifted.heroes[g["h"]].mana = Fraction(0)
    assert Planner(gifted).action_value(gifted, Bind(g["A"], g["h"])) > 0  # Ilsabet could give it mana
    gifted.heroes[g["i"]].mana = Fraction(30)  # ... not any more: Ether gift costs 40
    assert Planner(gifted).action_value(gifted, Bind(g["A"], g["h"])) == 0.0
