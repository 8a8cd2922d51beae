"""Map objects and the end of battle (tactics.md §7-8): traps, runes, landing, exits, flags, chests."""

from fractions import Fraction

import pytest
from battle_helpers import names, of, play

from rules.rng import ScriptedRng, SeededRng
from rules.tactics import events as ev
from rules.tactics.actions import Attack, Move, Skip, Surrender
from rules.tactics.battle import new_battle
from rules.tactics.catalog import default_catalog
from rules.tactics.combat import strike_odds
from rules.tactics.landing import landing_shortfall
from rules.tactics.objects import CHEST_BONUSES
from rules.tactics.setup import (
    BattleSetup,
    Chest,
    DropSector,
    ExitSector,
    Flag,
    Mode,
    Objective,
    RuneCircle,
    RuneKind,
    SquadSpec,
    Trap,
    TurnOrder,
)
from rules.tactics.text import render_board, scenario

# ---- traps ------------------------------------------------------------------------------------


def test_trap_damage_and_one_shot_T_TRAP_1_T_TRAP_2_T_TRAP_3():
    """A squad steps on a trap: uniform 430..530 pure damage by the stack model, then the trap is gone.

    Rules: T-TRAP-1, T-TRAP-2, T-TRAP-3."""
    state = scenario("G^...\n....c", {"G": ("goblin", 20), "c": ("catapult", 1)})
    rng = ScriptedRng([480])
    events = play_rng(state, Move(0, (1, 0)), rng)
    assert rng.calls == [(430, 530, 480)]
    assert events == [
        ev.SquadMoved(0, (0, 0), (1, 0)),
        ev.TrapTriggered((1, 0), 0, 480),
        ev.Damaged(
            (1, 0), 0, 480, 12, 8, 40, "trap"
        ),  # 800 - 480 = 320 = 8 goblins: no defense, no multiplier
        ev.TurnEnded(0, 2),
    ]
    assert (1, 0) not in state.traps
    assert state.kills == [0, 0, 0]  # T-HP-4: trap kills are nobody's


def play_rng(state, action, rng):
    from rules.tactics.engine import apply

    return apply(state, action, rng)


def test_trap_triggers_for_any_team_and_can_destroy_T_TRAP_2():
    """Rules: T-TRAP-2."""
    state = scenario("S....\n...^g", {"S": ("swordsman", 1), "g": ("goblin", 5)})
    play(state, Skip(0))
    events = play(state, Move(1, (3, 1)), 430)
    assert names(events) == ["SquadMoved", "TrapTriggered", "Damaged", "SquadDestroyed", "BattleEnded"]
    assert state.outcome.winner == 1 and state.outcome.reason == "annihilation"


def test_traps_are_hidden_by_default_T_TRAP_3():
    """T-TRAP-3: hidden from both teams unless the map marks the trap visible; moving onto it is legal."""
    assert Trap((0, 0)).visible is False
    assert Trap((0, 0), visible=True).visible is True


# ---- rune circles ------------------------------------------------------------------------------


def test_rune_aura_lasts_the_battle_T_RUNE_1_T_RUNE_3():
    """T-RUNE-1/3: stepping onto «Рунный круг (урон)» gives +25 in the first bracket until the battle ends.

    Rules: T-RUNE-3."""
    runes = (RuneCircle((1, 0), RuneKind.DAMAGE),)
    state = scenario("S....\n....c", {"S": ("swordsman", 1), "c": ("catapult", 1)}, runes=runes)
    events = play(state, Move(0, (1, 0)))
    assert events[1] == ev.AuraGained(0, "damage", 25)
    play(state, Skip(1))
    play(state, Move(0, (2, 0)))  # the aura stays after stepping off
    odds = strike_odds(state, state.squads[0], (4, 1), "melee")
    assert odds.multiplier == Fraction(100 + 25 - 30, 100)
    assert state.squads[0].auras == frozenset({"damage"})


