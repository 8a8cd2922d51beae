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
from rules.skirmish.ai import PLAYERS, decide, make_player, player_names
from rules.skirmish.ai.estimate import Estimator
from rules.skirmish.ai.expect import KILL_AT, apply_expected
from rules.skirmish.ai.outcomes import outcomes
from rules.skirmish.ai.search import SearchSettings, evaluate
from rules.skirmish.battle import new_battle
from rules.skirmish.engine import apply, check
from rules.skirmish.setup import HeroSpec, SkirmishSetup
from rules.skirmish.sim import play_game

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
    assert player_names() == ["random", "novice", "casual", "greedy", "search"]
    levels = [PLAYERS.resolve(level) for level in ("easy", "normal", "hard")]
    assert levels == ["novice", "casual", "search"]  # #23: each 100+ Elo above the last (docs/ai.md)
    with pytest.raises(ValueError, match="unknown skirmish AI"):
        make_player("oracle")


@pytest.mark.parametrize("name", ["random", "novice", "casual", "greedy", "search"])
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


def test_greedy_acts_where_it_stands_when_no_cell_could_offer_more(monkeypatch):
    """Bjorn next to the wounded sorcerer: his sword blow here is worth as much as any option on any
    cell he could walk to (``Bounds.anywhere``), so greedy strikes without weighing a single cell."""
    from rules.skirmish.ai.plans import GREEDY, Planner
    from rules.skirmish.view import view

    state, h = scenario("Bv...\n.....\n....i", {"B": "bjorn", "v": "voron", "i": "ilsabet"}, actor="B")
    state.heroes[h["v"]].hp = 5
    planner = Planner(view(state, 1), GREEDY)
    own = planner._own_cell()
    assert max(v for v, _ in own.options) == planner._anywhere(own) > 0

    def no_cells(self):
        raise AssertionError("a cell was weighed")

    monkeypatch.setattr(Planner, "_destinations", no_cells)
    assert decide(make_player("greedy", 0), state) == Attack(h["B"], h["v"], "sword")


def test_greedy_weighs_the_cells_when_another_could_offer_more():
    """The wounded sorcerer four cells away: the axe thrown from here is worth less than a sword
    blow after walking up to him could be, so greedy weighs the cells and walks up."""
    from rules.skirmish.actions import Move
    from rules.skirmish.ai.plans import GREEDY, Planner
    from rules.skirmish.view import view

    state, h = scenario("B...v\n.....\n....i", {"B": "bjorn", "v": "voron", "i": "ilsabet"}, actor="B")
    state.heroes[h["v"]].hp = 5
    planner = Planner(view(state, 1), GREEDY)
    own = planner._own_cell()
    assert max(v for v, _ in own.options) < planner._anywhere(own)
    full = Planner(view(state, 1), GREEDY).plans()[0]
    assert full.action == Attack(h["B"], h["v"], "sword") and full.dest == (3, 0)
    assert decide(make_player("greedy", 0), state) == Move(h["B"], (3, 0))


def test_greedy_acts_where_it_stands_once_it_has_walked():
    """After a move greedy values only its own cell (its plan chose that cell for what it does there;
    the search's forecast plays plans the same way). Here Bjorn has walked one cell: walking on to
    the wounded sorcerer is the full planner's best plan, but greedy throws its axe from where it
    stands, the best plan of its cell."""
    from rules.skirmish.actions import Move
    from rules.skirmish.ai.plans import GREEDY, Planner
    from rules.skirmish.view import view

    state, h = scenario("B.....v\n.......\n......i", {"B": "bjorn", "v": "voron", "i": "ilsabet"}, actor="B")
    state.heroes[h["v"]].hp = 5
    apply(state, Move(h["B"], (1, 0)), SeededRng(1))
    assert Planner(view(state, 1), GREEDY).plans()[0].dest != (1, 0)  # walking on would be best
    here = Planner(view(state, 1), GREEDY).plans_where_it_stands(lambda best: 0.0)
    assert {p.dest for p in here} == {(1, 0)}
    choice = decide(make_player("greedy", 0), state)
    assert choice == here[0].action == Attack(h["B"], h["v"], "throwing_axe", thrown=True)


