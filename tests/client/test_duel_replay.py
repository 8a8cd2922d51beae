"""Duel replays from the table: Save replay on the end window, the Replays list, the read-only viewer.

Rules cited: duel.md D-TURN-8 (a time-out is an action of the duel, so the replay plays it too).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pygame

from client.app import App
from client.battle.replay_hook import replays_dir
from client.context import Context
from client.duel.replay_view import DuelReplayScene
from client.duel.scene import DuelScene
from client.duel.session import HUMAN
from client.replays import check_entry, read_replay, verify_file
from client.scenes.base import Push
from client.scenes.replays import ReplaysScene
from rules.core.replay import state_hash
from rules.duel.actions import EndTurn, PlayCreature, TimeOut
from rules.duel.replay import final_hash
from tests.client.test_duel_scene import FakeClock, human_first_seed
from tests.client.ui_events import click_at, press, steps, until


def played_duel(app: App, ctx: Context, clock: FakeClock) -> DuelScene:
    """A whole duel at the table at instant speed: the person plays creatures, lets one turn time
    out (D-TURN-8), and surrenders once D-TURN-11 allows it."""
    ctx.settings.speed = "instant"
    scene = DuelScene(ctx, app.size, seed=human_first_seed(), ai="greedy", now=clock, ai_backend="thread")
    app.stack.apply(Push(scene))
    steps(app)
    timed_out = False

    def done() -> bool:
        nonlocal timed_out
        s = scene.session
        if s.over:
            return True
        if s.human_to_act and not scene.busy:
            if not timed_out and s.state.turn_no >= 3:
                clock.ms += 61_000  # this turn's 60 seconds run out
                timed_out = True
            elif s.state.surrender_open():
                scene._apply(s.surrender)
            else:
                plays = [a for a in s.legal() if isinstance(a, PlayCreature)]
                scene.act(plays[0] if plays else EndTurn())
        return False

    until(app, done, limit=20_000, seconds=120)
    steps(app)
    assert any(isinstance(a, TimeOut) for a in scene.session.actions)
    return scene


def test_save_replay_writes_a_duel_replay_that_verifies_bit_exact(app: App, ctx: Context) -> None:
    scene = played_duel(app, ctx, FakeClock())
    button = scene.buttons["save_replay"]
    assert button.visible and button.is_enabled
    click_at(button.rect.center)
    steps(app)
    files = sorted(replays_dir().glob("duel-*.json"))
    assert len(files) == 1
    replay = read_replay(files[0])
    assert replay.game == "duel" and list(replay.actions) == scene.session.actions
    assert replay.final_hash == final_hash(scene.session.state)
    assert state_hash(verify_file(files[0])) == final_hash(scene.session.state)
    assert any(files[0].name in line for line in scene.drawn_texts())
    assert not button.is_enabled  # saved once


def _saved(app: App, ctx: Context) -> tuple[DuelScene, Path]:
    scene = played_duel(app, ctx, FakeClock())
    click_at(scene.buttons["save_replay"].rect.center)
    steps(app)
    return scene, next(replays_dir().glob("duel-*.json"))


def test_the_replays_list_opens_a_duel_replay_in_the_table_viewer(app: App, ctx: Context) -> None:
    live, path = _saved(app, ctx)
    entry = check_entry(path)
    assert entry.watchable and entry.error is None
    replays = ReplaysScene(ctx, app.size)
    app.stack.apply(Push(replays))
    steps(app)
    assert replays.entry is not None and replays.entry.game == "duel"
    assert replays.start.is_enabled
    assert any("Player" in line and "wins" in line for line, *_ in replays.detail_lines(replays.entry))
    click_at(replays.start.rect.center)
    steps(app)
    viewer = app.stack.top
    assert isinstance(viewer, DuelReplayScene)
    until(app, lambda: viewer.finished and viewer.verified is not None, limit=20_000, seconds=60)
    assert viewer.verified is True
    assert viewer.session.actions == live.session.actions
    assert state_hash(viewer.session.state) == final_hash(live.session.state)
    # the same pop-ups, in the same order, as at the live table
    assert [b.kind for b in viewer.beats.shown] == [b.kind for b in live.beats.shown]
    assert any("Replayed exactly" in line for line in viewer.drawn_texts())


def test_the_viewer_pauses_and_steps_one_action_at_a_time(app: App, ctx: Context) -> None:
    _live, path = _saved(app, ctx)
    ctx.settings.speed = "1x"
    viewer = DuelReplayScene(ctx, app.size, read_replay(path))
    app.stack.apply(Push(viewer))
    steps(app)
    press(pygame.K_SPACE)
    steps(app)
    assert viewer.pacer.paused
    before = viewer.played
    steps(app, 30)
    assert viewer.played == before  # paused: nothing plays
    press(pygame.K_RIGHT)
    until(app, lambda: viewer.played == before + 1)
    steps(app, 30)
    assert viewer.played == before + 1 and viewer.pacer.paused
    assert f"Action {before + 1} / {viewer.total}" in " ".join(viewer.drawn_texts())
    click_at(viewer.controls["step"].rect.center)
    until(app, lambda: viewer.played == before + 2)
    click_at(viewer.controls["pause"].rect.center)  # Play again
    steps(app)
    assert not viewer.pacer.paused


def test_the_viewer_says_when_a_replay_does_not_end_as_recorded(app: App, ctx: Context) -> None:
    _live, path = _saved(app, ctx)
    ctx.settings.speed = "instant"
    replay = dataclasses.replace(read_replay(path), final_hash="0" * 64)
    viewer = DuelReplayScene(ctx, app.size, replay)
    app.stack.apply(Push(viewer))
    until(app, lambda: viewer.verified is not None, limit=20_000, seconds=60)
    assert viewer.verified is False
    assert any("does not end as recorded" in line for line in viewer.drawn_texts())


def test_the_viewer_takes_no_player_input(app: App, ctx: Context) -> None:
    _live, path = _saved(app, ctx)
    ctx.settings.speed = "1x"
    viewer = DuelReplayScene(ctx, app.size, read_replay(path))
    app.stack.apply(Push(viewer))
    press(pygame.K_SPACE)
    steps(app)
    hand = viewer.hand_rects()
    if hand:
        click_at(hand[0][1].center)
    steps(app, 5)
    assert viewer.played == 0 and not viewer.buttons["end_turn"].visible
    assert viewer.session.viewer == HUMAN
