"""The Hero Skirmish setup screen: each side's party (a ready one or heroes picked one by one, up to
the rules' party size), the chosen hero's character sheet, the map, the melee mode, who plays side 2
(an AI level, Settings' by default, or a second person at this screen), and Play.

A member's "Loadout" button opens :class:`client.skirmish.loadout.LoadoutScene` (S-SPELL-11,
S-DATA-11). Play builds the rules' setup (:meth:`client.skirmish.model.Choice.setup`); whatever the
rules refuse is shown in red and the screen stays as it was.
"""

from __future__ import annotations

import pygame
import pygame_gui

from client.i18n import tr
from client.render import text
from client.scenes.base import Pop, Push, Size, Transition, UIScene
from client.skirmish import model
from client.skirmish.sheet import loadout_summary, name_of
from client.skirmish.sheet_panel import draw_sheet
from client.ui import BAD, MUTED_TEXT_COLOUR, TITLE_COLOUR
from client.ui.scale import px

COLUMN_A = 240  # ready parties and heroes to add (two to a row: "Ильзабет" whole)
COLUMN_B = 320  # the party
ROW = 34
GAP = 6


def _button(ui: pygame_gui.UIManager, object_id: str | None = None) -> pygame_gui.elements.UIButton:
    return pygame_gui.elements.UIButton(pygame.Rect(0, 0, 100, ROW), "", manager=ui, object_id=object_id)