_EQUAL_SPELLS = """
import sys
from dataclasses import replace
sys.path.insert(0, sys.argv[1])
from rules.skirmish.ai.estimate import Estimator
from rules.skirmish.catalog import default_skirmish_catalog
from rules.skirmish.text import scenario
loadout = replace(default_skirmish_catalog().hero("aldric").loadout, quick=("lightning_bolt", "flame_lance"))
state, h = scenario("A...b", {"A": "aldric", "b": "bjorn"}, loadouts={"A": loadout})
a, t = state.heroes[h["A"]], state.heroes[h["b"]]
spell = [m for m in Estimator(state).modes(a, t) if m.kind == "spell"]
print(spell[0].reach, ",".join(a.info.quick))
"""


def test_a_casters_threat_does_not_follow_the_quick_sets_order():
    """Lightning bolt and Flame lance deal the same damage; the estimator's spell mode is the one that
    reaches farther in every process. The quick set is a frozenset, whose order changes with the
    process's string hashes (PYTHONHASHSEED): before, the AIs' estimates, and so their choices,
    could differ between two runs of the same battle."""
    import os

    seen = set()
    for seed in range(6):
        env = {**os.environ, "PYTHONHASHSEED": str(seed)}
        script = [sys.executable, "-c", _EQUAL_SPELLS, str(ROOT)]
        out = subprocess.run(script, env=env, capture_output=True, text=True, check=True)
        reach, order = out.stdout.split()
        seen.add(order)
        assert int(reach) == 8  # Lightning bolt: range 6 + the 2 cells an origin may lie away (S-SPELL-6)
    assert len(seen) == 2  # the set's order did change between processes


@pytest.mark.parametrize("name", ["casual", "novice"])
def test_the_slipping_levels_never_pass_a_sure_kill_but_slip_among_close_plans(name):
    """Easy and Normal never pass a sure kill: whatever the seed, the choice is the first step of a
    plan that strikes the wounded sorcerer (from this cell or a neighbouring one). Where plans are
    close the player picks among its best within its margin, and over a battle it does not always
    pick greedy's."""
    from rules.skirmish.actions import Move
    from rules.skirmish.ai.plans import GREEDY, Planner
    from rules.skirmish.view import view

    slipper = type(make_player(name))

    state, h = scenario("Bv...\n.....\n....i", {"B": "bjorn", "v": "voron", "i": "ilsabet"}, actor="B")
    state.heroes[h["v"]].hp = 5
    kills = {
        p.dest for p in Planner(view(state, 1), GREEDY).plans() if getattr(p.action, "target", None) == h["v"]
    }
    for seed in range(30):
        action = decide(make_player(name, seed), state)
        assert (isinstance(action, Move) and action.to in kills) or (
            isinstance(action, Attack) and action.target == h["v"]
        ), action
    state, _ = new_battle(small_setup(), SeededRng(5))
    rng, easy, greedy, slips = SeededRng(6), make_player(name, 3), make_player("greedy", 3), 0
    while not state.over:
        plans = Planner(view(state, state.active_team), GREEDY).plans()
        best = plans[0].value
        margin = max(slipper.FLOOR, slipper.MARGIN * abs(best))
        close = {(p.dest, p.action) for p in plans[: slipper.AMONG] if p.value >= best - margin}
        action = decide(easy, state)
        assert len(close) > 1 or action == decide(greedy, state)
        slips += action != decide(greedy, state)
        apply(state, action, rng)
    assert slips > 0


def test_play_game_records_the_result_and_each_decision():
    """One game: its end, each AI slot's decision times, no errors; ``swap`` puts the first AI on
    team 2, and the same seed with the same sides plays the same game."""
    result = play_game(small_setup(limit=2), ("greedy", "random"), "3/0", swap=False)
    assert result.reason and 1 <= result.rounds <= 2 and result.first_team in (1, 2)
    assert result.exceptions == 0 and result.illegal == 0 and result.errors == []
    assert set(result.times) == {"ai1", "ai2"} and all(result.times.values())
    again = play_game(small_setup(limit=2), ("greedy", "random"), "3/0", swap=False)
    assert (again.winner, again.rounds, {k: len(v) for k, v in again.times.items()}) == (
        result.winner,
        result.rounds,
        {k: len(v) for k, v in result.times.items()},
    )


