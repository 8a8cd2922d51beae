"""Watching a saved duel: the duel table in a read-only mode, driven by the replay's actions.

:class:`DuelReplayScene` is :class:`~client.duel.scene.DuelScene` with no player input and no AI:
each recorded action is played through the same session (the replay's seed, decks and heroes, so
the same dice) and shown with the same fight window and pop-ups. The controls are the tactical
viewer's (:mod:`client.scenes.replay_controls`): Pause / Play (Space), Step (Right arrow or N),
the animation speed (the Speed key, F) and Menu (Esc), in the side panel where the duel has End turn
and Surrender; the panel says which action of how many has been played. The table shows seat 1's
side. When the last action has been played the final state's hash is compared with the one the
replay recorded (:func:`rules.core.replay.hash_matches`): the panel says whether the duel replayed
bit for bit.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui

from client.debug import write_debug_state
from client.duel.scene import DuelScene
from client.duel.style import tr
from client.scenes.base import Home, Size, Transition
from client.scenes.replay_controls import PAUSE_KEY, STEP_KEYS, ReplayButtons, ReplayPacer, position_text
from client.ui.scale import px
from rules.core.replay import Replay, hash_matches


class DuelReplayScene(DuelScene):
    """A duel whose every action comes from ``replay``; it can be paused and stepped."""

    live = False
    END_BUTTONS = ("again", "menu")
    message_colour = (200, 192, 170)

    def __init__(self, ctx, size: Size, replay: Replay, *, now: Callable[[], int] | None = None) -> None:
        self.replay = replay
        self.recorded = list(replay.actions)
        self.pacer = ReplayPacer(len(self.recorded))
        self.verified: bool | None = None  # the final hash compared, once every action was played
        deck1, deck2 = (d if isinstance(d, str) else tuple(d) for d in replay.setup["decks"])
        hero1, hero2 = replay.setup["heroes"]
        super().__init__(
            ctx, size, deck1, hero1, seed=replay.seed, now=now, foe_deck=deck2, foe_hero=hero2, hotseat=True
        )

    # -- widgets -------------------------------------------------------------------------------
    def build(self) -> None:
        super().build()
        self.controls = ReplayButtons(self.ui)
        for k in ("end_turn", "surrender"):
            self.buttons[k].hide()

    def layout(self, size: Size) -> None:
        super().layout(size)
        self._relabel()

    def _relabel(self) -> None:
        self.controls.paused = self.pacer.paused
        self.controls.set_labels(self.controls.labels(self.ctx.settings, False, compact=True))
        self._place_controls()

    def _place_controls(self) -> None:
        """Two rows in the side panel, where the live table has End turn and Surrender."""
        panel = self.table.panel
        gap = px(8)
        cell = (panel.width - px(16) + gap) // 2
        rows = (self.buttons["end_turn"].rect.top, self.buttons["surrender"].rect.top)
        for i, name in enumerate(("pause", "step", "speed", "menu")):
            button = self.controls[name]
            size = (cell - gap, px(40))
            if button.rect.size != size:
                button.set_dimensions(size)
                button.rebuild()
            button.set_relative_position((panel.x + px(8) + (i % 2) * cell, rows[i // 2]))

    # -- position ------------------------------------------------------------------------------
    @property
    def played(self) -> int:
        return len(self.session.actions)

    @property
    def total(self) -> int:
        return len(self.recorded)

    @property
    def finished(self) -> bool:
        """Nothing more to play: the duel is over or the recording ran out."""
        return self.session.over or self.played >= self.total

    def position(self) -> str:
        turn = tr("duel.banner_replay", name=self.seat_name(self.session.state.active))
        line = position_text(self.played, self.total, self.finished, turn, self.pacer.paused)
        if self.verified is not None:
            line += "  ·  " + tr("duel.replay_verified" if self.verified else "duel.replay_differs")
        return line

    # -- controls ------------------------------------------------------------------------------
    def toggle_paused(self) -> None:
        if self.pacer.toggle(self.finished):
            self._relabel()

    def step(self) -> None:
        if self.pacer.step(self.played, self.finished):
            self._relabel()

    def again(self) -> DuelScene:
        """Watch the same replay again from the start."""
        return DuelReplayScene(self.ctx, self.size, self.replay, now=self.now)

    def on_button(self, button: pygame_gui.core.UIElement) -> Transition | None:
        if button is self.controls["pause"]:
            self.toggle_paused()
        elif button is self.controls["step"]:
            self.step()
        elif button is self.controls["speed"]:
            self._cycle_speed()
        elif button is self.controls["menu"]:
            return Home()
        elif button in (self.buttons["again"], self.buttons["menu"]):
            return super().on_button(button)
        return None

    def _cycle_speed(self) -> None:
        settings = self.ctx.settings.copy()
        settings.speed = settings.next_speed()
        self.ctx.apply(settings)  # saved, as the battle's speed button does
        self._relabel()

    def on_event(self, e: pygame.event.Event) -> Transition | None:
        if e.type == pygame.MOUSEMOTION:
            self.mouse = e.pos
            return None
        if e.type == pygame.KEYDOWN:
            keys = self.ctx.settings.keys
            if e.key == PAUSE_KEY:
                self.toggle_paused()
                return None
            if e.key in STEP_KEYS:
                self.step()
                return None
            if e.key == pygame.key.key_code(keys.get("speed", "f")):
                self._cycle_speed()
                return None
            if e.key == pygame.K_ESCAPE:
                return Home()
        if self.beats.busy and e.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.beats.hurry()  # a click or key hurries the pop-up, as at the live table
        return None

    # -- time ----------------------------------------------------------------------------------
    def _turn(self, dt: float, speed: float, now: int) -> None:
        if self.beats.busy or self.finished:
            return
        if self.pacer.due(self.played, dt, speed):
            self._apply(lambda: self.session.apply_recorded(self.recorded[self.played]))

    def update(self, dt: float) -> None:
        super().update(dt)
        usable = not self.finished
        self.controls.enable("pause", usable)
        self.controls.enable("step", self.pacer.can_step(self.played, self.finished))
        if self.finished and self.verified is None and not self.beats.busy:
            old = self.replay.format_version < 3
            self.verified = hash_matches(self.session.state, self.replay.final_hash, any_set_order=old)
        self.message = self.position()

    def _write_debug(self) -> None:
        write_debug_state(
            "duel_replay",
            actions=self.played,
            total=self.total,
            paused=self.pacer.paused,
            over=self.session.over,
            verified=self.verified,
            buttons={name: b.rect.center for name, b in self.controls.buttons.items()},
        )


def duel_replay_scene(ctx, size: Size, replay: Replay) -> DuelReplayScene:
    """The viewer for a duel replay read with :func:`client.replays.read_replay`."""
    return DuelReplayScene(ctx, size, replay)
