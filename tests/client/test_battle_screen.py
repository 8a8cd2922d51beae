"""The battle screen as issue #19 asks for it, driven like a player would.

The tooltip leaves the action visible and is gone while the computer acts; the camera opens on
the player's landing zone and follows the computer; the top bar and the hint agree on whose turn
it is; the log records moves by the sector names the rulers show; the end overlay's "Main menu"
goes to the main menu and explains efficiency; surrender and leaving ask first, in the pause
panel's look, naming the player's side.
"""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.core.utility import translate

from client import i18n
from client.app import App
from client.battle.scene import TacticsScene
from client.battle.session import HUMAN
from client.battle.widgets import PANEL_ID
from client.context import MAPS_DIR
from client.render import text
from client.render.sectors import column_name, sector_name
from client.render.tooltip import place_beside
from client.scenes.base import Push
from client.scenes.menu import MenuScene
from client.scenes.missions import MissionsScene
from rules.tactics import events as ev
from rules.tactics.actions import Attack, Move, Surrender
from tests.client.ui_events import click_at, hover, press, steps, until

RIDGE = MAPS_DIR / "ballista_ridge.tmx"  # larger than the viewport at 1280×720


def ready(scene: TacticsScene) -> bool:
    state = scene.session.state
    return scene.input_allowed() and scene.controls.selectable(state, scene.controls.squad(state))


def in_view(scene: TacticsScene, pos: tuple[int, int]) -> bool:
    return scene.camera.viewport.contains(scene.camera.tile_rect(pos))


# ---- sector names ----------------------------------------------------------------------------------
def test_sector_names_are_letters_for_columns_and_numbers_for_rows() -> None:
    assert [column_name(x) for x in (0, 1, 25, 26, 27, 51, 52)] == ["A", "B", "Z", "AA", "AB", "AZ", "BA"]
    assert sector_name((2, 3)) == "C4"
    assert sector_name((0, 0)) == "A1"


def test_the_log_records_moves_by_sector_name(app: App, battle) -> None:
    scene = battle()
    until(app, lambda: ready(scene))
    squad = scene.controls.squad(scene.session.state)
    start = squad.pos
    to = scene.controls.selected_reach(scene.session.state).moves[-1]
    scene._human(Move(squad.id, to))
    until(app, lambda: scene.player.idle)
    lines = [entry.text for entry in scene.log.entries]
    assert f"{i18n.unit_name(squad.unit)} moves from {sector_name(start)} to {sector_name(to)}" in lines
    i18n.set_language("ru")
    assert any(
        line.endswith(f"перемещается с {sector_name(start)} на {sector_name(to)}")
        for line in (entry.text for entry in scene.log.entries)
    )


# ---- the tooltip -----------------------------------------------------------------------------------
def test_a_tooltip_goes_where_it_covers_none_of_the_squads_it_must_leave_visible() -> None:
    bounds = pygame.Rect(0, 48, 986, 608)
    mouse = (400, 300)
    beside = place_beside((330, 200), mouse, bounds)
    assert beside.topleft == (422, 318)  # below right of the mouse when nothing is in the way
    blocked = [pygame.Rect(420, 300, 64, 64), pygame.Rect(60, 320, 64, 64)]
    rect = place_beside((330, 200), mouse, bounds, blocked)
    assert bounds.contains(rect)
    assert not any(rect.colliderect(other) for other in blocked)
    assert not rect.collidepoint(mouse)


def test_the_attack_preview_never_covers_the_target_or_the_selected_squad(app: App, battle) -> None:
    scene = battle()
    until(app, lambda: ready(scene))
    state = scene.session.state
    archer = next(s for s in state.squads if s.info.team == 1 and s.unit.id == "archer")
    scene.camera.show(((archer.pos[0] + 0.5) * 64, (archer.pos[1] + 0.5) * 64))
    click_at(scene.camera.tile_centre(archer.pos))
    steps(app, 2)
    target = scene.controls.selected_reach(state).targets[0]
    hover(scene.camera.tile_centre(target))
    steps(app, 1)
    assert isinstance(scene.presentation.hover_action(), Attack)
    rows = scene.presentation.hover_rows()
    rect = scene.presentation.tooltip.draw(
        app.screen, rows, scene.pointer.mouse, scene.rects.viewport, scene.presentation.tooltip_avoid()
    )
    assert not rect.colliderect(scene.camera.tile_rect(target))
    assert not rect.colliderect(scene.camera.tile_rect(archer.pos).inflate(8, 8))  # the count badge too
    assert rows[-1].label == f"Sector {sector_name(target)}"


