"""What the skirmish scene shows: the field's marks, the tooltips (the rules' previews, a hero's
state, a bar's or icon's rule in plain words), the HUD and the hot-seat cover. A mixin of
:class:`client.skirmish.scene.SkirmishScene`: it only reads the scene and paints."""

from __future__ import annotations

from functools import partial

import pygame

from client.i18n import language, tr
from client.render import text
from client.render.effects import Banner
from client.render.tooltip import Row
from client.skirmish import hud, rows, targeting
from client.skirmish.field import FieldMarks
from client.skirmish.session import HUMAN
from client.skirmish.sheet import battle_name, name_of, num, spell_info
from client.ui import GOLD, TEAM_LIGHT, TEXT_COLOUR
from client.ui.scale import px
from rules.skirmish import events as ev
from rules.skirmish.actions import (
    Action,
    Attack,
    Bind,
    Cast,
    EtherAttack,
    Move,
)


def banner_spills(banner: Banner, area: pygame.Rect) -> bool:
    """Whether ``banner`` reaches out of ``area`` (it is drawn before the bars, which cover what
    spills): its band is as wide as the area and its lines slide in by up to px(40)."""
    sub = banner.subtitle
    wide = max(banner.title.get_width(), sub.get_width() if sub else 0) + 2 * px(40) + 2
    high = banner.title.get_height() + (sub.get_height() + px(6) if sub else 0) + px(24)
    top = area.y + area.h // 3 - high // 2
    return wide > area.w or top < area.y or top + high + px(16) > area.bottom


