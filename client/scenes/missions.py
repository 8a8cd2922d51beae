"""Mission select: every shipped mission map with its objective, battle feature and enemy army."""

from __future__ import annotations

from client.battle.missions import MapEntry
from client.battle.scene import TacticsScene
from client.battle.spec import load_spec
from client.scenes.base import Push, Transition
from client.scenes.map_list import MapListScene
from client.tiled import MapError
from rules.tactics.setup import Mode


class MissionsScene(MapListScene):
    mode = Mode.MISSION
    title_key = "missions.title"
    start_key = "common.play"
    empty_key = "missions.empty"

    def start_battle(self, entry: MapEntry) -> Transition | None:
        try:
            spec = load_spec(entry.path, self.ctx.settings)
        except MapError as exc:
            self.message = str(exc)
            return None
        return Push(TacticsScene(self.ctx, self.size, spec))