@pytest.mark.parametrize(
    ("kind", "check_fn"),
    [
        (
            RuneKind.PHYS_DEFENSE,
            lambda s: strike_odds(s, s.squads[1], (0, 0), "melee").multiplier == Fraction(60, 100),
        ),
        (
            RuneKind.MAG_DEFENSE,
            lambda s: strike_odds(s, s.squads[2], (0, 0), "melee").multiplier == Fraction(40, 100),
        ),
        (RuneKind.DODGE, lambda s: strike_odds(s, s.squads[1], (0, 0), "melee").hit_pct == 70),
        (RuneKind.CRIT, lambda s: strike_odds(s, s.squads[0], (0, 1), "melee").crit_pct == 25),
    ],
)
def test_each_rune_kind_bonus_T_RUNE_3_T_STAT_1(kind, check_fn):
    """T-RUNE-3: physical defense +20, magical defense +20, dodge +20, crit +20 (T-STAT-1d..g)."""
    state = scenario("S.\nom", {"S": ("swordsman", 1), "o": ("orc_brute", 1), "m": ("mage", 1)})
    state.squads[0].auras = frozenset({str(kind)})
    assert check_fn(state)


def test_rune_once_per_type_per_squad_T_RUNE_2_T_EX_13():
    """T-EX-13: a second damage circle gives nothing more; another squad on the first circle gets +25.

    Rules: T-RUNE-2."""
    runes = (RuneCircle((1, 0), RuneKind.DAMAGE), RuneCircle((2, 0), RuneKind.DAMAGE))
    board = "S....\n.....\nN...c"
    state = scenario(board, {"S": ("swordsman", 1), "N": ("assassin", 1), "c": ("catapult", 1)}, runes=runes)
    assert of(ev.AuraGained, play(state, Move(0, (1, 0)))) == [ev.AuraGained(0, "damage", 25)]
    play(state, Skip(2))
    play(state, Skip(1))  # round 2
    assert not of(ev.AuraGained, play(state, Move(0, (2, 0))))  # a second damage circle: nothing
    assert state.squads[0].auras == frozenset({"damage"})
    play(state, Skip(2))
    assert of(ev.AuraGained, play(state, Move(1, (1, 0)))) == [ev.AuraGained(1, "damage", 25)]


def test_rune_triggers_for_any_team_T_RUNE_2():
    """Rules: T-RUNE-2."""
    runes = (RuneCircle((3, 1), RuneKind.CRIT),)
    state = scenario("S....\n....g", {"S": ("swordsman", 1), "g": ("goblin", 1)}, runes=runes)
    play(state, Skip(0))
    assert of(ev.AuraGained, play(state, Move(1, (3, 1)))) == [ev.AuraGained(1, "crit", 20)]


# ---- landing zones -----------------------------------------------------------------------------


def _landing_setup(team1_sectors, army1, mode=Mode.MISSION, team2=((3, 3), 2)):
    drops = (*(DropSector(pos, 1, kind) for pos, kind in team1_sectors), DropSector(team2[0], 2, team2[1]))
    return BattleSetup(4, 4, (army1, (SquadSpec("goblin", 2),)), drop_zones=drops, mode=mode)


def test_landing_by_type_with_scripted_rolls_T_LAND_1_T_LAND_2_T_LAND_5():
    """Shooters land on type 1, melee on type 3; order random, sector random (T-LAND-5).

    Rules: T-LAND-1, T-LAND-2."""
    setup = _landing_setup(
        [((0, 0), 1), ((0, 1), 1), ((1, 0), 3), ((1, 1), 2)],
        (SquadSpec("archer", 3), SquadSpec("swordsman", 3)),
    )
    rng = ScriptedRng([0, 0, 1, 0])  # shuffle swaps the two; swordsman -> only type-3; archer -> 2nd type-1
    _, events = new_battle(setup, rng)
    deployed = of(ev.SquadDeployed, events)
    assert [(d.unit, d.pos) for d in deployed] == [
        ("swordsman", (1, 0)),
        ("archer", (0, 1)),
        ("goblin", (3, 3)),
    ]
    assert rng.calls[:2] == [(0, 1, 0), (0, 0, 0)]


