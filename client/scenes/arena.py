"""The Arena: league badge and cups, supplies with the time to the next point, «Создать заявку» /
"Create application" (M-MM-1, 5 supplies) with a visible one-minute countdown and «Отмена» /
"Cancel" (refund, M-MM-4), the ladder of the player among the rivals by cups (M-CUP-1), and, once
matched (a rival, or a mob: M-MM-2/5), "To battle" on an arena map with the player's fit roster.

The search is :class:`client.meta.arena.ArenaSearch` on the profile's clock (a fake one in tests);
the battle is :class:`client.meta.arena_battle.RewardBattleScene`, which pays the result into the
profile and lists every reward on its end overlay.
"""

from __future__ import annotations

import pygame
import pygame_gui

from client.debug import write_debug_state
from client.i18n import has_text, language, tr, tr_count
from client.i18n import key as i18n_key
from client.meta import arena_battle
from client.meta.arena import ArenaSearch, fit_army, ladder
from client.meta.state import MetaState, meta_of
from client.meta.view import duration, league_badge, profile_strip
from client.render import text
from client.scenes.base import Pop, Push, Size, Transition, UIScene
from client.tiled import MapError
from client.ui import BAD, GOLD, GOOD, MUTED_TEXT_COLOUR, PANEL_EDGE, TEXT_COLOUR, TITLE_COLOUR
from client.ui.scale import px
from rules.meta.matchmaking import Application

TEXT_SIZE = 18