class Screen:
    """The scene's marks, tooltips and frame (mixed into the scene)."""

    _hud_on: pygame.Surface | None  # the surface the bars were last blitted on (the scene sets these)
    _hud_dirty: bool  # something was drawn over them after they were
    _said: dict[tuple, str]

    # ---- marks --------------------------------------------------------------------------------------
    def hover_cell(self) -> tuple[int, int] | None:
        mouse = self.pointer.mouse
        if mouse is None or not self.camera.viewport.collidepoint(mouse):
            return None
        if any(s.rect.collidepoint(mouse) for s in self.spots if s.kind in ("chip", "order")):
            return None
        return self.camera.sector_at(mouse, self.view.size)

    def marks(self) -> FieldMarks:
        hover = self.hover_cell()
        hero = self.acting_hero()
        acting = self.view.acting
        if hero is None:
            intent = self.intent
            targets = ()
            if intent is not None:
                to = getattr(intent.action, "to", None) or getattr(intent.action, "target", None)
                if isinstance(to, int):
                    to = self.session.state.heroes[to].pos
                targets = (to,) if to is not None else ()
            return FieldMarks(targets=targets, acting=acting, hover=hover)
        state, legal = self.session.state, self.session.legal()
        if self.aim is not None and self.aim[0] == "spell":
            spell = state.board.catalog.spells[self.aim[1]]
            reach = self.session.memo(
                ("range", spell.id), lambda: tuple(targeting.range_cells(state, hero, spell)), self._memo
            )
            valid = tuple(dict.fromkeys(a.target for a in targeting.casts_of(legal, spell.id)))
            area: tuple = ()
            blocked = None
            if hover is not None:
                cast = self.action_at(hover)
                if isinstance(cast, Cast):
                    area = tuple(targeting.area_cells(state, spell, cast))
                else:
                    blocked = hover
            return FieldMarks(
                range=reach, targets=valid, area=area, blocked=blocked, acting=acting, hover=hover
            )
        if self.aim in (("ether",), ("bind",)):
            kind = EtherAttack if self.aim == ("ether",) else Bind
            targets = tuple(state.heroes[a.target].pos for a in legal if isinstance(a, kind))
            return FieldMarks(targets=targets, acting=acting, hover=hover)
        moves, targets = self.session.memo(("marks", self.weapon), self._reach, self._memo)
        path: tuple = ()
        blocked = None
        if hover is not None:
            action = self.action_at(hover)
            if isinstance(action, Move):
                path = tuple(self.forecast(action).path)
            elif action is None and hover != hero.pos and state.hero_at(hover) is None:
                blocked = hover
        return FieldMarks(
            moves=moves,
            targets=targets,
            path=path,
            blocked=blocked if moves else None,
            acting=acting,
            hover=hover,
        )

    def _reach(self) -> tuple[tuple, tuple]:
        """The cells the acting hero can move to and those of the heroes its weapon can attack
        (remembered per state and weapon: sifting the legal actions every frame was 10 us)."""
        state, legal = self.session.state, self.session.legal()
        moves = tuple(a.to for a in legal if isinstance(a, Move))
        targets = tuple(state.heroes[t].pos for t in targeting.attack_targets(legal, self.weapon))
        return moves, targets

    # ---- tooltips -------------------------------------------------------------------------------------
    def hover_rows(self) -> list[Row]:
        mouse = self.pointer.mouse
        if mouse is None or self.overlay is not None or self.pause is not None or self.cover is not None:
            return []
        for spot in self.spots:
            if spot.rect.collidepoint(mouse):
                return self.spot_rows(spot)
        cell = self.hover_cell()
        if cell is None or not self.player.idle:
            return []
        action = self.action_at(cell)
        state = self.session.state
        if isinstance(action, Move | Attack | Cast | EtherAttack):
            return self.action_tooltip(action)
        if self.aim is not None and self.aim[0] == "spell" and self.acting_hero() is not None:
            spell = state.board.catalog.spells[self.aim[1]]
            return [Row(targeting.cast_problem(state, self.acting_hero(), spell, cell), (240, 150, 140))]
        hero = state.hero_at(cell) or next((h for h in state.heroes if h.pos == cell), None)
        if hero is not None:
            shown = self.view.heroes[hero.id]
            key = ("hero_rows", hero.id, shown.hp, shown.mana, language())
            made = partial(rows.hero_rows, state, hero, shown.hp, shown.mana)
            return list(self.session.memo(key, made, self._memo))
        return []

    def action_tooltip(self, action: Action) -> list[Row]:
        """The rules' preview of ``action`` as tooltip rows, remembered for this state and language:
        what a move leaves asks the rules for the options after it (a tenth of the frame)."""

        def make() -> list[Row]:
            state = self.session.state
            if isinstance(action, Move):
                return rows.move_rows(state, action, self.forecast(action))
            return rows.action_rows(state, action, self.forecast(action))

        return list(self.session.memo(("rows", action, language()), make, self._memo))

    def spot_rows(self, spot: hud.Spot) -> list[Row]:
        state = self.session.state
        if spot.kind == "chip":
            chip = self.chips[spot.payload] if spot.payload < len(self.chips) else None
            return [] if chip is None else self.chip_rows(chip)
        if spot.kind == "order":
            hero = state.heroes[spot.payload]
            return [
                Row(tr("skirmish.rule.order"), GOLD, 13),
                *rows.hero_rows(state, hero, self.view.heroes[hero.id].hp, self.view.heroes[hero.id].mana),
            ]
        if spot.kind == "hero":
            hero = state.heroes[spot.payload]
            return rows.hero_rows(state, hero, self.view.heroes[hero.id].hp, self.view.heroes[hero.id].mana)
        kind, hero_id = spot.payload  # type: ignore[misc]
        hero = state.heroes[hero_id]
        if spot.kind == "bar":
            shown = self.view.heroes[hero_id]
            return [
                Row(tr(f"skirmish.bar.{kind}", value=hud.status_value(shown, kind)), bold=True),
                Row(tr(f"skirmish.rule.bar_{kind}"), (200, 210, 255), 13),
            ]
        texts = rows.condition_texts(state, hero)
        return [Row(t, (200, 210, 255), 13) for t in texts] or []

    def chip_rows(self, chip: hud.Chip) -> list[Row]:
        cat = self.session.state.board.catalog
        if chip.key[0] in ("spell", "channel"):
            spell = cat.spells[chip.key[1]]
            lines = [
                Row(name_of(spell), GOLD, 15, True),
                Row(spell_info(spell)),
                Row(tr(f"skirmish.spell.target.{spell.target}"), (200, 210, 255), 13),
            ]
            if not chip.enabled:
                lines.append(Row(tr("skirmish.spell.not_now"), (240, 150, 140), 13))
            return lines
        if chip.key[0] == "weapon":
            w = cat.weapons[chip.key[1]]
            lines = [Row(name_of(w), GOLD, 15, True)]
            info = tr("skirmish.weapon.info", damage=num(w.base_x), hands=w.hands)
            if w.optimal is not None:
                info += " · " + tr("skirmish.weapon.range", optimal=w.optimal, most=w.max_range)
            lines.append(Row(info))
            lines.append(Row(tr("skirmish.hud.weapon_help"), (200, 210, 255), 13))
            if not chip.enabled:
                lines.append(Row(tr("skirmish.weapon.not_now"), (240, 150, 140), 13))
            return lines
        return [
            Row(chip.label, GOLD, 15, True),
            Row(tr(f"skirmish.hud.{chip.key[0]}_help"), (200, 210, 255), 13),
        ]

    # ---- drawing --------------------------------------------------------------------------------------
    def turn_text(self) -> tuple[str, int]:
        if isinstance(self.view.outcome, ev.BattleEnded):  # who won; how is in the overlay and the log
            winner = self.view.outcome.winner
            if winner is None:
                return tr("skirmish.end.title_draw"), 0
            return tr("skirmish.end.title_side", side=tr(f"skirmish.side.{winner}")), winner
        acting = self.view.acting
        team = self.view.heroes[acting].team if acting is not None else self.session.state.active_team
        who = battle_name(self.view.heroes, acting) if acting is not None else ""
        if self.session.controllers.get(team) == HUMAN:
            key = "skirmish.hud.turn_side" if self.session.hotseat else "skirmish.hud.turn_you"
        else:
            thinking = any(w.thinking for w in self.workers.values())
            key = "skirmish.hud.thinking" if thinking else "skirmish.hud.turn_ai"
        return self.said(key, who=who, side=self.said(f"skirmish.side.{team}")), team

    def hint(self) -> str:
        if self.overlay is not None or not self.input_allowed():
            return ""
        if self.aim is not None and self.aim[0] == "spell":
            return self.said("skirmish.hint.aim")
        if self.aim is not None:
            return self.said("skirmish.hint.aim_mage")
        return self.said("skirmish.hint.act")

    def said(self, text_key: str, **params: str) -> str:
        """``tr(text_key, **params)`` remembered per language: the bars ask for the same words every
        frame, and each translation was 15 us."""
        key = (language(), text_key, *sorted(params.items()))
        found = self._said.get(key)
        if found is None:
            if len(self._said) > 256:
                self._said.clear()
            found = self._said[key] = tr(text_key, **params)
        return found

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rects
        self.chips = self.make_chips()
        self.field.draw(surface, self.camera, self.marks(), self.player.effects, self.clock)
        bar_area = pygame.Rect(r.viewport.x, r.viewport.y, r.viewport.w, r.viewport.h - px(4))
        spots = self.action_bar.draw(surface, bar_area, self.chips)
        kept = surface is self._hud_on and not self._hud_dirty  # see hud_covered()
        if self.banners:
            self.banners[0].draw_screen(surface, r.viewport)
            kept = kept and not banner_spills(self.banners[0], r.viewport)
        turn, team = self.turn_text()
        spots += self.top_strip.draw(surface, r.top, self.view, turn, team, r.viewport if kept else None)
        # The cards' layer is opaque and covers the whole side panel in its colour: no fill under it
        # (filling that unaligned strip cost 0.45 ms a frame, more than a full-screen fill).
        card_spots, end = hud.draw_cards(surface, r.side, self.view, kept)
        spots += card_spots
        log_area = pygame.Rect(r.side.x, end + px(4), r.side.w, r.side.bottom - end - px(6))
        room = pygame.Rect(r.side.x, end, r.side.w, r.side.bottom - end)
        self.log_panel.draw(surface, log_area, self.log.lines, room, kept)
        widgets = [b.rect for b in self.buttons.buttons.values() if b.visible] if kept else None
        self.bottom_bar.draw(surface, r.bottom, self.hint(), self.buttons.left_edge - px(16), widgets)
        self.spots = spots
        self.ui.draw_ui(surface)
        lines = self.hover_rows()
        tip = None
        if lines and self.pointer.mouse is not None and not self.pointer.dragging:
            avoid = []
            cell = self.hover_cell()
            if cell is not None:
                avoid.append(self.camera.tile_rect(cell).inflate(10, 10))
            tip = self.tooltip.draw(surface, lines, self.pointer.mouse, pygame.Rect((0, 0), self.size), avoid)
        self._hud_on, self._hud_dirty = surface, self.hud_covered(tip)
        if self.overlay is not None:
            self.overlay.draw(surface, self.session, self.view)
            self.ui.draw_ui(surface)  # its buttons over its panel
        elif self.pause is not None:
            dim = pygame.Surface(self.size, pygame.SRCALPHA)
            dim.fill((6, 8, 12, 140))
            surface.blit(dim, (0, 0))
            self.ui.draw_ui(surface)
        if self.cover is not None:
            self.draw_cover(surface, self.cover)

    def hud_covered(self, tip: pygame.Rect | None) -> bool:
        """Whether this frame draws over the top bar, the side panel or the bottom bar after they are
        blitted: the tooltip, a panel or the hot-seat cover. If not, the next frame leaves them on the
        screen as they are while nothing on them changes (the bottom bar is blitted under its buttons
        only): blitting them every frame was 0.17 ms, and nothing else draws there (the map and its
        effects are clipped to the viewport, the buttons are drawn over the bar again, and another
        scene drawing on the screen makes this one resize() when it is on top again)."""
        r = self.rects
        if self.overlay is not None or self.pause is not None or self.dialog is not None:
            return True
        if self.cover is not None:
            return True
        return tip is not None and any(tip.colliderect(bar) for bar in (r.top, r.side, r.bottom))

    def draw_cover(self, surface: pygame.Surface, team: int) -> None:
        """Hot-seat: the screen between the sides, until the next player clicks or presses a key."""
        surface.fill((12, 14, 20))
        title = text.text(
            tr("skirmish.cover.pass", side=tr(f"skirmish.side.{team}")), px(40), TEAM_LIGHT[team], True
        )
        surface.blit(title, title.get_rect(center=(self.size[0] // 2, self.size[1] // 2 - px(20))))
        sub = text.text(tr("skirmish.cover.click"), px(18), TEXT_COLOUR)
        surface.blit(sub, sub.get_rect(center=(self.size[0] // 2, self.size[1] // 2 + px(30))))