def test_landing_overflow_to_type_2_and_shortfall_T_LAND_5_T_LAND_2():
    """Rules: T-LAND-5, T-LAND-2."""
    setup = _landing_setup([((1, 0), 3), ((1, 1), 2)], (SquadSpec("swordsman", 3), SquadSpec("troll", 1)))
    state, _ = new_battle(setup, SeededRng(4))
    assert {s.pos for s in state.squads if s.info.team == 1} == {(1, 0), (1, 1)}
    assert landing_shortfall(setup, default_catalog(), 1) == 0
    short = _landing_setup([((1, 0), 3), ((0, 0), 1)], (SquadSpec("swordsman", 3), SquadSpec("troll", 1)))
    assert landing_shortfall(short, default_catalog(), 1) == 1  # a type-1 sector never takes melee
    with pytest.raises(ValueError, match="too few landing sectors"):
        new_battle(short, SeededRng(1))


def test_immobile_units_land_by_attack_type_T_LAND_5():
    """The catapult (cannot move, line attack) counts as ranged; the stone guardian (melee) as melee.

    Rules: T-LAND-5."""
    setup = _landing_setup(
        [((0, 0), 1), ((1, 0), 3)], (SquadSpec("catapult", 1), SquadSpec("stone_guardian", 1))
    )
    for seed in range(5):
        state, _ = new_battle(setup, SeededRng(seed))
        positions = {s.info.unit.id: s.pos for s in state.squads if s.info.team == 1}
        assert positions == {"catapult": (0, 0), "stone_guardian": (1, 0)}


def test_pvp_team_landing_zones_and_hidden_T_LAND_3_T_LAND_4():
    """T-LAND-3: each team lands on its own sectors; T-LAND-4: landing sectors are not shown on the board."""
    setup = _landing_setup([((0, 0), 2)], (SquadSpec("swordsman", 1),), mode=Mode.PVP, team2=((3, 3), 2))
    state, _ = new_battle(setup, SeededRng(0))
    assert [(s.info.team, s.pos) for s in state.squads] == [(1, (0, 0)), (2, (3, 3))]
    board = render_board(state).splitlines()[1:5]
    assert board[1] == "...." and board[2] == "...."  # empty landing sectors show nothing


# ---- exit zone ---------------------------------------------------------------------------------


def test_exit_counter_worked_example_T_EX_12_T_EXIT_1_T_EXIT_2():
    """T-EX-12: target 3; A in: 1, B in: 2, A out: 1, C in: 2, A back in: 3 -> victory.

    Rules: T-EXIT-1, T-EXIT-2."""
    board = ".A.>.\n.B.>.\n.C.>.\n.....\n....q"
    squads = {"A": ("goblin", 1), "B": ("goblin", 1), "C": ("goblin", 1), "q": ("stone_guardian", 1)}
    state = scenario(board, squads, objective=Objective.EXIT, objective_target=3)

    def counter(events):
        return [(e.count, e.entered) for e in of(ev.ExitCounterChanged, events)]

    assert counter(play(state, Move(0, (3, 0)))) == [(1, True)]  # round 1: A in
    play(state, Skip(3))
    assert counter(play(state, Move(1, (3, 1)))) == [(2, True)]  # B in
    play(state, Skip(2))
    assert counter(play(state, Move(0, (2, 0)))) == [(1, False)]  # round 2: A out
    play(state, Skip(3))
    play(state, Skip(1))
    assert counter(play(state, Move(2, (3, 2)))) == [(2, True)]  # C in
    events = play(state, Move(0, (3, 0)))  # round 3: A back in
    assert counter(events) == [(3, True)]
    assert of(ev.BattleEnded, events)[0].reason == "exit" and state.outcome.winner == 1


def test_exit_sequence_to_victory_T_EXIT_2_T_END_1_T_END_6():
    """Exit to exit is -1 then +1; reaching the target wins at once with efficiency 1.

    Rules: T-EXIT-2, T-END-1, T-END-6."""
    board = "A>>\nB>.\n..q"
    state = scenario(
        board, {"A": ("goblin", 1), "B": ("goblin", 1), "q": ("stone_guardian", 1)}, objective=Objective.EXIT
    )
    events = play(state, Move(0, (1, 0)))  # A in: 1 of 2 (default target: all living squads)
    assert of(ev.ExitCounterChanged, events) == [ev.ExitCounterChanged(1, 0, 1, 2, True)]
    play(state, Skip(2))
    events = play(state, Move(1, (1, 1)))  # B in: 2 of 2 -> victory
    assert names(events)[-2:] == ["ExitCounterChanged", "BattleEnded"]
    assert state.outcome.winner == 1 and state.outcome.reason == "exit"
    assert state.outcome.efficiency[1] == 1  # T-END-6


