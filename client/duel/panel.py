"""The duel's side panel (the capped log, the last message) and the end window (result, how it was
decided, each seat's statistics, the turns played).
"""

from __future__ import annotations

import pygame

from client.duel import cards
from client.duel.session import AI, HUMAN
from client.duel.style import DIM, INK, real, tr, track
from client.render import text
from client.ui.fonts import font
from client.ui.scale import px


class PanelDrawing:
    """The side panel and the end window, mixed into the duel scene."""

    message_colour = (240, 140, 110)  # why a card cannot be played (the replay viewer: its position)
    _wrap_cache: dict[tuple[str, int], list[str]]

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
                    surface, out, line, px(14), self.message_colour, (p.x + px(8), top - (i + 1) * msg_h)
                )
        bottom = top - len(message) * msg_h - px(6)
        room = max(0, (bottom - px(32)) // line_h)
        y = px(32)
        for line in self._log_rows(room):
            self._blit_text(surface, out, line, px(13), DIM, (p.x + px(8), y))
            y += line_h

    def _log_rows(self, room: int) -> list[str]:
        """The newest ``room`` rows of the log, each line wrapped to the panel's width (a long line
        takes two rows rather than losing its end; one that still does not fit is cut with "…")."""
        rows: list[str] = []
        for line in reversed(self.log.lines):
            if len(rows) >= room:
                break
            rows[:0] = self._wrapped(line)
        return rows[-room:] if room else []

    def _wrapped(self, line: str) -> list[str]:
        limit = self.table.panel.width - px(16)
        key = (line, limit)
        found = self._wrap_cache.get(key)
        if found is None:
            if len(self._wrap_cache) > 2048:
                self._wrap_cache.clear()
            pieces = text.wrap(line, px(13), limit) or [line]
            found = self._wrap_cache[key] = [self._cut(piece, limit) for piece in pieces]
        return found

    def _cut(self, line: str, limit: int) -> str:
        face = font(px(13), False)
        if face.size(line)[0] <= limit:
            return line
        while line and face.size(line + "…")[0] > limit:
            line = line[:-1]
        return line + "…"

    def _draw_end(self, surface, out) -> None:
        box = self.end_window()
        if surface is not None:
            pygame.draw.rect(real(surface), (25, 22, 18), box, border_radius=10)
            pygame.draw.rect(real(surface), cards.HERO_FRAME, box, width=3, border_radius=10)
            track(surface, box)
        outcome = self.session.state.outcome
        assert outcome is not None
        if outcome.winner is None:
            result = tr("duel.draw")
        elif self.session.hotseat:
            result = tr("duel.seat_wins", name=self.seat_name(outcome.winner))
        else:
            result = tr("duel.won") if outcome.winner == HUMAN else tr("duel.lost")
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
                "duel.stats", who=self.seat_name(p), damage=st[p].damage, kills=st[p].kills, cards=st[p].cards
            )
            self._blit_text(surface, out, line, px(14), INK, (box.centerx, y), "midtop")
            y += px(20)
        line = tr("duel.turns_played", turns=self.session.state.turn_no)
        self._blit_text(surface, out, line, px(14), INK, (box.centerx, y), "midtop")
        if self.saved_note:  # where "Save replay" wrote the file, or why it could not
            y += px(22)
            for piece in (
                text.wrap(self.saved_note, px(13), box.width - px(20)) if surface else [self.saved_note]
            ):
                self._blit_text(surface, out, piece, px(13), DIM, (box.centerx, y), "midtop")
                y += px(17)
