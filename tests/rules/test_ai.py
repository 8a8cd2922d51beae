"""Tactical AI: puzzles with a known right move, determinism, and what an AI may see (P-AI-1)."""

import pytest

from rules.rng import SeededRng
from rules.tactics.actions import Attack, Defend, Move, Skip, Surrender
from rules.tactics.ai import decide, make_player, player_names
from rules.tactics.engine import apply, check
from rules.tactics.setup import BattleFeature, FeatureKind, Objective, RuneCircle, RuneKind, Trap
from rules.tactics.text import scenario
from rules.tactics.view import view

SMART = [name for name in player_names() if name != "random"]
# casual (Easy) slips now and then to a close second-best plan; it must still take a free kill and
# the last flag and not walk into a losing counterstrike, but may pass a chest by.
EXACT = [name for name in SMART if name != "casual"]


def turn_of(name, state, seed=1):
    """The actions the AI takes for the squad it activates, until that squad's turn ends (on a clone)."""
    state = state.clone()
    player, rng, actions = make_player(name, seed), SeededRng(seed), []
    team = state.active_team
    while True:
        action = decide(player, state)
        actions.append(action)
        apply(state, action, rng)
        if state.current is None or state.over or state.active_team != team:
            return actions


@pytest.mark.parametrize("name", SMART)
def test_finishes_the_weak_squad(name):
    """Two adjacent enemies: a lone mage the swordsmen surely destroy, or armoured catapults they scratch."""
    state = scenario("...\n.S.\nmk.", {"S": ("swordsman", 10), "m": ("mage", 1), "k": ("catapult", 5)})
    assert turn_of(name, state)[-1] == Attack(0, (0, 2))


@pytest.mark.parametrize("name", SMART)
def test_steps_on_the_last_flag(name):
    """The last flag of a flag mission is one move away: take it and win."""
    state = scenario(
        "S.!.\n....\n....\n...o", {"S": ("assassin", 3), "o": ("orc_brute", 6)}, objective=Objective.FLAGS
    )
    assert decide(make_player(name, 1), state) == Move(0, (2, 0))


@pytest.mark.parametrize("name", SMART)
def test_does_not_attack_into_a_losing_counterstrike(name):
    """One goblin poking a troll squad (60% counterstrike) deals almost nothing and likely dies."""
    state = scenario(
        "g.....\nT.....\n......\n.....q", {"g": ("goblin", 1), "T": ("troll", 8), "q": ("catapult", 1)}
    )
    state.active_team = 2
    state.first_team = 2
    # g is squad 0 (team 2), the trolls squad 1 (team 1)
    assert Attack(0, (0, 1)) not in turn_of(name, state)


@pytest.mark.parametrize("seed", range(1, 41))
def test_easy_never_slips_past_a_free_kill_or_the_last_flag_nor_into_the_troll(seed):
    """Easy (casual) errs only among close plans: over many seeds it still takes the sure kill and
    the winning flag, and never pokes the troll squad (the puzzles above, at the level's name)."""
    kill = scenario("...\n.S.\nmk.", {"S": ("swordsman", 10), "m": ("mage", 1), "k": ("catapult", 5)})
    assert turn_of("easy", kill, seed)[-1] == Attack(0, (0, 2))
    flag = scenario(
        "S.!.\n....\n....\n...o", {"S": ("assassin", 3), "o": ("orc_brute", 6)}, objective=Objective.FLAGS
    )
    assert decide(make_player("easy", seed), flag) == Move(0, (2, 0))
    troll = scenario(
        "g.....\nT.....\n......\n.....q", {"g": ("goblin", 1), "T": ("troll", 8), "q": ("catapult", 1)}
    )
    troll.active_team = troll.first_team = 2
    assert Attack(0, (0, 1)) not in turn_of("easy", troll, seed)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_normal_and_hard_avoid_the_troll_counterstrike(level):
    """The level names reach the same puzzle: Hard (and Normal) never attack into the 60% counter."""
    troll = scenario(
        "g.....\nT.....\n......\n.....q", {"g": ("goblin", 1), "T": ("troll", 8), "q": ("catapult", 1)}
    )
    troll.active_team = troll.first_team = 2
    assert Attack(0, (0, 1)) not in turn_of(level, troll)


@pytest.mark.parametrize("name", SMART)
def test_shooter_stays_out_of_melee(name):
    """An archer with a free shot never steps next to an enemy squad (that would force melee, T-ATK-2(b))."""
    state = scenario(".......\n.A.....\n.......\n.....g.", {"A": ("archer", 8), "g": ("goblin", 8)})
    actions = turn_of(name, state)
    for action in actions:
        if isinstance(action, Move):
            x, y = action.to
            assert max(abs(x - 5), abs(y - 3)) > 1
    assert actions[-1] == Attack(0, (5, 3))


DETOUR_SQUADS = {"S": ("swordsman", 10), "g": ("goblin", 8)}
DETOUR_BOARD = "{}...........\nS...........\n...........g"  # the object, if any, one step back from the enemy