def test_exit_to_exit_nets_zero_T_EXIT_2():
    """Rules: T-EXIT-2."""
    state = scenario(
        "A>>\n...\n..q",
        {"A": ("goblin", 1), "q": ("stone_guardian", 1)},
        objective=Objective.EXIT,
        objective_target=5,
    )
    play(state, Move(0, (1, 0)))
    play(state, Skip(1))
    events = play(state, Move(0, (2, 0)))
    assert [(e.count, e.entered) for e in of(ev.ExitCounterChanged, events)] == [(0, False), (1, True)]


def test_exit_sectors_react_to_their_team_only_T_EXIT_3():
    """Exit sectors react only to squads of their own team (here PvP, both sectors team 2's).

    Rules: T-EXIT-3."""
    exits = (ExitSector((1, 0), 2), ExitSector((3, 1), 2))
    state = scenario(
        "A...\n....\n...g",
        {"A": ("goblin", 1), "g": ("goblin", 1)},
        exits=exits,
        mode=Mode.PVP,
        objective=Objective.EXIT,
    )
    assert not of(ev.ExitCounterChanged, play(state, Move(0, (1, 0))))
    events = play(state, Move(1, (3, 1)))
    assert of(ev.ExitCounterChanged, events) == [ev.ExitCounterChanged(2, 1, 1, 1, True)]
    assert state.outcome.winner == 2 and state.outcome.reason == "exit"


def test_death_on_exit_counts_as_leaving_and_target_follows_the_living_T_EXIT_4():
    """T-EXIT-4: a squad destroyed on an exit sector leaves it (-1); the default target is recomputed."""
    state = scenario(
        ">A.\nB..\n.s.",
        {"A": ("goblin", 1), "B": ("goblin", 1), "s": ("swordsman", 10)},
        objective=Objective.EXIT,
    )
    play(state, Move(1, (0, 0)))  # B in: 1 of 2
    assert state.exit_count[1] == 1 and state.exit_target(1) == 2
    # The swordsman kills B on the exit sector? It must be adjacent: put it next to B and strike.
    state.active_team = 2
    state.squads[2].pos = (1, 1)
    state.occupant = {s.pos: s.info.id for s in state.squads if s.alive}
    state.team_bits[2] = state.board.bit((1, 1))
    events = play(state, Attack(2, (0, 0)), 1, 100, 18)  # goblin dodge 15: 85% hit; 10 x 18 = 180 > 40
    assert of(ev.ExitCounterChanged, events) == [ev.ExitCounterChanged(1, 1, 0, 1, False)]
    assert state.exit_target(1) == 1  # only A lives now; never below 1


# ---- flags -------------------------------------------------------------------------------------


def test_mission_flags_player_only_and_win_T_FLAG_1_T_FLAG_2_T_END_4():
    """Flags react only to the player's squads; the last required flag wins at once.

    Rules: T-FLAG-1, T-FLAG-2, T-END-4."""
    state = scenario("A!.\n..!\n.g.", {"A": ("goblin", 1), "g": ("goblin", 1)}, objective=Objective.FLAGS)
    events = play(state, Move(0, (1, 0)))
    assert of(ev.FlagTaken, events) == [ev.FlagTaken((1, 0), 1, 0, 1, 2)]
    assert (1, 0) not in state.flags
    events = play(state, Move(1, (2, 1)))  # the mob steps on a flag: nothing happens, the flag stays
    assert not of(ev.FlagTaken, events) and (2, 1) in state.flags
    assert state.flag_count[1] == 1 and state.outcome is None


def test_flag_win_ends_battle_immediately_T_FLAG_1_T_END_4_T_END_6():
    """Rules: T-FLAG-1, T-END-4, T-END-6."""
    state = scenario("A!.\n...\n..g", {"A": ("goblin", 1), "g": ("goblin", 1)}, objective=Objective.FLAGS)
    events = play(state, Move(0, (1, 0)))
    assert names(events) == ["SquadMoved", "FlagTaken", "BattleEnded"]
    assert (state.outcome.winner, state.outcome.reason, state.outcome.efficiency[1]) == (1, "flags", 1)


