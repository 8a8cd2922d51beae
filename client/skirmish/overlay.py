"""The end of a skirmish: who won and how (S-END), each hero's damage dealt, HP left and the spells it
cast; Play again, Main menu and Save replay (into the replays folder the tactical battle uses)."""

from __future__ import annotations

from collections import Counter

import pygame
import pygame_gui

from client.i18n import tr
from client.render import text
from client.skirmish.log import result_text
from client.skirmish.session import HUMAN, SkirmishSession
from client.skirmish.sheet import battle_name, item_name
from client.skirmish.view import SkirmishBoard
from client.ui import BAD, GOLD, GOOD, MUTED_TEXT_COLOUR, PANEL_EDGE, TEAM_LIGHT, TEXT_COLOUR
from client.ui.scale import px
from rules.skirmish import events as ev

PANEL_W = 640
BUTTON_W, BUTTON_H, GAP = 180, 44, 12


def title_of(event: ev.BattleEnded, session: SkirmishSession) -> tuple[str, tuple]:
    """Victory / Defeat for a person against the computer; the winning side in hot-seat; Draw."""
    if event.winner is None:
        return tr("skirmish.end.title_draw"), GOLD
    if session.hotseat:
        return tr("skirmish.end.title_side", side=tr(f"skirmish.side.{event.winner}")), TEAM_LIGHT[
            event.winner
        ]
    won = session.controllers.get(event.winner) == HUMAN
    return (tr("skirmish.end.title_win"), GOOD) if won else (tr("skirmish.end.title_loss"), BAD)


def hero_lines(session: SkirmishSession) -> list[tuple[int, str]]:
    """(team, line) per hero: damage dealt, HP left, spells cast."""
    lines = []
    for hero in sorted(session.state.heroes, key=lambda h: (h.team, h.id)):
        spells = Counter(session.spells_cast[hero.id])
        cast = ", ".join(f"{item_name('spell', s)}" + (f" ×{n}" if n > 1 else "") for s, n in spells.items())
        lines.append(
            (
                hero.team,
                tr(
                    "skirmish.end.hero",
                    who=battle_name(session.state.heroes, hero.id),
                    dealt=session.damage_dealt[hero.id],
                    hp=max(0, hero.hp),
                    max=hero.info.max_hp,
                    spells=cast or tr("skirmish.none"),
                ),
            )
        )
    return lines


class SkirmishOverlay:
    def __init__(self, ui: pygame_gui.UIManager, size: tuple[int, int], event: ev.BattleEnded) -> None:
        self.event = event
        self.buttons = {
            name: pygame_gui.elements.UIButton(
                pygame.Rect(0, 0, px(BUTTON_W), px(BUTTON_H)),
                tr(f"skirmish.end.{name}"),
                manager=ui,
                object_id=f"#skirmish_{name}",
                starting_height=6,
            )
            for name in ("again", "menu", "save_replay")
        }
        self.note = ""
        self.layout(size)

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        widest = max(text.label_width(b.text) for b in self.buttons.values())  # each label whole
        w = min(max(px(PANEL_W), 3 * widest + 4 * px(GAP)), size[0] - px(24))
        self.rect = pygame.Rect(0, 0, w, min(size[1] - px(24), px(420)))
        self.rect.center = (size[0] // 2, size[1] // 2)
        bw = (w - 4 * px(GAP)) // 3
        for i, button in enumerate(self.buttons.values()):
            button.set_dimensions((bw, px(BUTTON_H)))
            button.set_relative_position(
                (self.rect.x + px(GAP) + i * (bw + px(GAP)), self.rect.bottom - px(BUTTON_H + 14))
            )

    def saved(self, path) -> None:
        """Say where the replay went (or that it could not be saved) and grey the button out."""
        self.note = tr("skirmish.end.saved", file=path.name) if path else tr("skirmish.end.not_saved")
        self.buttons["save_replay"].disable()

    def kill(self) -> None:
        for button in self.buttons.values():
            button.kill()

    def draw(self, surface: pygame.Surface, session: SkirmishSession, view: SkirmishBoard) -> None:
        dim = pygame.Surface(self.size, pygame.SRCALPHA)
        dim.fill((6, 8, 12, 150))
        surface.blit(dim, (0, 0))
        pygame.draw.rect(surface, (18, 20, 28), self.rect, border_radius=px(12))
        pygame.draw.rect(surface, PANEL_EDGE, self.rect, 1, border_radius=px(12))
        title, colour = title_of(self.event, session)
        img = text.text(text.fit(title, px(34), self.rect.w - px(24), True), px(34), colour, True)
        surface.blit(img, img.get_rect(midtop=(self.rect.centerx, self.rect.y + px(14))))
        y = self.rect.y + px(62)
        how = result_text(self.event, view)
        for line in text.wrap(how, px(17), self.rect.w - px(40)):
            surface.blit(text.text(line, px(17), TEXT_COLOUR), (self.rect.x + px(20), y))
            y += px(22)
        y += px(6)
        surface.blit(text.text(tr("skirmish.end.heroes"), px(16), GOLD, True), (self.rect.x + px(20), y))
        y += px(22)
        bottom = self.rect.bottom - px(BUTTON_H + 40)
        for team, line in hero_lines(session):
            for part in text.wrap(line, px(14), self.rect.w - px(40)):
                if y > bottom:
                    break
                surface.blit(
                    text.text(part, px(14), TEAM_LIGHT.get(team, TEXT_COLOUR)), (self.rect.x + px(20), y)
                )
                y += px(18)
        if self.note:
            note = text.text(text.fit(self.note, px(14), self.rect.w - px(40)), px(14), MUTED_TEXT_COLOUR)
            surface.blit(note, (self.rect.x + px(20), self.rect.bottom - px(BUTTON_H + 34)))

    @property
    def button_rects(self) -> list[pygame.Rect]:
        return [b.rect for b in self.buttons.values()]
