"""Grid, movement, turn order, «Защита», features and battle stats (tactics.md §1-2, §3.1, §4, §6)."""

from dataclasses import replace
from fractions import Fraction

import pytest
from battle_helpers import of, play

from rules.rng import ScriptedRng
from rules.tactics import events as ev
from rules.tactics.actions import Attack, Defend, LineAttack, Move, Skip, Surrender
from rules.tactics.battle import new_battle, squad_info
from rules.tactics.catalog import default_catalog
from rules.tactics.combat import strike_odds
from rules.tactics.engine import IllegalAction, check, legal_actions
from rules.tactics.features import feature_text_en, feature_text_ru, resolve_feature
from rules.tactics.formulas import chebyshev, escalation_bonus
from rules.tactics.setup import (
    BattleFeature,
    BattleSetup,
    DropSector,
    FeatureKind,
    Mode,
    SquadSpec,
    TurnOrder,
)
from rules.tactics.targets import destinations
from rules.tactics.text import scenario
from rules.tactics.turns import round_first_team

OPEN_7x7 = "\n".join(["......."] * 3 + ["...S..."] + ["......."] * 2 + ["......c"])


def moves_of(state, squad_id):
    return {a.to for a in legal_actions(state) if isinstance(a, Move) and a.squad == squad_id}


def test_grid_bounds_T_GRID_1():
    """T-GRID-1: the battlefield is the setup's grid; a squad in a corner has 3 neighbours to move to."""
    state = scenario("S..\n...\n..c", {"S": ("swordsman", 1), "c": ("catapult", 1)})
    assert (state.board.width, state.board.height) == (3, 3)
    assert moves_of(state, 0) == {(1, 0), (0, 1), (1, 1)}
    assert check(state, Move(0, (-1, 0))) is not None


def test_eight_neighbours_are_melee_reach_T_GRID_2():
    """T-GRID-2: the 8 sectors around, diagonals included."""
    state = scenario("ccc\ncSc\nccc", {"S": ("swordsman", 1), "c": ("catapult", 1)})
    targets = {a.target for a in legal_actions(state) if isinstance(a, Attack)}
    assert targets == {(0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)}


def test_chebyshev_distance_T_GRID_3():
    """Rules: T-GRID-3."""
    assert chebyshev((0, 0), (4, 4)) == 4
    assert chebyshev((0, 0), (3, 5)) == 5
    assert chebyshev((2, 7), (2, 7)) == 0


def test_occupancy_T_GRID_4():
    """T-GRID-4: one squad per sector; squads and barricades and blocked terrain cannot be entered;
    sectors with traps, flags, chests, exits or rune circles can."""
    state = scenario("#c^\nS=.\n!$>", {"S": ("swordsman", 1), "c": ("catapult", 1)})
    swordsman = state.occupant[(0, 1)]  # squads are numbered in board order: the catapult is 0
    # (0, 0) blocked, (1, 0) a squad, (1, 1) a barricade; the flag (0, 2) and chest (1, 2) sectors are open.
    assert moves_of(state, swordsman) == {(0, 2), (1, 2)}
    state = scenario("S^c\n!$>", {"S": ("goblin", 1), "c": ("catapult", 1)})
    assert moves_of(state, 0) == {(1, 0), (0, 1), (1, 1), (2, 1)}  # trap, flag, chest, exit sectors


def test_movement_types_T_MOVE_1():
    """T-MOVE-1: cannot move / zone 1 (8 neighbours) / zone 2 (20 sectors)."""
    for unit, expected in (("catapult", 0), ("swordsman", 8), ("assassin", 20)):
        state = scenario(OPEN_7x7, {"S": (unit, 1), "c": ("catapult", 1)})
        assert len(moves_of(state, 0)) == expected, unit


def test_zone_2_is_5x5_minus_corners_T_MOVE_2():
    """T-MOVE-2: the diagram (S at the centre; corners unreachable)."""
    state = scenario(OPEN_7x7, {"S": ("assassin", 1), "c": ("catapult", 1)})
    expected = {(3 + dx, 3 + dy) for dx in range(-2, 3) for dy in range(-2, 3)} - {(3, 3)}
    expected -= {(1, 1), (5, 1), (1, 5), (5, 5)}
    assert moves_of(state, 0) == expected


