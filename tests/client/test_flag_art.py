"""Flags are drawn as the battle's rules say they are, whatever the map stamped (T-FLAG-3, P-MODE-3).

A hot-seat battle may switch a flags map's flag mode: the scene is rendered headless in both
modes on both shipped PvP flags maps, and each flag's sector on screen is checked for its colour
(team 1 and shared: red, team 2: blue) and, for the shared mode, the shipped shared-flag picture.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from client.app import App
from client.battle.scene import TacticsScene
from client.battle.spec import load_spec
from client.context import MAPS_DIR, Context
from client.render.map_layers import load_map_art, sheet_image
from client.scenes.base import Push
from tests.client.ui_events import press, steps

FLAG_MAPS = [MAPS_DIR / "arena_red_blue.tmx", MAPS_DIR / "arena_crown_field.tmx"]


def cloth_colour(surface: pygame.Surface, rect: pygame.Rect) -> str:
    """'red' or 'blue': which strongly coloured pixels dominate the sector."""
    reds = blues = 0
    for x in range(rect.left, rect.right):
        for y in range(rect.top, rect.bottom):
            r, g, b, _ = surface.get_at((x, y))
            if r > 150 and r > b + 80 and r > g + 80:
                reds += 1
            elif b > 150 and b > r + 80:
                blues += 1
    assert reds + blues > 40, f"no flag cloth in {rect}"
    return "red" if reds > blues else "blue"


def hotseat_battle(app: App, ctx: Context, path: Path, flag_mode: int) -> TacticsScene:
    ctx.settings.speed = "instant"
    spec = load_spec(path, ctx.settings, hotseat=True, flag_mode=flag_mode)
    scene = TacticsScene(ctx, app.size, spec, seed=3)
    app.stack.apply(Push(scene))
    steps(app, 3)
    press(pygame.K_ESCAPE)  # deselect: the blue move zone must not tint a flag
    steps(app, 2)
    assert scene.controls.selected is None
    return scene


def shown_flags(app: App, scene: TacticsScene) -> dict[tuple[int, int], str]:
    """The colour of every flag of the rules' state as drawn on the screen (panned into view)."""
    colours = {}
    for pos in scene.session.state.flags:
        scene.camera.centre_on(((pos[0] + 0.5) * 64, (pos[1] + 0.5) * 64))
        scene.camera.update(10.0)
        scene.draw(app.screen)
        rect = scene.camera.tile_rect(pos).clip(scene.rects.viewport)
        assert rect.w > 40 and rect.h > 40, "the flag's sector is on screen"
        colours[pos] = cloth_colour(app.screen, rect)
    return colours


@pytest.mark.parametrize("path", FLAG_MAPS, ids=lambda p: p.stem)
@pytest.mark.parametrize("flag_mode", [1, 2])
def test_flags_show_the_battles_flag_mode(
    app: App, ctx: Context, shots: Path, path: Path, flag_mode: int
) -> None:
    scene = hotseat_battle(app, ctx, path, flag_mode)
    state = scene.session.state
    assert state.board.setup.flag_mode == flag_mode and state.flags
    colours = shown_flags(app, scene)
    expected = {pos: "blue" if flag.team == 2 else "red" for pos, flag in state.flags.items()}
    pygame.image.save(app.screen, str(shots / f"{path.stem}_mode{flag_mode}.png"))
    assert colours == expected
    if flag_mode == 1:
        assert {flag.team for flag in state.flags.values()} == {1, 2}, "each team has flags to take"


def test_a_shared_flag_gets_the_shared_picture_and_a_team_flag_its_teams(app: App) -> None:
    _, art = load_map_art(MAPS_DIR / "arena_red_blue.tmx")
    red_pennant = next(pos for (kind, pos), team in art.stamped_variants.items() if team == 1)
    assert art.object_image("flag", red_pennant, 1) is art.stamped[("flag", red_pennant)]
    for team in (None, 2):
        shown = pygame.image.tobytes(art.object_image("flag", red_pennant, team), "RGBA")
        assert shown == pygame.image.tobytes(sheet_image(("flag", team)), "RGBA")
