"""The battle scene driven like a player would: synthetic clicks and keys through the app's loop.

Select, move, attack, defend, surrender; the preview shown is the rules' preview; events are
animated in order; a whole battle against the AI finishes at instant speed; hot-seat says
whose turn it is; the language switch changes the text.
"""

from __future__ import annotations

import pygame
import pytest

from client import i18n
from client.app import App
from client.battle.scene import TacticsScene
from client.context import Context
from client.render.tooltip import pct
from rules.tactics import events as ev
from rules.tactics.actions import Attack, Defend, Move, Skip, Surrender
from rules.tactics.preview import preview
from tests.client.ui_events import click_at, hover, press, steps, until


def ready(scene: TacticsScene) -> bool:
    """The player may act and a squad is selected (the scene selects one on its first frame)."""
    state = scene.session.state
    return scene.input_allowed() and scene.controls.selectable(state, scene.controls.squad(state))


def centre(scene: TacticsScene, pos: tuple[int, int]) -> tuple[int, int]:
    scene.camera.show(((pos[0] + 0.5) * 64, (pos[1] + 0.5) * 64))
    return scene.camera.tile_centre(pos)


def own_squad(scene: TacticsScene, unit: str):
    return next(s for s in scene.session.state.squads if s.info.team == 1 and s.unit.id == unit)


def test_click_selects_a_squad_and_a_blue_sector_moves_it(app: App, battle) -> None:
    scene = battle()
    until(app, lambda: ready(scene))
    swordsman = own_squad(scene, "swordsman")
    click_at(centre(scene, swordsman.pos))
    steps(app, 2)
    assert scene.controls.selected == swordsman.id
    moves = scene.controls.selected_reach(scene.session.state).moves
    assert moves
    click_at(centre(scene, moves[-1]))
    steps(app, 2)
    assert scene.session.record.actions[0] == Move(swordsman.id, moves[-1])


def test_hovering_a_target_shows_the_rules_preview_and_clicking_attacks(app: App, battle) -> None:
    scene = battle()
    until(app, lambda: ready(scene))
    state = scene.session.state
    archer = own_squad(scene, "archer")
    click_at(centre(scene, archer.pos))
    steps(app, 2)
    target = scene.controls.selected_reach(state).targets[0]
    hover(centre(scene, target))
    steps(app, 1)
    forecast = preview(state, Attack(archer.id, target)).targets[0]
    rows = scene.presentation.hover_rows()
    texts = [row.label for row in rows]
    assert any(f"Hit {forecast.hit_pct}%" in t and f"Crit {forecast.crit_pct}%" in t for t in texts)
    assert f"Damage {forecast.normal_damage[0]}–{forecast.normal_damage[1]}" in " ".join(texts)
    bars = [(row.label, row.share, row.value) for row in rows if row.share is not None]
    assert bars == [(str(k), float(p), pct(p)) for k, p in forecast.kills]
    modifiers = [t for t in texts if "penalty" in t or "Rune" in t or "Defense" in t]
    assert len(modifiers) == len(forecast.modifiers)
    click_at(centre(scene, target))
    steps(app, 2)
    assert scene.session.record.actions[0] == Attack(archer.id, target)


def test_keys_defend_and_skip(app: App, battle) -> None:
    scene = battle()
    until(app, lambda: ready(scene))
    selected = scene.controls.selected
    press(pygame.K_d)
    steps(app, 2)
    assert scene.session.record.actions[0] == Defend(selected)
    until(app, lambda: ready(scene))
    selected = scene.controls.selected
    press(pygame.K_SPACE)
    steps(app, 2)
    assert Skip(selected) in scene.session.record.actions[1:]


def test_surrender_asks_first_then_ends_the_battle_as_a_defeat(app: App, battle) -> None:
    scene = battle()
    until(app, lambda: ready(scene))
    click_at(scene.buttons["surrender"].rect.center)
    steps(app, 2)
    assert scene.dialog is not None and not scene.session.over
    click_at(scene.dialog.buttons["yes"].rect.center)
    until(app, lambda: scene.overlay is not None)
    assert scene.session.record.actions == [Surrender(1)]
    assert scene.session.state.outcome.winner == 2
    assert scene.presentation.turn_info().label == "Defeat"


