"""Missions pay into the profile (M-MIS-1, M-CUP-3, M-DATA-2): a won mission +1 cup and its chests,
listed on the same result overlay; a lost one pays nothing. Played at instant speed by a fixed AI."""

from __future__ import annotations

import pytest

from client.app import App
from client.context import Context
from client.meta.arena_battle import RewardBattleScene
from client.meta.state import meta_of
from client.scenes.base import Push
from client.scenes.missions import MissionsScene
from rules.meta.profile import from_json
from rules.tactics.actions import Surrender
from rules.tactics.ai import decide, make_player
from tests.client.conftest import FAST_AI, TUTORIAL
from tests.client.ui_events import steps, until


def start_mission(app: App, ctx: Context) -> RewardBattleScene:
    ctx.settings.speed = "instant"
    ctx.settings.ai_level = FAST_AI
    missions = MissionsScene(ctx, app.size)
    app.stack.apply(Push(missions))
    transition = missions.start_battle(next(e for e in missions.entries if e.path == TUTORIAL))
    app.stack.apply(transition)
    battle = app.stack.top
    assert isinstance(battle, RewardBattleScene) and battle.offers_again and battle.offers_replay_save
    return battle


@pytest.mark.parametrize("surrender", [False, True])
def test_a_mission_pays_cups_on_victory_only_M_MIS_1_M_CUP_3(app, ctx, surrender):
    before = meta_of(ctx).profile
    battle = start_mission(app, ctx)
    me = make_player(FAST_AI, 5)

    def over() -> bool:
        if battle.input_allowed():
            state = battle.session.state
            battle._act(Surrender(state.active_team) if surrender else decide(me, state))
        return battle.overlay is not None

    until(app, over, limit=20000, seconds=240)
    steps(app, 2)
    after = from_json(meta_of(ctx).store.path.read_bytes())
    won = battle.view.outcome.winner == 1
    assert not (surrender and won)
    lines = [line for line, _ in battle.overlay.extra_lines]
    if won:
        assert after.cups == before.cups + 1 and "Cups: +1 for a mission victory." in lines
    else:
        assert after.cups == before.cups and "Cups: none for a lost mission." in lines
    assert sum(after.cards.values()) >= sum(before.cards.values())
    assert after.roster == before.roster  # the mission's army is the map's: nobody wounded at home
