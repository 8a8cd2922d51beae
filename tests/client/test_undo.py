"""Undo in the tactical battle (issue #24): the session takes back the side to move's actions that
rolled no dice and revealed nothing, several steps within its turn, never the other side's; the
state after undo equals the state before the action, and the replay holds only what stood."""

from __future__ import annotations

import pygame
import pytest

from client.battle.session import HUMAN, BattleSession
from client.context import MAPS_DIR
from client.replays import map_hash
from client.tiled import load_setup
from rules.core.replay import state_hash
from rules.rng import SeededRng
from rules.tactics.actions import Attack, Move, Skip
from rules.tactics.engine import apply, legal_actions
from rules.tactics.replay import record, verify
from rules.tactics.setup import TurnOrder
from rules.tactics.text import scenario
from rules.tactics.undo import Counting, refusal
from tests.client.ui_events import steps

TUTORIAL = MAPS_DIR / "tutorial.tmx"


def session_on(board: str, squads: dict, controllers: dict | None = None, **setup) -> BattleSession:
    """A session whose battle is the ASCII ``board`` (hot-seat unless ``controllers`` say otherwise)."""
    state = scenario(board, squads, **setup)
    session = BattleSession(load_setup(TUTORIAL), 11, controllers or {1: HUMAN, 2: HUMAN})
    session.state = state  # the session's own battle replaced by the board's
    return session


TWO_SQUADS = {"S": ("swordsman", 5), "A": ("archer", 5), "g": ("goblin", 5), "h": ("goblin", 5)}
BOARD = "S......\nA......\n......g\n......h"


def test_an_undone_move_leaves_the_state_the_dice_and_the_record_as_before() -> None:
    session = session_on(BOARD, TWO_SQUADS)
    before, dice = state_hash(session.state), session.rng.get_state()
    session.act(Move(1, (1, 1)))  # the archer still has a target: its turn goes on
    assert session.state.current == 1 and session.undo_refusal() is None
    assert session.undo()
    assert state_hash(session.state) == before
    assert session.rng.get_state() == dice
    assert session.record.actions == [] and session.record.explanations == []
    assert Move(1, (1, 1)) in legal_actions(session.state)  # the squad may move again
    assert session.undo_refusal() == "nothing"


def test_an_attack_cannot_be_undone_and_says_why() -> None:
    session = session_on("Sg....\n......", {"S": ("swordsman", 5), "g": ("goblin", 5)})
    session.act(Attack(0, (1, 0)))
    assert not session.undo() and session.undo_refusal() in ("attack", "opponent", "battle_over")
    assert len(session.record.actions) == 1


def test_the_other_sides_action_ends_what_can_be_taken_back_in_hot_seat() -> None:
    """Hot-seat: after team 1's move the turn is team 2's, which may not take back team 1's move;
    once team 2 acts, team 1's move stands for good (T-TURN-4's fair share: A B B)."""
    session = session_on(BOARD, TWO_SQUADS, turn_order=TurnOrder.FAIR_SHARE)
    session.act(Move(0, (1, 0)))  # the swordsman has no target: its turn ends, team 2 picks next
    assert session.state.active_team == 2
    assert session.undo_refusal() == "not_yours" and not session.undo()
    session.act(Skip(2))
    assert [p.team for p in session.undo_points] == [2]
    assert session.undo()  # team 2 takes back its own skip ...
    assert session.undo_refusal() == "nothing"  # ... and team 1's move is no longer on the stack
    assert len(session.record.actions) == 1


def test_several_steps_back_within_one_sides_turn() -> None:
    """T-TURN-4's fair share opens with A B B: team 2 skips one squad, moves its shooter (whose turn
    goes on: it still has a target) and takes both back, one step at a time."""
    squads = {"S": ("swordsman", 5), "g": ("goblin", 5), "k": ("skeleton_archer", 5)}
    session = session_on("S......\n.......\n......g\n......k", squads, turn_order=TurnOrder.FAIR_SHARE)
    session.act(Move(0, (1, 0)))
    start = state_hash(session.state)
    session.act(Skip(1))
    after_skip = state_hash(session.state)
    assert session.state.active_team == 2  # its second pick
    session.act(Move(2, (5, 3)))
    assert session.state.current == 2 and len(session.undo_points) == 2
    assert session.undo() and state_hash(session.state) == after_skip
    assert session.undo() and state_hash(session.state) == start
    assert len(session.record.actions) == 1 and session.undo_refusal() == "nothing"


def test_the_computers_move_cannot_be_taken_back() -> None:
    session = session_on(BOARD, TWO_SQUADS, {1: HUMAN, 2: "greedy"})
    session.act(Move(0, (1, 0)))
    assert session.undo_refusal() == "opponent"  # team 2, the computer, is to act
    session.act(Skip(2))
    assert session.undo_refusal() == "opponent" and not session.undo_points


