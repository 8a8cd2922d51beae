"""Hot-seat duels (two people at one machine) and the Hero Duel screen's deck list, headless.

Rules cited: duel.md D-TURN-7 (the countdown starts when the turn's banner is shown: here when the
cover is dismissed), D-TURN-8 (a turn whose time runs out ends by itself).
"""

from __future__ import annotations

import itertools

import pygame
import pytest

from client import i18n
from client.app import App
from client.context import Context
from client.duel.decks_store import DeckStore, decks_dir
from client.duel.scene import DuelScene
from client.scenes.base import Push
from client.scenes.duel_setup import DuelSetupScene, fitted
from client.ui.scale import px
from rules.duel.actions import EndTurn, PlayCreature, TimeOut
from rules.duel.decks import PlayerDeck, deck_from_json
from tests.client.test_duel_scene import FakeClock
from tests.client.ui_events import click_at, press, steps, until


def hotseat(app: App, ctx: Context, clock: FakeClock, seed: int = 5) -> DuelScene:
    ctx.settings.speed = "instant"
    scene = DuelScene(ctx, app.size, "starter", seed=seed, now=clock, foe_deck="sky_host", hotseat=True)
    app.stack.apply(Push(scene))
    steps(app)
    return scene


def hand_names(scene: DuelScene, seat: int) -> set[str]:
    """The names of the cards only ``seat`` holds (not in the other hand)."""
    state = scene.session.state
    mine, theirs = set(state.side(seat).hand), set(state.side(3 - seat).hand)
    return {state.catalog.card(c).name_en for c in mine - theirs}


def test_play_on_the_setup_screen_starts_a_hotseat_duel_with_each_seats_choice(
    app: App, ctx: Context
) -> None:
    setup = DuelSetupScene(ctx, app.size)
    app.stack.apply(Push(setup))
    steps(app)
    assert not setup.seat_buttons[2].visible
    click_at(setup.modes["hotseat"].rect.center)
    steps(app)
    assert setup.seat_buttons[2].visible
    click_at(setup.seat_buttons[2].rect.center)
    steps(app)
    click_at(setup.deck_buttons["sky_host"].rect.center)
    steps(app)
    click_at(setup.hero_buttons["wizard"].rect.center)
    steps(app)
    assert setup.choices[2] == ["sky_host", "wizard"] and setup.choices[1][0] == setup.deck_ids[0]
    click_at(setup.play.rect.center)
    steps(app)
    table = app.stack.top
    assert isinstance(table, DuelScene) and table.session.hotseat
    s = table.session
    assert s.foe_deck == "sky_host" and s.state.side(2).hero.id == "wizard"
    assert s.deck == setup.deck_ids[0]
    assert table.ai is not None and table.ai.worker is None  # nobody thinks for a seat in hot-seat


def test_the_cover_hides_both_hands_until_the_next_player_clicks(app: App, ctx: Context) -> None:
    """D-TURN-7: the countdown starts when the cover goes and the turn's banner is shown."""
    clock = FakeClock()
    scene = hotseat(app, ctx, clock)
    s = scene.session
    first = s.state.active
    assert scene.covered
    drawn = " ".join(scene.drawn_texts())
    assert f"Pass to Player {first}" in drawn
    assert not any(name in drawn for name in hand_names(scene, 1) | hand_names(scene, 2))
    assert s.seconds_left(clock.ms) is None  # no countdown under the cover
    clock.ms = 20_000
    steps(app)
    click_at((10, 10))
    steps(app)
    assert not scene.covered and s.viewer == first
    assert s.seconds_left(clock.ms) == 60
    drawn = " ".join(scene.drawn_texts())
    assert f"Turn: Player {first} — 60" in drawn
    assert all(name in drawn for name in hand_names(scene, first))
    assert not any(name in drawn for name in hand_names(scene, 3 - first))
    click_at(scene.buttons["end_turn"].rect.center)
    steps(app)
    assert scene.covered and scene.cover == 3 - first
    drawn = " ".join(scene.drawn_texts())
    assert not any(name in drawn for name in hand_names(scene, 1) | hand_names(scene, 2))
    assert not scene.buttons["end_turn"].visible
    press(pygame.K_SPACE)
    steps(app)
    assert s.viewer == 3 - first and s.state.active == 3 - first
    drawn = " ".join(scene.drawn_texts())
    assert not any(name in drawn for name in hand_names(scene, first))


def test_the_debug_state_holds_no_hand_under_the_cover(
    app: App, ctx: Context, monkeypatch: pytest.MonkeyPatch, tmp_path
) -> None:
    import json

    debug = tmp_path / "debug.json"
    monkeypatch.setenv("RUNETIDE_DEBUG_STATE", str(debug))
    scene = hotseat(app, ctx, FakeClock())
    steps(app)
    data = json.loads(debug.read_text(encoding="utf-8"))
    assert data["covered"] and data["my_hand"] == [] and data["hand"] == []
    assert not any(c in debug.read_text(encoding="utf-8") for c in scene.session.state.side(1).hand)


def test_each_hotseat_turn_has_its_own_60_seconds(app: App, ctx: Context) -> None:
    """D-TURN-8: a hot-seat turn times out like any other; the next player's starts at their click."""
    clock = FakeClock()
    scene = hotseat(app, ctx, clock)
    s = scene.session
    click_at((10, 10))
    steps(app)
    player = s.state.active
    clock.ms += 60_000
    steps(app)
    assert isinstance(s.actions[-1], TimeOut) and scene.cover == 3 - player
    clock.ms += 30_000  # the next player takes a while to sit down: their turn has not started
    steps(app)
    assert s.seconds_left(clock.ms) is None and len(s.actions) == 1
    click_at((10, 10))
    steps(app)
    assert s.seconds_left(clock.ms) == 60


