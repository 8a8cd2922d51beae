"""The Hero Duel screen: choose a hero and a ready deck, see their numbers, and Play against the AI.

A hero shows its class and attributes; a deck its size, its creatures and magic, its cost curve
and resource mix. Play opens :class:`client.duel.scene.DuelScene` against the AI level Settings
gives (mapped onto the duel AIs by :func:`client.duel.session.duel_ai_name`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pygame
import pygame_gui

from client.duel.cards import card_name, resource_name
from client.duel.decks_store import DeckStore, StoredDeck
from client.i18n import key as i18n_key
from client.i18n import tr
from client.render import text
from client.scenes.base import Pop, Push, Size, Transition, UIScene
from client.ui import BAD, MUTED_TEXT_COLOUR, TITLE_COLOUR
from client.ui.scale import px
from rules.duel.catalog import default_duel_catalog
from rules.duel.catalog_types import RESOURCES, CreatureCard


def deck_lines(deck: str | Sequence[str]) -> list[str]:
    """The deck's size and kinds, its cost curve and its resource mix, translated; ``deck`` is a
    ready deck's id or a list of card ids (a player's own deck)."""
    cat = default_duel_catalog()
    ids = cat.deck(deck).cards if isinstance(deck, str) else deck
    cards = [cat.card(c) for c in ids]
    creatures = sum(isinstance(c, CreatureCard) for c in cards)
    curve = Counter(sum(c.cost) for c in cards)
    mix = Counter()
    for c in cards:
        for r, n in zip(RESOURCES, c.cost, strict=True):
            if n:
                mix[r] += 1
    return [
        tr("duel.deck_info", n=len(cards), creatures=creatures, spells=len(cards) - creatures),
        tr("duel.curve", curve="  ".join(f"{cost}×{n}" for cost, n in sorted(curve.items()))),
        tr("duel.mix", mix=", ".join(f"{resource_name(r)} {n}" for r, n in mix.most_common())),
    ]


def hero_line(hero_id: str) -> str:
    h = default_duel_catalog().hero(hero_id)
    return tr("duel.hero_info", a=h.attack, d=h.defense, t=h.tactics, k=h.knowledge, m=h.morale)


class DuelSetupScene(UIScene):
    """Pick a deck (its hero comes with it, and can be changed), then Play."""

    def build(self) -> None:
        cat = default_duel_catalog()
        self.deck_ids = sorted(cat.decks)
        self.hero_ids = sorted(cat.heroes)
        self.deck: str | StoredDeck = self.deck_ids[0]
        self.hero = cat.deck(self.deck_ids[0]).hero
        self.stored, self.set_aside = DeckStore().load_all()
        self.deck_buttons = {
            d: pygame_gui.elements.UIButton(
                pygame.Rect(0, 0, 240, 36), card_name(cat.deck(d)), manager=self.ui
            )
            for d in self.deck_ids
        }
        self.hero_buttons = {
            h: pygame_gui.elements.UIButton(
                pygame.Rect(0, 0, 240, 36), card_name(cat.hero(h)), manager=self.ui
            )
            for h in self.hero_ids
        }
        self.stored_buttons = [
            pygame_gui.elements.UIButton(pygame.Rect(0, 0, 240, 36), s.deck.name, manager=self.ui)
            for s in self.stored
        ]
        self.builder = pygame_gui.elements.UIButton(
            pygame.Rect(0, 0, 240, 36), i18n_key("deck.open"), manager=self.ui, object_id="#deck_builder"
        )
        self.play = pygame_gui.elements.UIButton(
            pygame.Rect(0, 0, 240, 36), i18n_key("duel.play"), manager=self.ui, object_id="#duel_play"
        )
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(0, 0, 240, 36), i18n_key("common.back"), manager=self.ui
        )
        self._mark()

    def _mark(self) -> None:
        for d, b in self.deck_buttons.items():
            b.select() if d == self.deck else b.unselect()
        for stored, b in zip(self.stored, self.stored_buttons, strict=True):
            b.select() if stored is self.deck else b.unselect()
        for h, b in self.hero_buttons.items():
            b.select() if h == self.hero else b.unselect()

    def layout(self, size: Size) -> None:
        cat = default_duel_catalog()
        w, h = size
        bw, bh, gap = px(240), px(36), px(6)
        top = px(90)
        for i, b in enumerate([*self.deck_buttons.values(), *self.stored_buttons, self.builder]):
            b.set_dimensions((bw, bh))
            b.set_relative_position((w // 2 - bw - px(20), top + px(30) + i * (bh + gap)))
        for i, b in enumerate(self.hero_buttons.values()):
            b.set_dimensions((bw, bh))
            b.set_relative_position((w // 2 + px(20), top + px(30) + i * (bh + gap)))
        for i, b in enumerate((self.back, self.play)):
            b.set_dimensions((px(160), px(44)))
            b.set_relative_position((w // 2 - px(170) + i * px(180), h - px(60)))
        self.top = top
        for d, b in self.deck_buttons.items():  # after sizing, so each label is laid into its box
            b.set_text(card_name(cat.deck(d)))
        for hero_id, b in self.hero_buttons.items():
            b.set_text(card_name(cat.hero(hero_id)))
        for stored, b in zip(self.stored, self.stored_buttons, strict=True):
            b.set_text(text.fit_label(stored.deck.name, 240))
        for b in (self.back, self.play, self.builder):
            b.rebuild()

    def on_button(self, button: pygame_gui.core.UIElement) -> Transition | None:
        cat = default_duel_catalog()
        for d, b in self.deck_buttons.items():
            if button is b:
                self.deck, self.hero = d, cat.deck(d).hero
        for stored, b in zip(self.stored, self.stored_buttons, strict=True):
            if button is b:
                self.deck, self.hero = stored, stored.deck.hero
        for h, b in self.hero_buttons.items():
            if button is b:
                self.hero = h
        self._mark()
        if button is self.builder:
            from client.scenes.deck_builder import DeckBuilderScene

            chosen = self.deck if isinstance(self.deck, StoredDeck) else None
            return Push(DeckBuilderScene(self.ctx, self.size, chosen))
        if button is self.back:
            return Pop()
        if button is self.play:
            from client.duel.scene import DuelScene

            deck = self.deck.deck.card_list() if isinstance(self.deck, StoredDeck) else self.deck
            return Push(DuelScene(self.ctx, self.size, deck, self.hero))
        return None

    def draw_scene(self, surface: pygame.Surface) -> None:
        w, _h = self.size
        title = text.text(tr("duel.title"), px(40), TITLE_COLOUR, True)
        surface.blit(title, title.get_rect(midtop=(w // 2, px(16))))
        for label, x in (
            (tr("duel.choose_deck"), w // 2 - px(260)),
            (tr("duel.choose_hero"), w // 2 + px(20)),
        ):
            surface.blit(text.text(label, px(20), TITLE_COLOUR, True), (x, self.top))
        y = max(b.rect.bottom for b in (self.builder, *self.hero_buttons.values())) + px(16)
        deck = self.deck.deck.card_list() if isinstance(self.deck, StoredDeck) else self.deck
        for line in [hero_line(self.hero), *deck_lines(deck)]:
            img = text.text(line, px(16), MUTED_TEXT_COLOUR)
            surface.blit(img, img.get_rect(midtop=(w // 2, y)))
            y += px(22)
        for aside in self.set_aside:  # a deck file that could not be played was renamed: say so
            moved = aside.moved_to.name if aside.moved_to else aside.path.name
            note = tr("deck.set_aside", file=aside.path.name, moved=moved, reason=aside.reason)
            for line in text.wrap(note, px(15), w - px(80)):
                img = text.text(line, px(15), BAD)
                surface.blit(img, img.get_rect(midtop=(w // 2, y)))
                y += px(19)

    def resize(self, size: Size) -> None:
        """Coming back from the deck builder: list the decks saved meanwhile."""
        stored, aside = DeckStore().load_all()
        if [(s.path, s.deck) for s in stored] != [(s.path, s.deck) for s in self.stored] or aside:
            for b in self.stored_buttons:
                b.kill()
            chosen = self.deck.path if isinstance(self.deck, StoredDeck) else None
            self.stored, self.set_aside = stored, [*self.set_aside, *aside]
            self.stored_buttons = [
                pygame_gui.elements.UIButton(pygame.Rect(0, 0, 240, 36), s.deck.name, manager=self.ui)
                for s in stored
            ]
            if chosen is not None:
                self.deck = next((s for s in stored if s.path == chosen), self.deck_ids[0])
            self.layout(self.size)
            self._mark()
        super().resize(size)