def test_move_is_not_path_based_and_only_destination_triggers_T_MOVE_3():
    """T-MOVE-3: the assassin jumps over a squad and a trap; only the destination counts as stepped on."""
    state = scenario("N^.\nc..", {"N": ("assassin", 1), "c": ("catapult", 1)})
    events = play(state, Move(0, (2, 0)))  # over the trap: no roll, no trigger; no target there: turn ends
    assert events == [ev.SquadMoved(0, (0, 0), (2, 0)), ev.TurnEnded(0, 2)]
    assert (1, 0) in state.traps
    state = scenario("Nc.\n...", {"N": ("assassin", 1), "c": ("catapult", 1)})
    assert play(state, Move(0, (2, 0))) == [
        ev.SquadMoved(0, (0, 0), (2, 0))
    ]  # over a squad; a target: turn on
    assert state.current == 0


def test_one_move_per_turn_T_MOVE_4_T_TURN_3():
    """T-MOVE-4 / T-TURN-3(a): after moving, the squad may attack or end its turn, but not move again."""
    state = scenario("S..\n...\n..c", {"S": ("swordsman", 1), "c": ("catapult", 1)})
    play(state, Move(0, (1, 1)))
    assert state.current == 0
    assert set(legal_actions(state)) == {Attack(0, (2, 2)), Skip(0), Surrender(1)}
    assert "once per turn" in check(state, Move(0, (0, 0)))
    assert check(state, Defend(0)) is not None  # «Защита» needs the whole turn (T-DEF-3)
    events = play(state, Skip(0))
    assert events == [ev.TurnEnded(0, 2)]


def test_move_without_targets_ends_the_turn_T_TURN_3():
    """Rules: T-TURN-3."""
    state = scenario("S...\n....\n...c", {"S": ("swordsman", 1), "c": ("catapult", 1)})
    events = play(state, Move(0, (1, 0)))
    assert events == [ev.SquadMoved(0, (0, 0), (1, 0)), ev.TurnEnded(0, 2)]
    assert state.current is None and state.squads[0].acted


def test_rounds_and_alternation_T_TURN_1_T_TURN_4():
    """T-TURN-1/4: teams alternate one squad at a time; when one team is done the other's squads act in a row;
    the round ends when every living squad has acted; the same team starts the next round.

    Rules: T-TURN-4."""
    state = scenario(
        "AB...\n.....\n....c",
        {"A": ("swordsman", 1), "B": ("swordsman", 1), "c": ("catapult", 1)},
        first_team=2,
    )
    assert state.active_team == 2
    assert play(state, Skip(2)) == [ev.TurnEnded(2, 1)]
    assert play(state, Skip(0)) == [ev.TurnEnded(0, 1)]  # team 2 is done: team 1 goes on
    events = play(state, Skip(1))
    assert events == [ev.TurnEnded(1, 2), ev.RoundStarted(2)]
    assert state.round_no == 2 and state.active_team == 2
    assert not any(s.acted for s in state.squads)


def test_additional_attacks_use_no_main_turn_T_TURN_2():
    """T-TURN-2: a counterstrike happens outside the defender's main turn."""
    state = scenario("S.\ns.", {"S": ("swordsman", 10), "s": ("swordsman", 10)})
    events = play(state, Attack(0, (0, 1)), 1, 100, 18, 100, 1, 1, 100, 18, 100)
    assert of(ev.AttackResolved, events)[1].kind == "counterstrike"
    assert not state.squads[1].acted and state.active_team == 2


def test_first_team_mission_player_pvp_random_T_TURN_4():
    """T-TURN-4: in missions the player acts first; in PvP one roll picks the first team."""
    catalog = default_catalog()
    drops = (DropSector((0, 0), 1, 2), DropSector((3, 3), 2, 2))
    armies = ((SquadSpec("swordsman", 3),), (SquadSpec("goblin", 3),))
    setup = BattleSetup(4, 4, armies, drop_zones=drops)
    # landing: shuffle of one squad needs no roll; choose() rolls 0 for each team's single sector
    state, events = new_battle(setup, ScriptedRng([0, 0]), catalog)
    assert state.active_team == 1 and events[0].first_team == 1
    pvp = BattleSetup(4, 4, armies, drop_zones=drops, mode=Mode.PVP)
    state, events = new_battle(pvp, ScriptedRng([0, 0, 2]), catalog)
    assert state.active_team == 2 and events[0] == ev.BattleStarted(4, 4, "pvp", 2, 20)


