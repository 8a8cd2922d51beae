"""The hero-duel table driven headless: synthetic clicks and keys on DuelScene at instant speed.

Rules cited: duel.md D-TURN-7 (banner), D-TURN-8 (time-out), D-TURN-11 (surrender), D-OQ-7 (the
clock pauses while pop-ups play), D-UI-1..5 (numbers shown in order, banner text, buttons).
"""

from __future__ import annotations

import pygame
import pytest

from client import i18n
from client.app import App
from client.context import Context
from client.duel.beats import BeatQueue, beats_of
from client.duel.hints import forecast, playable_cards
from client.duel.scene import DuelScene
from client.duel.session import HUMAN
from client.scenes.base import Push
from client.scenes.duel_setup import DuelSetupScene
from client.scenes.menu import MenuScene
from rules.duel.actions import Attack, EndTurn, PlayCreature
from rules.duel.catalog_types import CreatureCard
from rules.duel.odds import fight_odds
from tests.client.ui_events import click_at, steps, until


class FakeClock:
    def __init__(self) -> None:
        self.ms = 0

    def __call__(self) -> int:
        return self.ms


def human_first_seed() -> int:
    from client.duel.session import DuelSession

    return next(s for s in range(50) if DuelSession(s, "starter", None).state.active == HUMAN)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def duel(app: App, ctx: Context, clock: FakeClock) -> DuelScene:
    ctx.settings.speed = "instant"
    scene = DuelScene(ctx, app.size, seed=human_first_seed(), ai="greedy", now=clock)
    app.stack.apply(Push(scene))
    steps(app)
    return scene


def test_menu_hero_duel_opens_the_setup_and_play_opens_the_table(app: App, ctx: Context) -> None:
    menu = MenuScene(ctx, app.size)
    app.stack.apply(Push(menu))
    steps(app)
    click_at(menu.buttons["duel"].rect.center)
    steps(app)
    setup = app.stack.top
    assert isinstance(setup, DuelSetupScene)
    click_at(setup.play.rect.center)
    steps(app)
    assert isinstance(app.stack.top, DuelScene)


def test_clicking_a_playable_creature_puts_it_on_the_field(app: App, duel: DuelScene) -> None:
    state = duel.session.state
    creature = next(
        c for c in sorted(playable_cards(state)) if isinstance(state.catalog.card(c), CreatureCard)
    )
    rect = dict(duel.hand_rects())[creature]
    click_at(rect.center)
    steps(app)
    assert [c.card.id for c in state.side(HUMAN).field] == [creature]
    assert PlayCreature(creature) in duel.session.actions


def test_end_turn_button_passes_to_the_ai_and_it_plays_back(app: App, duel: DuelScene) -> None:
    """D-UI-4: «Конец хода» / End turn ends the turn; the AI then plays its turn and hands it back."""
    click_at(duel.buttons["end_turn"].rect.center)
    until(app, lambda: duel.session.state.turn_no >= 3 and duel.session.state.active == HUMAN, seconds=60)
    assert EndTurn() in duel.session.actions
    assert duel.session.state.active == HUMAN or duel.session.over
    assert duel.session.state.turn_no >= 3


def test_banner_counts_down_and_time_out_ends_the_turn(app: App, duel: DuelScene, clock: FakeClock) -> None:
    """D-TURN-7 / D-UI-3: the banner reads "Turn: You — 60" and counts down; D-TURN-8 at 0 it ends."""
    assert "Turn: You — 60" in duel.drawn_texts()
    clock.ms = 18_000
    steps(app)
    assert "Turn: You — 42" in duel.drawn_texts()
    clock.ms = 60_000
    steps(app)
    assert any(a.__class__.__name__ == "TimeOut" for a in duel.session.actions)


def test_clock_pauses_while_popups_play(app: App, ctx: Context, clock: FakeClock) -> None:
    """D-OQ-7: while a pop-up is up, the countdown does not run."""
    ctx.settings.speed = "1x"
    scene = DuelScene(ctx, app.size, seed=human_first_seed(), ai="greedy", now=clock)
    app.stack.apply(Push(scene))
    steps(app)
    scene.beats.queue.append(beats_of([], scene.session.state, {}) or _a_beat())
    steps(app)
    clock.ms = 30_000
    steps(app)
    assert scene.session.seconds_left(clock.ms) == 60


def _a_beat():
    from client.duel.beats import Beat

    return Beat("x", -1, "roll")


def test_surrender_is_disabled_until_d_turn_11(duel: DuelScene) -> None:
    """D-TURN-11 / D-UI-4: «Сдаться» is off in the first turns."""
    assert not duel.buttons["surrender"].is_enabled
    assert duel.buttons["end_turn"].is_enabled


def test_popups_follow_the_rule_events_in_order() -> None:
    """D-UI-1/2: the damage and parry, then the life lost, in the order of the rule events."""
    from rules.duel import events as ev

    events = [ev.Rolled(1, 2, ev.LossSource.ATTACK, 5, 2), ev.LifeLost(2, 3, 4, ev.LossSource.ATTACK)]
    q = BeatQueue()
    from client.duel.session import DuelSession

    beats = beats_of(events, DuelSession(1, "starter", None).state, {})
    q.extend(beats, 1.0)
    while q.busy:
        q.tick(2.0, 1.0)
    assert [b.kind for b in q.shown] == ["roll", "loss"]
    assert q.shown[0].text == "Damage 5 · Parry 2"