def test_no_tooltip_while_the_computer_acts(app: App, battle) -> None:
    scene = battle(speed="4x")
    until(app, lambda: ready(scene))
    press(pygame.K_SPACE)  # skip: the computer's squad moves next
    until(app, lambda: scene.presentation.shown_turn()[1] != HUMAN)
    enemy = next(s for s in scene.session.state.squads if s.info.team == 2)
    seen = 0
    while scene.presentation.shown_turn()[1] != HUMAN and not scene.session.over:
        hover(scene.camera.tile_centre(enemy.pos))
        steps(app, 1)
        assert scene.presentation.hover_rows() == []
        seen += 1
        assert seen < 5000
    until(app, lambda: scene.player.idle)
    hover(scene.camera.tile_centre(enemy.pos))
    steps(app, 1)
    if scene.presentation.hover_action() is None and scene.view.squad_at(enemy.pos) is not None:
        assert scene.presentation.hover_rows()  # the player's turn again: stats come back


# ---- whose turn -----------------------------------------------------------------------------------
def test_the_top_bar_and_the_hint_agree_on_whose_turn_it_is_at_every_frame(app: App, battle) -> None:
    scene = battle(speed="4x")
    until(app, lambda: ready(scene))
    frames = 0
    for _ in range(3):  # three of the player's turns, the computer's turns between them
        press(pygame.K_SPACE)
        steps(app, 1)
        while not ready(scene) and not scene.session.over:
            label = scene.presentation.turn_info().label
            hint = scene.hint()
            if label == "Your turn":
                assert hint != i18n.tr("battle.hint_wait")
            else:
                assert label in ("Enemy turn", "Enemy is thinking") and hint == i18n.tr("battle.hint_wait")
            steps(app, 1)
            frames += 1
            assert frames < 20000
    assert frames > 0


# ---- the camera ------------------------------------------------------------------------------------
def test_the_opening_view_shows_the_players_army_and_landing_zone(app: App, battle) -> None:
    """T-LAND-2: the player starts looking at their own army and, where it fits too, their landing zone."""
    for path in (RIDGE, MAPS_DIR / "smugglers_cove.tmx", MAPS_DIR / "breakout.tmx"):
        scene = battle(path, speed="4x")
        state = scene.session.state
        army = [s.pos for s in state.squads if s.info.team == 1]
        zone = [s.pos for s in state.board.setup.drop_zones if s.team == 1]
        assert army and all(in_view(scene, pos) for pos in army), path.name
        if scene.camera.fits([scene._centre(p) for p in army + zone]):
            assert all(in_view(scene, pos) for pos in zone), path.name
        assert not any(
            scene.rects.side.colliderect(scene.camera.tile_rect(p)) for p in army if in_view(scene, p)
        )


def test_the_opening_view_shows_both_armies_where_the_map_allows(app: App, battle) -> None:
    scene = battle(MAPS_DIR / "tutorial.tmx", speed="4x")
    squads = [s.pos for s in scene.session.state.squads]
    assert all(in_view(scene, pos) for pos in squads)


def heading_shows(scene: TacticsScene, pos: tuple[int, int]) -> bool:
    """Whether the camera shows ``pos`` once its glide (if any) arrives."""
    camera = scene.camera
    here = camera.x, camera.y
    if camera.goal is not None:
        camera.x, camera.y = camera.goal
    try:
        return in_view(scene, pos)
    finally:
        camera.x, camera.y = here


def test_the_camera_follows_every_computer_action(app: App, battle) -> None:
    """The player looks far away and ends the turn: each computer action is brought into view, the
    acting squad as its choice is shown, then where the action lands (the destination or the target)."""
    scene = battle(RIDGE, speed="4x", seed=5)
    enemy_ids = {s.id for s in scene.session.state.squads if s.info.team == 2}
    shown_intents = 0
    landed = 0
    last_intent = None
    done = len(scene.session.record.actions)
    frames = 0
    while (shown_intents < 6 or landed < 3) and not scene.session.over:
        if ready(scene):
            scene.camera.centre_on((0.0, 0.0))
            press(pygame.K_SPACE)
        steps(app, 1)
        frames += 1
        assert frames < 30000
        intent = scene.intent
        if intent is not None and intent is not last_intent:
            last_intent = intent
            squad = scene.view.squads[intent.action.squad]
            assert heading_shows(scene, squad.pos), intent.action
            shown_intents += 1
        actions = scene.session.record.actions
        if len(actions) > done:
            for action in actions[done:]:
                spot = getattr(action, "target", None) or getattr(action, "to", None)
                if getattr(action, "squad", None) in enemy_ids and spot is not None:
                    until(app, lambda: scene.player.idle)
                    assert heading_shows(scene, spot), action
                    landed += 1
            done = len(actions)


