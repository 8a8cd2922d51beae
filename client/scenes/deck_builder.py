"""The deck builder: the catalog's cards (filtered by resource, cost and type) and the deck being built.

Left, the catalog's creature and magic cards in a scrolling column: a click adds one copy. Right,
the deck's name and hero, its cards with their counts (a click takes one out), its cost curve and
resource mix, and a status line saying which deck-building rule it breaks (duel.md D-DECK-1,
D-CARD-1: :func:`rules.duel.decks.validate_deck`), worded in the current language. Save writes the
deck with :class:`client.duel.decks_store.DeckStore` and is refused, with the reason, while the
deck breaks a rule. Opened from the Hero Duel screen, which lists the saved decks beside the ready
ones.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pygame
import pygame_gui

from client.context import Context
from client.debug import write_debug_state
from client.duel.cards import card_name, resource_name
from client.duel.decks_store import DeckStore, StoredDeck
from client.i18n import key as i18n_key
from client.i18n import tr, tr_count
from client.render import text
from client.scenes.base import Pop, Size, Transition, UIScene
from client.scenes.duel_setup import deck_lines
from client.ui import BAD, GOOD, MUTED_TEXT_COLOUR, TITLE_COLOUR
from client.ui.scale import px
from rules.duel.catalog import default_duel_catalog
from rules.duel.catalog_types import RESOURCES, Card, CreatureCard, Resource
from rules.duel.decks import MAX_NAME, DeckFileError, DeckProblem, PlayerDeck, clean_name, deck_problems

MARGIN = 24  # design pixels (client.ui.scale)
ROW_H, BUTTON_H = 40, 36
SCROLLBAR_W = 20
FILTER_W = 210
HERO_W = 220
FOOT_H = 48
COST_BANDS = ((1, 4), (5, 8), (9, 99))  # the cost filter's steps: a card's total cost
TYPES = ("creatures", "magic")


def total_cost(card: Card) -> int:
    return sum(card.cost)


def cost_words(card: Card) -> str:
    """ "Wood 2, Iron 1" / «Дерево 2, Железо 1»."""
    return ", ".join(f"{resource_name(r)} {n}" for r, n in zip(RESOURCES, card.cost, strict=True) if n)


def problem_text(problem: DeckProblem) -> str:
    """A deck-building problem in the current language."""
    if problem.code == "too_few":
        return tr_count("deck.too_few", problem.count, needed=problem.needed)
    cat = default_duel_catalog()
    name = problem.card
    if problem.code == "hero_card" and name in cat.heroes:
        name = card_name(cat.hero(name))
    return tr(f"deck.{problem.code}", card=name)


class DeckBuilderScene(UIScene):
    """Build (or change) one deck; ``stored`` is the saved deck to change, None for a new one."""

    def __init__(self, ctx: Context, size: Size, stored: StoredDeck | None = None) -> None:
        cat = default_duel_catalog()
        self.store = DeckStore()
        self.path: Path | None = stored.path if stored else None
        self.counts: Counter[str] = Counter(stored.deck.cards if stored else {})
        self.hero = stored.deck.hero if stored else sorted(cat.heroes)[0]
        self.initial_name = stored.deck.name if stored else ""
        self.resource: Resource | None = None  # filters: None is "all"
        self.cost_band: int | None = None
        self.kind: str | None = None
        self.message = ""
        self.message_good = False
        self.card_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.deck_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        super().__init__(ctx, size)

    # -- what is shown -------------------------------------------------------------------------
    def shown_cards(self) -> list[Card]:
        """The catalog's cards the filters let through, cheapest first."""
        cat = default_duel_catalog()
        cards: list[Card] = [*cat.creatures.values(), *cat.spells.values()]
        if self.resource is not None:
            index = RESOURCES.index(self.resource)
            cards = [c for c in cards if c.cost[index]]
        if self.cost_band is not None:
            lo, hi = COST_BANDS[self.cost_band]
            cards = [c for c in cards if lo <= total_cost(c) <= hi]
        if self.kind is not None:
            creature = self.kind == "creatures"
            cards = [c for c in cards if isinstance(c, CreatureCard) == creature]
        return sorted(cards, key=lambda c: (total_cost(c), card_name(c)))

    def deck(self) -> PlayerDeck:
        name = self.name_entry.get_text() if hasattr(self, "name_entry") else self.initial_name
        return PlayerDeck(" ".join(name.split()), self.hero, dict(sorted(self.counts.items())))

    def problems(self) -> list[str]:
        """What stops the deck from being saved, in the current language (empty: it may be)."""
        deck = self.deck()
        texts = [problem_text(p) for p in deck_problems(deck, default_duel_catalog())]
        try:
            clean_name(deck.name)
        except DeckFileError:
            texts.append(tr("deck.no_name") if not deck.name else tr("deck.bad_name"))
        return texts

    def status(self) -> tuple[str, bool]:
        problems = self.problems()
        if problems:
            return " ".join(problems), False
        return tr_count("deck.ready", self.deck().size), True

    # -- widgets -------------------------------------------------------------------------------
    def build(self) -> None:
        self.filter_resource = self._button(FILTER_W, "#deck_filter_resource")
        self.filter_cost = self._button(FILTER_W, "#deck_filter_cost")
        self.filter_type = self._button(FILTER_W, "#deck_filter_type")
        self.hero_button = self._button(HERO_W, "#deck_hero")
        self.name_entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(0, 0, 300, BUTTON_H),
            manager=self.ui,
            object_id="#deck_name",
            placeholder_text=i18n_key("deck.name"),  # shown while the field is empty
        )
        self.name_entry.set_text_length_limit(MAX_NAME)
        self.name_entry.set_text(self.initial_name or tr("deck.new_name"))
        self.catalog_box = pygame_gui.elements.UIScrollingContainer(
            pygame.Rect(0, 0, 300, 300), manager=self.ui, allow_scroll_x=False, object_id="#deck_catalog"
        )
        self.deck_box = pygame_gui.elements.UIScrollingContainer(
            pygame.Rect(0, 0, 300, 300), manager=self.ui, allow_scroll_x=False, object_id="#deck_cards"
        )
        self.save = pygame_gui.elements.UIButton(
            pygame.Rect(0, 0, 200, FOOT_H), i18n_key("deck.save"), manager=self.ui, object_id="#deck_save"
        )
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(0, 0, 160, FOOT_H), i18n_key("common.back"), manager=self.ui, object_id="#back"
        )

    def _button(self, width: int, object_id: str) -> pygame_gui.elements.UIButton:
        return pygame_gui.elements.UIButton(
            pygame.Rect(0, 0, width, BUTTON_H), "", manager=self.ui, object_id=object_id
        )

    def layout(self, size: Size) -> None:
        w, h = size
        m, gap = px(MARGIN), px(10)
        col_w = (w - 3 * m) // 2
        self.left, self.right = m, 2 * m + col_w
        self.col_w = col_w
        filters_y = px(68)
        for i, b in enumerate((self.filter_resource, self.filter_cost, self.filter_type)):
            b.set_dimensions((px(FILTER_W), px(BUTTON_H)))
            b.set_relative_position((m + i * (px(FILTER_W) + gap), filters_y))
        self.head_y = filters_y + px(BUTTON_H) + px(14)
        top = self.head_y + px(26)
        self.foot_y = h - px(FOOT_H) - px(16)
        self.catalog_box.set_relative_position((self.left, top))
        self.catalog_box.set_dimensions((col_w, max(px(ROW_H), self.foot_y - px(12) - top)))
        # right column: name and hero, the deck's cards, then its numbers and the status line
        self.name_entry.set_dimensions((col_w - px(HERO_W) - gap, px(BUTTON_H)))
        self.name_entry.set_relative_position((self.right, px(18)))  # on the title's row
        self.hero_button.set_dimensions((px(HERO_W), px(BUTTON_H)))
        self.hero_button.set_relative_position((self.right + col_w - px(HERO_W), px(18)))
        self.info_h = 4 * px(22) + 2 * px(20)  # curve, mix, size lines and two status lines
        deck_h = max(px(ROW_H), self.foot_y - px(12) - self.info_h - top)
        self.deck_box.set_relative_position((self.right, top))
        self.deck_box.set_dimensions((col_w, deck_h))
        self.info_y = top + deck_h + px(8)
        self.back.set_dimensions((px(160), px(FOOT_H)))
        self.back.set_relative_position((self.left, self.foot_y))
        self.save.set_dimensions((px(200), px(FOOT_H)))
        self.save.set_relative_position((self.right + col_w - px(200), self.foot_y))
        self.back.rebuild()
        self.save.rebuild()
        self.refresh()

    def refresh(self) -> None:
        """Labels and both lists, after a filter, a card, the hero or the language changed."""
        all_ = tr("deck.all")
        res = resource_name(self.resource) if self.resource else all_
        band = "–".join(map(str, COST_BANDS[self.cost_band])) if self.cost_band is not None else all_
        if self.cost_band == len(COST_BANDS) - 1:
            band = f"{COST_BANDS[-1][0]}+"
        kind = tr(f"deck.{self.kind}") if self.kind else all_
        self.filter_resource.set_text(text.fit_label(tr("deck.filter_resource", value=res), FILTER_W))
        self.filter_cost.set_text(text.fit_label(tr("deck.filter_cost", value=band), FILTER_W))
        self.filter_type.set_text(text.fit_label(tr("deck.filter_type", value=kind), FILTER_W))
        hero = card_name(default_duel_catalog().hero(self.hero))
        self.hero_button.set_text(text.fit_label(tr("deck.hero", name=hero), HERO_W))
        cat = default_duel_catalog()
        self.card_buttons = self._fill(
            self.catalog_box,
            self.card_buttons,
            [(c.id, f"{card_name(c)} — {cost_words(c)}") for c in self.shown_cards()],
            "#deck_card",
        )
        rows = [
            (cid, f"{n} × {card_name(cat.card(cid))}")
            for cid, n in sorted(self.counts.items(), key=lambda kv: (total_cost(cat.card(kv[0])), kv[0]))
        ]
        self.deck_buttons = self._fill(self.deck_box, self.deck_buttons, rows, "#deck_entry")

    def _fill(
        self,
        box: pygame_gui.elements.UIScrollingContainer,
        old: dict[str, pygame_gui.elements.UIButton],
        rows: list[tuple[str, str]],
        object_id: str,
    ) -> dict[str, pygame_gui.elements.UIButton]:
        for button in old.values():
            button.kill()
        width = box.rect.width - px(SCROLLBAR_W) - px(4)
        design_w = round(width / max(0.01, self.scale))
        buttons = {}
        for i, (cid, label) in enumerate(rows):
            shown = text.fit_label(label, design_w)
            buttons[cid] = pygame_gui.elements.UIButton(
                pygame.Rect(0, i * px(ROW_H), width, px(BUTTON_H)),
                shown,
                manager=self.ui,
                container=box,
                tool_tip_text=label if shown != label else None,
                object_id=object_id,
            )
        # never shorter than the box: a short list would otherwise float down inside it
        box.set_scrollable_area_dimensions((width, max(box.rect.height, len(rows) * px(ROW_H))))
        if box.vert_scroll_bar is not None and len(rows) * px(ROW_H) <= box.rect.height:
            box.vert_scroll_bar.set_scroll_from_start_percentage(0.0)
        return buttons

    # -- input ---------------------------------------------------------------------------------
    def on_button(self, button: pygame_gui.core.UIElement) -> Transition | None:
        if button is self.back:
            return Pop()
        if button is self.save:
            self.try_save()
            return None
        cat = default_duel_catalog()
        if button is self.filter_resource:
            order: list[Resource | None] = [None, *RESOURCES]
            self.resource = order[(order.index(self.resource) + 1) % len(order)]
        elif button is self.filter_cost:
            bands: list[int | None] = [None, *range(len(COST_BANDS))]
            self.cost_band = bands[(bands.index(self.cost_band) + 1) % len(bands)]
        elif button is self.filter_type:
            kinds: list[str | None] = [None, *TYPES]
            self.kind = kinds[(kinds.index(self.kind) + 1) % len(kinds)]
        elif button is self.hero_button:
            heroes = sorted(cat.heroes)
            self.hero = (
                heroes[(heroes.index(self.hero) + 1) % len(heroes)] if self.hero in heroes else heroes[0]
            )
        else:
            added = next((cid for cid, b in self.card_buttons.items() if b is button), None)
            removed = next((cid for cid, b in self.deck_buttons.items() if b is button), None)
            if added is not None:
                self.counts[added] += 1
            elif removed is not None:
                self.counts[removed] -= 1
                if self.counts[removed] <= 0:
                    del self.counts[removed]
            else:
                return None
        self.message = ""
        self.refresh()
        return None

    def try_save(self) -> Path | None:
        """Save the deck, or say why not (a broken rule, or the disk refused)."""
        problems = self.problems()
        if problems:
            self.message, self.message_good = tr("deck.refused", reason=" ".join(problems)), False
            return None
        deck = self.deck()
        try:
            self.path = self.store.save(PlayerDeck(clean_name(deck.name), deck.hero, deck.cards), self.path)
        except OSError as exc:
            self.message, self.message_good = tr("deck.save_failed", reason=str(exc)), False
            return None
        self.message, self.message_good = tr("deck.saved", path=str(self.path)), True
        return self.path

    def on_event(self, ev: pygame.event.Event) -> Transition | None:
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE and not self.name_entry.is_focused:
            return Pop()
        return None

    def update(self, dt: float) -> None:
        super().update(dt)
        write_debug_state(
            type(self).__name__,
            cards={cid: b.rect.center for cid, b in self.card_buttons.items()},
            deck=dict(self.counts),
            status=self.status()[0],
        )

    # -- drawing -------------------------------------------------------------------------------
    def draw_scene(self, surface: pygame.Surface) -> None:
        title = text.text(tr("deck.title"), px(34), TITLE_COLOUR, True)
        surface.blit(title, (self.left, px(16)))
        heads = (
            (tr("deck.catalog", n=len(self.card_buttons)), self.left),
            (tr_count("deck.in_deck", self.deck().size), self.right),
        )
        for label, x in heads:
            line = text.fit(label, px(17), self.col_w, bold=True)
            surface.blit(text.text(line, px(17), TITLE_COLOUR, True), (x, self.head_y))
        y = self.info_y
        cards = self.deck().card_list()
        known = [
            c for c in cards if c in default_duel_catalog().creatures or c in default_duel_catalog().spells
        ]
        for line in deck_lines(known) if known else []:
            shown = text.fit(line, px(16), self.col_w)
            surface.blit(text.text(shown, px(16), MUTED_TEXT_COLOUR), (self.right, y))
            y += px(22)
        y = self.info_y + 3 * px(22)
        status, good = (self.message, self.message_good) if self.message else self.status()
        colour = GOOD if good else BAD
        lines = text.wrap(status, px(16), self.col_w)
        room = max(1, (self.foot_y - px(4) - y) // px(20))
        for line in lines[:room]:
            surface.blit(text.text(line, px(16), colour), (self.right, y))
            y += px(20)
