"""Watching a saved battle: ``runetide replay FILE`` opens the battle scene and plays it back.

:class:`ReplayScene` is the battle scene with both sides' actions taken from the replay, one
by one, each shown for a moment before it is played (at the chosen animation speed). Input
only pans the camera, changes the speed or leaves.
"""

from __future__ import annotations

from pathlib import Path

from client.battle.scene import Intent, TacticsScene
from client.battle.session import REPLAY
from client.battle.spec import BattleSpec
from client.context import Context
from client.render.map_layers import load_map_art
from client.scenes.base import Size
from rules.tactics.replay import Replay
from rules.tactics.setup import BattleSetup

STEP = 0.35  # seconds at 1x between actions


class ReplayScene(TacticsScene):
    """A battle whose every action comes from ``actions``."""

    def __init__(self, ctx: Context, size: Size, spec: BattleSpec, seed: int, actions: list) -> None:
        self.recorded = list(actions)
        super().__init__(ctx, size, spec, seed)

    def restart(self) -> TacticsScene:
        """Watch the same replay again."""
        return ReplayScene(self.ctx, self.size, self.spec, self.session.seed, self.recorded)

    def _advance(self, dt: float) -> None:
        if not self.player.idle:
            return
        if self.session.over or len(self.session.record.actions) >= len(self.recorded):
            super()._advance(dt)
            return
        if self.intent is None:
            self.intent = Intent(self.recorded[len(self.session.record.actions)], STEP)
        self.intent.left -= dt * max(self.player.speed, 1.0)
        if self.intent.left <= 0 or self.player.speed <= 0:
            action, self.intent = self.intent.action, None
            self._act(action)


def replay_spec(map_path: Path, setup: BattleSetup) -> BattleSpec:
    loaded, art = load_map_art(map_path)
    return BattleSpec(loaded, art, loaded.setup, {1: REPLAY, 2: REPLAY}, map_path)


def play_replay(replay: Replay, setup: BattleSetup) -> int:
    """Open a window and play ``replay`` back; returns the exit status."""
    from client.app import App
    from client.scenes.base import Push

    ctx = Context.load()
    app = App(context=ctx)
    try:
        scene = ReplayScene(
            ctx, app.size, replay_spec(Path(replay.map_path), setup), replay.seed, list(replay.actions)
        )
        app.stack.apply(Push(scene))
        app.run()
    finally:
        for scene in app.stack.scenes:
            close = getattr(scene, "close", None)
            if close is not None:
                close()
        app.close()
    return 0
