"""The hero-duel table: the player (seat 1) against an AI, or two people in hot-seat (issue #20).

Input: click a hand card to play it (a creature) or to choose its target (magic); click an own
creature to choose it as attacker, then a lit target; right-click an own creature (or D with it
chosen) to dismiss it, after a confirmation; Escape drops the choice. End turn and Surrender are
buttons (Surrender disabled until D-TURN-11, and it asks first). The banner counts the turn's
60 seconds (D-TURN-6/7) on the scene's clock (``now``, a fake one in tests), paused while pop-ups
play (D-OQ-7 / D-TURN-9); at 0 the turn ends by itself (D-TURN-8), the AI's turn too: the spec
pauses the countdown only while a fight or effect is shown, so the AI's thinking counts (its
decisions take well under a second each; see :mod:`client.duel.ai_turn`, which asks the battle's
worker process and plays each answer after a short pause).

Hot-seat: between turns a cover hides the whole table ("Pass to Player 2"); the next player
dismisses it with a click or a key, and only then does their turn's countdown start (D-TURN-7:
the countdown starts when the banner is shown). The table always shows the active player's side.

Hidden information: everything drawn comes from the viewer's :class:`~rules.duel.view.DuelView`
and redacted events, so the other hand and both decks are drawn only as counts and card backs.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui

from client.debug import write_debug_state
from client.duel import cards
from client.duel.ai_turn import AiTurn
from client.duel.beats import BeatQueue, beats_of, fighters
from client.duel.fight_window import FightDrawing
from client.duel.hints import why_unplayable
from client.duel.layout import TableLayout, fan, table_layout
from client.duel.log import DuelLog
from client.duel.panel import PanelDrawing
from client.duel.session import AI, HUMAN, DuelSession
from client.duel.style import TABLE, player_name, tr
from client.duel.table_draw import TableDrawing
from client.duel.tips import HoverDrawing
from client.i18n import key as i18n_key
from client.scenes.base import Home, Replace, Size, Transition, UIScene
from client.ui.fonts import font
from client.ui.scale import px
from rules.duel import events as ev
from rules.duel.actions import Action, Attack, CastSpell, Dismiss, EndTurn, PlayCreature
from rules.duel.catalog_types import SpellCard
from rules.duel.events import redact_all
from rules.duel.setup import DeckChoice


class DuelScene(TableDrawing, HoverDrawing, FightDrawing, PanelDrawing, UIScene):
    """A duel against the AI, or between two people (``hotseat``); ``now`` gives the clock in ms
    (pygame's ticks by default). ``foe_deck`` and ``foe_hero`` are seat 2's; ``ai_backend`` is where
    the AI thinks ("process", or "thread")."""

    use_backdrop = False
    background = TABLE
    music = "duel"
    live = True  # a duel being played (the replay viewer is not)

    def __init__(
        self,
        ctx,
        size: Size,
        deck: DeckChoice = "starter",
        hero: str | None = None,
        *,
        seed: int | str | None = None,
        ai: str | None = None,
        now: Callable[[], int] | None = None,
        foe_deck: DeckChoice = "starter",
        foe_hero: str | None = None,
        hotseat: bool = False,
        ai_backend: str = "process",
    ) -> None:
        from client.duel.session import duel_ai_name

        self.now = now or pygame.time.get_ticks
        seed = seed if seed is not None else pygame.time.get_ticks()
        ai_name = ai or duel_ai_name(ctx.settings.ai_level)
        self.session = self.make_session(seed, deck, hero, ai_name, foe_deck, foe_hero, hotseat)
        self.ai_backend = ai_backend
        self.log = DuelLog(seats=self.session.hotseat)
        self.beats = BeatQueue()
        self.selected: int | None = None  # an own creature chosen to attack
        self.spell: str | None = None  # a magic card waiting for its target
        self.mouse = (0, 0)
        self.ai = AiTurn(self.session, ai_backend) if self.live else None
        self.cover: int | None = None  # hot-seat: the seat the table is being passed to
        self.confirm: pygame_gui.windows.UIConfirmationDialog | None = None
        self.confirm_action: Action | None = None
        self.names: dict[int, str] = {}
        self.message = ""
        self.saved_note = ""  # the end window's line after "Save replay"
        self.record: list[tuple[str, pygame.Rect]] | None = None  # drawn texts' rects (the layout test)
        self._info_cache: dict[tuple, pygame.Surface] = {}
        self._wrap_cache: dict[tuple[str, int], list[str]] = {}  # log lines wrapped to the panel
        self._layer: pygame.Surface | None = None  # the state's layer of the table (see _draw)
        self._layer_key: tuple | None = None
        self._dirty: list[pygame.Rect] = []  # what the last frame drew over the layer
        self._drawn_on: tuple = ()
        self._drawn_at = -(10**9)
        self._moving: tuple = ()  # what the last frame's moving parts depended on
        self._drawn: list[pygame.Rect] = []  # where they were drawn
        super().__init__(ctx, size)
        self.log.add_events(redact_all(self.session.events, self.redact_for), self.session.state)
        self._new_turn()

    def make_session(
        self,
        seed: int | str,
        deck: DeckChoice,
        hero: str | None,
        ai_name: str,
        foe_deck: DeckChoice,
        foe_hero: str | None,
        hotseat: bool,
    ) -> DuelSession:
        return DuelSession(seed, deck, hero, ai_name, foe_deck, foe_hero, hotseat)

    @property
    def redact_for(self) -> int:
        """Whose hidden cards events may show: seat 1's against the AI; nobody's at a shared table."""
        return 0 if self.session.hotseat else HUMAN

    def seat_name(self, player: int) -> str:
        return player_name(player, self.session.hotseat)

    def close(self) -> None:
        """Stop the AI's worker (the scene is being left)."""
        if self.ai is not None:
            self.ai.close()

    # -- widgets -------------------------------------------------------------------------------
    END_BUTTONS = ("save_replay", "again", "menu")

    def build(self) -> None:
        def button(key: str) -> pygame_gui.elements.UIButton:
            return pygame_gui.elements.UIButton(
                pygame.Rect(0, 0, 240, 40), i18n_key(f"duel.{key}"), manager=self.ui, object_id=f"#duel_{key}"
            )

        self.buttons = {k: button(k) for k in ("end_turn", "surrender", *self.END_BUTTONS, "cover")}
        for k in (*self.END_BUTTONS, "cover"):
            self.buttons[k].hide()

    def end_window(self) -> pygame.Rect:
        """The end window's rect (its buttons along its bottom, each as wide as its label needs)."""
        _w, h = self.size
        face = font(px(20), True)
        labels = [tr(f"duel.{k}") for k in self.END_BUTTONS]
        need = len(labels) * (max(face.size(label)[0] for label in labels) + px(36)) + px(20)
        table_w = table_layout(self.size).panel.x  # over the table, leaving the log in sight
        box = pygame.Rect(0, 0, min(max(px(480), need), table_w - px(12)), px(300))
        box.center = (table_w // 2, h // 2 - px(20))
        return box

    def layout(self, size: Size) -> None:
        self.table: TableLayout = table_layout(size)
        panel = self.table.panel
        bw, bh, gap = panel.width - px(16), px(40), px(8)
        self.buttons["end_turn"].set_dimensions((bw, bh))
        self.buttons["end_turn"].set_relative_position((panel.x + px(8), panel.bottom - 2 * (bh + gap)))
        self.buttons["surrender"].set_dimensions((bw, bh))
        self.buttons["surrender"].set_relative_position((panel.x + px(8), panel.bottom - (bh + gap)))
        box = self.end_window()
        end = [k for k in self.END_BUTTONS if k in self.buttons]
        cell = (box.width - px(20)) // len(end)
        for i, k in enumerate(end):
            self.buttons[k].set_dimensions((cell - gap, bh))
            self.buttons[k].set_relative_position(
                (box.x + px(10) + i * cell + gap // 2, box.bottom - bh - px(12))
            )
        w, h = size
        self.buttons["cover"].set_dimensions((min(px(320), w - px(40)), px(48)))
        self.buttons["cover"].set_relative_position((w // 2 - min(px(320), w - px(40)) // 2, h // 2 + px(40)))
        for b in self.buttons.values():
            b.rebuild()  # lay each label into its new size

    def on_button(self, button: pygame_gui.core.UIElement) -> Transition | None:
        if button is self.buttons["cover"]:
            self.uncover()
            return None
        if button is self.buttons["again"]:
            return Replace(self.again())
        if button is self.buttons["menu"]:
            return Home()
        if button is self.buttons["save_replay"]:
            self.save_replay()
            return None
        if self.busy or self.cover is not None:
            return None
        if button is self.buttons["end_turn"] and self.session.human_to_act:
            self.act(EndTurn())
        elif button is self.buttons["surrender"] and self.session.human_to_act:
            self.ask(tr("duel.confirm_surrender"), None)
        return None

    def again(self) -> DuelScene:
        """The same duel with new dice ("Play again")."""
        s = self.session
        return DuelScene(
            self.ctx,
            self.size,
            s.deck,
            s.hero,
            ai=s.ai_name,
            now=self.now,
            foe_deck=s.foe_deck,
            foe_hero=s.foe_hero,
            hotseat=s.hotseat,
            ai_backend=self.ai_backend,
        )

    def save_replay(self) -> None:
        """Write the finished duel into the replays folder (the battle's); say where, or why not."""
        from client.duel.replay_file import save_to_replays

        try:
            path = save_to_replays(self.session)
        except (OSError, ValueError) as exc:
            self.saved_note = tr("duel.replay_not_saved", reason=str(exc))
            return
        self.saved_note = tr("duel.replay_saved", name=path.name)
        self.buttons["save_replay"].disable()

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
        if self.covered and e.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.uncover()  # hot-seat: the next player is at the screen
            return None
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
        self.log.release()  # the last action's lines, if its pop-ups were cut short
        new = redact_all(do(), self.redact_for)
        self.names.update({c.uid: cards.card_name(c.card) for side in state.sides for c in side.field})
        self.log.hold(new, state, self.names)  # written when the pop-ups have shown it (update)
        own = {1, 2} if self.session.hotseat else {HUMAN}
        for event in new:
            self.ctx.audio.play_event(event, own)
        beats = beats_of(new, state, self.names, before, self.session.hotseat)
        self.beats.extend(beats, self.ctx.settings.speed_factor)
        self.selected = self.spell = None
        self.message = ""
        self._new_turn()
        if self.beats.busy:
            self.session.pause(self.now())

    def _new_turn(self) -> None:
        """A turn without a countdown has begun: start it now, or in hot-seat cover the table first
        (D-TURN-7: the countdown starts when the banner is shown, so when the cover is dismissed)."""
        s = self.session
        if s.state.clock is not None or s.over or not self.live:
            return
        if s.hotseat:
            self.cover = s.state.active
        else:
            s.start_clock(self.now())

    @property
    def covered(self) -> bool:
        """The hot-seat cover is up (shown once the last action's pop-ups have played)."""
        return self.cover is not None and not self.beats.busy

    def uncover(self) -> None:
        """The next player is at the screen: show the table from their side and start their turn."""
        if not self.covered:
            return
        assert self.cover is not None
        self.session.show_seat(self.cover)
        self.cover = None
        self.session.start_clock(self.now())

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
            return -v.foe.player
        if self.table.my_hero.collidepoint(pos):
            return -v.me.player
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
            self.log.release()
        covered = self.covered
        self.buttons["cover"].show() if covered else self.buttons["cover"].hide()
        for k in ("end_turn", "surrender"):
            self.buttons[k].hide() if covered or not self.live else self.buttons[k].show()
        if s.over:
            for k in self.END_BUTTONS:
                self.buttons[k].show()
            self.buttons["end_turn"].disable()
            self.buttons["surrender"].disable()
        else:
            self._turn(dt, speed, now)
        self._write_debug()

    def _turn(self, dt: float, speed: float, now: int) -> None:
        s = self.session
        mine = s.human_to_act and not self.beats.busy and self.cover is None
        if mine and s.state.surrender_open():
            self.buttons["surrender"].enable()
        else:
            self.buttons["surrender"].disable()
        if mine:
            self.buttons["end_turn"].enable()
        else:
            self.buttons["end_turn"].disable()
        if self.beats.busy or self.cover is not None:
            return
        if s.seconds_left(now) == 0:  # D-TURN-8: the turn ends by itself, the AI's too
            if self.confirm is not None:
                self.confirm.kill()
                self.confirm = None
            if self.ai is not None:
                self.ai.forget()
            self._apply(lambda: s.time_out(now))
        elif s.ai_to_act and self.ai is not None:
            action = self.ai.step(dt, speed)
            if action is not None:
                self.act(action)

    @property
    def thinking(self) -> bool:
        """The AI is deciding its next play (the banner says so)."""
        return self.session.ai_to_act and self.ai is not None and self.ai.thinking

    def _write_debug(self) -> None:
        v = self.session.view()
        covered = self.covered
        write_debug_state(
            "duel",
            active=v.active,
            viewer=v.viewer,
            turn=v.turn_no,
            over=self.session.over,
            covered=covered,
            thinking=self.thinking,
            my_hand=[] if covered else list(v.me.hand or ()),
            foe_hand_size=v.foe.hand_size,
            foe_deck_size=v.foe.deck_size,
            fields={p: [c.card for c in v.side(p).field] for p in (HUMAN, AI)},
            morale={p: v.side(p).morale for p in (HUMAN, AI)},
            actions=len(self.session.actions),
            buttons={k: b.rect.center for k, b in self.buttons.items() if b.visible},
            end_turn=self.buttons["end_turn"].rect.center,
            hand=[] if covered else [r.center for _, r in self.hand_rects()],
            hand_points=[] if covered else self.hand_points(),
            playable=[] if covered else sorted(self.session.playable()),
            one_click=[] if covered else self.one_click_cards(),
            attacks=[] if covered or not self.session.human_to_act else self.attack_points(),
        )

    def one_click_cards(self) -> list[str]:
        """The playable cards a single click plays: creatures and spells that take no target."""
        catalog = self.session.state.catalog
        return sorted(
            card
            for card in self.session.playable()
            if not isinstance(catalog.card(card), SpellCard) or self.spell_targets(card) == [None]
        )

    def attack_points(self) -> list[tuple[tuple[int, int], tuple[int, int]]]:
        """Each legal attack as (where to click the attacker, where to click its target)."""
        return [
            (self._ref_centre(a.attacker), self._ref_centre(a.target))
            for a in self.session.legal()
            if isinstance(a, Attack)
        ]

    def hand_points(self) -> list[tuple[int, int]]:
        """A point of each hand card that no card over it hides (where a click takes that card)."""
        rects = [r for _, r in self.hand_rects()]
        points = []
        for i, r in enumerate(rects):
            right = rects[i + 1].left if i + 1 < len(rects) else r.right
            points.append(((r.left + max(r.left + 1, min(right, r.right))) // 2, r.centery + r.height // 4))
        return points