def test_pvp_flag_mode_1_own_flags_T_FLAG_3():
    """Mode 1: red flags react to team 1 only, blue to team 2; the first to collect its own wins.

    Rules: T-FLAG-3."""
    flags = (Flag((1, 0), 1), Flag((2, 1), 1), Flag((3, 0), 2))
    state = scenario(
        "S...\n....\n...g",
        {"S": ("swordsman", 1), "g": ("goblin", 1)},
        flags=flags,
        mode=Mode.PVP,
        turn_order=TurnOrder.FIXED,  # the script alternates one squad a side
        flag_mode=1,
        objective=Objective.FLAGS,
    )
    assert state.board.flags_required == (2, 1)
    play(state, Skip(0))
    assert not of(ev.FlagTaken, play(state, Move(1, (2, 1))))  # team 2 on a red flag: nothing
    assert of(ev.FlagTaken, play(state, Move(0, (1, 0)))) == [ev.FlagTaken((1, 0), 1, 0, 1, 2)]
    play(state, Skip(0))  # the goblin is adjacent: the swordsman may attack; it ends its turn instead
    events = play(state, Move(1, (3, 0)))  # the blue flag: team 2 has all of its flags
    assert of(ev.FlagTaken, events) == [ev.FlagTaken((3, 0), 2, 1, 1, 1)]
    assert (state.outcome.winner, state.outcome.reason) == (2, "flags")


def test_pvp_flag_mode_2_majority_T_FLAG_4_T_FLAG_3():
    """Mode 2: shared flags; more than half of all flags wins at once.

    Rules: T-FLAG-4, T-FLAG-3."""
    flags = tuple(Flag(pos, None) for pos in ((1, 0), (2, 0), (3, 0)))
    state = scenario(
        "A...\n....\n...g",
        {"A": ("goblin", 1), "g": ("goblin", 1)},
        flags=flags,
        mode=Mode.PVP,
        turn_order=TurnOrder.FIXED,  # the script alternates one squad a side
        flag_mode=2,
        objective=Objective.FLAGS,
    )
    play(state, Move(0, (1, 0)))  # 1 of 3: not more than half
    assert state.outcome is None
    play(state, Move(1, (3, 0)))  # team 2: 1 of 3
    events = play(state, Move(0, (2, 0)))  # team 1: 2 of 3 > half -> win
    assert of(ev.BattleEnded, events)[0].winner == 1 and state.outcome.reason == "flags"


def test_pvp_flag_mode_2_all_taken_tie_is_draw_T_FLAG_4():
    """Rules: T-FLAG-4."""
    flags = (Flag((1, 0), None), Flag((2, 2), None))
    state = scenario(
        "A...\n....\n...g",
        {"A": ("goblin", 1), "g": ("goblin", 1)},
        flags=flags,
        mode=Mode.PVP,
        flag_mode=2,
        objective=Objective.FLAGS,
    )
    play(state, Move(0, (1, 0)))  # 1 of 2 is not more than half
    assert state.outcome is None
    events = play(state, Move(1, (2, 2)))  # all flags taken, 1 : 1
    assert of(ev.BattleEnded, events)[0].winner is None and state.outcome.reason == "flags"


def test_pvp_flag_mode_2_round_limit_majority_T_FLAG_4_T_END_3():
    """Rules: T-FLAG-4, T-END-3."""
    flags = tuple(Flag(pos, None) for pos in ((1, 0), (4, 0), (4, 1), (4, 2)))
    state = scenario(
        "A....\n.....\n....g".replace("....g", "g...."),
        {"A": ("goblin", 1), "g": ("goblin", 1)},
        flags=flags,
        mode=Mode.PVP,
        flag_mode=2,
        objective=Objective.FLAGS,
        round_limit=1,
    )
    play(state, Move(0, (1, 0)))  # team 1: 1 flag of 4
    events = play(state, Skip(1))  # round 1 was the last
    assert events[-1].winner == 1 and events[-1].reason == "flags"


# ---- chests ------------------------------------------------------------------------------------