def test_a_whole_hotseat_duel_ends_with_the_winning_seat_named(app: App, ctx: Context) -> None:
    scene = hotseat(app, ctx, FakeClock())
    s = scene.session

    def done() -> bool:
        if s.over:
            return True
        if scene.covered:
            click_at((10, 10))
        elif not scene.busy:
            if s.state.surrender_open():
                scene._apply(s.surrender)
            else:
                plays = [a for a in s.legal() if isinstance(a, PlayCreature)]
                scene.act(plays[0] if plays else EndTurn())
        return False

    until(app, done, limit=20_000, seconds=60)
    steps(app)
    winner = s.state.outcome.winner
    assert f"Player {winner} wins" in scene.drawn_texts()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_hotseat_cover_speaks_both_languages(app: App, ctx: Context, lang: str) -> None:
    i18n.set_language(lang)
    ctx.settings.language = lang
    scene = hotseat(app, ctx, FakeClock())
    want = "Pass to Player" if lang == "en" else "Передайте ход: Игрок"
    assert any(line.startswith(want) for line in scene.drawn_texts())


# ---- the deck list: scrolling, rename, delete ----------------------------------------------------
def own_decks(n: int) -> DeckStore:
    store = DeckStore()
    for i in range(n):
        store.save(PlayerDeck(f"Deck {i:02}", "commander", {"militia": 21}))
    return store


def open_setup(app: App, ctx: Context) -> DuelSetupScene:
    setup = DuelSetupScene(ctx, app.size)
    app.stack.apply(Push(setup))
    steps(app)
    return setup


def test_the_deck_list_scrolls_when_there_are_many_decks(app: App, ctx: Context) -> None:
    own_decks(12)
    setup = open_setup(app, ctx)
    box = setup.deck_box
    assert len(setup.stored_buttons) == 12
    last = setup.stored_buttons[-1]
    assert last.rect.top > box.rect.bottom  # below the visible part
    assert box.vert_scroll_bar is not None
    box.vert_scroll_bar.set_scroll_from_start_percentage(1.0)
    steps(app, 3)
    assert box.rect.collidepoint(last.rect.center)  # scrolled into view
    click_at(last.rect.center)
    steps(app)
    assert setup.deck is setup.stored[-1]


def test_an_own_deck_is_renamed_new_file_first_and_a_bad_name_refused(app: App, ctx: Context) -> None:
    own_decks(1)
    setup = open_setup(app, ctx)
    assert not setup.rename.is_enabled  # a ready deck cannot be renamed
    click_at(setup.stored_buttons[0].rect.center)
    steps(app)
    old = setup.deck.path
    click_at(setup.rename.rect.center)
    steps(app)
    assert setup.name_entry.visible
    setup.name_entry.set_text("   ")
    click_at(setup.name_ok.rect.center)
    steps(app)
    assert setup.message == "Give the deck a name." and old.is_file()
    setup.name_entry.set_text("Stone  wall")
    click_at(setup.name_ok.rect.center)
    steps(app)
    assert not old.exists()
    new = decks_dir() / "stone-wall.json"
    assert deck_from_json(new.read_text(encoding="utf-8")).name == "Stone wall"
    assert [s.deck.name for s in setup.stored] == ["Stone wall"] and setup.deck is setup.stored[0]
    assert setup.stored_buttons[0].text == "Stone wall" and not setup.name_entry.visible


def test_a_failed_write_keeps_the_old_deck_file(monkeypatch: pytest.MonkeyPatch) -> None:
    store = own_decks(1)
    stored = store.load_all()[0][0]

    def refuse(path, content):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("client.duel.decks_store.write_text_atomic", refuse)
    with pytest.raises(OSError):
        store.rename(stored, "Other")
    assert stored.path.is_file() and not (decks_dir() / "other.json").exists()


def test_an_own_deck_is_deleted_only_after_the_confirmation(app: App, ctx: Context) -> None:
    own_decks(2)
    setup = open_setup(app, ctx)
    click_at(setup.stored_buttons[0].rect.center)
    steps(app)
    path = setup.deck.path
    click_at(setup.delete.rect.center)
    steps(app)
    assert setup.confirm is not None and path.is_file()
    click_at(setup.confirm.confirm_button.rect.center)
    steps(app, 3)
    assert not path.exists() and [s.deck.name for s in setup.stored] == ["Deck 01"]
    assert setup.deck == setup.deck_ids[0]  # the seat falls back to a ready deck


SIZES = [(960, 600), (1920, 1080)]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_setup_screen_fits_both_languages(ctx: Context, size, lang: str) -> None:
    """Every widget inside the window, none over another, each button wide enough for its label."""
    own_decks(8)
    app = App(size, fps=0, context=ctx)
    try:
        i18n.set_language(lang)
        ctx.settings.language = lang
        setup = open_setup(app, ctx)
        setup.on_button(setup.modes["hotseat"])
        steps(app)
        window = pygame.Rect((0, 0), size)
        widgets = [
            *setup.modes.values(),
            *setup.seat_buttons.values(),
            setup.deck_box,
            *setup.hero_buttons.values(),
            setup.builder,
            setup.rename,
            setup.delete,
            setup.back,
            setup.play,
        ]
        for w in widgets:
            assert window.contains(w.rect), w.rect
        for a, b in itertools.combinations(widgets, 2):
            assert not a.rect.colliderect(b.rect), (a.rect, b.rect)
        for b in (*setup.modes.values(), *setup.seat_buttons.values(), setup.rename, setup.delete):
            assert fitted(b) <= b.rect.width
        assert setup.info_top + px(5 * 22) <= setup.back.rect.top + 1  # the summary's five lines
    finally:
        app.close()