# ---- leaving, surrendering, the end ----------------------------------------------------------------
def test_surrender_asks_in_the_pause_panels_look_and_names_the_players_side(app: App, battle) -> None:
    scene = battle()
    until(app, lambda: ready(scene))
    click_at(scene.buttons["surrender"].rect.center)
    steps(app, 2)
    dialog = scene.dialog
    assert dialog is not None and dialog.purpose == "surrender"
    assert dialog.panel.object_ids[-1] == PANEL_ID  # the pause panel's object id: one look
    shown = translate(dialog.text.html_text, **dialog.text.text_kwargs)
    assert shown == "The battle ends at once as a defeat for your army (Red)."
    click_at(dialog.buttons["no"].rect.center)
    steps(app, 2)
    assert scene.dialog is None and not scene.session.over


def test_surrender_in_hot_seat_names_the_side_by_colour(app: App, battle) -> None:
    scene = battle(MAPS_DIR / "arena_red_blue.tmx", seed=4, hotseat=True)
    until(app, lambda: ready(scene))
    team = scene.session.state.active_team
    i18n.set_language("ru")
    click_at(scene.buttons["surrender"].rect.center)
    steps(app, 2)
    shown = translate(scene.dialog.text.html_text, **scene.dialog.text.text_kwargs)
    assert shown == "Бой сразу закончится поражением " + ("красных." if team == 1 else "синих.")


def test_the_end_overlays_main_menu_goes_to_the_main_menu(app: App, ctx, battle) -> None:
    menu = MenuScene(ctx, app.size)
    app.stack.apply(Push(menu))
    app.stack.apply(Push(MissionsScene(ctx, app.size)))
    scene = battle()
    until(app, lambda: ready(scene))
    scene._human(Surrender(1))
    until(app, lambda: scene.overlay is not None)
    steps(app, 2)
    click_at(scene.overlay.buttons["menu"].rect.center)
    steps(app, 2)
    assert app.stack.scenes == (menu,)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_efficiency_line_explains_itself_when_hovered(app: App, battle, language: str) -> None:
    """M-EFF-2/M-EFF-4: a surrender is not decisive, so the figure is kills over the enemy's units."""
    i18n.set_language(language)
    scene = battle()
    until(app, lambda: ready(scene))
    scene._human(Surrender(1))
    until(app, lambda: scene.overlay is not None)
    steps(app, 2)
    overlay = scene.overlay
    line = overlay.efficiency_rects[1]
    assert overlay.rect.contains(line)
    hover(line.center)
    steps(app, 1)
    state = scene.session.state
    total = state.board.start_units[2]
    help_lines = overlay.help_at(line.center, scene.view, state)
    assert help_lines[0] == i18n.tr("result.efficiency_help")
    assert f"0 / {total} = 0.000" in help_lines[1]
    assert overlay.help_at((0, 0), scene.view, state) == []


def test_a_decisive_win_explains_that_it_counts_as_one(app: App, battle) -> None:
    """T-END-6 / M-EFF-1: a win by annihilation is efficiency 1 whatever the kills."""
    from client.battle.overlay import efficiency_help
    from rules.core.teams import PerTeam

    scene = battle()
    event = ev.BattleEnded(1, "annihilation", PerTeam(1, 0), PerTeam(3, 0), ())
    lines = efficiency_help(event, scene.view, scene.session.state, 1)
    assert lines[1] == "This battle: a decisive win, so 1.000."


def test_a_long_replay_file_name_wraps_inside_the_end_panel(app: App) -> None:
    name = "Replay saved as smugglers_cove-20261202-135959-123456789012.json"
    lines = text.wrap(name, 19, 200)
    assert len(lines) > 1 and "".join(lines).replace(" ", "") == name.replace(" ", "")
    from client.ui.fonts import font

    assert all(font(19).size(line)[0] <= 200 for line in lines)


def test_the_hints_never_name_a_team_colour() -> None:
    """In hot-seat the teams are Red and Blue: the hints describe the highlights without colours."""
    for language, colours in (
        ("en", ("Red", "Blue", "red", "blue")),
        ("ru", ("красн", "Красн", "син", "Син")),
    ):
        i18n.set_language(language)
        for hint in ("hint_select", "hint_selected", "hint_mid_turn"):
            assert not any(colour in i18n.tr(f"battle.{hint}") for colour in colours), (language, hint)


def test_a_unit_name_cut_in_the_roster_shows_whole_in_its_tooltip(app: App, battle) -> None:
    """#19: «Блуждающий огонёк» is cut with "…" in the side panel; hovering the row shows it whole."""
    i18n.set_language("ru")
    scene = battle(MAPS_DIR / "smugglers_cove.tmx")
    until(app, lambda: ready(scene))
    wisp = next(s for s in scene.session.state.squads if s.unit.id == "wisp")
    row = scene.presentation.side_panel.row_of(wisp.id)
    assert row is not None and scene.rects.side.contains(row)
    hover(row.center)
    steps(app, 2)
    rows = scene.presentation.roster_rows()
    assert rows and rows[0].label.startswith("Блуждающий огонёк")
    hover(scene.rects.viewport.center)
    steps(app, 1)
    assert scene.presentation.roster_rows() == []