def test_round_limit_ends_the_battle_T_TURN_5_T_END_3():
    """T-TURN-5 / T-END-3: after R_max rounds a mission is lost; other PvP battles are drawn."""
    state = scenario("S...c", {"S": ("swordsman", 1), "c": ("catapult", 1)}, round_limit=2)
    for _ in range(3):
        play(state, Skip(state.current or (0 if state.active_team == 1 else 1)))
    events = play(state, Skip(1))
    assert events[-2:] == [
        ev.TurnEnded(1, None),
        ev.BattleEnded(2, "round_limit", (Fraction(0), Fraction(0)), (0, 0), ()),
    ]
    assert state.round_no == 2 and legal_actions(state) == []
    pvp = scenario("S...c", {"S": ("swordsman", 1), "c": ("catapult", 1)}, round_limit=1, mode=Mode.PVP)
    play(pvp, Skip(0))
    assert play(pvp, Skip(1))[-1].winner is None
    assert default_catalog().battle.round_limit == 20  # T-DATA-3 default


def test_surrender_T_TURN_6_T_END_2():
    """T-TURN-6: only in one's own turn; the battle ends at once as a loss for that team.

    Rules: T-END-2."""
    state = scenario("S...c", {"S": ("swordsman", 1), "c": ("catapult", 1)})
    assert check(state, Surrender(2)) is not None
    with pytest.raises(IllegalAction):
        play(state, Surrender(2))
    events = play(state, Surrender(1))
    assert events[0] == ev.Surrendered(1)
    assert (events[1].winner, events[1].reason) == (2, "surrender")
    assert state.outcome.winner == 2 and legal_actions(state) == []


def test_defense_button_T_DEF_1_T_DEF_2_T_DEF_3_T_STAT_4():
    """«Защита»: +25 to both defenses (T-DEF-2) for the whole turn, until the squad's next main turn.

    Rules: T-DEF-1, T-DEF-3, T-STAT-4."""
    state = scenario("S.m\n...\nc..", {"S": ("swordsman", 10), "m": ("mage", 1), "c": ("catapult", 1)})
    assert play(state, Defend(0)) == [ev.Defended(0, 25), ev.TurnEnded(0, 2)]
    swordsman = state.squads[0]
    phys = strike_odds(state, state.squads[2], swordsman.pos, "line")
    magic = strike_odds(state, state.squads[1], swordsman.pos, "ranged")
    assert phys.multiplier == Fraction(100 - 20 - 25, 100)  # T-STAT-1d: base 20 + 25
    assert magic.multiplier == Fraction(100 - 0 - 25, 100)  # T-STAT-1e: base 0 + 25
    assert ("defending", 25) in magic.modifiers
    play(state, Skip(1))
    play(state, Skip(2))  # round 2
    events = play(state, Skip(0))  # the effect ends when the squad's next main turn starts
    assert events[0] == ev.DefenseEnded(0) and not swordsman.defending


def test_feature_texts_T_FEAT_6_T_FEAT_1():
    """T-FEAT-6 exact strings: ASCII sign, no space before %.

    Rules: T-FEAT-1."""
    assert feature_text_ru(BattleFeature(FeatureKind.MAGICAL, -30)) == "Магический урон в бою: -30%"
    assert feature_text_ru(BattleFeature(FeatureKind.PHYSICAL, 20)) == "Физический урон в бою: +20%"
    assert feature_text_ru(BattleFeature(FeatureKind.NONE)) == "Нет особенностей"
    assert (
        feature_text_ru(BattleFeature(FeatureKind.ESCALATION))
        == "Каждый раунд наносимый урон возрастает на 10%"
    )
    assert feature_text_en(BattleFeature(FeatureKind.PHYSICAL, -5)) == "Physical damage in battle: -5%"
    with pytest.raises(ValueError):
        BattleFeature(FeatureKind.PHYSICAL, 101)  # T-FEAT-1: -100 <= X <= +100


def test_random_feature_variants_T_FEAT_3_T_FEAT_4():
    """T-FEAT-3/4: one roll over four equally likely variants 5a..5d, with the source texts.

    Rules: T-FEAT-4."""
    texts = []
    for roll in range(4):
        rng = ScriptedRng([roll])
        feature, rolled = resolve_feature(BattleFeature(FeatureKind.RANDOM), rng)
        assert rolled and rng.calls == [(0, 3, roll)]
        texts.append(feature_text_ru(feature))
    assert texts == [
        "Физический урон в бою: +20%",
        "Магический урон в бою: +20%",
        "Каждый раунд наносимый урон возрастает на 10%",
        "Нет особенностей",
    ]
    fixed, rolled = resolve_feature(BattleFeature(FeatureKind.PHYSICAL, 7), ScriptedRng([]))
    assert fixed == BattleFeature(FeatureKind.PHYSICAL, 7) and not rolled


