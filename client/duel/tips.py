"""The duel table's hover: a hand card lifted and enlarged with its full text, a creature on either
field enlarged beside its slot with its stats as they stand, the resources' names, and the fight
forecast of a lit target (D-UI-4's numbers, from :mod:`client.duel.hints`).
"""

from __future__ import annotations

import pygame

from client.duel import cards
from client.duel.hints import forecast, why_unplayable
from client.duel.style import INK, real, tr, track
from client.render import text
from client.ui.scale import px
from rules.duel.view import CreatureView


class HoverDrawing:
    """The hover's zoom and tips, mixed into the duel scene."""

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
        elif ref is not None and ref > 0 and not self.beats.busy:
            self._draw_field_zoom(surface, out, ref)

    def field_creature(self, uid: int) -> tuple[CreatureView, pygame.Rect] | None:
        """A creature on either field and its slot."""
        v = self.session.view()
        for side, slots in ((v.me, self.table.my_slots), (v.foe, self.table.foe_slots)):
            for c, rect in zip(side.field, slots, strict=False):
                if c.uid == uid:
                    return c, rect
        return None

    def field_zoom_rect(self, slot: pygame.Rect) -> pygame.Rect:
        """A field creature enlarged beside its slot (right of it where there is room), on the table."""
        rect = pygame.Rect((0, 0), self.table.zoom)
        rect.midleft = (slot.right + px(8), slot.centery)
        table = pygame.Rect(0, 0, self.table.panel.x, self.size[1])
        if rect.right > table.right:
            rect.midright = (slot.left - px(8), slot.centery)
        return rect.clamp(table)

    def _draw_field_zoom(self, surface, out, uid: int) -> None:
        """Hovering a creature on either field: its card enlarged with its stats as they stand now, its
        full text and keywords explained, and (the side to act's own) whether it can attack this turn."""
        found = self.field_creature(uid)
        if found is None:
            return
        c, slot = found
        state = self.session.state
        card = state.catalog.card(c.card)
        rect = self.field_zoom_rect(slot)
        if surface is not None:
            surface.blit(cards.face(card, rect.size, c.life, "", c.attack, c.defense), rect)
        lines = self.card_text(card)
        if (c.attack, c.defense, c.life) != (card.attack, card.defense, card.life):  # wounded or enchanted
            lines.insert(3, tr("duel.card.now", a=c.attack, d=c.defense, l=c.life, max=card.life))
        if self.session.human_to_act and c.owner == state.active:
            status = "fought" if c.fought else "ready" if c.ready else "waiting"
            lines.append(tr(f"duel.card.{status}"))
        self._draw_info(surface, out, c.card, lines, "", rect)

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
        target = real(surface)
        pygame.draw.rect(target, (20, 18, 16), rect, border_radius=px(6))
        pygame.draw.rect(target, cards.HERO_FRAME, rect, width=1, border_radius=px(6))
        track(surface, rect)
        y = rect.y + px(5)
        for img in imgs:
            surface.blit(img, (rect.x + px(8), y))
            y += img.get_height()
