"""The Hero Duel screen: choose a hero and a ready deck, see their numbers, and Play against the AI.

A hero shows its class and attributes; a deck its size, its creatures and magic, its cost curve
and resource mix. Play opens :class:`client.duel.scene.DuelScene` against the AI level Settings
gives (mapped onto the duel AIs by :func:`client.duel.session.duel_ai_name`).
"""

from __future__ import annotations

from collections import Counter

import pygame
import pygame_gui

from client.duel.cards import card_name, resource_name
from client.i18n import key as i18n_key
from client.i18n import tr
from client.render import text
from client.scenes.base import Pop, Push, Size, Transition, UIScene
from client.ui import MUTED_TEXT_COLOUR, TITLE_COLOUR
from client.ui.scale import px
from rules.duel.catalog import default_duel_catalog
from rules.duel.catalog_types import RESOURCES, CreatureCard


def deck_lines(deck_id: str) -> list[str]:
    """The deck's size and kinds, its cost curve and its resource mix, translated."""
    cat = default_duel_catalog()
    deck = cat.deck(deck_id)
    cards = [cat.card(c) for c in deck.cards]
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
        self.deck = self.deck_ids[0]
        self.hero = cat.deck(self.deck).hero
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
        for h, b in self.hero_buttons.items():
            b.select() if h == self.hero else b.unselect()

    def layout(self, size: Size) -> None:
        cat = default_duel_catalog()
        w, h = size
        bw, bh, gap = px(240), px(36), px(6)
        top = px(90)
        for i, b in enumerate(self.deck_buttons.values()):
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
        for b in (self.back, self.play):
            b.rebuild()

    def on_button(self, button: pygame_gui.core.UIElement) -> Transition | None:
        cat = default_duel_catalog()
        for d, b in self.deck_buttons.items():
            if button is b:
                self.deck, self.hero = d, cat.deck(d).hero
        for h, b in self.hero_buttons.items():
            if button is b:
                self.hero = h
        self._mark()
        if button is self.back:
            return Pop()
        if button is self.play:
            from client.duel.scene import DuelScene

            return Push(DuelScene(self.ctx, self.size, self.deck, self.hero))
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
        y = max(b.rect.bottom for b in (*self.deck_buttons.values(), *self.hero_buttons.values())) + px(16)
        for line in [hero_line(self.hero), *deck_lines(self.deck)]:
            img = text.text(line, px(16), MUTED_TEXT_COLOUR)
            surface.blit(img, img.get_rect(midtop=(w // 2, y)))
            y += px(22)
