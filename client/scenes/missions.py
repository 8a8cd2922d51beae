"""Mission select: every shipped mission map with its objective, battle feature and enemy army.

A mission's battle pays into the profile when it ends (M-MIS-1: cups and chests on a victory),
listed on its end overlay (:class:`client.meta.arena_battle.RewardBattleScene`).
"""

from __future__ import annotations

from client.battle.missions import MapEntry
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
        from client.meta.arena_battle import RewardBattleScene, settle_mission
        from client.meta.state import meta_of

        settle = settle_mission(meta_of(self.ctx))  # M-MIS-1: a won mission pays cups and chests
        return Push(RewardBattleScene(self.ctx, self.size, spec, settle, again=True))