def test_a_replay_holds_only_the_actions_that_stood() -> None:
    """Undo never touches the dice stream: a battle with undone moves replays exactly like the same
    battle played without them (same final state)."""
    setup = load_setup(TUTORIAL)
    with_undo = BattleSession(setup, 5, {1: HUMAN, 2: HUMAN})
    straight = BattleSession(setup, 5, {1: HUMAN, 2: HUMAN})
    for turn in range(12):
        if with_undo.over:
            break
        legal = [a for a in legal_actions(with_undo.state) if not hasattr(a, "team")]
        detour = next((a for a in legal if isinstance(a, Move)), None)
        if detour is not None and turn % 2 == 0:
            with_undo.act(detour)
            if with_undo.undo_refusal() is None:
                assert with_undo.undo()
            else:
                straight.act(detour)
                continue
        action = legal[-1]  # Skip or Defend: no detour
        with_undo.act(action)
        straight.act(action)
    assert with_undo.record.actions == straight.record.actions
    assert state_hash(with_undo.state) == state_hash(straight.state)
    digest = map_hash(TUTORIAL)
    actions = with_undo.record.actions
    replay = record(setup, 5, actions, with_undo.state, map_path="tutorial.tmx", map_hash=digest)
    assert state_hash(verify(setup, replay, digest)) == state_hash(with_undo.state)


# ---- the scene: Ctrl+Z, the button and its hover text ---------------------------------------------
def keeps_the_turn(state, move: Move) -> bool:
    """The move leaves its squad's turn going (it still has a target) and can be taken back."""
    twin, dice = state.clone(), Counting(SeededRng(0))
    events = apply(twin, move, dice)
    return twin.current == move.squad and refusal(move, events, dice.rolls > 0) is None


def ctrl_z() -> None:
    pygame.key.set_mods(pygame.KMOD_LCTRL)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL))


@pytest.mark.parametrize("language", ["en", "ru"])
def test_ctrl_z_and_the_button_take_back_a_move_on_screen(app, battle, language: str) -> None:
    from client import i18n

    i18n.set_language(language)
    scene = battle(hotseat=True)
    steps(app, 2)
    session = scene.session
    move = next(a for a in session.legal() if isinstance(a, Move) and keeps_the_turn(session.state, a))
    squad_id, start = move.squad, session.state.squads[move.squad].pos
    before = state_hash(session.state)
    assert not scene.undo_button.button.is_enabled  # nothing to take back yet
    scene._human(move)
    steps(app, 3)
    assert scene.undo_button.button.visible and scene.undo_button.button.is_enabled
    ctrl_z()
    steps(app, 3)
    pygame.key.set_mods(0)
    assert state_hash(session.state) == before
    assert scene.view.squads[squad_id].pos == start and not scene.view.mismatches(session.state)
    assert not scene.undo_button.button.is_enabled
    assert scene.undo_button._tip == i18n.tr("undo.why_not.nothing")
    scene._human(move)
    steps(app, 3)
    scene.on_button(scene.undo_button.button)
    assert state_hash(session.state) == before and session.record.actions == []


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_disabled_undo_button_says_why_on_hover(app, battle, monkeypatch, language: str) -> None:
    """Issue 24, "what cannot be undone says why on hover": pygame-gui shows no tooltip on a disabled
    button, so the scene draws the reason itself while the mouse is on it."""
    from client import i18n
    from tests.client.ui_events import hover

    i18n.set_language(language)
    scene = battle(hotseat=True)
    steps(app, 2)
    drawn: list[str] = []
    real_draw = scene.why_not_tip.draw

    def spy(surface, rows, *args, **kwargs):
        drawn.extend(row.label for row in rows)
        return real_draw(surface, rows, *args, **kwargs)

    monkeypatch.setattr(scene.why_not_tip, "draw", spy)
    button = scene.undo_button.button
    assert button.visible and not button.is_enabled
    hover(button.rect.center)
    steps(app, 2)
    assert drawn and drawn[-1] == i18n.tr("undo.why_not.nothing")
    scene._human(next(a for a in scene.session.legal() if isinstance(a, Skip)))  # the other side to move
    steps(app, 3)
    assert scene.session.undo_refusal() == "not_yours"
    hover(button.rect.center)
    steps(app, 2)
    assert drawn[-1] == i18n.tr("undo.why_not.not_yours")
    drawn.clear()
    hover((button.rect.right + 40, button.rect.centery - 60))  # off the button: no reason shown
    steps(app, 2)
    assert not drawn
