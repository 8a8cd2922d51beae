"""The duel table's drawing: a cached layer of what changes only with the state (heroes, fields,
resources, log) and, over it each frame, what moves (the countdown, the hand, the hover, the pop-ups).

:class:`TableDrawing` is a part of :class:`client.duel.scene.DuelScene` (it reads the scene's
session, layout, beats and choice); the hover, the fight window and the side panel are in
:mod:`client.duel.tips`, :mod:`client.duel.fight_window` and :mod:`client.duel.panel`.
"""

from __future__ import annotations

import pygame

from client import i18n
from client.duel import cards, icons
from client.duel.fight_window import MAGIC_BEATS
from client.duel.layout import fan_angles
from client.duel.style import DIM, INK, Tracked, merged, tr
from client.render import text
from client.ui.scale import px
from rules.duel.catalog_types import RESOURCES


class TableDrawing:
    """The table's drawing, mixed into the duel scene."""

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
        the pop-ups), drawn every frame over it. In hot-seat, while the table is being passed on,
        only the cover is drawn: no hand, no field, no log."""
        if self.covered:
            self._draw_cover(surface, out)
            return
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
            self.thinking,
            self._glow_step(),
        )
        if (
            not whole and moving == self._moving and not any(w.collidelist(self._drawn) >= 0 for w in widgets)
        ):  # the same frame again: only the widgets, which pygame_gui draws anew, get their ground back
            for rect in merged(widgets):
                surface.blit(self._layer, rect, rect)
            self._drawn_at = now
            return
        self._moving = moving
        if whole:
            surface.blit(self._layer, (0, 0))
        else:  # only where the last frame drew over the layer
            for rect in merged(self._dirty + widgets):
                surface.blit(self._layer, rect, rect)
        tracked = Tracked(surface)
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
            who = self.seat_name(side.player)
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
        # D-TURN-13: the limit counts each player's own turns, as the log's "Turn 3: You" does
        turns = tr("duel.turn_counter", turn=min(limit, v.side(v.active).turns_done + 1), limit=limit)
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
            elif beat.kind in MAGIC_BEATS:
                centre = self._ref_centre(beat.at)
                self._draw_glow(surface, centre, self._ref_size(beat.at))
                self._draw_popup(surface, out, beat.text, centre, (214, 190, 255))
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
        if ref == -v.foe.player:
            return self.table.foe_hero.center
        if ref == -v.me.player:
            return self.table.my_hero.center
        return self.table.banner.center

    def _ref_size(self, ref: int) -> tuple[int, int]:
        """The size of the card or hero ``ref`` on the table (a slot's when it has left the field)."""
        v = self.session.view()
        if ref in (-v.foe.player, -v.me.player):
            return self.table.my_hero.size
        return self.table.my_slots[0].size

    def _lit_targets(self) -> set[int]:
        if self.spell is not None:
            return {r for r in self.spell_targets(self.spell) if r is not None}
        if self.selected is not None:
            return set(self.attack_targets())
        return set()

    def _draw_banner(self, surface, out, v) -> None:
        seconds = self.session.seconds_left(self.now())
        name = self.seat_name(v.active)
        if seconds is None and not self.live:  # a replay keeps no countdown
            banner = tr("duel.banner_replay", name=name)
        else:
            banner = tr("duel.banner", name=name, seconds=seconds if seconds is not None else 60)
        b = self.table.banner
        size = min(px(22), b.height * 3 // 4)
        rect = self._blit_text(surface, out, banner, size, (250, 220, 120), b.center, "center", True)
        if self.thinking:  # the AI is deciding in its worker
            note = tr("duel.thinking")
            self._blit_text(surface, out, note, px(15), DIM, (rect.right + px(16), b.centery), "midleft")

    def _draw_cover(self, surface, out) -> None:
        """Hot-seat: the whole window covered between turns, naming who takes the table next."""
        assert self.cover is not None
        w, h = self.size
        if surface is not None:
            surface.fill(self.background)
            self._layer_key = None  # the table is drawn whole again once the cover goes
        name = self.seat_name(self.cover)
        centre = (w // 2, h // 2 - px(40))
        self._blit_text(
            surface, out, tr("duel.pass_to", name=name), px(36), (250, 220, 120), centre, "center", True
        )
        hint = tr("duel.pass_hint", name=name)
        self._blit_text(surface, out, hint, px(17), INK, (w // 2, h // 2 + px(4)), "center")

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