@pytest.mark.parametrize("name", EXACT)
@pytest.mark.parametrize("kind", ["chest", "exit", "rune_damage", "rune_dodge"])
def test_steps_aside_for_a_chest_an_exit_or_a_rune_circle(name, kind):
    """With the enemy far away, a chest (T-CHEST-1), an exit sector of an exit mission (T-EXIT-1) or a
    rune circle's aura (T-RUNE-1) is worth the step away from it; with nothing there the squad advances."""
    fields = {}
    symbol = {"chest": "$", "exit": ">"}.get(kind, ".")
    if kind == "exit":
        fields = {"objective": Objective.EXIT, "objective_target": 1}
    elif kind.startswith("rune"):
        fields = {"runes": (RuneCircle((0, 0), RuneKind(kind.removeprefix("rune_"))),)}
    state = scenario(DETOUR_BOARD.format(symbol), DETOUR_SQUADS, **fields)
    assert decide(make_player(name, 1), state) == Move(0, (0, 0))
    assert decide(make_player(name, 1), scenario(DETOUR_BOARD.format("."), DETOUR_SQUADS)) != Move(0, (0, 0))


@pytest.mark.parametrize("name", SMART)
def test_a_sure_kill_comes_before_a_chest(name):
    """A chest one step away does not distract the swordsmen from the lone mage they surely destroy."""
    state = scenario("$..\nS..\nm..", {"S": ("swordsman", 10), "m": ("mage", 1)})
    assert turn_of(name, state)[-1] == Attack(0, (0, 2))


@pytest.mark.parametrize("name", player_names())
def test_same_state_and_seed_same_action_and_always_legal(name):
    state = scenario(
        "S..c\n.A..\n..g.",
        {"S": ("swordsman", 5), "A": ("archer", 4), "c": ("catapult", 1), "g": ("goblin", 3)},
    )
    first = decide(make_player(name, 7), state)
    assert decide(make_player(name, 7), state.clone()) == first
    assert check(state, first) is None
    assert not isinstance(first, Surrender)


@pytest.mark.parametrize("name", player_names())
def test_hidden_traps_do_not_change_the_choice_P_AI_1(name):
    """An AI decides on its team's view: hidden traps are not in it, wherever they lie."""
    board = "S....\n.....\n....g"
    squads = {"S": ("assassin", 5), "g": ("goblin", 4)}
    plain = scenario(board, squads)
    trapped = scenario(board, squads, traps=(Trap((1, 1)), Trap((2, 0)), Trap((2, 2))))
    assert decide(make_player(name, 3), trapped) == decide(make_player(name, 3), plain)
    assert view(trapped, 1).traps == {}
    visible = scenario(board, squads, traps=(Trap((1, 1), visible=True),))
    assert (1, 1) in view(visible, 1).traps


@pytest.mark.parametrize("name", player_names())
def test_an_ai_cannot_be_handed_the_true_state_P_AI_1(name):
    """The protocol is typed on the team's view: a battle state with its hidden traps is refused."""
    state = scenario("S....\n.....\n....g", {"S": ("assassin", 5), "g": ("goblin", 4)})
    with pytest.raises(TypeError, match="decides from"):
        make_player(name, 3).choose(state)


def test_unknown_ai_name_is_refused():
    with pytest.raises(ValueError, match=r"unknown tactics AI .genius.; choose from easy, normal, hard"):
        make_player("genius")


def test_mid_turn_the_ai_finishes_the_moved_squad():
    state = scenario("S...\n....\n..g.", {"S": ("swordsman", 10), "g": ("goblin", 2)})
    state.current = None
    from battle_helpers import play

    play(state, Move(0, (1, 1)))
    assert state.current == 0
    action = decide(make_player("normal", 1), state)
    assert action in (Attack(0, (2, 2)), Skip(0))


SEARCHERS = [name for name in EXACT if name != "greedy"]


@pytest.mark.parametrize("name", SEARCHERS)
def test_defends_when_the_battle_feature_makes_its_attack_useless_T_FEAT_1_T_DEF_2(name):
    """Physical damage -100%: the archer's arrows do nothing, the enemy mage's bolts still hurt.

    «Защита» (+25 magical defense) is then the archer's best turn; with no feature it shoots.
    """
    board = "A......\n.......\n.......\n......m"
    squads = {"A": ("archer", 8), "m": ("mage", 6)}
    useless = scenario(board, squads, feature=BattleFeature(FeatureKind.PHYSICAL, -100))
    assert turn_of(name, useless) == [Defend(0)]
    plain = scenario(board, squads, feature=BattleFeature(FeatureKind.PHYSICAL, 0))
    assert turn_of(name, plain)[-1] == Attack(0, (6, 3))


@pytest.mark.parametrize("name", SEARCHERS)
def test_a_spent_time_cap_stops_the_search_after_its_first_candidate(name):
    """``seconds`` is a safety net: once spent, the best-scored candidate (searched once) is played."""
    from rules.tactics.ai.estimate import Context
    from rules.tactics.ai.lookahead import shortlist_plans
    from rules.tactics.ai.plans import NORMAL, all_plans

    state = scenario(
        "S..c\n.A..\n..g.",
        {"S": ("swordsman", 5), "A": ("archer", 4), "c": ("catapult", 1), "g": ("goblin", 3)},
    )
    first = shortlist_plans(all_plans(Context(state, 1), NORMAL), 8)[0].first_action()
    assert decide(make_player(name, 7, seconds=0.0), state) == first
    assert decide(make_player(name, 7, seconds=60.0), state) == decide(make_player(name, 7), state)
