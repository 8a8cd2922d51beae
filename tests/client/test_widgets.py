"""The battle scene's widgets and panels on their own: buttons, pause panel, end overlay, map errors."""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise
from pathlib import Path

import pygame
import pygame_gui
import pytest

from client import i18n
from client.battle.overlay import EndOverlay, summary_lines
from client.battle.session import BattleRecord
from client.battle.widgets import HINT_ROOM, WIDTHS, BattleButtons, PausePanel, speed_label
from client.render.board_view import BoardView
from client.render.hud import hint_lines
from client.scenes.map_error import MapErrorScene
from client.settings import Settings
from client.ui import THEME_PATH
from rules.tactics import events as ev
from tests.client.battle_states import duel


@pytest.fixture
def ui(app) -> pygame_gui.UIManager:
    return pygame_gui.UIManager(app.size, theme_path=str(THEME_PATH))


def test_buttons_show_their_keys_grow_to_fit_and_stay_in_the_bar(ui: pygame_gui.UIManager) -> None:
    buttons = BattleButtons(ui)
    bar = pygame.Rect(0, 656, 1280, 64)
    buttons.layout(bar)
    settings = Settings(speed="instant")
    buttons.relabel(settings, mid_turn=True)
    assert buttons["defend"].text == "Defend [D]" and buttons["skip"].text == "End turn [Space]"
    assert buttons["speed"].text == "Speed: instant" and buttons["speed"].rect.w > WIDTHS["speed"]
    rects = [buttons[name].rect for name in WIDTHS]
    assert all(bar.contains(rect) for rect in rects)
    assert all(a.right <= b.left for a, b in pairwise(rects))
    i18n.set_language("ru")
    buttons.relabel(settings, mid_turn=False)
    assert buttons["defend"].text == "Защита [D]" and buttons["skip"].text.startswith("Пропустить")
    # In the sentence the speed is lower-case after a colon; alone (compact) it is capitalised.
    assert buttons["speed"].text == "Скорость: мгновенно"
    assert speed_label(settings, compact=True) == "Мгновенно"


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("mid_turn", [False, True])
def test_at_the_minimum_window_the_buttons_go_compact_and_the_hint_fits(
    ui: pygame_gui.UIManager, language: str, mid_turn: bool
) -> None:
    """At 960 px the full Russian labels left the hint ~100 px, cut off under «Защита»: the buttons
    drop their key names and the word "Speed", and every hint fits whole in the room left."""
    i18n.set_language(language)
    buttons = BattleButtons(ui)
    settings = Settings(speed="instant")
    buttons.relabel(settings, mid_turn)
    bar = pygame.Rect(0, 536, 960, 64)
    buttons.layout(bar)
    assert buttons.left_edge - bar.x >= HINT_ROOM - 40  # compact Russian leaves 279 px
    if language == "ru":
        assert buttons["defend"].text == "Защита" and buttons["speed"].text == "Мгновенно"
    for hint in ("hint_select", "hint_selected", "hint_mid_turn", "hint_wait"):
        text = i18n.tr(f"battle.{hint}")
        _, _, lines = hint_lines(text, buttons.left_edge - 16 - bar.x - 16, bar.h)
        assert " ".join(lines).split() == text.split()  # nothing cut off
    buttons.layout(pygame.Rect(0, 656, 1280, 64))  # a wider window: the key names come back
    assert buttons["defend"].text.endswith("[D]")


def test_disabling_a_button(ui: pygame_gui.UIManager) -> None:
    buttons = BattleButtons(ui)
    buttons.enable("defend", False)
    assert not buttons["defend"].is_enabled
    buttons.enable("defend", True)
    assert buttons["defend"].is_enabled


def test_the_pause_panel_has_its_three_choices(ui: pygame_gui.UIManager) -> None:
    panel = PausePanel(ui, (1280, 720))
    assert set(panel.buttons) == {"resume", "settings", "leave"}
    panel.kill()


def test_the_end_overlay_says_who_won_and_the_numbers(ui: pygame_gui.UIManager, app) -> None:
    state = duel()
    view = BoardView(state, 64)
    view.chests_taken[1].append("rum_15")
    ended = ev.BattleEnded(1, "annihilation", (Fraction(1), Fraction(1, 4)), (8, 2), ("rum_15",))
    lines = [line for line, _ in summary_lines(ended, view, state)]
    assert lines == [
        "Every squad of the losing side was destroyed.",
        "Efficiency: 1.000",
        "Enemy units killed: 8",
        "Units lost: 0",
        "Chests: 15 rum",
    ]
    overlay = EndOverlay(ui, (1280, 720), ended, BattleRecord(state.board.setup, 1, None))
    assert "save_replay" not in overlay.buttons  # no map file: nothing to replay from
    overlay.draw(app.screen, view, state)
    overlay.kill()


def test_a_map_error_scene_lists_every_error(app, ctx) -> None:
    errors = ["maps/x.tmx: objects: object 3: bad", "second"]
    scene = MapErrorScene(ctx, (1280, 720), Path("maps/x.tmx"), errors)
    scene.update(0.01)
    scene.draw(app.screen)
    assert scene.errors == ["maps/x.tmx: objects: object 3: bad", "second"]
