"""The deck builder and the deck files, headless: build a deck by clicks, save it, play it.

Rules cited: duel.md D-DECK-1 (at least 21 cards) and D-CARD-1 (only the catalog's creature and magic
cards). Deck files live in the test's own RUNETIDE_DATA_DIR (tests/client/conftest.py); a corrupt
one is renamed aside, never deleted, and the Hero Duel screen says so.
"""

from __future__ import annotations

import json
from pathlib import Path

from client import i18n
from client.app import App
from client.context import Context
from client.duel.decks_store import DeckStore, decks_dir
from client.duel.scene import DuelScene
from client.scenes.base import Push
from client.scenes.deck_builder import DeckBuilderScene
from client.scenes.duel_setup import DuelSetupScene
from rules.duel.decks import PlayerDeck, deck_from_json
from tests.client.ui_events import click_at, steps


def click(app: App, button) -> None:
    click_at(button.rect.center)
    steps(app)


def visible(scene: DeckBuilderScene, card: str):
    """The catalog button of ``card``, scrolled into view."""
    button = scene.card_buttons[card]
    bar = scene.catalog_box.vert_scroll_bar
    index = list(scene.card_buttons).index(card)
    if bar is not None:
        bar.set_scroll_from_start_percentage(index / max(1, len(scene.card_buttons)))
        scene.ui.update(0.01)
    return button


# ---- the store ----------------------------------------------------------------------------------
def test_a_saved_deck_is_listed_back(tmp_path: Path) -> None:
    store = DeckStore(tmp_path)
    deck = PlayerDeck("Pikes", "warlord", {"pikeman": 21})
    path = store.save(deck)
    assert path == tmp_path / "pikes.json"
    assert deck_from_json(path.read_text(encoding="utf-8")) == deck
    decks, aside = store.load_all()
    assert [s.deck for s in decks] == [deck] and aside == []
    assert store.save(PlayerDeck("Pikes", "warlord", {"pikeman": 22})).name == "pikes-2.json"  # no clash
    assert not list(tmp_path.glob("*.tmp"))  # the atomic write left nothing behind


def test_a_corrupt_or_invalid_file_is_set_aside_never_deleted(tmp_path: Path) -> None:
    store = DeckStore(tmp_path)
    (tmp_path / "broken.json").write_text("{not json", encoding="utf-8")
    short = {
        "format": "runetide-duel-deck",
        "version": 1,
        "name": "S",
        "hero": "commander",
        "cards": {"militia": 20},
    }
    (tmp_path / "short.json").write_text(json.dumps(short), encoding="utf-8")  # D-DECK-1
    store.save(PlayerDeck("Good", "commander", {"militia": 21}))
    decks, aside = store.load_all()
    assert [s.deck.name for s in decks] == ["Good"]
    assert sorted(a.path.name for a in aside) == ["broken.json", "short.json"]
    reasons = {a.path.name: a.reason for a in aside}
    assert "not JSON" in reasons["broken.json"] and "D-DECK-1" in reasons["short.json"]
    for a in aside:
        assert a.moved_to is not None and a.moved_to.name.startswith(a.path.name + ".corrupt-")
    assert (tmp_path / next(a.moved_to.name for a in aside if a.path.name == "broken.json")).read_text(
        encoding="utf-8"
    ) == "{not json"
    assert store.load_all()[1] == []  # set aside once: the next listing is clean


# ---- the scene ----------------------------------------------------------------------------------
def test_build_a_deck_by_clicks_refused_until_valid_then_saved_listed_and_played(
    app: App, ctx: Context
) -> None:
    ctx.settings.speed = "instant"
    setup = DuelSetupScene(ctx, app.size)
    app.stack.apply(Push(setup))
    steps(app)
    click(app, setup.builder)
    builder = app.stack.top
    assert isinstance(builder, DeckBuilderScene)
    click(app, builder.filter_type)  # all -> creatures
    assert builder.kind == "creatures" and "lightning" not in builder.card_buttons
    click(app, builder.filter_resource)  # all -> wood
    assert all(builder.shown_cards()) and "skeleton" not in builder.card_buttons  # skeletons cost salt
    for _ in range(20):
        click(app, visible(builder, "militia"))
    assert builder.counts["militia"] == 20
    click(app, builder.deck_buttons["militia"])  # a click in the deck takes one out
    assert builder.counts["militia"] == 19
    assert builder.status() == ("The deck has 19 cards; it needs at least 21.", False)
    click(app, builder.save)
    assert builder.message.startswith("Not saved. The deck has 19 cards")  # D-DECK-1
    assert not decks_dir().exists() or not list(decks_dir().glob("*.json"))
    for _ in range(2):
        click(app, visible(builder, "pikeman"))
    assert builder.status()[1]
    builder.name_entry.set_text("Wall")
    click(app, builder.save)
    saved = decks_dir() / "wall.json"
    assert saved.is_file() and deck_from_json(saved.read_text(encoding="utf-8")).cards == {
        "militia": 19,
        "pikeman": 2,
    }
    click(app, builder.back)
    assert app.stack.top is setup
    names = [s.deck.name for s in setup.stored]
    assert names == ["Wall"]
    click(app, setup.stored_buttons[0])
    click(app, setup.play)
    table = app.stack.top
    assert isinstance(table, DuelScene)
    side = table.session.state.side(1)
    assert sorted([*side.deck, *side.hand]) == ["militia"] * 19 + ["pikeman"] * 2


def test_the_status_speaks_russian(app: App, ctx: Context) -> None:
    i18n.set_language("ru")
    ctx.settings.language = "ru"
    builder = DeckBuilderScene(ctx, app.size)
    builder.counts.update({"militia": 19})
    assert builder.status() == ("В колоде 19 карт, а нужно не меньше 21.", False)
    builder.counts.update({"militia": 3})
    assert builder.status() == ("Колода готова: 22 карты.", True)
    builder.counts.update({"commander": 1})
    assert "Командир — карта героя" in builder.status()[0]  # D-CARD-1


def test_the_setup_screen_sets_a_corrupt_file_aside_with_a_message(app: App, ctx: Context) -> None:
    decks_dir().mkdir(parents=True)
    (decks_dir() / "mine.json").write_text("[]", encoding="utf-8")
    setup = DuelSetupScene(ctx, app.size)
    app.stack.apply(Push(setup))
    steps(app)  # drawn without a crash
    assert setup.stored == [] and [a.path.name for a in setup.set_aside] == ["mine.json"]
    assert not (decks_dir() / "mine.json").exists()
    assert len(list(decks_dir().glob("mine.json.corrupt-*"))) == 1
