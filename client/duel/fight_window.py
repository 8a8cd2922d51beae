"""The duel's fight window and pop-ups (D-UI-1/2): both cards as the fight began, then the damage and
the parry together, the life lost and the counterstrike, each number rising a little while its beat
lasts (:mod:`client.duel.beats` orders them).
"""

from __future__ import annotations

import functools

import pygame

from client import i18n
from client.duel import cards, icons
from client.duel.beats import BEAT_SECONDS, Beat, Fighter
from client.duel.style import DIM, tr
from client.render import text
from client.ui.scale import px

MAGIC_BEATS = ("spell", "magic")  # beats drawn with the glow on their target
GLOW_STEPS = 8  # the glow grows in this many steps a beat (the frames between repeat the last)
GLOW_COLOUR = (178, 140, 255)


@functools.lru_cache(maxsize=64)
def glow(radius: int, step: int) -> pygame.Surface:
    """A ring of light ``step`` / GLOW_STEPS of the way through its beat: it widens and fades."""
    share = step / GLOW_STEPS
    size = 2 * radius + 2
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    centre = (radius + 1, radius + 1)
    r = max(2, int(radius * (0.45 + 0.55 * share)))
    fade = 1.0 - 0.7 * share
    for i, width in enumerate((max(2, radius // 6), max(1, radius // 14))):
        alpha = int((90 if i == 0 else 230) * fade)
        pygame.draw.circle(out, (*GLOW_COLOUR, alpha), centre, r, width)
    inner = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(inner, (*GLOW_COLOUR, int(60 * fade)), centre, max(1, r - radius // 6))
    out.blit(inner, (0, 0))
    return out


class FightDrawing:
    """The fight window and the pop-ups, mixed into the duel scene."""

    def _glow_step(self) -> int:
        """How far the current magic beat's glow has grown (0 when no magic beat plays)."""
        beat = self.beats.current
        if beat is None or beat.kind not in MAGIC_BEATS:
            return 0
        return 1 + int(min(1.0, self.beats.elapsed / (BEAT_SECONDS * beat.hold)) * (GLOW_STEPS - 1))

    def _draw_glow(self, surface, centre: tuple[int, int], target_size: tuple[int, int]) -> None:
        """Magic on its target: a ring of light around the card or hero it touched."""
        if surface is None:
            return
        radius = max(target_size) * 3 // 5
        ring = glow(radius, self._glow_step())
        surface.blit(ring, ring.get_rect(center=centre))

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