def test_random_feature_shown_before_round_1_T_FEAT_4_T_FEAT_5():
    """T-FEAT-4/5: rolled once at battle start and announced before round 1; exactly one feature.

    Rules: T-FEAT-5."""
    drops = (DropSector((0, 0), 1, 2), DropSector((3, 3), 2, 2))
    armies = ((SquadSpec("swordsman", 3),), (SquadSpec("goblin", 3),))
    setup = BattleSetup(4, 4, armies, drop_zones=drops, feature=BattleFeature(FeatureKind.RANDOM))
    state, events = new_battle(setup, ScriptedRng([0, 0, 2]))
    kinds = [type(e).__name__ for e in events]
    assert kinds.index("FeatureResolved") < kinds.index("RoundStarted")
    assert events[1] == ev.FeatureResolved(
        "escalation",
        0,
        "Каждый раунд наносимый урон возрастает на 10%",
        "Each round, damage dealt increases by 10%",
        True,
    )
    assert state.feature == BattleFeature(FeatureKind.ESCALATION)


def test_escalation_by_round_T_FEAT_2_T_EX_3():
    """T-EX-3: O4 = 0, 10, 20, 30, 40 ... 90 in rounds 1..5 and 10.

    Rules: T-FEAT-2."""
    assert [escalation_bonus(r) for r in (1, 2, 3, 4, 5, 10)] == [0, 10, 20, 30, 40, 90]
    state = scenario(
        "S.\nc.", {"S": ("swordsman", 1), "c": ("catapult", 1)}, feature=BattleFeature(FeatureKind.ESCALATION)
    )
    assert strike_odds(state, state.squads[0], (0, 1), "melee").multiplier == Fraction(70, 100)
    state.round_no = 10
    assert strike_odds(state, state.squads[0], (0, 1), "melee").multiplier == Fraction(160, 100)


def test_battle_stats_by_level_T_STAT_1_T_STAT_2_T_EX_8():
    """T-EX-8: level coefficient 1.2 (level 3, T-DATA-1) on the mage's 55 HP, 20-28 damage: 66, 24, 34.

    Rules: T-STAT-1, T-STAT-2."""
    catalog = default_catalog()
    assert catalog.level_coef(3) == Fraction(12, 10)
    info = squad_info(0, 1, SquadSpec("mage", 4, 3), catalog)
    assert (info.hp, info.min_damage, info.max_damage) == (66, 24, 34)
    state = scenario("M.\n.c", {"M": ("mage", 4, 3), "c": ("catapult", 1)})
    assert state.squads[0].top_hp == 66


def test_destinations_match_legal_moves_T_MOVE_1():
    """Rules: T-MOVE-1."""
    state = scenario(OPEN_7x7, {"S": ("assassin", 1), "c": ("catapult", 1)})
    assert set(destinations(state, state.squads[0])) == moves_of(state, 0)


def test_line_attack_is_one_action_T_ATK_3():
    """Rules: T-ATK-3."""
    state = scenario("K..c\n....\n...c", {"K": ("catapult", 1), "c": ("catapult", 1)})
    assert LineAttack(0) in legal_actions(state)
    assert not any(isinstance(a, Attack) for a in legal_actions(state))


TWO_A_SIDE = "AB...\n.....\nab..."
TWO_A_SIDE_SQUADS = {
    "A": ("swordsman", 1), "B": ("swordsman", 1), "a": ("goblin", 1), "b": ("goblin", 1)
}  # fmt: skip


def picks_over_two_rounds(state) -> list[int]:
    """The team to act before each main turn, skipping every squad, for two whole rounds."""
    teams = []
    while state.round_no <= 2:
        teams.append(state.active_team)
        squad = next(s for s in state.squads if s.info.team == state.active_team and not s.acted)
        play(state, Skip(squad.info.id))
    return teams


@pytest.mark.parametrize(
    ("order", "expected"),
    [
        (TurnOrder.FIXED, [2, 1, 2, 1, 2, 1, 2, 1]),
        (TurnOrder.ALTERNATE, [2, 1, 2, 1, 1, 2, 1, 2]),
        (TurnOrder.SECOND_DOUBLE, [2, 1, 1, 2, 2, 1, 2, 1]),
        (TurnOrder.ALTERNATE_DOUBLE, [2, 1, 1, 2, 1, 2, 1, 2]),
        (TurnOrder.FAIR_SHARE, [2, 1, 1, 2, 1, 2, 2, 1]),
    ],
)
def test_turn_order_variants_T_TURN_4(order, expected):
    """T-TURN-4 [REC, T-OQ-10]: the team that picks first in a round is the battle's first team
    (fixed) or changes every round (alternate); with the doubling variants the second team of
    round 1 activates two squads for each of the first team's, in round 1 only; fair_share follows
    the Thue-Morse sequence A B B A within a round, and its rounds start A, B, B, A, ..."""
    state = scenario(TWO_A_SIDE, TWO_A_SIDE_SQUADS, first_team=2, mode=Mode.PVP, turn_order=order)
    assert picks_over_two_rounds(state) == expected


