"""Where to stand (issue #24): each reachable sector's danger and attack equal the attack preview's
exact odds on the board as it would be (the squad moved there, the enemy moved to strike)."""

from __future__ import annotations

from fractions import Fraction

from rules.rng import SeededRng
from rules.tactics.actions import Attack, Move
from rules.tactics.engine import apply, legal_actions
from rules.tactics.preview import preview
from rules.tactics.setup import RuneCircle, RuneKind, Trap
from rules.tactics.standing import next_attackers, standing_map
from rules.tactics.text import scenario
from rules.tactics.view import view


def expected_kills(board: str, squads: dict, attacker: int, target: tuple[int, int], **setup) -> Fraction:
    """The preview's expected kills of ``attacker`` on ``target`` on an ASCII board."""
    state = scenario(board, squads, **setup)
    return preview(state, Attack(attacker, target)).targets[0].expected_kills


def test_the_danger_of_a_sector_next_to_an_enemy_is_its_attacks_expected_kills_T_ATK_1() -> None:
    """Standing next to the goblin, the swordsman risks exactly the goblin's melee attack on it there;
    out of its reach, nothing. Rules: T-ATK-1 (melee reaches adjacent sectors)."""
    squads = {"S": ("swordsman", 6), "g": ("goblin", 8)}
    standings = standing_map(scenario("S.g\n...\n...", squads), 0)
    near = expected_kills(".Sg\n...\n...", squads, 1, (1, 0))
    assert standings[(1, 0)].danger == near and standings[(1, 0)].threat == 1
    assert standings[(0, 0)].danger == expected_kills("Sg.\n...\n...", squads, 1, (0, 0))  # it walks up
    assert all(s.danger > 0 for s in standings.values())  # a goblin moves 2 and strikes: it reaches all


def test_a_shooter_is_more_dangerous_close_than_far_T_PROP_4() -> None:
    """The skeleton archers shoot anywhere; from far away the distance penalty lowers the expected
    kills exactly as the preview says. Rules: T-PROP-4."""
    squads = {"S": ("swordsman", 10), "k": ("skeleton_archer", 12)}
    board = "S.......\n........\n........\n.......k"
    standings = standing_map(scenario(board, squads), 0)
    far = standings[(0, 0)].danger
    assert far == expected_kills(board, squads, 1, (0, 0))  # it may stay and shoot from its corner
    assert far > 0 and standings[(0, 0)].threat == 1


def test_a_rune_under_the_sector_counts_for_the_squad_standing_there_T_RUNE_1() -> None:
    """A physical-defense rune: standing on it lowers the danger to exactly the preview with the aura.
    Rules: T-RUNE-1."""
    squads = {"S": ("swordsman", 10), "g": ("goblin", 12)}
    rune = (RuneCircle((1, 0), RuneKind.PHYS_DEFENSE),)
    standings = standing_map(scenario("S...g\n.....", squads, runes=rune), 0)
    on_rune = scenario(".S..g\n.....", squads, runes=rune)
    on_rune.squads[0].auras = on_rune.squads[0].auras | {RuneKind.PHYS_DEFENSE.value}
    goblin_next_to_it = scenario(".Sg..\n.....", squads, runes=rune)
    goblin_next_to_it.squads[0].auras = on_rune.squads[0].auras
    exact = preview(goblin_next_to_it, Attack(1, (1, 0))).targets[0].expected_kills
    assert standings[(1, 0)].danger == exact
    plain = standing_map(scenario("S...g\n.....", squads), 0)[(1, 0)].danger
    assert standings[(1, 0)].danger < plain


def test_the_best_attack_from_each_sector_is_the_previews_expected_kills() -> None:
    squads = {"S": ("swordsman", 10), "g": ("goblin", 8)}
    standings = standing_map(scenario("S.g.\n....", squads), 0)
    assert standings[(1, 0)].attack == expected_kills(".Sg.\n....", squads, 0, (2, 0))
    assert standings[(1, 0)].target == (2, 0)
    assert standings[(0, 0)].attack == 0 and standings[(0, 0)].target is None  # nothing adjacent


def test_only_enemies_that_may_act_next_threaten_T_TURN_1() -> None:
    """Of the enemy squads that have not acted this round only those may act on the next
    activation; a squad that has acted comes back only when all have. Rules: T-TURN-1."""
    squads = {"S": ("swordsman", 10), "g": ("goblin", 8), "h": ("goblin", 8)}
    state = scenario("S...g\n....h", squads)
    state.squads[1].acted = True
    assert [s.info.id for s in next_attackers(state, 1)] == [2]
    state.squads[2].acted = True
    assert [s.info.id for s in next_attackers(state, 1)] == [1, 2]


def test_hidden_traps_change_nothing_the_player_is_shown_T_TRAP_3() -> None:
    """Computed from the player's view: a hidden trap on a reachable sector leaves the map as if it
    were not there. Rules: T-TRAP-3 (traps are hidden)."""
    squads = {"S": ("swordsman", 10), "g": ("goblin", 8)}
    trapped = scenario("S...g\n.....", squads, traps=(Trap((1, 0)),))
    plain = scenario("S...g\n.....", squads)
    assert standing_map(view(trapped, 1), 0) == standing_map(view(plain, 1), 0)


def test_after_moving_only_the_squads_sector_is_shown() -> None:
    squads = {"A": ("archer", 8), "g": ("goblin", 8)}
    state = scenario("A....\n....g", squads)
    apply(state, next(a for a in legal_actions(state) if isinstance(a, Move)), SeededRng(1))
    assert state.current == 0
    assert list(standing_map(state, 0)) == [state.squads[0].pos]
