"""Attack types and unit properties: shooters, lines, penalties, backstab (tactics.md §3.2-3.4)."""

from fractions import Fraction

from battle_helpers import names, of, play

from rules.tactics import events as ev
from rules.tactics.actions import Attack, LineAttack, Move
from rules.tactics.catalog import default_catalog
from rules.tactics.combat import strike_odds
from rules.tactics.engine import legal_actions
from rules.tactics.formulas import damage_multiplier
from rules.tactics.targets import attack_mode, attack_targets, line_targets
from rules.tactics.text import scenario


def attacks(state, squad_id):
    return {a.target for a in legal_actions(state) if isinstance(a, Attack) and a.squad == squad_id}


def test_shooter_range_and_forced_melee_T_ATK_2():
    """T-ATK-2(a): any enemy outside its 3x3 block; (b) an adjacent enemy forces melee on adjacent squads."""
    board = "A....\n.g...\n....g\n....."
    state = scenario(board, {"A": ("archer", 5), "g": ("goblin", 1)})
    assert attacks(state, 0) == {(1, 1)}
    assert attack_mode(state, state.squads[0]) == "melee"
    board = "A....\n.....\n.g..g\n....."
    state = scenario(board, {"A": ("archer", 5), "g": ("goblin", 1)})
    assert attacks(state, 0) == {(1, 2), (4, 2)}
    assert attack_mode(state, state.squads[0]) == "ranged"


def test_distance_penalty_geometry_T_EX_10_T_PROP_4_T_GRID_3():
    """T-EX-10: from (0,0), (5,0) and (3,5) lie at distance 5 (penalty), (4,4) at 4 (none); (1,1) is melee.

    Rules: T-PROP-4, T-GRID-3."""
    for target, penalised in (((5, 0), True), ((3, 5), True), ((4, 4), False)):
        rows = [["." for _ in range(6)] for _ in range(6)]
        rows[0][0] = "A"
        rows[target[1]][target[0]] = "c"
        state = scenario("\n".join("".join(r) for r in rows), {"A": ("archer", 4), "c": ("catapult", 1)})
        odds = strike_odds(state, state.squads[0], target, attack_mode(state, state.squads[0]))
        assert (("distance_penalty", -25) in odds.modifiers) is penalised, target
        assert odds.multiplier == Fraction(70 * (75 if penalised else 100), 10000)
    state = scenario("A.\n.c", {"A": ("archer", 4), "c": ("catapult", 1)})
    assert attack_mode(state, state.squads[0]) == "melee"
    odds = strike_odds(state, state.squads[0], (1, 1), "melee")
    assert ("distance_penalty", -25) not in odds.modifiers and ("melee_penalty", -50) in odds.modifiers


def test_melee_penalty_only_in_melee_mode_T_PROP_3():
    """T-PROP-3: Z applies when the unit deals damage in melee mode; ranged shots are not penalised."""
    state = scenario("M...c", {"M": ("mage", 3), "c": ("catapult", 1)})
    assert strike_odds(state, state.squads[0], (4, 0), "ranged").multiplier == Fraction(100, 100)
    state = scenario("Mc", {"M": ("mage", 3), "c": ("catapult", 1)})
    assert strike_odds(state, state.squads[0], (1, 0), "melee").multiplier == Fraction(50, 100)
    # A skeleton archer has the distance penalty but no melee penalty: forced melee costs nothing.
    state = scenario("Kc", {"K": ("skeleton_archer", 3), "c": ("catapult", 1)})
    assert strike_odds(state, state.squads[0], (1, 0), "melee").multiplier == Fraction(70, 100)


def test_counterstrike_is_melee_mode_with_penalty_T_PROP_3_T_ATK_5():
    """A ballista's counterstrike is a melee-mode strike: its melee penalty 20 applies.

    Rules: T-PROP-3, T-ATK-5."""
    state = scenario("S.\nb.", {"S": ("swordsman", 10), "b": ("ballista", 3)})
    events = play(state, Attack(0, (0, 1)), 100, 18, 100, 20, 1, 100, 12)
    counter = of(ev.AttackResolved, events)[1]
    assert counter.kind == "counterstrike"
    assert counter.modifiers == (("melee_penalty", -20),)
    assert counter.multiplier == Fraction(80 * 80, 10000)


def test_line_attack_cross_separate_rolls_no_counter_T_ATK_3_T_ATK_4_T_DOBJ_1():
    """T-ATK-3/4: the whole row and column, any distance, through terrain; allies and diagonals untouched;
    one roll set per target; no counterstrike; no penalties.

    Rules: T-ATK-4, T-DOBJ-1."""
    board = "..g..\n.....\n=.K#g\n...g.\n..A.."
    state = scenario(board, {"g": ("goblin", 2), "K": ("catapult", 3), "A": ("swordsman", 1)})
    line = line_targets(state, state.squads[1])
    assert line == ((2, 0), (0, 2), (4, 2))
    # hit rolls: goblin 75% (catapult -10 vs dodge 15), barricade 90%; crit 0%: no crit roll; R1 10..14.
    events = play(state, LineAttack(1), 1, 10, 1, 12, 100)
    assert [(e.target, e.kind, e.hit, e.r1, e.damage) for e in of(ev.AttackResolved, events)] == [
        ((2, 0), "line", True, 10, 30),
        ((0, 2), "line", True, 12, 36),
        ((4, 2), "line", False, None, 0),
    ]
    assert not of(ev.CounterstrikeRolled, events)
    assert of(ev.Damaged, events) == [
        ev.Damaged((2, 0), 0, 30, 0, 2, 10, "attack"),
        ev.Damaged((0, 2), None, 36, 0, 1, 364, "attack"),
    ]


