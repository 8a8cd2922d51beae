"""The hero-duel table: the player (seat 1) against an AI, every roll shown (issue #20).

Input: click a hand card to play it (a creature) or to choose its target (magic); click an own
creature to choose it as attacker, then a lit target; right-click an own creature (or D with it
chosen) to dismiss it, after a confirmation; Escape drops the choice. End turn and Surrender are
buttons (Surrender disabled until D-TURN-11, and it asks first). The banner counts the turn's
60 seconds (D-TURN-6/7) on the scene's clock (``now``, a fake one in tests), paused while pop-ups
play (D-OQ-7); at 0 the player's turn ends by itself (D-TURN-8).

Hidden information: everything drawn comes from the player's :class:`~rules.duel.view.DuelView`
and redacted events, so the opponent's hand and deck are drawn only as counts and card backs.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui

from client import i18n
from client.debug import write_debug_state
from client.duel import cards, icons
from client.duel.beats import BEAT_SECONDS, Beat, BeatQueue, Fighter, beats_of, fighters
from client.duel.hints import forecast, why_unplayable
from client.duel.layout import TableLayout, fan, fan_angles, table_layout
from client.duel.log import DuelLog
from client.duel.session import AI, HUMAN, DuelSession
from client.i18n import key as i18n_key
from client.render import text
from client.scenes.base import Home, Replace, Size, Transition, UIScene
from client.ui.fonts import font
from client.ui.scale import px
from rules.duel import events as ev
from rules.duel.actions import Action, Attack, CastSpell, Dismiss, EndTurn, PlayCreature
from rules.duel.catalog_types import RESOURCES, SpellCard
from rules.duel.events import redact_all

_TR: dict[tuple, str] = {}


def tr(key: str, **values) -> str:
    """``i18n.tr`` remembered per language: the table asks for the same strings every frame."""
    k = (i18n.language(), key, tuple(sorted(values.items())))
    found = _TR.get(k)
    if found is None:
        if len(_TR) > 4096:
            _TR.clear()
        found = _TR[k] = i18n.tr(key, **values)
    return found


def player_name(player: int) -> str:
    return tr("duel.you") if player == HUMAN else tr("duel.opponent")


class _Tracked:
    """A surface that remembers where it was drawn on (the frame's dirty rects)."""

    def __init__(self, surface: pygame.Surface) -> None:
        self.surface = surface
        self.rects: list[pygame.Rect] = []

    def blit(self, source, dest, area=None, special_flags: int = 0) -> pygame.Rect:
        rect = self.surface.blit(source, dest, area, special_flags)
        self.rects.append(rect)
        return rect

    def __getattr__(self, name: str):
        return getattr(self.surface, name)


def _merged(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """``rects`` with every overlapping group replaced by its bounding rect (each pixel restored once)."""
    out: list[pygame.Rect] = []
    for rect in rects:
        rect = rect.copy()
        i = 0
        while i < len(out):
            if out[i].colliderect(rect):
                rect.union_ip(out.pop(i))
                i = 0
            else:
                i += 1
        out.append(rect)
    return out


def _real(surface) -> pygame.Surface:
    return surface.surface if isinstance(surface, _Tracked) else surface


def _track(surface, rect: pygame.Rect) -> None:
    if isinstance(surface, _Tracked):
        surface.rects.append(rect.copy())


AI_PAUSE_SECONDS = 0.6  # before each AI play, at 1x, so a person can follow
INK = (235, 228, 210)
DIM = (160, 150, 135)
TABLE = (28, 44, 34)


class DuelScene(UIScene):
    """A duel against the AI; ``now`` gives the clock in ms (pygame's ticks by default)."""

    use_backdrop = False
    background = TABLE
    music = "duel"

    def __init__(
        self,
        ctx,
        size: Size,
        deck: str = "starter",
        hero: str | None = None,
        *,
        seed: int | str | None = None,
        ai: str | None = None,
        now: Callable[[], int] | None = None,
    ) -> None:
        from client.duel.session import duel_ai_name

        self.now = now or pygame.time.get_ticks
        seed = seed if seed is not None else pygame.time.get_ticks()
        self.session = DuelSession(seed, deck, hero, ai or duel_ai_name(ctx.settings.ai_level))
        self.log = DuelLog()
        self.beats = BeatQueue()
        self.selected: int | None = None  # an own creature chosen to attack
        self.spell: str | None = None  # a magic card waiting for its target
        self.mouse = (0, 0)
        self.ai_wait = 0.0
        self.confirm: pygame_gui.windows.UIConfirmationDialog | None = None
        self.confirm_action: Action | None = None
        self.names: dict[int, str] = {}
        self.message = ""
        self.record: list[tuple[str, pygame.Rect]] | None = None  # drawn texts' rects (the layout test)
        self._info_cache: dict[tuple, pygame.Surface] = {}
        self._fit_cache: dict[tuple[str, int], str] = {}
        self._layer: pygame.Surface | None = None  # the state's layer of the table (see _draw)
        self._layer_key: tuple | None = None
        self._dirty: list[pygame.Rect] = []  # what the last frame drew over the layer
        self._drawn_on: tuple = ()
        self._drawn_at = -(10**9)
        self._moving: tuple = ()  # what the last frame's moving parts depended on
        self._drawn: list[pygame.Rect] = []  # where they were drawn
        super().__init__(ctx, size)
        self.log.add_events(redact_all(self.session.events, HUMAN), self.session.state)
        self.session.start_clock(self.now())

    # -- widgets -------------------------------------------------------------------------------
    def build(self) -> None:
        def button(key: str) -> pygame_gui.elements.UIButton:
            return pygame_gui.elements.UIButton(
                pygame.Rect(0, 0, 240, 40), i18n_key(f"duel.{key}"), manager=self.ui, object_id=f"#duel_{key}"
            )

        self.buttons = {k: button(k) for k in ("end_turn", "surrender", "again", "menu")}
        self.buttons["again"].hide()
        self.buttons["menu"].hide()

    def layout(self, size: Size) -> None:
        self.table: TableLayout = table_layout(size)
        panel = self.table.panel
        bw, bh, gap = panel.width - px(16), px(40), px(8)
        self.buttons["end_turn"].set_dimensions((bw, bh))
        self.buttons["end_turn"].set_relative_position((panel.x + px(8), panel.bottom - 2 * (bh + gap)))
        self.buttons["surrender"].set_dimensions((bw, bh))
        self.buttons["surrender"].set_relative_position((panel.x + px(8), panel.bottom - (bh + gap)))
        w, h = size
        end_w = min(px(420), w - px(20))
        for i, k in enumerate(("again", "menu")):
            self.buttons[k].set_dimensions((end_w // 2 - gap, bh))
            self.buttons[k].set_relative_position((w // 2 - end_w // 2 + i * (end_w // 2), h // 2 + px(70)))
        for b in self.buttons.values():
            b.rebuild()  # lay each label into its new size

    def on_button(self, button: pygame_gui.core.UIElement) -> Transition | None:
        if self.busy and button not in (self.buttons["again"], self.buttons["menu"]):
            return None
        if button is self.buttons["end_turn"] and self.session.human_to_act:
            self.act(EndTurn())
        elif button is self.buttons["surrender"] and self.session.human_to_act:
            self.ask(tr("duel.confirm_surrender"), None)
        elif button is self.buttons["again"]:
            s = self.session
            return Replace(DuelScene(self.ctx, self.size, s.deck, s.hero, ai=s.ai_name, now=self.now))
        elif button is self.buttons["menu"]:
            return Home()
        return None

    def ask(self, question: str, action: Action | None) -> None:
        """A confirmation window; ``action`` None means surrender."""
        w, h = self.size
        rect = pygame.Rect(0, 0, min(px(420), w - 20), px(200))
        rect.center = (w // 2, h // 2)
        self.confirm = pygame_gui.windows.UIConfirmationDialog(
            rect,
            question,
            self.ui,
            window_title=tr("duel.confirm_title"),
            action_short_name=tr("duel.yes"),
        )
        self.confirm_action = action

    # -- input ---------------------------------------------------------------------------------
    def selection(self) -> object:
        return (self.selected, self.spell) if self.selected is not None or self.spell is not None else None

    @property
    def busy(self) -> bool:
        return self.beats.busy or (self.confirm is not None and self.confirm.alive())

    def on_event(self, e: pygame.event.Event) -> Transition | None:
        if e.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and e.ui_element is self.confirm:
            self.confirm = None
            if self.session.human_to_act:
                if self.confirm_action is None:
                    self._apply(self.session.surrender)
                else:
                    self.act(self.confirm_action)
            return None
        if e.type == pygame.MOUSEMOTION:
            self.mouse = e.pos
            return None
        if self.beats.busy and e.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.beats.hurry()
            return None
        if self.busy or not self.session.human_to_act:
            return None
        if e.type == pygame.KEYDOWN:
            if e.key == pygame.K_ESCAPE:
                self.selected = self.spell = None
            elif e.key == pygame.K_d and self.selected is not None:
                self.ask(tr("duel.confirm_dismiss"), Dismiss(self.selected))
            return None
        if e.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = e.pos
            self.click(e.pos, e.button)
        return None

    def click(self, pos: tuple[int, int], button: int) -> None:
        state = self.session.state
        ref = self.ref_at(pos)
        if button == 3:
            if ref is not None and ref > 0 and state.me.creature(ref) is not None:
                self.ask(tr("duel.confirm_dismiss"), Dismiss(ref))
            return
        card = self.hand_card_at(pos)
        if card is not None:
            self.selected = None
            spell = state.catalog.card(card)
            if card not in self.session.playable():
                self.message = why_unplayable(state, card)
            elif isinstance(spell, SpellCard):
                targets = self.spell_targets(card)
                if targets == [None]:
                    self.act(CastSpell(card, None))
                else:
                    self.spell = card
            else:
                self.act(PlayCreature(card))
            return
        if ref is None:
            self.selected = self.spell = None
            return
        if self.spell is not None:
            if ref in self.spell_targets(self.spell):
                self.act(CastSpell(self.spell, ref))
            return
        if ref > 0 and state.me.creature(ref) is not None:
            self.selected = ref
            return
        if self.selected is not None and ref in self.attack_targets():
            self.act(Attack(self.selected, ref))

    def spell_targets(self, card: str) -> list[int | None]:
        return [a.target for a in self.session.legal() if isinstance(a, CastSpell) and a.card == card]

    def attack_targets(self) -> list[int]:
        return [
            a.target for a in self.session.legal() if isinstance(a, Attack) and a.attacker == self.selected
        ]

    def act(self, action: Action) -> None:
        self._apply(lambda: self.session.apply(action))

    def _apply(self, do: Callable[[], list[ev.Event]]) -> None:
        state = self.session.state
        self.names.update({c.uid: cards.card_name(c.card) for side in state.sides for c in side.field})
        before = fighters(state)  # the fight window shows the cards as the fight began
        new = redact_all(do(), HUMAN)
        self.names.update({c.uid: cards.card_name(c.card) for side in state.sides for c in side.field})
        self.log.add_events(new, state)
        for event in new:
            self.ctx.audio.play_event(event, {HUMAN})
        self.beats.extend(beats_of(new, state, self.names, before), self.ctx.settings.speed_factor)
        self.selected = self.spell = None
        self.message = ""
        if state.clock is None and state.outcome is None:  # a new turn: its countdown starts now
            self.session.start_clock(self.now())
        if self.beats.busy:
            self.session.pause(self.now())

    # -- hit tests -----------------------------------------------------------------------------
    def hand_rects(self) -> list[tuple[str, pygame.Rect]]:
        hand = self.session.view().me.hand or ()
        return list(zip(hand, fan(self.table.hand, len(hand), self.table.hand_card), strict=True))

    def hand_card_at(self, pos: tuple[int, int]) -> str | None:
        for card, rect in reversed(self.hand_rects()):
            if rect.collidepoint(pos):
                return card
        return None

    def ref_at(self, pos: tuple[int, int]) -> int | None:
        v = self.session.view()
        for side, slots in ((v.me, self.table.my_slots), (v.foe, self.table.foe_slots)):
            for creature, rect in zip(side.field, slots, strict=False):
                if rect.collidepoint(pos):
                    return creature.uid
        if self.table.foe_hero.collidepoint(pos):
            return -AI
        if self.table.my_hero.collidepoint(pos):
            return -HUMAN
        return None

    # -- time ----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        speed = self.ctx.settings.speed_factor
        s = self.session
        self.beats.tick(dt, speed)
        now = self.now()
        if self.beats.busy:
            s.pause(now)
        else:
            s.resume(now)
        if s.over:
            self.buttons["again"].show()
            self.buttons["menu"].show()
            self.buttons["end_turn"].disable()
            self.buttons["surrender"].disable()
        else:
            self._turn(dt, speed, now)
        self._write_debug()

    def _turn(self, dt: float, speed: float, now: int) -> None:
        s = self.session
        mine = s.human_to_act and not self.beats.busy
        if mine and s.state.surrender_open():
            self.buttons["surrender"].enable()
        else:
            self.buttons["surrender"].disable()
        if mine:
            self.buttons["end_turn"].enable()
        else:
            self.buttons["end_turn"].disable()
        if self.beats.busy:
            return
        if s.human_to_act and s.seconds_left(now) == 0:
            if self.confirm is not None:
                self.confirm.kill()
                self.confirm = None
            self._apply(lambda: s.time_out(now))  # D-TURN-8: the turn ends by itself
        elif s.state.active == AI:
            self.ai_wait += dt
            if self.ai_wait >= (AI_PAUSE_SECONDS / speed if speed > 0 else 0):
                self.ai_wait = 0.0
                self.act(s.ai_choice())

    def _write_debug(self) -> None:
        v = self.session.view()
        write_debug_state(
            "duel",
            active=v.active,
            turn=v.turn_no,
            my_hand=list(v.me.hand or ()),
            foe_hand_size=v.foe.hand_size,
            foe_deck_size=v.foe.deck_size,
            fields={p: [c.card for c in v.side(p).field] for p in (HUMAN, AI)},
            morale={p: v.side(p).morale for p in (HUMAN, AI)},
            end_turn=self.buttons["end_turn"].rect.center,
            hand=[r.center for _, r in self.hand_rects()],
        )

    # -- drawing -------------------------------------------------------------------------------
    def drawn_texts(self) -> list[str]:
        """Every string the table draws this frame (tests check hidden information never appears)."""
        out: list[str] = []
        self._draw(None, out)
        return out

    def draw(self, surface: pygame.Surface) -> None:
        """No background fill: the table's cached layer covers the whole window (see :meth:`_draw`)."""
        self.draw_scene(surface)
        self.ui.draw_ui(surface)

    def draw_scene(self, surface: pygame.Surface) -> None:
        self._draw(surface, None)

    def _blit_text(
        self, surface, out, string: str, size: int, colour, pos, anchor: str = "topleft", bold=False
    ):
        if out is not None:
            out.append(string)
        if surface is None:
            return pygame.Rect(pos, (0, 0))
        img = text.text(string, size, colour, bold)
        rect = img.get_rect(**{anchor: pos})
        if rect.right <= self.table.panel.x:  # table text stays on the table, never past its left edge
            rect.clamp_ip(pygame.Rect(0, 0, self.table.panel.x, self.size[1]))
        surface.blit(img, rect)
        if self.record is not None:
            self.record.append((string, rect))
        return rect

    def _draw(self, surface: pygame.Surface | None, out: list[str] | None) -> None:
        """The table in two layers: what changes only with the state (heroes, fields, resources, log),
        drawn into a cached layer, and what moves (the countdown, the hand under the mouse, the hover,
        the pop-ups), drawn every frame over it."""
        if surface is None or self.record is not None:
            self._draw_static(surface, out)
            self._draw_dynamic(surface, out)
            return
        key = (
            self.session.version,
            self.selected,
            self.spell,
            i18n.language(),
            len(self.log.lines),
            tuple(self.log.lines[-1:]),
            self.message,
            surface.get_size(),
            px(100),  # the UI scale
        )
        now = pygame.time.get_ticks()
        whole = (
            self._layer is None
            or self._layer_key != key
            or self._drawn_on != (id(surface), surface.get_size())
            or now - self._drawn_at > 100  # another scene may have drawn here meanwhile
        )
        if self._layer is None or self._layer_key != key:
            self._layer = pygame.Surface(surface.get_size()).convert()
            self._layer.fill(self.background)
            self._draw_static(self._layer, None)
            self._layer_key = key
        # the widgets are drawn anew each frame over the table: where they are now and were last frame
        widgets = [b.rect.copy() for b in self.buttons.values() if b.visible]
        if self.confirm is not None and self.confirm.alive():
            widgets.append(self.confirm.rect.copy())
        beat = self.beats.current
        moving = (
            self.mouse,
            id(beat),
            self._rise(),
            self.session.seconds_left(self.now()),
            self.confirm is not None,
        )
        if (
            not whole and moving == self._moving and not any(w.collidelist(self._drawn) >= 0 for w in widgets)
        ):  # the same frame again: only the widgets, which pygame_gui draws anew, get their ground back
            for rect in _merged(widgets):
                surface.blit(self._layer, rect, rect)
            self._drawn_at = now
            return
        self._moving = moving
        if whole:
            surface.blit(self._layer, (0, 0))
        else:  # only where the last frame drew over the layer
            for rect in _merged(self._dirty + widgets):
                surface.blit(self._layer, rect, rect)
        tracked = _Tracked(surface)
        self._draw_dynamic(tracked, None)
        self._drawn = tracked.rects
        self._dirty = tracked.rects + widgets
        self._drawn_on, self._drawn_at = (id(surface), surface.get_size()), now

    def _draw_static(self, surface: pygame.Surface | None, out: list[str] | None) -> None:
        v = self.session.view()
        state = self.session.state
        t = self.table
        self._draw_foe_hand(surface, out, v)
        targets = self._lit_targets()
        for side, hero_rect in ((v.foe, t.foe_hero), (v.me, t.my_hero)):
            hero = state.catalog.hero(side.hero)
            lit = "target" if -side.player in targets else ""
            who = player_name(side.player)
            if out is not None:
                out += [who, cards.card_name(hero), str(side.morale), *cards.hero_attribute_lines(hero)]
            if surface is not None:
                surface.blit(cards.hero_face(hero, side.morale, hero_rect.size, lit, who), hero_rect)
        for side, slots in ((v.foe, t.foe_slots), (v.me, t.my_slots)):
            for i, rect in enumerate(slots):
                if i >= len(side.field):
                    if surface is not None:
                        pygame.draw.rect(
                            surface, (48, 70, 56), rect, width=2, border_radius=max(3, rect.w // 14)
                        )
                    continue
                c = side.field[i]
                card = state.catalog.card(c.card)
                lit = "selected" if c.uid == self.selected else "target" if c.uid in targets else ""
                if out is not None:
                    out.append(cards.card_name(card))
                if surface is not None:
                    surface.blit(cards.face(card, rect.size, c.life, lit, c.attack, c.defense), rect)
                    if not c.ready or c.fought:  # spent this turn: dimmed
                        surface.blit(self._shade(rect.size), rect)
        limit = state.catalog.rules.turn_limit
        turns = tr("duel.turn_counter", turn=v.turn_no, limit=limit)
        self._blit_text(surface, out, turns, px(15), DIM, t.banner.midleft, "midleft")
        self._draw_resources(surface, out, v)
        self._draw_panel(surface, out)

    def _draw_dynamic(self, surface: pygame.Surface | None, out: list[str] | None) -> None:
        v = self.session.view()
        self._draw_banner(surface, out, v)
        for resource, cell in zip(RESOURCES, self.resource_cells(), strict=True):  # the name on hover
            if cell.collidepoint(self.mouse):
                self._draw_tip(surface, out, [cards.resource_name(resource)], cell.midtop)
        self._draw_hand(surface, out, v)
        self._draw_hover(surface, out)
        beat = self.beats.current
        if beat is not None:
            if beat.fight is not None:
                self._draw_fight(surface, out, beat)
            else:
                self._draw_popup(surface, out, beat.text, self._ref_centre(beat.at), (255, 230, 120))
        if self.session.over:
            self._draw_end(surface, out)

    def _shade(self, size: tuple[int, int]) -> pygame.Surface:
        key = ("shade", size)
        found = self._info_cache.get(key)
        if found is None:
            found = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(found, (0, 0, 0, 110), found.get_rect(), border_radius=max(3, size[0] // 14))
            self._info_cache[key] = found
        return found

    def _draw_foe_hand(self, surface, out, v) -> None:
        """The opponent's hand as card backs, slightly fanned, and their counts under it."""
        r = self.table.foe_hand
        fs = px(14)
        counts = tr("duel.counts", hand=v.foe.hand_size, deck=v.foe.deck_size, discard=len(v.foe.discard))
        line = self._blit_text(surface, out, counts, fs, DIM, (r.right, r.bottom), "bottomright")
        if surface is None:
            return
        bh = max(px(20), r.height - (r.bottom - line.top) - px(4))
        bw = bh * 3 // 4
        n = v.foe.hand_size
        step = min(bw * 2 // 3, (r.width - bw) // max(1, n - 1)) if n > 1 else 0
        left = r.centerx - (bw + step * (n - 1)) // 2
        for i, angle in enumerate(fan_angles(n)):
            img = cards.back((bw, bh), -angle / 2)
            surface.blit(img, img.get_rect(center=(left + i * step + bw // 2, r.y + bh // 2)))

    def _ref_centre(self, ref: int) -> tuple[int, int]:
        v = self.session.view()
        for side, slots in ((v.me, self.table.my_slots), (v.foe, self.table.foe_slots)):
            for c, rect in zip(side.field, slots, strict=False):
                if c.uid == ref:
                    return rect.center
        if ref == -AI:
            return self.table.foe_hero.center
        if ref == -HUMAN:
            return self.table.my_hero.center
        return self.table.banner.center

    def _lit_targets(self) -> set[int]:
        if self.spell is not None:
            return {r for r in self.spell_targets(self.spell) if r is not None}
        if self.selected is not None:
            return set(self.attack_targets())
        return set()

    def _draw_banner(self, surface, out, v) -> None:
        seconds = self.session.seconds_left(self.now())
        name = player_name(v.active)
        banner = tr("duel.banner", name=name, seconds=seconds if seconds is not None else 60)
        b = self.table.banner
        self._blit_text(
            surface, out, banner, min(px(22), b.height * 3 // 4), (250, 220, 120), b.center, "center", True
        )

    def resource_cells(self) -> list[pygame.Rect]:
        """The seven resources' cells: two columns, four rows."""
        r = self.table.resources
        cw, ch = r.width // 2, r.height // 4
        return [pygame.Rect(r.x + (i % 2) * cw, r.y + (i // 2) * ch, cw, ch) for i in range(len(RESOURCES))]

    def _draw_resources(self, surface, out, v) -> None:
        cells = self.resource_cells()
        ch = cells[0].height
        s = max(px(12), min(ch * 3 // 4, cells[0].width // 3))
        fs = max(px(12), min(ch * 7 // 10, px(30)))
        hero = self.session.state.catalog.hero(v.me.hero)
        for resource, amount, cell in zip(RESOURCES, v.me.resources, cells, strict=True):
            if surface is not None:
                surface.blit(icons.resource_icon(resource, s), (cell.x, cell.centery - s // 2))
            label = f"{amount}/{hero.max_mana}" if resource.value == "mana" else str(amount)
            self._blit_text(surface, out, label, fs, INK, (cell.x + s + px(4), cell.centery), "midleft", True)
        c = self.table.my_counts
        counts = tr("duel.counts_mine", deck=v.me.deck_size, discard=len(v.me.discard))
        self._blit_text(surface, out, counts, px(14), DIM, c.bottomleft, "bottomleft")

    def _draw_hand(self, surface, out, v) -> None:
        state = self.session.state
        playable = self.session.playable() if self.session.human_to_act else set()
        hovered = self.hand_card_at(self.mouse) if not self.beats.busy else None  # the zoom replaces it
        rects = self.hand_rects()
        for (card_id, rect), angle in zip(rects, fan_angles(len(rects)), strict=True):
            card = state.catalog.card(card_id)
            lit = "selected" if card_id == self.spell else "playable" if card_id in playable else ""
            if out is not None:
                out.append(cards.card_name(card))
            if surface is not None and card_id != hovered:
                img = cards.rotated(card, rect.size, angle, lit)
                surface.blit(img, img.get_rect(center=rect.center))

    def _draw_hover(self, surface, out) -> None:
        hovered = self.hand_card_at(self.mouse) if not self.beats.busy else None
        state = self.session.state
        if hovered is not None:
            card = state.catalog.card(hovered)
            rect = self.zoom_rect(hovered)
            why = (
                why_unplayable(state, hovered)
                if self.session.human_to_act and hovered not in self.session.playable()
                else ""
            )
            lit = (
                "selected"
                if hovered == self.spell
                else ""
                if why or not self.session.human_to_act
                else "playable"
            )
            if surface is not None:
                surface.blit(cards.face(card, rect.size, None, lit), rect)
            lines = self.card_text(card, why)
            self._draw_info(surface, out, hovered, lines, why, rect)
            return
        ref = self.ref_at(self.mouse)
        if self.selected is not None and ref is not None and ref in self.attack_targets():
            lines = forecast(state, self.selected, ref).lines()
            centre = self._ref_centre(ref)
            self._draw_tip(surface, out, lines, (centre[0], self.table.banner.centery))

    def zoom_rect(self, card_id: str) -> pygame.Rect:
        """The hovered hand card lifted and enlarged: its bottom on the hand's, inside the table."""
        rects = dict(self.hand_rects())
        rect = pygame.Rect((0, 0), self.table.zoom)
        rect.midbottom = (rects[card_id].centerx, self.table.hand.bottom)
        return rect.clamp(pygame.Rect(0, 0, self.table.panel.x, self.size[1]))

    def card_text(self, card, why: str = "") -> list[str]:
        """The card's full text: its kind, numbers, cost, effect and keywords explained in words."""
        from rules.duel.catalog_types import CreatureCard

        cost = ", ".join(f"{cards.resource_name(r)} {n}" for r, n in cards.cost_items(card))
        lines = [cards.card_name(card)]
        if isinstance(card, CreatureCard):
            lines.append(tr("duel.card.creature"))
            lines.append(tr("duel.card.stats", a=card.attack, d=card.defense, l=card.life))
            lines.append(tr("duel.card.cost", list=cost))
            lines += [tr(f"duel.explain.{t}") for t in cards._type_order(card)]
            if card.attacks_on_entry:
                lines.append(tr("duel.card.on_entry"))
        else:
            lines.append(tr("duel.card.spell"))
            lines.append(tr("duel.card.effect", effect=cards.spell_effect(card)))
            lines.append(tr("duel.card.target", target=tr(f"duel.target.{card.target.value}")))
            lines.append(tr("duel.card.cost", list=cost))
        if why:
            lines.append(why)
        return lines

    def _draw_info(self, surface, out, card_id: str, lines: list[str], why: str, zoom: pygame.Rect) -> None:
        """The hovered card's text in a box beside the zoom (rendered once per card, language and reason)."""
        if out is not None:
            out.extend(lines)
        if surface is None:
            return
        width = min(zoom.width * 13 // 10, px(250))
        key = ("info", card_id, tuple(lines), width)
        box = self._info_cache.get(key)
        if box is None:
            box = self._info_cache[key] = self._render_info(lines, why, width).convert_alpha()
        rect = box.get_rect(bottomleft=(zoom.right + px(6), zoom.bottom))
        if rect.right > self.table.panel.x:
            rect.bottomright = (zoom.left - px(6), zoom.bottom)
        rect.clamp_ip(pygame.Rect(0, 0, self.table.panel.x, self.size[1]))
        surface.blit(box, rect)

    def _render_info(self, lines: list[str], why: str, width: int) -> pygame.Surface:
        fs = px(14)
        pad = px(8)
        parts: list[tuple[pygame.Surface, int]] = []
        for i, line in enumerate(lines):
            colour = (255, 214, 120) if i == 0 else (240, 140, 110) if why and i == len(lines) - 1 else INK
            size = px(17) if i == 0 else fs
            for piece in text.wrap(line, size, width - 2 * pad, bold=i == 0):
                parts.append((text.text(piece, size, colour, i == 0), px(4) if i in (1, 3) else 0))
        height = sum(img.get_height() + gap for img, gap in parts) + 2 * pad
        box = pygame.Surface((width, height), pygame.SRCALPHA)
        pygame.draw.rect(box, (22, 20, 18, 236), box.get_rect(), border_radius=px(8))
        pygame.draw.rect(box, cards.HERO_FRAME, box.get_rect(), width=max(1, px(2)), border_radius=px(8))
        y = pad
        for img, gap in parts:
            box.blit(img, (pad, y))
            y += img.get_height() + gap
        return box

    def _draw_tip(self, surface, out, lines: list[str], anchor: tuple[int, int]) -> None:
        """A small box of lines centred on ``anchor`` (forecast, resource names)."""
        if out is not None:
            out.extend(lines)
        if surface is None:
            return
        fs = px(15)
        imgs = [text.text(line, fs, (255, 240, 200)) for line in lines]
        w = max(i.get_width() for i in imgs) + px(16)
        h = sum(i.get_height() for i in imgs) + px(10)
        rect = pygame.Rect(0, 0, w, h)
        rect.center = anchor
        rect.clamp_ip(pygame.Rect(0, 0, self.table.panel.x, self.size[1]))
        real = _real(surface)
        pygame.draw.rect(real, (20, 18, 16), rect, border_radius=px(6))
        pygame.draw.rect(real, cards.HERO_FRAME, rect, width=1, border_radius=px(6))
        _track(surface, rect)
        y = rect.y + px(5)
        for img in imgs:
            surface.blit(img, (rect.x + px(8), y))
            y += img.get_height()

    def _draw_popup(self, surface, out, string: str, centre, colour, size: int | None = None) -> None:
        """A pop-up number rising a little while its beat lasts."""
        if out is not None:
            out.append(string)
        if surface is None or not string:
            return
        rise = self._rise()
        img = text.outlined(string, size or px(30), colour, True, width=max(2, px(2)))
        surface.blit(img, img.get_rect(center=(centre[0], centre[1] - rise)))

    def _rise(self) -> int:
        """How far the current pop-up has risen: in four steps, so most frames repeat the last one."""
        return int(min(1.0, self.beats.elapsed / BEAT_SECONDS) * 4) * px(14) // 4

    def fight_rects(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The fight window and its two cards (attacker left, target right)."""
        win = self.table.fight
        title = px(34)
        ch = min(win.height - title - px(34), (win.width - px(90)) // 2 * 4 // 3)
        cw = ch * 3 // 4
        left = pygame.Rect(0, 0, cw, ch)
        right = left.copy()
        left.midtop = (win.centerx - cw // 2 - px(36), win.y + title)
        right.midtop = (win.centerx + cw // 2 + px(36), win.y + title)
        return win, left, right

    def _fighter_face(self, f: Fighter, size: tuple[int, int], life: int) -> pygame.Surface:
        cat = self.session.state.catalog
        if f.card is None:
            assert f.hero is not None
            return cards.hero_card(cat.hero(f.hero), life, size)
        return cards.face(cat.card(f.card), size, life, "", f.attack, f.defense)

    def _draw_fight(self, surface, out, beat: Beat) -> None:
        """D-UI-2: the fight window over the fields: both cards, the strike's phase, its numbers."""
        fight = beat.fight
        assert fight is not None
        win, left, right = self.fight_rects()
        at = {fight.attacker.ref: left, fight.target.ref: right}
        if out is not None:
            cat = self.session.state.catalog
            out += [
                cards.card_name(cat.card(f.card) if f.card else cat.hero(f.hero))
                for f in (fight.attacker, fight.target)
            ]
        if surface is not None:  # the window with both cards, composed once per fight and lives
            lives = tuple(
                max(0, beat.life_of(f.ref, f.life)) for f in (fight.attacker, fight.target)
            )  # dead at 0
            key = ("fight", fight, lives, win.size, i18n.language())
            img = self._info_cache.get(key)
            if img is None:
                if len(self._info_cache) > 256:
                    self._info_cache.clear()
                img = pygame.Surface(win.size, pygame.SRCALPHA)
                box = img.get_rect()
                pygame.draw.rect(img, (18, 16, 14), box, border_radius=px(10))
                pygame.draw.rect(img, cards.HERO_FRAME, box, width=max(2, px(3)), border_radius=px(10))
                for f, rect, life in ((fight.attacker, left, lives[0]), (fight.target, right, lives[1])):
                    img.blit(self._fighter_face(f, rect.size, life), rect.move(-win.x, -win.y))
                swords = icons.stat_icon("attack", px(40))
                img.blit(swords, swords.get_rect(center=(box.centerx, left.centery - win.y)))
                hint = text.text(tr("duel.card.hurry"), px(13), DIM)
                img.blit(hint, hint.get_rect(midbottom=(box.centerx, box.bottom - px(6))))
                keyed = pygame.Surface(win.size).convert()
                keyed.fill(cards.KEY)
                keyed.blit(img, (0, 0))
                keyed.set_colorkey(cards.KEY, pygame.RLEACCEL)  # opaque but its corners: fast to blit
                img = self._info_cache[key] = keyed
            surface.blit(img, win)
        caption = tr(f"duel.fight.{beat.phase}") if beat.phase else tr("duel.fight.title")
        self._draw_popup(surface, out, caption, (win.centerx, win.y + px(18)), (250, 220, 120), px(22))
        if out is not None:
            out.append(tr("duel.card.hurry"))
        if beat.kind == "roll" and beat.damage is not None:
            striker = at.get(beat.striker, left)
            other = right if striker is left else left
            self._draw_popup(
                surface,
                out,
                tr("duel.fight.damage", n=beat.damage),
                (striker.centerx, striker.centery),
                (255, 120, 90),
            )
            self._draw_popup(
                surface,
                out,
                tr("duel.fight.parry", n=beat.parry),
                (other.centerx, other.centery),
                (130, 190, 255),
            )
        elif beat.kind == "fight":
            return
        else:
            rect = at.get(beat.at)
            centre = rect.center if rect is not None else win.center
            loss = beat.kind in ("loss", "morale")
            colour = (255, 80, 70) if loss else (255, 230, 120)
            self._draw_popup(surface, out, beat.text, centre, colour, px(34) if loss else px(26))

    def _draw_panel(self, surface, out) -> None:
        p = self.table.panel
        if surface is not None:
            pygame.draw.rect(surface, (20, 26, 24), p)
        self._blit_text(surface, out, tr("duel.log"), px(16), INK, (p.x + px(8), px(8)), bold=True)
        line_h = font(px(13), False).get_linesize()
        msg_h = font(px(14), False).get_linesize()
        top = self.buttons["end_turn"].rect.top - px(8)
        message: list[str] = []
        if self.message:
            message = (
                text.wrap(self.message, px(14), p.width - px(16)) if surface is not None else [self.message]
            )
            for i, line in enumerate(reversed(message)):
                self._blit_text(
                    surface, out, line, px(14), (240, 140, 110), (p.x + px(8), top - (i + 1) * msg_h)
                )
        bottom = top - len(message) * msg_h - px(6)
        room = max(0, (bottom - px(32)) // line_h)
        y = px(32)
        for line in self.log.lines[-room:] if room else []:
            self._blit_text(surface, out, self._fit_log(line), px(13), DIM, (p.x + px(8), y))
            y += line_h

    def _fit_log(self, line: str) -> str:
        """A log line cut with an ellipsis to the panel's width."""
        limit = self.table.panel.width - px(16)
        found = self._fit_cache.get((line, limit))
        if found is not None:
            return found
        self._fit_cache[(line, limit)] = cut = self._cut(line, limit)
        return cut

    def _cut(self, line: str, limit: int) -> str:
        face = font(px(13), False)
        if face.size(line)[0] <= limit:
            return line
        while line and face.size(line + "…")[0] > limit:
            line = line[:-1]
        return line + "…"

    def _draw_end(self, surface, out) -> None:
        w, h = self.size
        box = pygame.Rect(0, 0, min(px(460), w - 20), px(260))
        box.center = (w // 2, h // 2)
        if surface is not None:
            pygame.draw.rect(_real(surface), (25, 22, 18), box, border_radius=10)
            pygame.draw.rect(_real(surface), cards.HERO_FRAME, box, width=3, border_radius=10)
            _track(surface, box)
        outcome = self.session.state.outcome
        assert outcome is not None
        result = (
            tr("duel.won")
            if outcome.winner == HUMAN
            else tr("duel.lost")
            if outcome.winner
            else tr("duel.draw")
        )
        y = box.top + px(14)
        self._blit_text(surface, out, result, px(30), (250, 210, 90), (box.centerx, y), "midtop", True)
        y += px(40)
        self._blit_text(
            surface, out, tr(f"duel.reason.{outcome.reason}"), px(16), INK, (box.centerx, y), "midtop"
        )
        y += px(28)
        st = self.session.stats
        for p in (HUMAN, AI):
            line = tr(
                "duel.stats", who=player_name(p), damage=st[p].damage, kills=st[p].kills, cards=st[p].cards
            )
            self._blit_text(surface, out, line, px(14), INK, (box.centerx, y), "midtop")
            y += px(20)
        line = tr("duel.turns_played", turns=self.session.state.turn_no)
        self._blit_text(surface, out, line, px(14), INK, (box.centerx, y), "midtop")
