"""The "Where to stand" shading on screen (issue #24): H and the button toggle it for the selected
squad, every reachable sector is shaded by the rules' numbers, hovering one tells them, and the
legend fits the smallest window in both languages."""

from __future__ import annotations

import pygame
import pytest

from client import i18n
from client.battle import standing as where
from client.context import MAPS_DIR
from rules.tactics.standing import standing_map
from rules.tactics.view import view
from tests.client.ui_events import hover, press, steps, until

RIDGE = MAPS_DIR / "ballista_ridge.tmx"


def ready(app, scene) -> None:
    until(app, scene.input_allowed)
    steps(app, 2)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_h_shades_the_reachable_sectors_by_the_rules_numbers(app, battle, language: str) -> None:
    i18n.set_language(language)
    scene = battle(RIDGE)
    ready(app, scene)
    assert not scene.standing_open and scene.presentation.marks().shading == ()
    press(pygame.K_h)
    steps(app, 2)
    selected = scene.controls.selected
    assert scene.standing_open and selected is not None
    state = scene.session.state
    expected = standing_map(view(state, state.squads[selected].info.team), selected)
    marks = scene.presentation.marks()
    assert {pos for pos, _ in marks.shading} == set(expected)  # every reachable sector, its own too
    count = state.squads[selected].count
    for pos, colour in marks.shading:
        assert colour == where.BANDS[where.band(expected[pos], count)][1]
    target = max(expected, key=lambda p: (expected[p].danger, p != state.squads[selected].pos))
    hover(scene.camera.tile_rect(target).center)
    steps(app, 2)
    labels = [row.label for row in scene.presentation.hover_rows()]
    shown = where.number(expected[target].danger)
    assert expected[target].threat is None or any(shown in label for label in labels)
    legend = scene.presentation.legend_rect()
    assert scene.rects.viewport.contains(legend)
    scene.on_button(scene.standing_button.button)
    assert not scene.standing_open and scene.presentation.marks().shading == ()


def test_the_legend_fits_the_smallest_window_in_both_languages(ctx) -> None:
    from client.app import App
    from client.battle.scene import TacticsScene
    from client.battle.spec import load_spec
    from client.scenes.base import Push

    for language in ("en", "ru"):
        i18n.set_language(language)
        app = App((960, 600), fps=0, context=ctx)
        try:
            ctx.settings.speed = "instant"
            scene = TacticsScene(ctx, app.size, load_spec(RIDGE, ctx.settings), seed=3)
            app.stack.apply(Push(scene))
            ready(app, scene)
            scene.toggle_standing()
            steps(app, 2)
            legend = scene.presentation.legend_rect()
            viewport = scene.rects.viewport
            assert viewport.contains(legend) and legend.width < viewport.width // 2
            for button in (scene.why_button, scene.standing_button, scene.undo_button):
                assert viewport.contains(button.rect)
        finally:
            app.close()


def test_numbers_round_half_up_to_one_decimal() -> None:
    from fractions import Fraction

    assert [where.number(Fraction(n, 100)) for n in (0, 4, 5, 15, 149, 250)] == [
        "0.0", "0.0", "0.1", "0.2", "1.5", "2.5"
    ]