def test_forecast_equals_odds_py(duel: DuelScene) -> None:
    """The hover forecast (issue #20) is rules.duel.odds' exact one."""
    s = duel.session
    for _ in range(400):
        attacks = [a for a in s.legal() if isinstance(a, Attack)]
        if attacks or s.over:
            break
        if s.human_to_act:
            plays = [a for a in s.legal() if isinstance(a, PlayCreature)]
            s.apply(plays[0] if plays else EndTurn())
        else:
            s.apply(s.ai_choice())
    if not attacks:
        pytest.skip("no attack came up")
    a = attacks[0]
    f = forecast(s.state, a.attacker, a.target)
    assert f.kill == fight_odds(s.state, a.attacker, a.target).kill_chance


def test_hidden_information_is_never_drawn(app: App, duel: DuelScene, monkeypatch, tmp_path) -> None:
    """The opponent's hand and deck order appear in no drawn text and no debug state."""
    state = duel.session.state
    foe = state.side(2)
    mine = set(state.side(HUMAN).hand) | set(state.side(HUMAN).deck)
    secret = {state.catalog.card(c).name_en for c in foe.hand if c not in mine}
    drawn = " ".join(duel.drawn_texts())
    assert not any(name in drawn for name in secret)
    debug = tmp_path / "debug.json"
    monkeypatch.setenv("RUNETIDE_DEBUG_STATE", str(debug))
    steps(app)
    if debug.exists():
        written = debug.read_text(encoding="utf-8")
        assert not any(c in written for c in foe.hand if c not in mine)
        assert "foe_hand_size" in written


def test_language_switch_shows_the_russian_banner(app: App, duel: DuelScene) -> None:
    """D-TURN-7: «Ход: <имя> — 60» in Russian."""
    i18n.set_language("ru")
    steps(app)
    assert "Ход: Вы — 60" in duel.drawn_texts()
    assert duel.buttons["end_turn"].text == "runetide.duel.end_turn"
    pygame.event.clear()


def _play_until(duel: DuelScene, want) -> bool:
    """Drive the session (human plays creatures, else ends turns) until ``want()`` holds."""
    s = duel.session
    for _ in range(2000):
        if want():
            return True
        if s.over:
            return False
        if s.human_to_act:
            plays = [a for a in s.legal() if isinstance(a, PlayCreature)]
            s.apply(plays[0] if plays else EndTurn())
        else:
            s.apply(s.ai_choice())
    return False


def test_dismiss_asks_first_then_sends_the_creature_to_the_discard(app: App, duel: DuelScene) -> None:
    """D-TURN-14: right-click an own creature, confirm, and it goes to the discard."""
    me = duel.session.state.side(HUMAN)
    assert _play_until(duel, lambda: duel.session.human_to_act and me.field)
    steps(app)
    uid = me.field[0].uid
    click_at(duel.table.my_slots[0].center, button=3)
    steps(app)
    assert duel.confirm is not None and me.creature(uid) is not None  # nothing happens before the answer
    click_at(duel.confirm.confirm_button.rect.center)
    steps(app, 4)
    assert me.creature(uid) is None


def test_surrender_enables_after_d_turn_11_and_confirms(app: App, duel: DuelScene) -> None:
    """D-TURN-11: after 5 turns each «Сдаться» is on; pressing it asks, confirming ends the duel."""
    state = duel.session.state
    assert _play_until(duel, lambda: duel.session.human_to_act and state.surrender_open())
    steps(app)
    assert duel.buttons["surrender"].is_enabled
    click_at(duel.buttons["surrender"].rect.center)
    steps(app)
    click_at(duel.confirm.confirm_button.rect.center)
    steps(app, 4)
    assert state.outcome is not None and state.outcome.winner == 2
    assert "Defeat" in duel.drawn_texts()


def test_the_settings_level_picks_the_duel_ai() -> None:
    """Easy, Normal and Hard map onto the duel registry's levels; an unknown value plays Normal."""
    from client.duel.session import duel_ai_name
    from rules.duel.ai import PLAYERS

    for level in ("easy", "normal", "hard"):
        assert duel_ai_name(level) == PLAYERS.levels[level]
    assert duel_ai_name("auto") == PLAYERS.levels["normal"]


def test_one_click_cards_are_the_playable_cards_a_single_click_plays(app: App, duel: DuelScene) -> None:
    """The debug state's ``one_click`` (what the end-to-end test clicks) holds the playable creatures and
    untargeted spells; a spell that takes a target is playable but left out, and clicking it only
    selects it."""
    from rules.duel.catalog_types import SpellCard

    state = duel.session.state

    def targeted_spell_playable() -> bool:
        one_click = duel.one_click_cards() if duel.session.human_to_act else []
        return bool(one_click) and any(
            isinstance(state.catalog.card(c), SpellCard) and c not in one_click
            for c in duel.session.playable()
        )

    assert _play_until(duel, targeted_spell_playable)
    steps(app)
    one_click = duel.one_click_cards()
    targeted = sorted(set(duel.session.playable()) - set(one_click))
    assert targeted and all(isinstance(state.catalog.card(c), SpellCard) for c in targeted)
    before = len(duel.session.actions)
    click_at(duel.hand_points()[state.side(HUMAN).hand.index(targeted[0])])
    steps(app)
    assert len(duel.session.actions) == before and duel.spell == targeted[0]
    click_at(duel.hand_points()[state.side(HUMAN).hand.index(one_click[0])])
    steps(app)
    assert len(duel.session.actions) == before + 1