class _WalksIntoAWall:
    """A broken player: every hero of its side walks onto the blocked cell (4, 2)."""

    name = "broken"

    def choose(self, view):
        from rules.skirmish.actions import Move

        return Move(view.act.hero, (4, 2))


def test_a_refused_action_is_counted_and_the_activation_ended_with_nothing_changed():
    """The runner plays an action through ``apply``, which checks it first: a refused one is counted
    with the check's reason, the state is left as it was and the hero's activation is ended for it."""
    from rules.skirmish.actions import EndActivation, Move
    from rules.skirmish.match import play_match

    record = play_match(small_setup(limit=1), {1: _WalksIntoAWall(), 2: make_player("greedy", 2)}, "r")
    assert record.illegal[1] > 0 and record.exceptions[1] == 0
    assert all(e.startswith("illegal Move(") and "not reachable" in e for e in record.errors[1])
    side1 = [a for a in record.actions if getattr(a, "hero", None) in (0, 1)]
    assert side1 and all(isinstance(a, EndActivation) for a in side1)
    assert not any(isinstance(a, Move) and a.to == (4, 2) for a in record.actions)
    assert [h.pos for h in record.state.heroes if h.team == 1] == [(0, 1), (0, 3)]  # never moved


def test_a_mirrored_pair_plays_one_game_seed_with_the_teams_swapped():
    """Games 2k and 2k+1 are game seed S/k and the k-th party pairing, the first AI on team 1 and then
    on team 2; with fixed sides each game has its own seed and the first AI stays on team 1."""
    from client.sim.skirmish import game_specs

    setups = [small_setup(limit=1), small_setup(limit=2)]
    specs = game_specs(setups, ["a", "b"], ("greedy", "random"), 6, "m")
    assert [(g.seed, g.a_team, g.label) for g in specs] == [
        ("m/0", 1, "a"), ("m/0", 2, "a"), ("m/1", 1, "b"), ("m/1", 2, "b"), ("m/2", 1, "a"), ("m/2", 2, "a")
    ]  # fmt: skip
    assert all(g.setup is setups[g.label == "b"] for g in specs)
    fixed = game_specs(setups, ["a", "b"], ("greedy", "random"), 3, "m", fixed_sides=True)
    assert [(g.seed, g.a_team, g.label) for g in fixed] == [("m/0", 1, "a"), ("m/1", 1, "b"), ("m/2", 1, "a")]
    assert game_specs(setups[:1], ["a"], ("greedy", "random"), 1, "m")[0].label == ""


def test_the_record_is_seen_from_the_first_ai():
    """The swapped game of a pair is the same battle with the AIs' teams exchanged: the first AI's
    decision times are the ones its team made, and its win is its team's."""
    from client.sim.skirmish import SkirmishGame, play_one

    setup = small_setup(limit=2)
    for a_team in (1, 2):
        record = play_one(SkirmishGame(0, a_team, "3/0", ("greedy", "random"), setup, ""))
        direct = play_game(setup, ("greedy", "random"), "3/0", swap=a_team == 2)
        assert (record.a_side, record.winner, record.first_side) == (a_team, direct.winner, direct.first_team)
        assert len(record.seconds_a) == len(direct.times["ai1"]) and len(record.seconds_b) == len(
            direct.times["ai2"]
        )


def test_the_summary_counts_each_label():
    """The per-pairing breakdown: each game is counted in its label's row, and the rows add up."""
    from client.sim.schedule import run_games
    from client.sim.skirmish import game_specs, play_one, summarize_skirmish

    setups = [small_setup(limit=1), small_setup(limit=1)]
    specs = game_specs(setups, ["a", "b"], ("greedy", "random"), 4, "3")
    summary = summarize_skirmish(("greedy", "random"), run_games(play_one, specs))
    rows = summary["by_label"]
    assert set(rows) == {"a", "b"} and all(sum(r) == 2 for r in rows.values())
    totals = [sum(r[i] for r in rows.values()) for i in range(3)]
    assert totals == [summary["wins_a"], summary["draws"], summary["losses_a"]]
    assert summary["games"] == 4 and summary["rounds_median"] == 1 and summary["errors"] == []


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
    assert (
        summary["melee_mode"] == "basic" and summary["wins_a"] + summary["draws"] + summary["losses_a"] == 1
    )


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


