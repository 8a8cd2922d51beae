"""The player's zoom of the battle map (issue 24): wheel and keys, 50%..200%, centred on the cursor,
the map rescaled once per level, and hit-testing right at every level."""

from __future__ import annotations

import pygame
import pytest

from client.context import MAPS_DIR
from client.render.camera import ZOOM_LEVELS, Camera, zoom_step
from client.render.zoom import ZoomedArt
from tests.client.ui_events import click_at, hover, press, steps

RIDGE = MAPS_DIR / "ballista_ridge.tmx"
VIEWPORT = pygame.Rect(0, 48, 980, 608)


def test_zoom_steps_run_from_half_to_double_size() -> None:
    assert ZOOM_LEVELS[0] == 0.5 and ZOOM_LEVELS[-1] == 2.0 and 1.0 in ZOOM_LEVELS
    assert zoom_step(1.0, 1) > 1.0 > zoom_step(1.0, -1)
    assert zoom_step(2.0, 1) == 2.0 and zoom_step(0.5, -3) == 0.5
    assert zoom_step(1.0, 99) == 2.0 and zoom_step(1.0, -99) == 0.5


@pytest.mark.parametrize("steps_", [1, -1])
@pytest.mark.parametrize("cursor", [(300, 200), (700, 500), (481, 333)])
def test_the_sector_under_the_cursor_stays_under_it_after_a_zoom_step(
    cursor: tuple[int, int], steps_: int
) -> None:
    tile = 128
    camera = Camera((24 * tile, 18 * tile), VIEWPORT, tile)
    camera.centre_on((12 * tile + 17, 9 * tile + 5))
    level = 1.0
    for _ in range(3):  # three notches the same way, each keeping the spot under the cursor
        before = camera.to_world(cursor)
        under = camera.sector_at(cursor, (24, 18))
        new_level = zoom_step(level, steps_)
        new_tile = round(64 * 2 * new_level)
        camera.set_world((24 * new_tile, 18 * new_tile), new_tile, cursor)
        after = camera.to_world(cursor)
        ratio = new_tile / tile
        for axis in (0, 1):  # the map pixel under the cursor is the same spot, scaled
            assert abs(after[axis] - before[axis] * ratio) <= ratio + 1
        assert camera.sector_at(cursor, (24, 18)) == under
        tile, level = new_tile, new_level


def test_zooming_without_a_cursor_keeps_the_viewports_centre() -> None:
    camera = Camera((24 * 64, 18 * 64), VIEWPORT, 64)
    camera.centre_on((700, 600))
    camera.set_world((24 * 128, 18 * 128), 128)
    assert abs(camera.x + VIEWPORT.w / 2 - 1400) <= 1 and abs(camera.y + VIEWPORT.h / 2 - 1200) <= 1


def test_each_zoom_level_is_rescaled_once_and_kept(battle, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = battle(RIDGE)
    made: list[float] = []
    zoomed = type(scene.spec.art).zoomed

    def counting(art, factor: float):
        made.append(factor)
        return zoomed(art, factor)

    monkeypatch.setattr(type(scene.spec.art), "zoomed", counting)
    for level in ZOOM_LEVELS + ZOOM_LEVELS[::-1]:  # every level, twice
        scene.set_zoom(level)
        assert scene.view.tile == round(64 * level)  # the ridge fits a 1280x720 window at 64 px sectors
    assert len(made) == len(set(made)) == len(ZOOM_LEVELS) - 1  # 100% was made when the battle opened
    assert scene.art.tile == scene.view.tile == scene.camera.tile


def test_kept_maps_stay_within_their_pixel_budget(battle) -> None:
    scene = battle(RIDGE)
    arts = ZoomedArt(scene.spec.art, budget=3 * 24 * 18 * 64 * 64)
    for factor in (1.0, 2.0, 0.5, 1.0):
        assert arts.at(factor).tile == round(64 * factor)
    assert arts.pixels() <= arts.budget and arts.kept[-1] == 64


def _own_squads(scene) -> list:
    state = scene.session.state
    return [s for s in state.squads if scene.controls.selectable(state, s)]


@pytest.mark.parametrize("level", [0.5, 1.0, 2.0])
def test_a_click_selects_the_sector_under_it_at_every_zoom(battle, app, level: float) -> None:
    scene = battle(RIDGE, hotseat=True)
    steps(app, 2)
    scene.set_zoom(level)
    assert scene.view.tile == round(64 * level)
    squads = _own_squads(scene)
    assert len(squads) >= 2
    for squad in squads[:3]:
        scene.camera.centre_on(scene._centre(squad.pos))
        rect = scene.camera.tile_rect(squad.pos)
        for point in (rect.center, (rect.x + 2, rect.y + 2), (rect.right - 3, rect.bottom - 3)):
            assert scene.camera.sector_at(point, scene.view.size) == squad.pos
        click_at((rect.x + 3, rect.bottom - 4))
        steps(app, 2)
        assert scene.controls.selected == squad.info.id


def test_the_wheel_zooms_about_the_cursor_from_half_to_double(battle, app) -> None:
    scene = battle(RIDGE, hotseat=True)
    steps(app, 2)
    base_tile = scene.view.tile
    cursor = (scene.rects.viewport.centerx + 123, scene.rects.viewport.centery - 77)
    hover(cursor)
    steps(app, 1)
    scene.camera.centre_on((12.3 * base_tile, 9.6 * base_tile))
    under = scene.camera.sector_at(cursor, scene.view.size)
    for notches, tile in ((1, base_tile * 1.25), (1, base_tile * 1.5), (9, base_tile * 2)):
        for _ in range(notches):
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_y=1.0))
        steps(app, 1)
        assert scene.view.tile == round(tile) and scene.camera.tile == scene.view.tile
        assert scene.camera.sector_at(cursor, scene.view.size) == under
    for _ in range(9):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_y=-1.0))
    steps(app, 1)
    assert scene.zoom == 0.5 and scene.view.tile == round(base_tile / 2)


def test_zoom_keys_are_bound_and_rebindable(battle, app, ctx) -> None:
    scene = battle(RIDGE, hotseat=True)
    steps(app, 2)
    press(pygame.K_EQUALS)
    steps(app, 1)
    assert scene.zoom == 1.25
    press(pygame.K_MINUS)
    press(pygame.K_MINUS)
    steps(app, 1)
    assert scene.zoom == 0.75
    press(pygame.K_0)
    steps(app, 1)
    assert scene.zoom == 1.0
    settings = ctx.settings.copy()
    settings.keys["zoom_in"] = "page up"
    ctx.apply(settings)
    press(pygame.K_PAGEUP)
    steps(app, 1)
    assert scene.zoom == 1.25
