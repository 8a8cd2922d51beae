"""The planner's pruning changes no choice: bounds never under an option's worth, and the plans it
keeps are exactly those the full listing has within the margin, in the same order.

:meth:`Planner.plans_near_best` skips destinations whose bound (:mod:`rules.skirmish.ai.bounds`)
cannot reach the best plan found; these tests take mid-battle positions of every party pairing in
both melee modes (casters, archers, bursts, lines and chains among them) and compare it with the
full :meth:`Planner.plans`. ``strike_mean`` is checked against the detailed odds it stands for.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from skirmish.helpers import random_pairing

from rules.rng import SeededRng
from rules.skirmish.actions import Attack, Cast, EtherAttack
from rules.skirmish.ai.bounds import _BURST, _ON_HERO, Bounds
from rules.skirmish.ai.plans import GREEDY, Planner, planning_options
from rules.skirmish.battle import new_battle
from rules.skirmish.catalog import default_skirmish_catalog
from rules.skirmish.checks import attack_ready
from rules.skirmish.engine import apply, legal_actions
from rules.skirmish.melee import Fighter
from rules.skirmish.melee_odds import strike_mean, strike_odds
from rules.skirmish.setup import SkirmishSetup, party_of
from rules.skirmish.state import SkirmishState
from rules.skirmish.values import melee_fighter

CATALOG = default_skirmish_catalog()


def positions(seed: int, mode: str) -> list[SkirmishState]:
    """States met in a random battle of two random parties, each a decision of a full plan."""
    state, chooser, rng = random_pairing(seed, mode)
    found = []
    while not state.over and len(found) < 12:
        act = state.act
        assert act is not None
        if act.action is None and state.heroes[act.hero].channel is None:
            found.append(state.clone())
        moves = legal_actions(state)[:-1]  # never Surrender
        apply(state, chooser.choice(moves), rng)
    return found


MARGINS = {
    "tied (greedy)": lambda best: 1e-9,
    "best alone (forecasts)": lambda best: 0.0,
    "band 25 (search)": lambda best: 25.0,
    "share of the best (casual)": lambda best: max(25.0, 0.6 * abs(best)),
}


@pytest.mark.parametrize("mode", ["basic", "detailed"])
@pytest.mark.parametrize("seed", range(8))
def test_pruned_plans_are_the_full_plans_within_the_margin(seed, mode):
    for state in positions(seed, mode):
        full = Planner(state, GREEDY).plans()
        for name, margin in MARGINS.items():
            line = full[0].value - margin(full[0].value)
            expected = [p for p in full if p.value >= line]
            assert Planner(state, GREEDY).plans_near_best(margin) == expected, name


@pytest.mark.parametrize("mode", ["basic", "detailed"])
@pytest.mark.parametrize("seed", range(8, 14))
def test_a_destinations_bound_is_never_under_its_options_worth(seed, mode):
    """The bound holds for every destination, not only where the pruning happened to need it, and
    ``Bounds.anywhere`` (with the hero moved or not as on that cell) is at least the cell's bound."""
    checked = rows_checked = 0
    for state in positions(seed, mode):
        planner = Planner(state, GREEDY)
        dests = planner._destinations()
        assert dests is not None
        sim = planner._sim()
        table = Bounds(planner, sim)
        for dest in dests:
            planner._place(sim, dest)
            bound = table.at(sim)
            worths = [planner.action_value(sim, option) for option in planning_options(sim)]
            assert bound >= max([0.0, *worths]) - 1e-9, (dest, bound, worths)
            assert table.anywhere(sim) >= bound - 1e-9, dest  # the filter before the bounds
            for row in table._spells(sim)[2]:  # each row valued on the cell, on its own
                assert table.other_anywhere(sim, row) >= table.other_at(sim, row, dest) - 1e-9, row
                rows_checked += 1
            checked += 1
    assert checked > 20
    assert rows_checked > 0  # bursts and lines among them


def _fighters() -> list[Fighter]:
    """Each shipped hero's melee values, in a battle of all of them (detailed melee)."""
    heroes = sorted(CATALOG.heroes)
    half = len(heroes) // 2
    teams = tuple(party_of(tuple(heroes[i::2][:half])) for i in range(2))
    state, _ = new_battle(SkirmishSetup(16, 12, teams, melee_mode="detailed"), SeededRng(1))
    return [melee_fighter(state, h) for h in state.heroes if melee_fighter(state, h).weapon is not None]


FIGHTERS = _fighters()


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(FIGHTERS),
    st.sampled_from(FIGHTERS),
    st.integers(0, 3),
    st.integers(0, 12),
    st.sampled_from([Fraction(1), Fraction(1, 2), Fraction(3, 4)]),
)
def test_strike_mean_is_the_detailed_odds_mean_ML(att, dfn, prior, fatigue, scale):
    """strike_mean takes the same exact sum as strike_odds(...).mean, case by case: equal floats."""
    tired = Fighter(**{**{f: getattr(dfn, f) for f in Fighter.__slots__}, "fatigue": fatigue})
    odds = strike_odds(att, tired, prior_strikes=prior, scale=scale)
    assert strike_mean(att, tired, prior_strikes=prior, scale=scale) == odds.mean


