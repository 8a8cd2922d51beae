"""The Arena, headless with synthetic clicks and a fake clock: apply (5 supplies), the one-minute
countdown, cancel with refund, a rival match, the mob fallback, the 0-cup mob, the ladder by cups,
and a whole arena battle at instant speed whose rewards land in the saved profile."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from client import i18n
from client.app import App
from client.context import Context
from client.meta import arena_battle
from client.meta.arena import ladder
from client.meta.state import meta_of
from client.scenes.arena import ArenaScene
from client.scenes.base import Push
from rules.meta.profile import from_json
from rules.tactics.ai import decide, make_player
from tests.client.conftest import FAST_AI
from tests.client.test_window_sizes import assert_laid_out
from tests.client.ui_events import click_at, steps, until

START = 1_800_000_000.0


class Clock:
    def __init__(self) -> None:
        self.t = START

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def meta(ctx: Context, clock: Clock):
    return meta_of(ctx, clock)


def rivals_at(meta, cups: int, when: float) -> None:
    rivals = tuple(replace(r, cups=cups, next_application=when) for r in meta.profile.rivals)
    meta.profile = replace(meta.profile, rivals=rivals)


def open_arena(app: App, ctx: Context) -> ArenaScene:
    scene = ArenaScene(ctx, app.size)
    app.stack.apply(Push(scene))
    steps(app, 2)
    return scene


def click(app: App, button) -> None:
    click_at(button.rect.center)
    steps(app, 3)


def saved(ctx: Context):
    return from_json(meta_of(ctx).store.path.read_bytes())


def test_apply_counts_down_and_cancel_refunds_M_MM_1_M_MM_4_M_SUP_3_M_SUP_6(app, ctx, meta, clock):
    """M-MM-1 / M-SUP-3: an application costs 5 supplies; M-MM-4: «Создать заявку» becomes «Отмена»
    while the visible countdown runs; M-SUP-6(d): cancelling refunds the 5."""
    rivals_at(meta, 5000, START + 10_000)  # no rival anywhere near, none applying soon
    scene = open_arena(app, ctx)
    click(app, scene.apply)
    assert saved(ctx).supplies == 145 and scene.arena.searching
    assert not scene.apply.visible and scene.cancel.visible
    clock.t += 18
    steps(app, 2)
    assert scene.arena.seconds_left() == 42
    assert "0:42" in i18n.tr("arena.searching", time="0:42")
    click(app, scene.cancel)
    assert saved(ctx).supplies == 150 and scene.arena.search is None and scene.apply.visible
    assert scene.message == "Application withdrawn; 5 supplies returned."


def test_after_the_minute_a_mob_is_set_against_the_player_M_MM_5(app, ctx, meta, clock):
    rivals_at(meta, 5000, START + 5)  # they apply, but all are more than 100 cups away (M-MM-3)
    scene = open_arena(app, ctx)
    click(app, scene.apply)
    clock.t += 59
    steps(app, 2)
    assert scene.arena.searching
    clock.t += 1
    steps(app, 2)
    assert scene.arena.against_mob and scene.fight.visible and not scene.cancel.visible
    assert "you fight a mob" in scene.message


def test_two_rival_applications_in_range_make_a_match_M_MM_3(app, ctx, meta, clock):
    rivals_at(meta, 5000, START + 10_000)
    rivals = list(meta.profile.rivals)
    rivals[0] = replace(rivals[0], cups=150, next_application=START + 7)
    rivals[1] = replace(rivals[1], cups=60, next_application=START + 9)
    meta.profile = replace(meta.profile, rivals=tuple(rivals))
    scene = open_arena(app, ctx)
    click(app, scene.apply)
    clock.t += 8
    steps(app, 2)
    assert scene.arena.searching  # one candidate is not enough (M-MM-6a)
    clock.t += 1
    steps(app, 2)
    rival = scene.arena.opponent()
    assert rival is not None and rival.name in (rivals[0].name, rivals[1].name)
    assert "Opponent found" in scene.message


def test_zero_cups_meets_a_mob_at_once_M_MM_2_M_CUP_10(app, ctx, meta):
    meta.profile = replace(meta.profile, cups=0)
    scene = open_arena(app, ctx)
    click(app, scene.apply)
    assert scene.arena.against_mob and scene.message == "With 0 cups you fight a mob."


def test_too_few_supplies_is_refused_with_the_reason_M_SUP_6(app, ctx, meta):
    meta.profile = replace(meta.profile, supplies=4, supplies_clock=START)
    scene = open_arena(app, ctx)
    click(app, scene.apply)
    assert scene.arena.search is None and meta.profile.supplies == 4
    assert scene.message == "Not enough supplies: an application needs 5, you have 4."


def test_the_ladder_orders_the_player_among_the_rivals_by_cups_M_CUP_1(meta):
    rows = ladder(meta.profile)
    assert [r.cups for r in rows] == sorted((r.cups for r in rows), reverse=True)
    assert sum(r.is_player for r in rows) == 1 and len(rows) == 1 + len(meta.profile.rivals)


def test_a_whole_arena_battle_pays_its_rewards_into_the_saved_profile(app, ctx, meta, clock):
    """A mob match, the battle played out at instant speed by a fixed AI for the player; then the
    profile file holds the rewards the overlay lists (M-PVP, M-CUP-6/9, M-HEAL-2)."""
    ctx.settings.speed = "instant"
    ctx.settings.ai_level = FAST_AI
    meta.profile = replace(meta.profile, cups=0, seed=11)
    scene = open_arena(app, ctx)
    click(app, scene.apply)
    before = saved(ctx)
    click(app, scene.fight)
    battle = app.stack.top
    assert isinstance(battle, arena_battle.RewardBattleScene)
    assert [s.unit for s in battle.session.setup.armies[1]] == [s.unit for s in before.roster]
    assert len(battle.session.setup.armies[2]) >= 2  # the league 1 mob's minimum squads (M-DATA-1b)
    me = make_player(FAST_AI, 3)

    def over() -> bool:
        if battle.input_allowed():
            battle._act(decide(me, battle.session.state))
        return battle.overlay is not None

    until(app, over, limit=20000, seconds=240)
    after = saved(ctx)
    event = battle.view.outcome
    outcome = arena_battle.outcome_of(event)
    assert after.cups == {"win": 1, "draw": 0, "loss": 0}[outcome]
    assert after.piastres > before.piastres or event.efficiency[1] == 0
    lines = [line for line, _ in battle.overlay.extra_lines]
    assert any(
        f"= +{after.piastres - before.piastres}" in line for line in lines if line.startswith("Piastres")
    )
    assert lines[-1] == "Saved to your profile."
    fallen = {u: 0 for u in ("swordsman", "archer", "mage", "assassin")}
    for s in battle.session.state.squads:  # the landing shuffled them: matched back by type
        if s.info.team == 1:
            fallen[s.info.unit.id] += s.info.start_count - s.count
    assert {s.unit: s.wounded for s in after.roster} == fallen
    assert "again" not in battle.overlay.buttons


@pytest.mark.parametrize("size", [(960, 600), (3840, 2160)])
@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_arena_fits_in_both_languages(ctx, clock, size, language, tmp_path):
    ctx.settings.language = language
    i18n.set_language(language)
    app = App(size, fps=0, context=ctx)
    try:
        meta = meta_of(ctx, clock)
        rivals_at(meta, 5000, START + 5)
        scene = ArenaScene(ctx, size)
        app.stack.apply(Push(scene))
        click(app, scene.apply)
        clock.t += 60
        steps(app, 2)
        assert scene.fight.visible
        assert_laid_out(scene, size)
        assert scene.left.bottom < scene.back.rect.top and scene.right.right <= size[0]
        pygame.image.save(app.screen, str(tmp_path / f"arena_{language}_{size[0]}.png"))
    finally:
        app.close()


def test_back_during_a_search_withdraws_it_and_refunds_M_SUP_6(app, ctx, meta, clock):
    rivals_at(meta, 5000, START + 10_000)
    scene = open_arena(app, ctx)
    click(app, scene.apply)
    assert saved(ctx).supplies == 145
    click(app, scene.back)
    assert not isinstance(app.stack.top, ArenaScene) and saved(ctx).supplies == 150


def test_the_strip_shows_the_time_to_the_next_supply_M_SUP_2(meta, clock):
    """M-SUP-2: +1 every 30 minutes: 10 minutes after dropping to 145, the next point is 20:00 away;
    at the cap the timer pauses (M-SUP-6a)."""
    from client.meta.view import supplies_text

    meta.profile = replace(meta.profile, supplies=145, supplies_clock=START)
    clock.t = START + 600
    assert supplies_text(meta.refresh(), clock.t) == "Supplies: 145/150  (next in 20:00)"
    clock.t = START + 5 * 1800
    assert supplies_text(meta.refresh(), clock.t) == "Supplies: 150/150  (full)"