class ArenaScene(UIScene):
    """Apply, wait (or cancel), then fight; Back returns to the menu (an open search is withdrawn)."""

    def __init__(self, ctx, size: Size, meta: MetaState | None = None) -> None:
        self.meta = meta or meta_of(ctx)
        self.arena = ArenaSearch(self.meta)
        self.message = ""
        self.message_good = True
        self._second = -1
        super().__init__(ctx, size)

    def build(self) -> None:
        self.apply = pygame_gui.elements.UIButton(
            pygame.Rect(0, 0, 260, 44), i18n_key("arena.apply"), manager=self.ui, object_id="#arena_apply"
        )
        self.cancel = pygame_gui.elements.UIButton(
            pygame.Rect(0, 0, 260, 44), i18n_key("arena.cancel"), manager=self.ui, object_id="#arena_cancel"
        )
        self.fight = pygame_gui.elements.UIButton(
            pygame.Rect(0, 0, 260, 44), i18n_key("arena.fight"), manager=self.ui, object_id="#arena_fight"
        )
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(0, 0, 160, 44), i18n_key("common.back"), manager=self.ui, object_id="#back"
        )
        self._show_buttons()

    def _show_buttons(self) -> None:
        """«Создать заявку» is replaced by «Отмена» while searching (M-MM-4), by "To battle" once matched."""
        for button, shown in (
            (self.apply, self.arena.search is None),
            (self.cancel, self.arena.searching),
            (self.fight, self.arena.matched),
        ):
            button.show() if shown else button.hide()

    def layout(self, size: Size) -> None:
        w, h = size
        self.title = text.text(tr("arena.title"), px(40), TITLE_COLOUR, True)
        self.strip_top = px(12) + self.title.get_height() + px(6)
        self._strip()
        top = self.strip_top + self.strip.get_height() + px(14)
        bottom = h - px(64)
        gap = px(16)
        self.left = pygame.Rect(px(16), top, (w - px(32) - gap) * 55 // 100, bottom - top)
        self.right = pygame.Rect(self.left.right + gap, top, w - px(16) - self.left.right - gap, bottom - top)
        bw = min(px(300), self.left.w - px(24))
        for button in (self.apply, self.cancel, self.fight):
            button.set_dimensions((bw, px(44)))
            button.set_relative_position((self.left.centerx - bw // 2, self.left.bottom - px(56)))
        self.back.set_dimensions((px(160), px(44)))
        self.back.set_relative_position((w // 2 - px(80), h - px(54)))

    def _strip(self) -> None:
        self.strip = profile_strip(self.meta.refresh(), self.meta.now(), self.size[0] - px(40), 17, True)

    # ---- actions ------------------------------------------------------------------------------
    def on_button(self, button: pygame_gui.core.UIElement) -> Transition | None:
        if button is self.back:
            self.arena.cancel()  # a search left open would cost the supplies for nothing
            return Pop()
        if button is self.apply:
            self._apply()
        elif button is self.cancel:
            self.arena.cancel()
            self._say(tr("arena.refunded", n=self.arena.cat.application_cost), True)
        elif button is self.fight:
            return self._fight()
        self._show_buttons()
        return None

    def _say(self, message: str, good: bool) -> None:
        self.message, self.message_good = message, good

    def _apply(self) -> None:
        p = self.meta.refresh()
        cost = self.arena.cat.application_cost
        if not fit_army(p):
            self._say(tr("arena.no_units"), False)
            return
        if p.supplies < cost:
            self._say(tr("arena.no_supplies", need=cost, have=p.supplies), False)
            return
        self.arena.apply()
        self._say("", True)
        self._after_poll()

    def _after_poll(self) -> None:
        if self.arena.matched:
            rival = self.arena.opponent()
            if rival is not None:
                ai = tr(f"ai.{rival.ai}") if has_text(f"ai.{rival.ai}") else rival.ai
                name = rival.entry().name(language())
                cups = self._rival_application().cups
                self._say(tr("arena.matched_rival", name=name, cups=cups, ai=ai), True)
            elif self.arena.search is not None and self.arena.search.own.cups <= 0:
                self._say(tr("arena.matched_zero"), True)
            else:
                self._say(tr("arena.matched_mob"), True)
            self._show_buttons()

    def _rival_application(self) -> Application:
        assert self.arena.search is not None and isinstance(self.arena.search.result, Application)
        return self.arena.search.result

    def _fight(self) -> Transition | None:
        """The battle against the match: the player's fit squads, the rival's army or a mob's."""
        try:
            match = arena_battle.prepare_match(
                self.meta, self.arena, self.ctx.settings.ai_level, self.ctx.maps_dir
            )
            spec = arena_battle.arena_spec(match.map_path, match.player, match.enemy, match.ai)
        except (MapError, FileNotFoundError, ValueError) as exc:
            self._say(str(exc), False)
            return None
        self.arena = ArenaSearch(self.meta)  # the next visit here starts a new application
        self._say("", True)
        self._show_buttons()
        battle = arena_battle.RewardBattleScene(self.ctx, self.size, spec, match.settle, seed=match.seed)
        return Push(battle)

    # ---- time ---------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.arena.searching:
            self.arena.poll()
            self._after_poll()
        second = int(self.meta.now())
        if second != self._second:  # the countdown and the supply timer tick once a second
            self._second = second
            self._strip()
        buttons = {"apply": self.apply, "cancel": self.cancel, "fight": self.fight, "back": self.back}
        write_debug_state(
            "arena",
            buttons={k: b.rect.center for k, b in buttons.items() if b.visible},
            searching=self.arena.searching,
            matched=self.arena.matched,
            supplies=self.meta.profile.supplies,
        )

    def resize(self, size: Size) -> None:
        super().resize(size)
        self.layout(self.size)  # back from a battle: the profile changed

    # ---- drawing ------------------------------------------------------------------------------
    def draw_scene(self, surface: pygame.Surface) -> None:
        w = self.size[0]
        surface.blit(self.title, self.title.get_rect(midtop=(w // 2, px(12))))
        surface.blit(self.strip, self.strip.get_rect(midtop=(w // 2, self.strip_top)))
        for panel in (self.left, self.right):
            pygame.draw.rect(surface, (20, 23, 31), panel, border_radius=px(8))
            pygame.draw.rect(surface, PANEL_EDGE, panel, px(1), border_radius=px(8))
        self._draw_application(surface)
        self._draw_ladder(surface)

    def _draw_application(self, surface: pygame.Surface) -> None:
        size = px(TEXT_SIZE)
        box = self.left.inflate(-px(24), 0)
        y = self.left.top + px(12)
        p = self.meta.profile
        badge = league_badge(p.league, px(48))
        surface.blit(badge, (box.left, y))
        head = text.text(
            text.fit(
                tr("profile.league", n=p.league) + " · " + tr("profile.cups", n=p.cups),
                px(22),
                box.w - badge.get_width() - px(12),
            ),
            px(22),
            GOLD,
            True,
        )
        surface.blit(
            head, head.get_rect(midleft=(box.left + badge.get_width() + px(12), y + badge.get_height() // 2))
        )
        y += badge.get_height() + px(10)
        cost = self.arena.cat.application_cost
        lines: list[tuple[str, tuple]] = [(tr_count("arena.cost", cost), MUTED_TEXT_COLOUR)]
        if self.arena.searching:
            lines.append((tr("arena.searching", time=duration(self.arena.seconds_left())), GOLD))
        if self.message:
            lines.append((self.message, GOOD if self.message_good else BAD))
        if self.arena.matched:
            fit = fit_army(p)
            lines.append(
                (
                    tr("arena.your_army", list=arena_battle.army_text([(u, n, lv) for _i, u, n, lv in fit])),
                    TEXT_COLOUR,
                )
            )
            rival = self.arena.opponent()
            if rival is not None:
                lines.append(
                    (tr("arena.opponent_army", list=arena_battle.army_text(rival.army[:4])), TEXT_COLOUR)
                )
        limit = self.apply.rect.top - px(8)
        for line, colour in lines:
            for part in text.wrap(line, size, box.w):
                image = text.text(part, size, colour)
                if y + image.get_height() > limit:
                    return
                surface.blit(image, (box.left, y))
                y += image.get_height() + px(3)
            y += px(4)

    def _draw_ladder(self, surface: pygame.Surface) -> None:
        box = self.right.inflate(-px(20), 0)
        y = self.right.top + px(10)
        heading = text.text(tr("arena.ladder"), px(22), GOLD, True)
        surface.blit(heading, (box.left, y))
        y += heading.get_height() + px(6)
        rows = ladder(self.meta.profile)
        row_h = max(px(16), min(px(30), (self.right.bottom - px(8) - y) // max(1, len(rows))))
        size = min(px(TEXT_SIZE), row_h - px(4))
        names = {r.name: r.entry().name(language()) for r in self.meta.profile.rivals}
        for row in rows:
            name = tr("arena.you", name=row.name) if row.is_player else names.get(row.name, row.name)
            colour = GOLD if row.is_player else TEXT_COLOUR
            if row.is_player:
                pygame.draw.rect(
                    surface, (48, 44, 30), (box.left - px(4), y, box.w + px(8), row_h), border_radius=px(4)
                )
            cups = text.text(str(row.cups), size, colour, row.is_player)
            rank = text.text(f"{row.rank}.", size, MUTED_TEXT_COLOUR)
            label = text.text(
                text.fit(name, size, box.w - cups.get_width() - px(48)), size, colour, row.is_player
            )
            mid = y + row_h // 2
            surface.blit(rank, rank.get_rect(midleft=(box.left, mid)))
            surface.blit(label, label.get_rect(midleft=(box.left + px(36), mid)))
            surface.blit(cups, cups.get_rect(midright=(box.right, mid)))
            y += row_h
