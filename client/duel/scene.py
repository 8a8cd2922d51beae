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

from client.debug import write_debug_state
from client.duel import cards
from client.duel.beats import BeatQueue, beats_of, player_name
from client.duel.hints import forecast, playable_cards, why_unplayable
from client.duel.layout import TableLayout, fan, table_layout
from client.duel.log import DuelLog
from client.duel.session import AI, HUMAN, DuelSession
from client.i18n import key as i18n_key
from client.i18n import tr
from client.render import text
from client.scenes.base import Home, Replace, Size, Transition, UIScene
from client.ui.scale import px
from rules.duel import events as ev
from rules.duel.actions import Action, Attack, CastSpell, Dismiss, EndTurn, PlayCreature
from rules.duel.catalog_types import RESOURCES, SpellCard
from rules.duel.events import redact_all

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
            if card not in playable_cards(state):
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
        new = redact_all(do(), HUMAN)
        self.names.update({c.uid: cards.card_name(c.card) for side in state.sides for c in side.field})
        self.log.add_events(new, state)
        for event in new:
            self.ctx.audio.play_event(event, {HUMAN})
        self.beats.extend(beats_of(new, state, self.names), self.ctx.settings.speed_factor)
        self.selected = self.spell = None
        self.message = ""
        if state.clock is None and state.outcome is None:  # a new turn: its countdown starts now
            self.session.start_clock(self.now())
        if self.beats.busy:
            self.session.pause(self.now())

    # -- hit tests -----------------------------------------------------------------------------
    def hand_rects(self) -> list[tuple[str, pygame.Rect]]:
        hand = self.session.view().me.hand or ()
        return list(zip(hand, fan(self.table.hand, len(hand), self.table.card), strict=True))

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
        return rect

    def _draw(self, surface: pygame.Surface | None, out: list[str] | None) -> None:
        v = self.session.view()
        state = self.session.state
        t = self.table
        fs = px(15)
        # opponent's hand: backs only, and deck / discard counts
        bw, bh = t.card[0] // 2, t.foe_hand.height
        for i in range(v.foe.hand_size):
            if surface is not None:
                surface.blit(cards.back((bw, bh)), (t.foe_hand.x + i * (bw // 2 + 2), t.foe_hand.y))
        counts = tr("duel.counts", hand=v.foe.hand_size, deck=v.foe.deck_size, discard=len(v.foe.discard))
        self._blit_text(surface, out, counts, fs, DIM, (t.foe_hand.right, t.foe_hand.y), "topright")
        targets = self._lit_targets()
        for side, hero_rect in ((v.foe, t.foe_hero), (v.me, t.my_hero)):
            hero = state.catalog.hero(side.hero)
            lit = "target" if -side.player in targets else ""
            if out is not None:
                out += [cards.card_name(hero), str(side.morale)]
            if surface is not None:
                surface.blit(cards.hero_face(hero, side.morale, hero_rect.size, lit), hero_rect)
        for side, slots in ((v.foe, t.foe_slots), (v.me, t.my_slots)):
            for i, rect in enumerate(slots):
                if i >= len(side.field):
                    if surface is not None:
                        pygame.draw.rect(surface, (45, 65, 52), rect, width=2, border_radius=6)
                    continue
                c = side.field[i]
                card = state.catalog.card(c.card)
                lit = "selected" if c.uid == self.selected else "target" if c.uid in targets else ""
                if out is not None:
                    out.append(cards.card_name(card))
                if surface is not None:
                    surface.blit(cards.face(card, rect.size, c.life, lit), rect)
                    if not c.ready or c.fought:
                        pygame.draw.rect(surface, (0, 0, 0), rect, width=px(3), border_radius=6)
        self._draw_banner(surface, out, v)
        self._draw_resources(surface, out, v)
        self._draw_hand(surface, out, v)
        self._draw_panel(surface, out)
        self._draw_hover(surface, out)
        beat = self.beats.current
        if beat is not None:
            self._blit_text(
                surface, out, beat.text, px(30), (255, 230, 120), self._ref_centre(beat.at), "center", True
            )
        if self.session.over:
            self._draw_end(surface, out)

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
        self._blit_text(
            surface, out, banner, px(22), (250, 220, 120), self.table.banner.center, "center", True
        )
        limit = self.session.state.catalog.rules.turn_limit
        turns = tr("duel.turn_counter", turn=v.turn_no, limit=limit)
        self._blit_text(surface, out, turns, px(15), DIM, self.table.banner.midleft, "midleft")

    def _draw_resources(self, surface, out, v) -> None:
        r = self.table.resources
        x, y = r.x, r.y
        fs = px(15)
        for resource, amount in zip(RESOURCES, v.me.resources, strict=True):
            if surface is not None:
                pygame.draw.circle(
                    surface, cards.RESOURCE_COLOURS[resource], (x + fs // 2, y + fs // 2), fs // 2
                )
            label = f"{cards.resource_name(resource)} {amount}"
            rect = self._blit_text(surface, out, label, fs, INK, (x + fs + px(4), y))
            x = max(x + px(110), rect.right + px(12))
            if x > r.right - px(100):
                x, y = r.x, y + fs + px(6)
        counts = tr("duel.counts_mine", deck=v.me.deck_size, discard=len(v.me.discard))
        self._blit_text(surface, out, counts, fs, DIM, (r.x, y + fs + px(6)))
        if self.message:
            self._blit_text(surface, out, self.message, fs, (240, 140, 110), (r.x, y + 2 * (fs + px(6))))

    def _draw_hand(self, surface, out, v) -> None:
        state = self.session.state
        playable = playable_cards(state) if self.session.human_to_act else set()
        hovered = self.hand_card_at(self.mouse)
        for card_id, rect in self.hand_rects():
            card = state.catalog.card(card_id)
            lit = "selected" if card_id == self.spell else "playable" if card_id in playable else ""
            if out is not None:
                out.append(cards.card_name(card))
            if surface is not None and card_id != hovered:
                surface.blit(cards.face(card, rect.size, None, lit), rect)

    def _draw_hover(self, surface, out) -> None:
        hovered = self.hand_card_at(self.mouse)
        state = self.session.state
        if hovered is not None:
            card = state.catalog.card(hovered)
            rects = dict(self.hand_rects())
            rect = pygame.Rect((0, 0), self.table.zoom)
            rect.midbottom = (rects[hovered].centerx, self.table.hand.bottom)
            rect.clamp_ip(pygame.Rect(0, 0, self.table.panel.x, self.size[1]))
            if surface is not None:
                surface.blit(cards.face(card, rect.size), rect)
            y = rect.top - px(4)
            lines = [tr(f"duel.explain.{k}") for k in sorted(getattr(card, "types", ()))]
            if self.session.human_to_act and hovered not in playable_cards(state):
                lines.append(why_unplayable(state, hovered))
            for line in reversed(lines):
                r = self._blit_text(surface, out, line, px(14), INK, (rect.centerx, y), "midbottom")
                y = r.top if surface is not None else y
            return
        ref = self.ref_at(self.mouse)
        if self.selected is not None and ref is not None and ref in self.attack_targets():
            y = self.table.banner.bottom
            for line in forecast(state, self.selected, ref).lines():
                self._blit_text(
                    surface, out, line, px(15), (255, 240, 200), (self.table.banner.centerx, y), "midtop"
                )
                y += px(18)

    def _draw_panel(self, surface, out) -> None:
        p = self.table.panel
        if surface is not None:
            pygame.draw.rect(surface, (20, 26, 24), p)
        self._blit_text(surface, out, tr("duel.log"), px(16), INK, (p.x + px(8), px(8)), bold=True)
        line_h = px(17)
        room = max(0, (p.height - px(150)) // line_h)
        y = px(32)
        for line in self.log.lines[-room:] if room else []:
            self._blit_text(surface, out, line, px(13), DIM, (p.x + px(8), y))
            y += line_h

    def _draw_end(self, surface, out) -> None:
        w, h = self.size
        box = pygame.Rect(0, 0, min(px(460), w - 20), px(260))
        box.center = (w // 2, h // 2)
        if surface is not None:
            pygame.draw.rect(surface, (25, 22, 18), box, border_radius=10)
            pygame.draw.rect(surface, cards.HERO_FRAME, box, width=3, border_radius=10)
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