def test_chest_bonus_rolled_at_pickup_paid_on_victory_T_CHEST_1_T_CHEST_3_T_CHEST_4():
    """Six equally likely bonuses rolled at pickup, pending, paid only on victory.

    Rules: T-CHEST-1, T-CHEST-3, T-CHEST-4."""
    assert CHEST_BONUSES == (
        "supply_1",
        "rum_15",
        "card_archer",
        "card_swordsman",
        "card_mage",
        "card_assassin",
    )
    state = scenario(
        "A$.\n...\n.!q", {"A": ("goblin", 1), "q": ("stone_guardian", 1)}, objective=Objective.FLAGS
    )
    rng = ScriptedRng([3])
    events = play_rng(state, Move(0, (1, 0)), rng)
    assert rng.calls == [(0, 5, 3)]
    assert of(ev.ChestOpened, events) == [ev.ChestOpened((1, 0), 1, 0, "card_swordsman")]
    assert state.pending_bonus[1] == ("card_swordsman",)
    play(state, Skip(1))
    events = play(state, Move(0, (1, 2)))  # the flag: victory pays the chest
    assert of(ev.BattleEnded, events)[0].chest_rewards == ("card_swordsman",)


def test_chest_ignores_mobs_and_pays_nothing_on_defeat_T_CHEST_2():
    """Rules: T-CHEST-2."""
    state = scenario("A...\n....\n..$g", {"A": ("goblin", 1), "g": ("goblin", 1)})
    play(state, Skip(0))
    events = play(state, Move(1, (2, 2)))  # a mob: the chest stays
    assert not of(ev.ChestOpened, events) and (2, 2) in state.chests
    state = scenario("A$..\n....\n...g", {"A": ("goblin", 1), "g": ("goblin", 1)})
    play(state, Move(0, (1, 0)), 0)
    play(state, Skip(1))
    events = play(state, Surrender(1))
    assert of(ev.BattleEnded, events)[0].chest_rewards == ()


def test_pvp_chest_goes_to_whoever_steps_and_only_if_that_player_wins_T_CHEST_2():
    """Rules: T-CHEST-2."""
    state = scenario(
        "A...\n....\n..$g",
        {"A": ("goblin", 1), "g": ("goblin", 1)},
        mode=Mode.PVP,
        turn_order=TurnOrder.FIXED,  # the script alternates one squad a side
    )
    play(state, Skip(0))
    events = play(state, Move(1, (2, 2)), 5)
    assert of(ev.ChestOpened, events) == [ev.ChestOpened((2, 2), 2, 1, "card_assassin")]
    events = play(state, Surrender(1))  # round 2, team 1 gives up: team 2 wins and is paid
    assert state.outcome.winner == 2 and of(ev.BattleEnded, events)[0].chest_rewards == ("card_assassin",)


# ---- end of battle -----------------------------------------------------------------------------


def test_outcomes_and_efficiency_T_END_1_T_END_2_T_END_6():
    """Annihilation is decisive (efficiency 1 for the winner); surrender uses Ч1/Ч2 for both.

    Rules: T-END-1, T-END-2, T-END-6."""
    state = scenario("S.\ng.\n..", {"S": ("swordsman", 10), "g": ("goblin", 4)})
    events = play(state, Attack(0, (0, 1)), 1, 100, 24)  # 85% hit; 10 x 24 = 240 >= 4 x 40: all die
    end = of(ev.BattleEnded, events)[0]
    assert (end.winner, end.reason, end.efficiency, end.kills) == (1, "annihilation", (1, 0), (4, 0))
    state = scenario("S.\ng.\n.g", {"S": ("swordsman", 10), "g": ("goblin", 4)})
    play(state, Attack(0, (0, 1)), 1, 100, 24)
    events = play(state, Surrender(2))
    end = of(ev.BattleEnded, events)[0]
    assert (end.winner, end.reason) == (1, "surrender")
    assert end.efficiency == (Fraction(1, 2), Fraction(0))  # 4 of 8 enemy units; not a quest win


def test_win_checked_before_the_rest_of_the_move_T_END_4():
    """T-END-4: the flag win ends the battle before a chest on the same sector is opened."""
    state = scenario(
        "A..\n...\n..q",
        {"A": ("goblin", 1), "q": ("stone_guardian", 1)},
        objective=Objective.FLAGS,
        flags=(Flag((1, 0), 1),),
        chests=(Chest((1, 0)),),
    )
    events = play(state, Move(0, (1, 0)))
    assert names(events) == ["SquadMoved", "FlagTaken", "BattleEnded"]
    assert (1, 0) in state.chests
