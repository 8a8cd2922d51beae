"""Watching a saved battle: ``runetide replay FILE`` (or the main menu's Replays) opens the viewer.

:class:`ReplayScene` is the battle scene with both sides' actions taken from the replay, one
by one, each shown for a moment before it is played (at the chosen animation speed). Instead
of Defend / Skip / Surrender its bottom bar holds the replay controls: Pause / Play (Space),
Step (Right arrow or N: exactly the next action, then paused), the animation speed (the
Speed key, F) and Menu (Esc). The bar's left side says which action of how many has been
played and whose turn it is. The map can still be panned; the arrow key that steps does not pan.
A replay that kept the computer's explanations (its optional ``explanations`` field) shows them in
the "Why?" panel (W), for each computer move as it is played.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pygame_gui

from client.battle.log import team_name
from client.battle.scene import Intent, TacticsScene
from client.battle.session import REPLAY
from client.battle.spec import BattleSpec
from client.battle.widgets import StandingButton, UndoButton, WhyButton
from client.context import Context
from client.debug import write_debug_state
from client.i18n import tr
from client.render.map_layers import load_map_art
from client.scenes.base import Size, Transition
from client.scenes.replay_controls import (
    PAUSE_KEY,
    STEP,
    STEP_KEYS,
    ReplayButtons,
    ReplayPacer,
    position_text,
)
from rules.core.explain import Explanation
from rules.tactics.actions import Action
from rules.tactics.replay import Replay
from rules.tactics.setup import BattleSetup


class ReplayScene(TacticsScene):
    """A battle whose every action comes from ``actions``; it can be paused and stepped."""

    offers_replay_save = False
    unpanned_keys = frozenset(STEP_KEYS)

    def __init__(
        self,
        ctx: Context,
        size: Size,
        spec: BattleSpec,
        seed: int,
        actions: list[Action],
        explanations: Sequence[Explanation | None] | None = None,
    ) -> None:
        self.recorded = list(actions)
        # why each recorded action was played (None for a human's, or all None: none were kept)
        self.explanations = list(explanations) if explanations is not None else [None] * len(actions)
        self.pacer = ReplayPacer(len(self.recorded))  # Pause / Play, Step, the pause between actions
        super().__init__(ctx, size, spec, seed)

    @property
    def paused(self) -> bool:
        return self.pacer.paused

    @property
    def steps_wanted(self) -> int:
        return self.pacer.steps_wanted

    def build(self) -> None:
        self.buttons = ReplayButtons(self.ui)  # type: ignore[assignment]
        self.why_button = WhyButton(self.ui)
        self.undo_button = UndoButton(self.ui)  # a replay takes nothing back: never shown
        self.undo_button.show(False, False)
        self.standing_button = StandingButton(self.ui)  # nor shades where to stand
        self.standing_button.show(False, False)

    def restart(self) -> TacticsScene:
        """Watch the same replay again from the start ("Play again")."""
        return ReplayScene(
            self.ctx, self.size, self.spec, self.session.seed, self.recorded, self.explanations
        )

    # ---- position ------------------------------------------------------------------------------
    @property
    def played(self) -> int:
        """How many of the recorded actions have been played."""
        return len(self.session.record.actions)

    @property
    def total(self) -> int:
        return len(self.recorded)

    @property
    def finished(self) -> bool:
        """Nothing more to play: the battle is over or the recording ran out."""
        return self.session.over or self.played >= self.total

    def turn_text(self) -> str:
        """Whose turn it is, as the live battle says it."""
        team = self.view.active_team
        if self.view.mission:
            return tr("battle.your_turn" if team == 1 else "battle.enemy_turn")
        return tr("battle.team_turn", team=team_name(team, self.view, "plural"))

    def hint(self) -> str:
        """The bottom bar's position indicator: "Action 12 / 87 · Red player's turn · Paused"."""
        if self.overlay is not None:
            return ""
        return position_text(self.played, self.total, self.finished, self.turn_text(), self.paused)

    # ---- controls ------------------------------------------------------------------------------
    def toggle_paused(self) -> None:
        """Pause / Play."""
        if self.pacer.toggle(self.finished):
            self._relabel()

    def step(self) -> None:
        """Play exactly the next action and stay paused (pausing first if playing)."""
        if self.pacer.step(self.played, self.finished):
            self._relabel()

    def _relabel(self) -> None:
        self.buttons.paused = self.paused  # type: ignore[attr-defined]
        self.buttons.relabel(self.ctx.settings, False)

    def _controls_usable(self) -> bool:
        return self.pause is None and self.overlay is None and self.dialog is None

    def on_button(self, button: pygame_gui.core.UIElement) -> Transition | None:
        if button is self.buttons.get("pause") and self._controls_usable():
            self.toggle_paused()
            return None
        if button is self.buttons.get("step") and self._controls_usable():
            self.step()
            return None
        return super().on_button(button)

    def _key(self, key: int) -> Transition | None:
        if self._controls_usable():
            if key == PAUSE_KEY:
                self.toggle_paused()
                return None
            if key in STEP_KEYS:
                self.step()
                return None
        return super()._key(key)

    def _refresh_buttons(self) -> None:
        usable = self._controls_usable() and not self.finished
        self.buttons.enable("pause", usable)
        self.buttons.enable("step", usable and self.pacer.can_step(self.played, self.finished))
        self._refresh_why()

    def why_available(self) -> bool:
        """Whether the replay kept any of the computer's explanations."""
        return any(e is not None for e in self.explanations)

    # ---- time ----------------------------------------------------------------------------------
    def _advance(self, dt: float) -> None:
        if not self.player.idle:
            return
        if self.session.over:
            super()._advance(dt)  # the end overlay
            return
        if self.played >= self.total:  # a recording that stops before the end: nothing more to do
            return
        if self.intent is None:
            self.intent = Intent(self.recorded[self.played], STEP)  # shown until it is played
        if self.pacer.due(self.played, dt, self.player.speed):
            self._play_intent()

    def _play_intent(self) -> None:
        assert self.intent is not None
        action, self.intent = self.intent.action, None
        self._act(action, self.explanations[self.played])

    def _write_debug(self) -> None:
        buttons = {name: button.rect.center for name, button in self.buttons.buttons.items()}
        write_debug_state(
            "replay",
            actions=self.played,
            total=self.total,
            paused=self.paused,
            idle=self.player.idle,
            over=self.session.over,
            buttons=buttons,
        )


def replay_spec(map_path: Path, setup: BattleSetup) -> BattleSpec:
    """The viewer's spec: the map's art, the setup the replay was played with, both sides replayed."""
    loaded, art = load_map_art(map_path)
    return BattleSpec(loaded, art, setup, {1: REPLAY, 2: REPLAY}, map_path)


def replay_scene(ctx: Context, size: Size, replay: Replay, setup: BattleSetup) -> ReplayScene:
    """The viewer for a loaded replay (see :func:`client.replays.load_replay`)."""
    spec = replay_spec(Path(replay.map_path), setup)
    return ReplayScene(ctx, size, spec, replay.seed, list(replay.actions), replay.explanations)


def play_replay(replay: Replay, setup: BattleSetup) -> int:
    """Open a window and play ``replay`` back; returns the exit status."""
    from client.app import App
    from client.scenes.base import Push

    ctx = Context.load()
    app = App(context=ctx)
    try:
        app.stack.apply(Push(replay_scene(ctx, app.size, replay, setup)))
        app.run()
    finally:
        app.close()  # closes every scene still on the stack
    return 0