def test_strike_share_is_the_best_way_that_reaches_capped_at_the_targets_hp():
    """Estimator.strike_share: Bjorn next to Voron takes off his sword's expected damage as a share of
    Voron's max HP; nine cells away he reaches no one (0); against 3 HP left the share is 3 / max HP."""
    state, h = scenario("Bv........", {"B": "bjorn", "v": "voron"}, actor="B")
    bjorn, voron = state.heroes[h["B"]], state.heroes[h["v"]]
    est = Estimator(state)
    melee = next(m for m in est.modes(bjorn, voron) if m.kind == "melee")
    assert est.strike_share(bjorn) == pytest.approx(melee.damage / voron.info.max_hp) and melee.damage > 0
    far, far_ids = scenario("B........v", {"B": "bjorn", "v": "voron"}, actor="B")
    assert Estimator(far).strike_share(far.heroes[far_ids["B"]]) == 0.0
    voron.hp = 3
    assert Estimator(state).strike_share(bjorn) == pytest.approx(3 / voron.info.max_hp)


def test_the_search_judges_the_pressure_each_side_is_left_with():
    """evaluate() adds pressure x 100 x each hero's strike share, for its side and against the other:
    Bjorn next to Voron is worth more to Bjorn's side than Bjorn out of reach with Voron's spell on him."""
    plain, pressing = SearchSettings(pressure=0.0), SearchSettings(pressure=0.3)
    near, h = scenario("Bv........", {"B": "bjorn", "v": "voron"}, actor="B")
    est = Estimator(near)
    mine, theirs = est.strike_share(near.heroes[h["B"]]), est.strike_share(near.heroes[h["v"]])
    gained = evaluate(near, 1, pressing) - evaluate(near, 1, plain)
    assert gained == pytest.approx(0.3 * 100 * (mine - theirs)) and gained > 0
    far, _ = scenario("B........v", {"B": "bjorn", "v": "voron"}, actor="B")
    assert evaluate(far, 1, pressing) - evaluate(far, 1, plain) < 0  # only Voron's spell reaches
    assert evaluate(far, 1, plain) == evaluate(near, 1, plain)  # without it both look the same


@pytest.mark.parametrize("hp", [16, 24])
def test_a_forecast_hit_under_even_odds_to_kill_leaves_the_target_up_at_its_chance_to_stand(hp):
    """expect.apply_expected: Bjorn's sword on Voron with 24 HP (kill chance 0.32) takes off the mean
    and leaves him up, standing at 0.68; with 16 HP (kill chance 0.60) Voron is out, nothing kept."""
    state, h = scenario("Bv...", {"B": "bjorn", "v": "voron"}, actor="B")
    voron = state.heroes[h["v"]]
    voron.hp = hp
    attack = Attack(h["B"], h["v"], "sword")
    (hit,) = outcomes(state, attack)
    standing: dict[int, float] = {}
    apply_expected(state, attack, standing)
    if hit.kill < KILL_AT:
        assert not voron.out and standing == {voron.id: pytest.approx(1 - hit.kill)} and hit.kill > 0
        assert voron.hp == hp - 18  # the mean, 18.432, rounded half up
    else:
        assert voron.out and standing == {}


def test_the_search_weighs_each_hero_by_its_chance_to_stand():
    """evaluate(): a hero the forecast left standing at 0.5 counts half its worth."""
    state, h = scenario("B........v", {"B": "bjorn", "v": "voron"}, actor="B")
    s = SearchSettings(pressure=0.0)
    voron = state.heroes[h["v"]]
    worth = s.alive + 100.0 * voron.hp / voron.info.max_hp + s.mana * float(voron.mana)
    assert evaluate(state, 1, s, {voron.id: 0.5}) == pytest.approx(evaluate(state, 1, s) + worth / 2)
