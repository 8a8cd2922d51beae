"""The Hero Duel screen: choose a hero and a deck, see their numbers, and Play.

A hero shows its class and attributes; a deck its size, its creatures and magic, its cost curve
and resource mix. Against the computer, Play opens :class:`client.duel.scene.DuelScene` against the
AI level Settings gives (mapped onto the duel AIs by :func:`client.duel.session.duel_ai_name`).
Hot-seat (two people at this machine): the Player 1 / Player 2 tabs choose which seat's hero and
deck the lists set, and Play opens the table for both.

The deck list scrolls (the ready decks, then the player's own). An own deck can be renamed (the
name checked as the builder checks it; the new file written first, the old one removed only after)
or deleted (after a confirmation): :mod:`client.duel.decks_store` does both.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import pygame
import pygame_gui

from client.debug import write_debug_state
from client.duel.cards import card_name, hero_card, resource_name
from client.duel.decks_store import DeckStore, StoredDeck
from client.i18n import key as i18n_key
from client.i18n import tr
from client.render import text
from client.scenes.base import Pop, Push, Size, Transition, UIScene
from client.ui import BAD, MUTED_TEXT_COLOUR, TITLE_COLOUR
from client.ui.fonts import font
from client.ui.scale import px
from rules.duel.catalog import default_duel_catalog
from rules.duel.catalog_types import RESOURCES, CreatureCard
from rules.duel.decks import DeckFileError

BW, BH, GAP = 240, 36, 6  # a list button and the gap under it (design pixels)
Choice = str | StoredDeck  # a ready deck's id, or one of the player's own decks


def deck_lines(deck: str | Sequence[str]) -> list[str]:
    """The deck's size and kinds, its cost curve and its resource mix, translated; ``deck`` is a
    ready deck's id or a list of card ids (a player's own deck)."""
    cat = default_duel_catalog()
    ids = cat.deck(deck).cards if isinstance(deck, str) else deck
    cards = [cat.card(c) for c in ids]
    creatures = sum(isinstance(c, CreatureCard) for c in cards)
    curve = Counter(sum(c.cost) for c in cards)
    mix: Counter = Counter()
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


def played_deck(choice: Choice) -> str | tuple[str, ...]:
    """What the table is given: a ready deck's id, or an own deck's card ids."""
    return choice.deck.card_list() if isinstance(choice, StoredDeck) else choice


def choice_name(choice: Choice) -> str:
    return (
        choice.deck.name if isinstance(choice, StoredDeck) else card_name(default_duel_catalog().deck(choice))
    )


def fitted(button: pygame_gui.elements.UIButton, least: int = 110) -> int:
    """A button's width for its label (as the battle's button bar sizes them), at least ``least``."""
    label = tr(button.text.removeprefix("runetide.")) if button.text.startswith("runetide.") else button.text
    return max(px(least), font(px(20), True).size(label)[0] + px(28))


class DuelSetupScene(UIScene):
    """Pick a deck (its hero comes with it, and can be changed) for each seat, then Play."""

    def build(self) -> None:
        cat = default_duel_catalog()
        self.deck_ids = sorted(cat.decks)
        self.hero_ids = sorted(cat.heroes)
        first = self.deck_ids[0]
        self.choices: dict[int, list] = {seat: [first, cat.deck(first).hero] for seat in (1, 2)}
        self.seat = 1
        self.hotseat = False
        self.store = DeckStore()
        self.stored, self.set_aside = self.store.load_all()
        self.message = ""
        self.confirm: pygame_gui.windows.UIConfirmationDialog | None = None

        def button(label: str, object_id: str | None = None, container=None) -> pygame_gui.elements.UIButton:
            return pygame_gui.elements.UIButton(
                pygame.Rect(0, 0, BW, BH), label, manager=self.ui, container=container, object_id=object_id
            )

        self.modes = {
            "vs_ai": button(i18n_key("duel.vs_ai"), "#duel_vs_ai"),
            "hotseat": button(i18n_key("duel.hotseat"), "#duel_hotseat"),
        }
        self.seat_buttons = {s: button(tr("duel.seat", n=s), f"#duel_seat_{s}") for s in (1, 2)}
        self.deck_box = pygame_gui.elements.UIScrollingContainer(
            pygame.Rect(0, 0, BW + 20, BH), manager=self.ui, allow_scroll_x=False, object_id="#duel_decks"
        )
        self.deck_buttons = {d: button(card_name(cat.deck(d)), None, self.deck_box) for d in self.deck_ids}
        self.stored_buttons: list[pygame_gui.elements.UIButton] = []
        self._stored_buttons()
        self.hero_buttons = {h: button(card_name(cat.hero(h))) for h in self.hero_ids}
        self.builder = button(i18n_key("deck.open"), "#deck_builder")
        self.rename = button(i18n_key("duel.rename"), "#duel_rename")
        self.delete = button(i18n_key("duel.delete"), "#duel_delete")
        self.name_entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(0, 0, BW, BH), manager=self.ui)
        self.name_entry.set_text_length_limit(40)
        self.name_ok = button(i18n_key("duel.rename_ok"), "#duel_rename_ok")
        self.name_entry.hide()
        self.name_ok.hide()
        self.play = button(i18n_key("duel.play"), "#duel_play")
        self.back = button(i18n_key("common.back"))
        self._mark()

    def _stored_buttons(self) -> None:
        for b in self.stored_buttons:
            b.kill()
        self.stored_buttons = [
            pygame_gui.elements.UIButton(
                pygame.Rect(0, 0, BW, BH), s.deck.name, manager=self.ui, container=self.deck_box
            )
            for s in self.stored
        ]

    # -- the chosen seat's deck and hero -------------------------------------------------------
    @property
    def deck(self) -> Choice:
        return self.choices[self.seat][0]

    @property
    def hero(self) -> str:
        return self.choices[self.seat][1]

    def _mark(self) -> None:
        for d, b in self.deck_buttons.items():
            b.select() if d == self.deck else b.unselect()
        for stored, b in zip(self.stored, self.stored_buttons, strict=True):
            b.select() if stored is self.deck else b.unselect()
        for h, b in self.hero_buttons.items():
            b.select() if h == self.hero else b.unselect()
        for name, b in self.modes.items():
            b.select() if (name == "hotseat") == self.hotseat else b.unselect()
        for s, b in self.seat_buttons.items():
            b.show() if self.hotseat else b.hide()
            b.select() if s == self.seat else b.unselect()
        own = isinstance(self.deck, StoredDeck)
        for b in (self.rename, self.delete):
            b.enable() if own else b.disable()

    # -- layout --------------------------------------------------------------------------------
    def layout(self, size: Size) -> None:
        """One row of modes (and the hot-seat's seat tabs), the deck list (scrolling) beside the
        heroes, one row of deck tools, the chosen seat's summary, and Back / Play."""
        cat = default_duel_catalog()
        w, h = size
        bw, bh, gap = px(BW), px(BH), px(GAP)
        left, right = w // 2 - bw - px(20), w // 2 + px(20)
        tabs = [*self.modes.values(), *self.seat_buttons.values()]
        widths = [fitted(b) for b in tabs]
        split = px(28)  # between the modes and the seat tabs
        shown = sum(widths) + 2 * gap + split if self.hotseat else widths[0] + widths[1] + gap
        x = w // 2 - shown // 2
        for i, (b, tab_w) in enumerate(zip(tabs, widths, strict=True)):
            b.set_dimensions((tab_w, bh))
            b.set_relative_position((x, px(58)))
            x += tab_w + (split if i == 1 else gap)
        self.top = px(58) + bh + px(8)  # the lists' headings
        lists = self.top + px(28)
        list_h = len(self.hero_buttons) * (bh + gap) - gap
        rows = [*self.deck_buttons.values(), *self.stored_buttons]
        self.deck_box.set_relative_position((left, lists))
        self.deck_box.set_dimensions((bw + px(20), list_h))
        self.deck_box.set_scrollable_area_dimensions((bw, max(1, len(rows) * (bh + gap) - gap)))
        for i, b in enumerate(rows):
            b.set_dimensions((bw, bh))
            b.set_relative_position((0, i * (bh + gap)))
        for i, b in enumerate(self.hero_buttons.values()):
            b.set_dimensions((bw, bh))
            b.set_relative_position((right, lists + i * (bh + gap)))
        tools_y = lists + list_h + px(10)
        room = w - (right + bw + px(20)) - px(16)  # beside the heroes: the chosen one's portrait card
        card_h = min(list_h, room * 4 // 3)
        self.portrait = pygame.Rect(right + bw + px(20), lists, card_h * 3 // 4, card_h)
        self.builder.set_dimensions((bw, bh))
        self.builder.set_relative_position((left, tools_y))
        x = right
        for b in (self.rename, self.delete):
            b.set_dimensions((fitted(b), bh))
            b.set_relative_position((x, tools_y))
            x += fitted(b) + gap
        self.name_entry.set_dimensions((bw, bh))
        self.name_entry.set_relative_position((right, tools_y))
        self.name_ok.set_dimensions((fitted(self.name_ok), bh))
        self.name_ok.set_relative_position((right + bw + gap, tools_y))
        self.info_top = tools_y + bh + px(10)
        for i, b in enumerate((self.back, self.play)):
            b.set_dimensions((px(160), px(44)))
            b.set_relative_position((w // 2 - px(170) + i * px(180), h - px(56)))
        for d, b in self.deck_buttons.items():  # after sizing, so each label is laid into its box
            b.set_text(card_name(cat.deck(d)))
        for hero_id, b in self.hero_buttons.items():
            b.set_text(card_name(cat.hero(hero_id)))
        for stored, b in zip(self.stored, self.stored_buttons, strict=True):
            b.set_text(text.fit_label(stored.deck.name, BW))
        for seat, b in self.seat_buttons.items():
            b.set_text(tr("duel.seat", n=seat))
        for b in (
            self.back,
            self.play,
            self.builder,
            self.rename,
            self.delete,
            self.name_ok,
            *self.modes.values(),
        ):
            b.rebuild()

    # -- input ---------------------------------------------------------------------------------
    def on_button(self, button: pygame_gui.core.UIElement) -> Transition | None:
        cat = default_duel_catalog()
        choice = self.choices[self.seat]
        for d, b in self.deck_buttons.items():
            if button is b:
                choice[:] = [d, cat.deck(d).hero]
        for stored, b in zip(self.stored, self.stored_buttons, strict=True):
            if button is b:
                choice[:] = [stored, stored.deck.hero]
        for h, b in self.hero_buttons.items():
            if button is b:
                choice[1] = h
        for name, b in self.modes.items():
            if button is b:
                self.hotseat = name == "hotseat"
                self.seat = 1
                self.layout(self.size)
        for s, b in self.seat_buttons.items():
            if button is b:
                self.seat = s
        if button is self.rename and isinstance(self.deck, StoredDeck):
            self._start_rename()
        elif button is self.name_ok:
            self._finish_rename()
        elif button is self.delete and isinstance(self.deck, StoredDeck):
            self._ask_delete()
        self._mark()
        if button is self.builder:
            from client.scenes.deck_builder import DeckBuilderScene

            chosen = self.deck if isinstance(self.deck, StoredDeck) else None
            return Push(DeckBuilderScene(self.ctx, self.size, chosen))
        if button is self.back:
            return Pop()
        if button is self.play:
            return Push(self.table())
        return None

    def table(self) -> UIScene:
        """The duel these choices start (against the computer, or hot-seat for both seats)."""
        from client.duel.scene import DuelScene

        (deck1, hero1), (deck2, hero2) = self.choices[1], self.choices[2]
        if not self.hotseat:
            return DuelScene(self.ctx, self.size, played_deck(deck1), hero1)
        return DuelScene(
            self.ctx,
            self.size,
            played_deck(deck1),
            hero1,
            foe_deck=played_deck(deck2),
            foe_hero=hero2,
            hotseat=True,
        )

    def on_event(self, e: pygame.event.Event) -> Transition | None:
        if e.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and e.ui_element is self.name_entry:
            self._finish_rename()
        elif e.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and e.ui_element is self.confirm:
            self.confirm = None
            self._delete()
        return None

    # -- rename and delete ---------------------------------------------------------------------
    def _start_rename(self) -> None:
        assert isinstance(self.deck, StoredDeck)
        self.name_entry.set_text(self.deck.deck.name)
        for b in (self.rename, self.delete):
            b.hide()
        self.name_entry.show()
        self.name_ok.show()
        self.name_entry.focus()

    def _end_rename(self) -> None:
        self.name_entry.hide()
        self.name_ok.hide()
        for b in (self.rename, self.delete):
            b.show()

    def _finish_rename(self) -> None:
        deck = self.deck
        if not isinstance(deck, StoredDeck) or not self.name_entry.visible:
            return
        try:
            renamed = self.store.rename(deck, self.name_entry.get_text())
        except DeckFileError:
            self.message = tr("deck.bad_name") if self.name_entry.get_text().strip() else tr("deck.no_name")
            return
        except OSError as exc:
            self.message = tr("deck.save_failed", reason=exc.strerror or str(exc))
            return
        self.message = ""
        self._end_rename()
        self._relist({deck.path: renamed.path})

    def _ask_delete(self) -> None:
        assert isinstance(self.deck, StoredDeck)
        w, h = self.size
        rect = pygame.Rect(0, 0, min(px(420), w - 20), px(200))
        rect.center = (w // 2, h // 2)
        self.confirm = pygame_gui.windows.UIConfirmationDialog(
            rect,
            tr("duel.delete_question", name=self.deck.deck.name),
            self.ui,
            window_title=tr("duel.confirm_title"),
            action_short_name=tr("duel.delete"),
        )

    def _delete(self) -> None:
        deck = self.deck
        if not isinstance(deck, StoredDeck):
            return
        try:
            self.store.delete(deck)
        except OSError as exc:
            self.message = tr("deck.save_failed", reason=exc.strerror or str(exc))
            return
        self._relist({deck.path: None})

    def _relist(self, moved: dict[Path, Path | None]) -> None:
        """List the folder's decks again; a seat's own deck follows its file (``moved``: old path to
        new path, None when deleted), else the seat gets the first ready deck."""
        cat = default_duel_catalog()
        stored, aside = self.store.load_all()
        paths = {s.path: s for s in stored}
        first = self.deck_ids[0]
        for choice in self.choices.values():
            deck = choice[0]
            if isinstance(deck, StoredDeck):
                path = moved.get(deck.path, deck.path)
                found = paths.get(path) if path is not None else None
                choice[:] = [found, choice[1]] if found else [first, cat.deck(first).hero]
        self.stored, self.set_aside = stored, [*self.set_aside, *aside]
        self._stored_buttons()
        self.layout(self.size)
        self._mark()

    def update(self, dt: float) -> None:
        super().update(dt)
        buttons = {"play": self.play, "back": self.back, "builder": self.builder, **self.modes}
        write_debug_state(
            "duel_setup",
            hotseat=self.hotseat,
            seat=self.seat,
            buttons={name: b.rect.center for name, b in buttons.items()},
        )

    # -- drawing -------------------------------------------------------------------------------
    def draw_scene(self, surface: pygame.Surface) -> None:
        w, _h = self.size
        title = text.text(tr("duel.title"), px(34), TITLE_COLOUR, True)
        surface.blit(title, title.get_rect(midtop=(w // 2, px(14))))
        for label, x in (
            (tr("duel.choose_deck"), w // 2 - px(BW) - px(20)),
            (tr("duel.choose_hero"), w // 2 + px(20)),
        ):
            surface.blit(text.text(label, px(20), TITLE_COLOUR, True), (x, self.top))
        if self.portrait.w >= px(80):  # the chosen hero's portrait card (a window too narrow shows none)
            hero = default_duel_catalog().hero(self.hero)
            surface.blit(hero_card(hero, hero.morale, self.portrait.size), self.portrait)
        y = self.info_top
        lines = [hero_line(self.hero), *deck_lines(played_deck(self.deck))]
        if self.hotseat:
            other = 3 - self.seat
            deck, hero = self.choices[other]
            name = card_name(default_duel_catalog().hero(hero))
            lines.append(
                tr("duel.seat_choice", seat=tr("duel.seat", n=other), hero=name, deck=choice_name(deck))
            )
        if self.message:
            lines.append(self.message)
        for line in lines:
            for piece in text.wrap(line, px(16), w - px(40)):
                img = text.text(piece, px(16), BAD if line == self.message else MUTED_TEXT_COLOUR)
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
        stored, aside = self.store.load_all()
        if [(s.path, s.deck) for s in stored] != [(s.path, s.deck) for s in self.stored] or aside:
            self.set_aside = [*self.set_aside, *aside]
            self._relist({})
        super().resize(size)