def test_missions_keep_the_fixed_order_and_pvp_reads_the_catalog_T_TURN_4():
    """T-TURN-4: in missions the player picks first in every round, whatever the catalog's PvP
    order; a PvP battle takes the catalog's turn_order unless the setup names one."""
    catalog = default_catalog()
    alternating = replace(catalog, battle=replace(catalog.battle, turn_order=TurnOrder.ALTERNATE))
    mission = scenario(TWO_A_SIDE, TWO_A_SIDE_SQUADS, catalog=alternating)
    assert mission.board.turn_order is TurnOrder.FIXED
    assert picks_over_two_rounds(mission) == [1, 2, 1, 2, 1, 2, 1, 2]
    pvp = scenario(TWO_A_SIDE, TWO_A_SIDE_SQUADS, catalog=alternating, mode=Mode.PVP)
    assert pvp.board.turn_order is TurnOrder.ALTERNATE
    assert picks_over_two_rounds(pvp) == [1, 2, 1, 2, 2, 1, 2, 1]
    assert catalog.battle.turn_order in TurnOrder  # the shipped order is one of the variants


def test_doubling_with_one_squad_left_hands_the_pick_back_T_TURN_4():
    """T-TURN-4: a team with no squad left to act cannot keep the pick; the other team goes on."""
    state = scenario(
        "AB...\n.....\na....", {"A": ("swordsman", 1), "B": ("swordsman", 1), "a": ("goblin", 1)},
        first_team=1, mode=Mode.PVP, turn_order=TurnOrder.SECOND_DOUBLE,
    )  # fmt: skip
    assert play(state, Skip(0)) == [ev.TurnEnded(0, 2)]
    assert play(state, Skip(2)) == [ev.TurnEnded(2, 1)]  # its only squad has acted
    assert play(state, Skip(1))[-1] == ev.RoundStarted(2)


def test_fair_share_rounds_start_by_the_thue_morse_sequence_T_TURN_4():
    """T-TURN-4 (fair_share): rounds 1-8 are opened by the first team, then 2, 2, 1, 2, 1, 1, 2."""
    state = scenario(
        TWO_A_SIDE, TWO_A_SIDE_SQUADS, first_team=1, mode=Mode.PVP, turn_order=TurnOrder.FAIR_SHARE
    )
    openers = [round_first_team(state, n) for n in range(1, 9)]
    assert openers == [1, 2, 2, 1, 2, 1, 1, 2]


def test_fair_share_hands_the_pick_on_when_a_team_has_no_squad_left_T_TURN_4():
    """T-TURN-4: the Thue-Morse pick of a team with every squad spent goes to the other team."""
    state = scenario(
        "AB...\n.....\na....", {"A": ("swordsman", 1), "B": ("swordsman", 1), "a": ("goblin", 1)},
        first_team=1, mode=Mode.PVP, turn_order=TurnOrder.FAIR_SHARE,
    )  # fmt: skip
    assert play(state, Skip(0)) == [ev.TurnEnded(0, 2)]
    assert play(state, Skip(2)) == [ev.TurnEnded(2, 1)]  # team 2's second pick: it has no squad left
    assert play(state, Skip(1))[-1] == ev.RoundStarted(2)
    assert state.active_team == 2  # round 2 is opened by the second team


def test_the_shipped_pvp_order_is_fair_share_T_TURN_4():
    """T-TURN-4 [REC, T-OQ-10]: PvP battles ship with the Thue-Morse order (the fairest measured,
    README "Turn order"); a PvP battle from the shipped catalog picks A B B A in round 1."""
    assert default_catalog().battle.turn_order is TurnOrder.FAIR_SHARE
    state = scenario(TWO_A_SIDE, TWO_A_SIDE_SQUADS, first_team=1, mode=Mode.PVP)
    assert state.board.turn_order is TurnOrder.FAIR_SHARE
    assert picks_over_two_rounds(state) == [1, 2, 2, 1, 2, 1, 1, 2]