def test_a_burst_counts_the_casters_own_part_where_it_stands_in_the_area():
    """Healing rain at Bjorn's cell heals Voron (beside him) and Mirela (beside Bjorn, two cells from
    Voron): worth more than a rain at Voron's own cell, which misses Mirela. The bound of Voron's
    cell must count his own part in the rain at Bjorn's (without it, it falls under that rain)."""
    from skirmish.helpers import scenario

    state, ids = scenario(
        """
        ..V.....
        ...B....
        ....M...
        .......h
        """,
        {"V": "voron", "B": "bjorn", "M": "mirela", "h": "hilda"},
        actor="V",
    )
    for letter in "VBM":
        hero = state.heroes[ids[letter]]
        hero.hp = hero.info.max_hp // 4
    planner = Planner(state, GREEDY)
    dests = planner._destinations()
    assert dests is not None and dests[0] == (2, 0)
    sim = planner._sim()
    table = Bounds(planner, sim)
    planner._place(sim, (2, 0))
    rain_at_bjorn = max(
        planner.action_value(sim, o)
        for o in planning_options(sim)
        if isinstance(o, Cast) and o.spell == "healing_rain" and o.target == (3, 1)
    )
    rain_at_voron = planner.action_value(sim, Cast(ids["V"], "healing_rain", (2, 0), (2, 0)))
    assert rain_at_bjorn > rain_at_voron
    assert table.at(sim) >= rain_at_bjorn - 1e-9
    # Bounds.anywhere, the filter before the cells' bounds, counts Voron's own part at its most (a
    # rain on himself, or on Bjorn with Voron in it): at least every cell's bound, row by row.
    rows = table._spells(sim)[2]
    assert {row[1] for row in rows} == {_BURST, _ON_HERO}
    for cell in [(2, 0), (3, 0), (1, 1), (0, 3), (5, 3)]:
        planner._place(sim, cell)
        for row in rows:
            assert table.other_anywhere(sim, row) >= table.other_at(sim, row, cell) - 1e-9, (cell, row)
        assert table.anywhere(sim) >= table.at(sim) - 1e-9


def test_an_ether_attack_counts_only_on_a_mage_with_mana_in_sight_S_ETHER_4_S_ETHER_5():
    """Voron's bound once counted an ether attack on a drained mage from every cell, so cells with
    nothing to do were valued in full. A mage without mana offers no ether attack (S-ETHER-4), one
    with mana only where it is in sight (S-ETHER-5): behind the rock Voron's bound is 0, in sight
    it is the ether attack's worth; the drained mage offers a binding only (S-BIND-1)."""
    from skirmish.helpers import scenario

    state, ids = scenario(
        """
        V.#a....
        ..#.....
        ........
        .......m
        """,
        {"V": "voron", "a": "aldric", "m": "mirela"},
        actor="V",
    )
    state.heroes[ids["m"]].mana = Fraction(0)
    planner = Planner(state, GREEDY)
    sim = planner._sim()
    table = Bounds(planner, sim)
    rows = {(binding, pos) for _, binding, pos in table.mage_rows}
    assert rows == {(False, state.heroes[ids["a"]].pos), (True, state.heroes[ids["m"]].pos)}
    ether = planner.action_value(sim, EtherAttack(ids["V"], ids["a"]))
    assert ether > 0
    planner._place(sim, (0, 0))  # the rock between Voron and Aldric: no ether attack from here
    options = planning_options(sim)
    assert not any(isinstance(o, EtherAttack) for o in options)
    assert table.at(sim) == max([0.0, *(planner.action_value(sim, o) for o in options)])
    planner._place(sim, (3, 2))  # in sight of Aldric, two cells below him
    assert any(o == EtherAttack(ids["V"], ids["a"]) for o in planning_options(sim))
    assert table.at(sim) >= ether


def test_a_bow_shot_counts_only_on_the_archers_own_cell_S_ACT_3():
    """A bow allows one action a round: shoot or move (S-ACT-3). Hilda's bound once counted her bow
    shot on every cell she could move to, so each was valued in full for a shot she could not take
    there. Unmoved, her bound holds the shot; on a moved cell in range and sight it does not (her
    throwing axes are taken away, so the bow is her only ranged weapon): the bound is the best
    option there, an ether attack on Voron."""
    from skirmish.helpers import scenario

    state, ids = scenario("H.....v", {"H": "hilda", "v": "voron"}, actor="H")
    state.heroes[ids["H"]].thrown = ()
    shot = Attack(ids["H"], ids["v"], "long_bow")
    planner = Planner(state, GREEDY)
    sim = planner._sim()
    table = Bounds(planner, sim)
    worth = planner.action_value(sim, shot)
    assert worth > 0 and table.at(sim) >= worth
    assert attack_ready(sim, sim.heroes[ids["H"]], shot)
    planner._place(sim, (1, 0))  # one cell nearer: in range and in sight, but moved
    assert not attack_ready(sim, sim.heroes[ids["H"]], shot)
    options = planning_options(sim)
    assert shot not in options
    best = max(planner.action_value(sim, o) for o in options)
    assert isinstance(max(options, key=lambda o: planner.action_value(sim, o)), EtherAttack)
    assert table.at(sim) == best < worth