class SkirmishSetupScene(UIScene):
    """Build both parties, pick the map, melee mode and opponent, then Play."""

    def __init__(self, ctx, size: Size) -> None:
        from client.context import MAPS_DIR

        self.maps = model.skirmish_map_paths(MAPS_DIR)
        cat = model.catalog()
        parties = sorted(cat.parties)
        level = ctx.settings.ai_level if ctx.settings.ai_level in model.SIDE_LEVELS else "normal"
        self.choice = model.Choice(
            {1: model.Side.of_party(parties[0]), 2: model.Side.of_party(parties[1 % len(parties)])},
            self.maps[0],
            cat.battle.melee_mode,
            level,
        )
        self.team = 1  # the side being edited
        self.member = 0  # the member whose sheet is shown
        self.error = ""
        self._titles: dict = {}
        super().__init__(ctx, size)

    # ---- widgets ---------------------------------------------------------------------------------
    def build(self) -> None:
        cat = model.catalog()
        self.party_ids = sorted(cat.parties)
        self.hero_ids = list(cat.heroes)
        self.side_buttons = {team: _button(self.ui, f"#skirmish_side_{team}") for team in (1, 2)}
        self.party_buttons = {p: _button(self.ui) for p in self.party_ids}
        self.add_buttons = {h: _button(self.ui) for h in self.hero_ids}
        self.member_buttons = [_button(self.ui) for _ in range(model.party_limit())]
        self.loadout_buttons = [_button(self.ui) for _ in range(model.party_limit())]
        self.remove_buttons = [_button(self.ui) for _ in range(model.party_limit())]
        self.map_prev, self.map_next = _button(self.ui), _button(self.ui)
        self.map_label = _button(self.ui)
        self.map_label.disable()
        self.melee_button = _button(self.ui, "#skirmish_melee")
        self.opponent_button = _button(self.ui, "#skirmish_opponent")
        self.back = _button(self.ui)
        self.play = _button(self.ui, "#skirmish_play")

    def layout(self, size: Size) -> None:
        w, h = size
        row, gap = px(ROW), px(GAP)
        left = px(20)
        self.top = px(60)
        tab = (px(COLUMN_A + COLUMN_B + 24) - gap) // 2
        for i, b in enumerate(self.side_buttons.values()):
            self._place(b, (left + i * (tab + gap), self.top), tab)
        y = self.top + row + px(34)
        self.heading_a = y - px(24)
        for i, b in enumerate(self.party_buttons.values()):
            self._place(b, (left, y + i * (row + gap)), px(COLUMN_A))
        y += len(self.party_buttons) * (row + gap) + px(30)
        self.heading_add = y - px(24)
        half = (px(COLUMN_A) - gap) // 2
        for i, b in enumerate(self.add_buttons.values()):
            self._place(b, (left + (i % 2) * (half + gap), y + (i // 2) * (row + gap)), half)
        x_b = left + px(COLUMN_A) + px(24)
        self.column_b = x_b
        loadout_w = max(px(120), min(px(170), text.label_width(tr("skirmish.setup.loadout"))))
        member_w = px(COLUMN_B) - px(34) - loadout_w - 2 * gap
        for i in range(model.party_limit()):
            yy = self.top + row + px(34) + i * (row + px(26))
            self._place(self.member_buttons[i], (x_b, yy), member_w)
            self._place(self.loadout_buttons[i], (x_b + member_w + gap, yy), loadout_w)
            self._place(self.remove_buttons[i], (x_b + member_w + loadout_w + 2 * gap, yy), px(34))
        self.sheet_x = x_b + px(COLUMN_B) + px(24)
        bottom = h - px(56)
        self._place(self.back, (left, bottom), px(150), px(44))
        self._place(self.play, (w - left - px(170), bottom), px(170), px(44))
        settings_y = bottom - px(50)
        self.settings_y = settings_y
        self._place(self.map_prev, (left, settings_y), px(34))
        self._place(self.map_label, (left + px(34) + gap, settings_y), px(230))
        self._place(self.map_next, (left + px(264) + 2 * gap, settings_y), px(34))
        self._place(self.melee_button, (left + px(310), settings_y), px(290))
        self._place(self.opponent_button, (left + px(610), settings_y), px(290))
        self.refresh()

    def _place(
        self, b: pygame_gui.elements.UIButton, pos: tuple[int, int], width: int, height: int = 0
    ) -> None:
        size = (width, height or px(ROW))
        if b.rect.size != size:
            b.set_dimensions(size)
        b.set_relative_position(pos)
        b.design_width = width  # type: ignore[attr-defined]  # for fitting its label

    def _label(self, b: pygame_gui.elements.UIButton, label: str) -> None:
        fitted = text.fit(label, px(20), b.rect.w - px(14), bold=True)
        if b.text != fitted:
            b.set_text(fitted)

    def refresh(self) -> None:
        """Labels, selections, and which buttons can be used, for the choice as it stands."""
        cat = model.catalog()
        side = self.choice.sides[self.team]
        for team, b in self.side_buttons.items():
            self._label(b, self.side_title(team))
            b.select() if team == self.team else b.unselect()
        for p, b in self.party_buttons.items():
            self._label(b, name_of(cat.party(p)))
            b.select() if side.ready == p else b.unselect()
        full = len(side.members) >= model.party_limit()
        for hero_id, b in self.add_buttons.items():
            self._label(b, name_of(cat.hero(hero_id)))
            b.disable() if full else b.enable()
        for i in range(model.party_limit()):
            shown = i < len(side.members)
            for b in (self.member_buttons[i], self.loadout_buttons[i], self.remove_buttons[i]):
                b.show() if shown else b.hide()
            if shown:
                hero = side.members[i].hero_type
                self._label(self.member_buttons[i], name_of(hero))
                self.member_buttons[i].select() if i == self.member else self.member_buttons[i].unselect()
                self._label(self.loadout_buttons[i], tr("skirmish.setup.loadout"))
                self._label(self.remove_buttons[i], "×")
        self._label(self.map_prev, "<")
        self._label(self.map_next, ">")
        self._label(self.map_label, self.map_title())
        self._label(
            self.melee_button, tr("skirmish.setup.melee", mode=tr(f"skirmish.melee.{self.choice.melee_mode}"))
        )
        self._label(self.opponent_button, tr("skirmish.setup.opponent", who=self.opponent_name()))
        self._label(self.back, tr("common.back"))
        self._label(self.play, tr("common.play"))

    def side_title(self, team: int) -> str:
        if team == 1:
            return tr("skirmish.setup.side_you" if not self.choice.hotseat else "skirmish.setup.side_first")
        return tr("skirmish.setup.side_ai" if not self.choice.hotseat else "skirmish.setup.side_second")

    def opponent_name(self) -> str:
        return tr(f"skirmish.level.{self.choice.opponent}")

    def map_title(self) -> str:
        """The map's own title in the current language (its file name when it has none)."""
        from client.i18n import language
        from client.tiled import load_setup

        key = (self.choice.map_path, language())
        if key not in self._titles:
            try:
                title = load_setup(self.choice.map_path).title(language())
            except Exception:  # a map that no longer loads still gets a name
                title = ""
            self._titles[key] = title or self.choice.map_path.stem.replace("_", " ").capitalize()
        return self._titles[key]

    # ---- input -------------------------------------------------------------------------------------
    def on_button(self, button: pygame_gui.core.UIElement) -> Transition | None:
        side = self.choice.sides[self.team]
        self.error = ""
        for team, b in self.side_buttons.items():
            if button is b:
                self.team, self.member = team, 0
        for p, b in self.party_buttons.items():
            if button is b:
                self.choice.sides[self.team] = model.Side.of_party(p)
                self.member = 0
        for hero_id, b in self.add_buttons.items():
            if button is b and side.add(hero_id):
                self.member = len(side.members) - 1
        for i in range(model.party_limit()):
            if button is self.member_buttons[i]:
                self.member = i
            elif button is self.remove_buttons[i] and i < len(side.members):
                side.remove(i)
                self.member = max(0, min(self.member, len(side.members) - 1))
            elif button is self.loadout_buttons[i] and i < len(side.members):
                from client.skirmish.loadout import LoadoutScene

                self.member = i
                self.refresh()
                return Push(LoadoutScene(self.ctx, self.size, side, i))
        if button in (self.map_prev, self.map_next):
            step = -1 if button is self.map_prev else 1
            self.choice.map_path = model.cycle(self.maps, self.choice.map_path, step)  # type: ignore[assignment]
        elif button is self.melee_button:
            self.choice.melee_mode = str(model.cycle(list(model.MELEE_MODES), self.choice.melee_mode, 1))
        elif button is self.opponent_button:
            self.choice.opponent = str(model.cycle(list(model.SIDE_LEVELS), self.choice.opponent, 1))
        elif button is self.back:
            return Pop()
        elif button is self.play:
            return self.start()
        self.refresh()
        return None

    def start(self) -> Transition | None:
        """Open the battle; a choice the rules refuse stays on this screen with the reason."""
        empty = self.choice.empty_side()
        if empty is not None:
            self.error = tr("skirmish.setup.empty_side", side=self.side_title(empty))
            self.refresh()
            return None
        from client.skirmish.scene import SkirmishScene
        from client.skirmish.spec import SpecError, load_skirmish_spec

        try:
            spec = load_skirmish_spec(self.choice)
        except SpecError as exc:
            self.error = str(exc)
            self.refresh()
            return None
        return Push(SkirmishScene(self.ctx, self.size, spec))

    def update(self, dt: float) -> None:
        super().update(dt)
        from client.skirmish.debug_state import write_setup_state

        write_setup_state(self)

    def resize(self, size: Size) -> None:
        """Back from the loadout screen: show what it changed."""
        side = self.choice.sides[self.team]
        self.member = max(0, min(self.member, len(side.members) - 1))
        super().resize(size)
        self.refresh()

    # ---- drawing -------------------------------------------------------------------------------------
    def draw_scene(self, surface: pygame.Surface) -> None:
        w, _h = self.size
        title = text.text(tr("skirmish.setup.title"), px(32), TITLE_COLOUR, True)
        surface.blit(title, title.get_rect(midtop=(w // 2, px(12))))
        side = self.choice.sides[self.team]
        head = px(17)
        surface.blit(
            text.text(tr("skirmish.setup.ready"), head, TITLE_COLOUR, True), (px(20), self.heading_a)
        )
        surface.blit(
            text.text(tr("skirmish.setup.add"), head, TITLE_COLOUR, True), (px(20), self.heading_add)
        )
        count = tr("skirmish.setup.party", n=len(side.members), most=model.party_limit())
        if side.ready is None:
            count += " · " + tr("skirmish.setup.custom")
        surface.blit(text.text(count, head, TITLE_COLOUR, True), (self.column_b, self.heading_a))
        for i, member in enumerate(side.members):
            rect = self.member_buttons[i].rect
            line = text.fit(loadout_summary(member.loadout), px(14), px(COLUMN_B), False)
            surface.blit(text.text(line, px(14), MUTED_TEXT_COLOUR), (rect.x + px(4), rect.bottom + px(3)))
        if side.members:
            self.draw_sheet(surface, side.members[self.member])
        if self.error:
            for i, line in enumerate(text.wrap(self.error, px(16), w - px(40))[:2]):
                img = text.text(line, px(16), BAD)
                surface.blit(img, (px(20), self.settings_y - px(44) + i * px(20)))

    def draw_sheet(self, surface: pygame.Surface, member: model.Member) -> None:
        bottom = self.settings_y - px(50 if self.error else 12)
        area = pygame.Rect(
            self.sheet_x, self.heading_a, self.size[0] - self.sheet_x - px(20), bottom - self.heading_a
        )
        self.sheet_labels = draw_sheet(surface, member, area)

