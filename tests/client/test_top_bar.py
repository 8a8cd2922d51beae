"""The top bar lays out without overlaps: the turn label never runs under the objective chips.

Checked on the layout's rects for window widths from the game's minimum up, in both languages,
with the longest labels the battle shows (hot-seat turn, replay, the AI thinking with its dots)
beside the widest chips (shared flags, chests), and once on a real battle scene drawn at the
minimum window size.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pygame
import pytest

from client import i18n
from client.app import MIN_SIZE, App
from client.battle.scene import TacticsScene
from client.battle.setup_override import with_flag_mode
from client.battle.spec import load_spec
from client.context import MAPS_DIR, Context
from client.render.board_view import BoardView
from client.render.hud import TurnInfo, objective_chips
from client.render.layout import battle_layout
from client.render.top_bar import TopBarLayout, top_bar_layout
from client.scenes.base import Push
from client.tiled import load_setup
from rules.rng import SeededRng
from rules.tactics.battle import new_battle
from tests.client.ui_events import steps

WIDTHS = [MIN_SIZE[0], 1024, 1100, 1280, 1600, 1920]
# (map, flag mode, turn label key and its team name key, team, thinking)
CASES = [
    ("arena_crown_field", 2, "battle.team_turn", 2, False),
    ("arena_red_blue", 1, "battle.replay_turn", 1, False),
    ("smugglers_cove", None, "battle.thinking", 2, True),
    ("banner_hunt", None, "battle.thinking", 2, True),
]


@pytest.fixture(autouse=True)
def _display(app: App) -> None:
    return None


def case_bar(name: str, flag_mode: int | None, key: str, team: int, thinking: bool, width: int):
    setup = load_setup(MAPS_DIR / f"{name}.tmx")
    state, _ = new_battle(with_flag_mode(setup, flag_mode), SeededRng(1))
    view = BoardView(state, 64)
    turn = TurnInfo(team, i18n.tr(key, team=i18n.team_colour(team, "plural")), thinking)
    round_label = i18n.tr("battle.round", n=20, total=20)
    bar = battle_layout((width, MIN_SIZE[1])).top
    return top_bar_layout(bar.size, round_label, turn, objective_chips(view)), turn, bar


def assert_no_overlap(layout: TopBarLayout, bar: pygame.Rect) -> None:
    inside = pygame.Rect((0, 0), bar.size)
    boxes = [chip.box for chip in layout.chips]
    assert layout.label_rect.colliderect(layout.turn_rect) and layout.turn_rect.contains(layout.label_rect)
    for box in boxes:
        assert not layout.turn_rect.colliderect(box), (layout.turn_rect, box)
        assert not layout.label_rect.colliderect(box)
        assert not layout.round_rect.colliderect(box)
        assert inside.contains(box)
    assert not layout.turn_rect.colliderect(layout.round_rect)
    assert inside.contains(layout.turn_rect) and inside.contains(layout.round_rect)
    for a, b in itertools.pairwise(boxes):
        assert a.right < b.left


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]}-{c[2]}")
def test_the_turn_label_never_runs_under_the_chips(language: str, width: int, case: tuple) -> None:
    i18n.set_language(language)
    layout, turn, bar = case_bar(*case, width)
    assert_no_overlap(layout, bar)
    assert layout.label == turn.label, "at the minimum window and up every label fits whole"
    assert layout.chips, "each case has objective chips"


@pytest.mark.parametrize("width", [640, 800])
def test_below_the_minimum_the_label_shrinks_rather_than_overlaps(width: int) -> None:
    i18n.set_language("ru")
    layout, turn, bar = case_bar(*CASES[0], width)
    assert_no_overlap(layout, bar)
    assert layout.label_size < 22 or layout.label != turn.label or layout.chips[0].size < 17


def test_at_the_widths_the_bar_had_room_it_looks_as_before() -> None:
    i18n.set_language("en")
    layout, _, bar = case_bar(*CASES[2], 1280)
    assert layout.label_size == 22 and all(chip.size == 17 for chip in layout.chips)
    assert layout.label_rect.centerx == pytest.approx(bar.w // 2 + 12, abs=1)


def test_a_hot_seat_battle_at_the_minimum_window_draws_the_bar_without_overlap(
    app: App, ctx: Context, shots: Path
) -> None:
    i18n.set_language("ru")
    ctx.settings.language = "ru"
    ctx.settings.speed = "instant"
    spec = load_spec(MAPS_DIR / "arena_crown_field.tmx", ctx.settings, hotseat=True, flag_mode=2)
    scene = TacticsScene(ctx, app.size, spec, seed=3)
    app.stack.apply(Push(scene))
    app.stack.resize(MIN_SIZE)
    steps(app, 3)
    surface = pygame.Surface(MIN_SIZE)
    scene.draw(surface)
    layout = scene.presentation.top_bar.layout
    assert layout is not None and scene.rects.top.size == (MIN_SIZE[0], 48)
    assert_no_overlap(layout, scene.rects.top)
    assert layout.label == scene.presentation.turn_info().label
    pygame.image.save(surface, str(shots / "crown_field_ru_960x600.png"))
