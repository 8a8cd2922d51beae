"""Controls: reach is the rules' reach, and a click on a sector means the action the rules allow."""

from __future__ import annotations

import pytest

from client.battle.controls import Controls, reach
from rules.rng import SeededRng
from rules.tactics.actions import Attack, Defend, LineAttack, Move, Skip, Surrender
from rules.tactics.battle import assemble
from rules.tactics.engine import apply, check
from rules.tactics.setup import BattleSetup, SquadSpec
from rules.tactics.targets import attack_targets, destinations, line_targets


def small_battle(units: tuple[str, ...] = ("swordsman", "goblin"), positions=((2, 2), (3, 2))):
    setup = BattleSetup(width=8, height=6, armies=((SquadSpec(units[0], 10),), (SquadSpec(units[1], 8),)))
    placements = [(1, SquadSpec(units[0], 10), positions[0]), (2, SquadSpec(units[1], 8), positions[1])]
    from rules.tactics.setup import BattleFeature

    return assemble(setup, placements, feature=BattleFeature(), first_team=1)


def test_reach_is_the_rules_reach() -> None:
    state = small_battle()
    for squad in state.squads:
        area = reach(state, squad)
        assert area.moves == destinations(state, squad)
        assert area.targets == attack_targets(state, squad)


def test_line_attackers_reach_their_row_and_column() -> None:
    state = small_battle(("catapult", "goblin"), ((2, 2), (2, 5)))
    area = reach(state, state.squads[0])
    assert area.line and area.targets == line_targets(state, state.squads[0]) == ((2, 5),)
    assert len(area.cross) == 8 + 6 - 2


def test_the_first_squad_that_may_act_is_selected() -> None:
    state = small_battle()
    controls = Controls()
    controls.sync(state)
    assert controls.selected == 0


def test_clicks_become_actions_or_selections() -> None:
    state = small_battle()
    controls = Controls()
    controls.sync(state)
    assert controls.click(state, (3, 2)) == Attack(0, (3, 2))
    assert controls.click(state, (1, 1)) == Move(0, (1, 1))
    assert controls.click(state, (7, 5)) is None  # out of reach: nothing
    assert controls.click(state, (3, 2)) is not None and controls.selected == 0
    assert controls.defend(state) == Defend(0) and controls.skip(state) == Skip(0)
    assert controls.surrender(state) == Surrender(1)


def test_enemy_squads_cannot_be_selected_but_a_line_attacker_clicks_a_line_attack() -> None:
    state = small_battle(("catapult", "goblin"), ((2, 2), (2, 5)))
    controls = Controls()
    controls.sync(state)
    controls.click(state, (2, 5))
    assert controls.selected == 0
    assert controls.action_at(state, (2, 5)) == LineAttack(0)


def test_after_a_move_the_squad_stays_selected_and_may_only_attack_or_end() -> None:
    state = small_battle(positions=((1, 2), (3, 2)))
    controls = Controls()
    controls.sync(state)
    events = apply(state, Move(0, (2, 2)), SeededRng(1))
    assert events and state.current == 0
    controls.sync(state)
    assert controls.selected == 0
    assert controls.selected_reach(state).moves == ()
    assert controls.defend(state) is None  # «Защита» takes the whole turn
    assert controls.skip(state) == Skip(0)
    assert not controls.cancel(state)


def test_cancel_drops_the_selection_until_the_player_acts() -> None:
    state = small_battle()
    controls = Controls()
    controls.sync(state)
    assert controls.cancel(state) and controls.selected is None
    controls.sync(state)
    assert controls.selected is None
    controls.acted()
    controls.sync(state)
    assert controls.selected == 0


@pytest.mark.parametrize("seed", range(5))
def test_every_action_a_click_makes_is_legal(seed: int) -> None:
    state = small_battle()
    controls = Controls()
    controls.sync(state)
    for x in range(8):
        for y in range(6):
            action = controls.action_at(state, (x, y))
            assert action is None or check(state, action) is None