@pytest.mark.parametrize("seed", range(4))
def test_a_status_bound_is_never_under_its_worth_on_any_cell(seed):
    """casting.status_bound (a self spell's bound) is at least status_value of every shipped status
    spell on every hero, wherever that hero stands, for either side casting it."""
    from rules.skirmish.ai.casting import status_bound, status_value
    from rules.skirmish.ai.estimate import Estimator
    from rules.skirmish.primitives import relocate

    spells = [s for s in CATALOG.spells.values() if s.status]
    checked = 0
    for state in positions(seed, "basic")[:4]:
        for t in [h for h in state.heroes if not h.out]:
            free = [(x, y) for x in range(0, state.board.width, 3) for y in range(0, state.board.height, 3)]
            for cell in [c for c in free if c not in state.occupant and not state.obstacle(c)][:6]:
                sim = state.clone()
                relocate(sim, sim.heroes[t.id], cell)
                est, moved = Estimator(sim), sim.heroes[t.id]
                for spell in spells:
                    for team in (1, 2):
                        for through in (0.4, 1.0):
                            bound = status_bound(spell, moved, team, through)
                            assert bound >= status_value(est, team, spell, moved, through), spell.id
                            checked += 1
    assert checked > 500


def test_a_target_no_reachable_cell_is_in_reach_of_is_never_valued():
    """Every cell Voron may end on lies within ``int(steps left)`` cells of him (each cell entered
    costs a step, S-MOVE-3), so a hero farther than a spell's reach (range plus the two cells of its
    origin, S-SPELL-6) plus that many is out of reach from all of them: the table has no row for it
    and the planner never values a cast on it. Aldric, near, has his rows."""
    from skirmish.helpers import scenario

    state, ids = scenario(
        "V..a" + "." * 36 + "h",
        {"V": "voron", "a": "aldric", "h": "hilda"},
        actor="V",
    )
    planner = Planner(state, GREEDY)
    sim = planner._sim()
    table = Bounds(planner, sim)
    far, near = state.heroes[ids["h"]].pos, state.heroes[ids["a"]].pos
    assert table.radius == int(state.act.left) and not table.within(far, 20) and table.within(near, 1)
    fixed, _, others = table._spells(sim)
    targets = {row[1] for row in fixed} | {row[2] for row in others}
    assert near in targets and far not in targets
    assert [pos for pos, _ in table.melee] == [near]
    valued = [key for key in planner._values if isinstance(key, tuple) and far in key]
    assert valued == []


def test_with_nothing_worth_doing_on_any_moved_cell_only_the_cells_are_weighed():
    """Bjorn, out of mana and far from Hilda, has no option worth anything on any cell he may reach
    (``Bounds.anywhere`` is 0): his plans are ending on the best-placed cells, so no moved cell's
    options are listed and valued, and the plans are exactly the full listing's."""
    from skirmish.helpers import scenario

    state, ids = scenario("B" + "." * 38 + "h", {"B": "bjorn", "h": "hilda"}, actor="B")
    state.heroes[ids["B"]].mana = Fraction(0)
    full = Planner(state, GREEDY).plans()
    for name, margin in MARGINS.items():
        planner, listed = Planner(state, GREEDY), []

        def listing(sim, dest, planner=planner, listed=listed):
            listed.append(dest)
            return Planner._plans_at(planner, sim, dest)

        planner._plans_at = listing  # type: ignore[method-assign]
        line = full[0].value - margin(full[0].value)
        assert planner.plans_near_best(margin) == [p for p in full if p.value >= line], name
        assert listed == [], name  # its own cell alone is valued in full (Planner._own_cell), first
    assert len({p.dest for p in full}) > 5  # the cells were many


def test_a_shot_not_ready_is_never_valued_S_ACT_3():
    """Hilda's long bow allows attack or move in a round (S-ACT-3): on every cell she could move to
    the bow is not ready, so the moved table has no bow row and no bow shot is valued for it (her
    thrown axe still is). Standing still, the bow row is there."""
    from skirmish.helpers import scenario

    state, _ = scenario("H.....b", {"H": "hilda", "b": "bjorn"}, actor="H")
    planner = Planner(state, GREEDY)
    sim = planner._sim()
    valued: list = []
    planner.attack_value_at = lambda s, attack, at: valued.append(attack.weapon) or 1.0  # type: ignore[method-assign]
    table = Bounds(planner, sim)
    assert valued == []  # nothing is valued before a table asks
    still = {row[3].weapon for row in table._ranged_now(sim, False)}
    assert still == set(valued) == {"long_bow", "throwing_axe"}
    valued.clear()
    sim.act.moved = True  # as the planner has it on a moved cell
    moved = {row[3].weapon for row in table._ranged_now(sim, True)}
    assert moved == set(valued) == {"throwing_axe"}