def test_line_attack_ignores_penalties_T_ATK_4():
    """Rules: T-ATK-4."""
    state = scenario("B...c\n.....", {"B": ("ballista", 2), "c": ("catapult", 1)})
    odds = strike_odds(state, state.squads[0], (4, 0), "line")
    assert odds.modifiers == () and odds.multiplier == Fraction(70, 100)


def test_backstab_before_the_move_T_PROP_5():
    """T-PROP-5: each adjacent enemy backstabber rolls before the move, by squad order; a stunned one
    does not; the backstabbed squad cannot counterstrike; the move then completes."""
    board = "a..\n.S.\n..g\n..."
    state = scenario(board, {"a": ("assassin", 5), "S": ("swordsman", 10), "g": ("goblin", 3)})
    events = play(state, Move(1, (1, 0)), 10, 90, 20, 31)
    assert events == [
        ev.BackstabRolled(0, 1, 50, 10, True),
        ev.AttackResolved(
            0, (1, 1), 1, "backstab", 100, None, True, 25, 90, False, 20, Fraction(4, 5), 80, ()
        ),
        ev.Damaged((1, 1), 1, 80, 0, 10, 20, "attack"),
        ev.BackstabRolled(2, 1, 30, 31, False),
        ev.SquadMoved(1, (1, 1), (1, 0)),
    ]
    assert state.current == 1  # the assassin is adjacent: the swordsman may still attack
    state = scenario(board, {"a": ("assassin", 5), "S": ("swordsman", 10), "g": ("goblin", 3)})
    state.squads[0].stunned_until = 1  # a stunned backstabber does not roll
    events = play(state, Move(1, (1, 0)), 31)
    assert names(events) == ["BackstabRolled", "SquadMoved"] and events[0].squad == 2


def test_backstab_kill_cancels_the_move_T_PROP_5():
    """Rules: T-PROP-5."""
    board = "a..\n.S.\n..T"
    state = scenario(board, {"a": ("assassin", 10), "S": ("swordsman", 1), "T": ("troll", 1)})
    events = play(state, Move(1, (1, 0)), 10, 90, 20)
    assert names(events) == [
        "BackstabRolled",
        "AttackResolved",
        "Damaged",
        "SquadDestroyed",
        "MoveCancelled",
        "TurnEnded",
    ]
    assert state.squads[1].pos == (1, 1) and not state.squads[1].alive
    # When the death ends the battle, BattleEnded stays the last event.
    state = scenario("a..\n.S.\n...", {"a": ("assassin", 10), "S": ("swordsman", 1)})
    events = play(state, Move(1, (1, 0)), 10, 90, 20)
    assert names(events)[-2:] == ["MoveCancelled", "BattleEnded"]


def test_property_parameters_are_per_unit_type_T_PROP_6():
    """T-PROP-6: X, Y, Z, N, P come from the unit type: swordsman counters at 40%, the orc brute at 25%."""
    catalog = default_catalog()
    assert (catalog.unit("swordsman").counterstrike, catalog.unit("orc_brute").counterstrike) == (40, 25)
    state = scenario("G.\ns.", {"G": ("goblin", 1), "s": ("swordsman", 9)})
    events = play(state, Attack(0, (0, 1)), 96, 100)  # 95% hit: 96 misses; the counterstrike roll fails
    assert of(ev.CounterstrikeRolled, events) == [ev.CounterstrikeRolled(1, 0, 40, 100, False)]
    state = scenario("G.\no.", {"G": ("goblin", 1), "o": ("orc_brute", 9)})
    events = play(state, Attack(0, (0, 1)), 100, 8, 100)  # 100% hit, no crit, R1 8; the counter roll fails
    assert of(ev.CounterstrikeRolled, events) == [ev.CounterstrikeRolled(1, 0, 25, 100, False)]


def test_damage_type_meets_matching_defense_T_DTYPE_1():
    """Rules: T-DTYPE-1."""
    assert damage_multiplier("physical", phys_defense=30, mag_defense=90) == Fraction(70, 100)
    assert damage_multiplier("magical", phys_defense=30, mag_defense=90) == Fraction(10, 100)


def test_negative_defense_and_penalty_floor_T_EX_6_T_EX_7_T_EX_5():
    """Rules: T-EX-6, T-EX-7, T-EX-5."""
    assert damage_multiplier("physical", phys_defense=-20) == Fraction(120, 100)  # T-EX-6
    assert damage_multiplier("physical", melee_penalty=60, range_penalty=50) == 0  # T-EX-7: 100 - 110 -> 0
    assert damage_multiplier("physical", phys_defense=130) == 0  # T-EX-5


def test_attack_targets_helper_matches_legal_actions_T_ATK_1():
    """Rules: T-ATK-1."""
    state = scenario("S.c\nc..", {"S": ("swordsman", 1), "c": ("catapult", 1)})
    assert set(attack_targets(state, state.squads[0])) == attacks(state, 0) == {(0, 1)}