def test_events_are_animated_in_order(app: App, battle, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = battle(speed="4x")
    applied: list[ev.Event] = list(scene.session.opening)
    act = scene.session.act

    def spy(action, explanation=None):
        events = act(action, explanation)
        applied.extend(events)
        return events

    monkeypatch.setattr(scene.session, "act", spy)
    until(app, lambda: ready(scene), limit=600)
    archer = own_squad(scene, "archer")
    click_at(centre(scene, archer.pos))
    steps(app, 2)
    target = scene.controls.selected_reach(scene.session.state).targets[0]
    click_at(centre(scene, target))
    steps(app, 3)
    assert len(scene.player.played) < len(applied)  # the picture lags the rules
    until(app, lambda: ready(scene) or scene.session.over, limit=2000)
    assert scene.player.played == applied[: len(scene.player.played)]
    assert len(scene.player.played) == len(applied) or not scene.player.idle
    assert scene.view.mismatches(scene.session.state) == []


def test_a_whole_battle_against_the_ai_finishes_at_instant_speed(app: App, battle) -> None:
    scene = battle(seed=3)

    def skip_when_ready() -> bool:
        if scene.overlay is not None:
            return True
        if ready(scene):
            press(pygame.K_SPACE)
        return False

    until(app, skip_when_ready, limit=4000)
    outcome = scene.session.state.outcome
    assert outcome is not None and outcome.winner == 2
    assert any(isinstance(a, Skip) for a in scene.session.record.actions)
    assert any(
        getattr(a, "squad", None) in {s.id for s in scene.session.state.squads if s.team == 2}
        for a in scene.session.record.actions
    )
    assert scene.view.mismatches(scene.session.state) == []
    steps(app, 2)
    click_at(scene.overlay.buttons["again"].rect.center)
    steps(app, 2)
    again = app.stack.top
    assert isinstance(again, TacticsScene) and again is not scene


def test_the_ai_thinks_off_the_main_thread_and_the_window_keeps_drawing(app: App, battle) -> None:
    scene = battle(speed="1x")
    until(app, lambda: ready(scene), limit=600)
    press(pygame.K_SPACE)
    frames = until(app, lambda: scene.session.state.active_team == 2 and scene.player.idle, limit=600)
    start = app.frames
    until(app, lambda: len(scene.session.record.actions) >= 2, limit=2000)
    assert app.frames > start and frames >= 0


def test_language_switch_changes_the_battle_text(app: App, battle, ctx: Context) -> None:
    scene = battle()
    until(app, lambda: ready(scene))
    assert scene.buttons["defend"].text.startswith("Defend")
    assert scene.presentation.turn_info().label == "Your turn"
    settings = ctx.settings.copy()
    settings.language = "ru"
    ctx.apply(settings)
    steps(app, 2)
    assert scene.buttons["defend"].text.startswith("Защита")
    assert scene.presentation.turn_info().label == "Ваш ход"
    assert i18n.tr("battle.round", n=1, total=20) == "Раунд 1 / 20"


def test_hot_seat_says_whose_turn_it_is(app: App, battle) -> None:
    from client.context import MAPS_DIR

    scene = battle(MAPS_DIR / "arena_red_blue.tmx", seed=4, hotseat=True)
    until(app, lambda: ready(scene))
    first = scene.session.state.active_team
    assert scene.presentation.turn_info().label == ("Red" if first == 1 else "Blue") + " player's turn"
    press(pygame.K_SPACE)
    steps(app, 2)
    until(app, lambda: ready(scene))
    assert scene.session.state.active_team == 3 - first
    assert scene.presentation.turn_info().label == ("Red" if first == 2 else "Blue") + " player's turn"


def test_a_mission_map_played_hot_seat_names_both_sides_by_colour(app: App, battle) -> None:
    """Two people at one screen are neither "you" nor "the enemy", even on a mission map."""
    scene = battle(hotseat=True)  # the tutorial: a mission map
    until(app, lambda: ready(scene))
    first = scene.session.state.active_team
    assert scene.presentation.turn_info().label == ("Red" if first == 1 else "Blue") + " player's turn"
    assert not scene.view.mission
    scene.view.resync(scene.session.state)  # an undo rebuilds the view: it stays hot-seat
    assert not scene.view.mission


def test_escape_opens_the_pause_menu_and_leave_asks_first_then_returns(app: App, battle) -> None:
    """#19: leaving a battle that is not over from the pause menu asks first; "Stay" keeps it."""
    scene = battle()
    until(app, lambda: ready(scene))
    press(pygame.K_ESCAPE)  # drops the selection
    press(pygame.K_ESCAPE)  # then opens the pause menu
    steps(app, 2)
    assert scene.pause is not None
    click_at(scene.pause.buttons["leave"].rect.center)
    steps(app, 2)
    assert scene in app.stack.scenes and scene.dialog is not None and scene.dialog.purpose == "leave"
    click_at(scene.dialog.buttons["no"].rect.center)
    steps(app, 2)
    assert scene in app.stack.scenes and scene.dialog is None
    click_at(scene.pause.buttons["leave"].rect.center)
    steps(app, 2)
    click_at(scene.dialog.buttons["yes"].rect.center)
    steps(app, 2)
    assert scene not in app.stack.scenes


def test_dragging_pans_a_large_map(app: App, battle) -> None:
    from client.context import MAPS_DIR

    scene = battle(MAPS_DIR / "ballista_ridge.tmx")
    steps(app, 1)
    before = (scene.camera.x, scene.camera.y)
    start = scene.rects.viewport.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for i in range(1, 6):
        pos = (start[0] - i * 20, start[1] - i * 10)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(-20, -10), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    steps(app, 2)
    assert (scene.camera.x, scene.camera.y) != before
    assert not scene.session.record.actions  # a drag is never a click
