"""The loadout screen (S-SPELL-11, S-DATA-11): one hero's weapon, bow or crossbow, shield, armour,
up to three throwing weapons and, for a caster, its quick-spell set, beside its character sheet.

Any combination can be tried; the rules' check (:func:`client.skirmish.model.problem`) runs on
every change and its reason shows in red. Done keeps the loadout only when the rules accept it;
an illegal one is refused with the reason and nothing is lost. Default puts back the hero's own
loadout; Cancel leaves the party as it was.
"""

from __future__ import annotations

from dataclasses import replace

import pygame
import pygame_gui

from client.i18n import tr
from client.render import text
from client.scenes.base import Pop, Size, Transition, UIScene
from client.skirmish import model
from client.skirmish.sheet import item_name, name_of, problem_text
from client.skirmish.sheet_panel import draw_sheet
from client.ui import BAD, GOLD, GOOD, MUTED_TEXT_COLOUR, PANEL, PANEL_EDGE, TEXT_COLOUR, TITLE_COLOUR
from client.ui.scale import px
from rules.skirmish.catalog import MAX_THROWN

SLOTS = ("melee", "ranged", "shield", "armour", *(f"thrown{i}" for i in range(MAX_THROWN)))
SHEET_W = 300
SPELL_COLUMNS = 3


def slot_options(slot: str) -> list:
    if slot == "melee":
        return model.melee_options()
    if slot == "ranged":
        return model.ranged_options()
    if slot == "shield":
        return model.shield_options()
    if slot == "armour":
        return model.armour_options()
    return model.thrown_options()


def slot_value(loadout, slot: str) -> str | None:
    if slot.startswith("thrown"):
        index = int(slot[-1])
        return loadout.thrown[index] if index < len(loadout.thrown) else None
    return getattr(loadout, slot)


def with_slot(loadout, slot: str, value: str | None):
    if slot.startswith("thrown"):
        return model.with_thrown(loadout, int(slot[-1]), value)
    return replace(loadout, **{slot: value})


def slot_label(slot: str, value: str | None) -> str:
    kind = {"shield": "shield", "armour": "armour"}.get(slot, "weapon")
    return item_name(kind, value)


class LoadoutScene(UIScene):
    """Edit member ``index`` of ``side``; Done writes it back only if the rules accept it."""

    def __init__(self, ctx, size: Size, side: model.Side, index: int) -> None:
        self.side = side
        self.index = index
        self.member = side.members[index]
        self.draft = self.member.loadout
        self.refused = ""  # the reason Done was refused, until the next change
        self.spell_rects: dict[str, pygame.Rect] = {}
        super().__init__(ctx, size)

    @property
    def problem(self) -> str:
        """The rules' reason the draft is illegal, or ''."""
        return model.problem(self.member.hero, self.draft)

    def build(self) -> None:
        def button(object_id: str | None = None) -> pygame_gui.elements.UIButton:
            return pygame_gui.elements.UIButton(
                pygame.Rect(0, 0, 34, 34), "", manager=self.ui, object_id=object_id
            )

        self.arrows = {slot: (button(), button()) for slot in SLOTS}
        self.done = button("#loadout_done")
        self.default = button()
        self.cancel = button()

    def layout(self, size: Size) -> None:
        w, h = size
        row = px(34)
        self.x0 = px(20) + px(SHEET_W) + px(24)
        self.top = px(64)
        col_w = (w - self.x0 - px(20)) // 2
        self.slot_rects: dict[str, pygame.Rect] = {}
        for i, slot in enumerate(SLOTS):
            column, line = (0, i) if i < 4 else (1, i - 4)
            x = self.x0 + column * col_w
            y = self.top + px(22) + line * (row + px(6))
            prev, nxt = self.arrows[slot]
            for b, bx in ((prev, x), (nxt, x + col_w - px(44))):
                if b.rect.size != (row, row):
                    b.set_dimensions((row, row))
                b.set_relative_position((bx, y))
                b.set_text("<" if b is prev else ">")
                b.rebuild()
            self.slot_rects[slot] = pygame.Rect(x + row + px(4), y, col_w - px(44) - row - px(8), row)
        self.spells_top = self.top + px(22) + 4 * (row + px(6)) + px(30)
        bottom = h - px(56)
        for i, (b, key) in enumerate(
            (
                (self.cancel, "skirmish.loadout.cancel"),
                (self.default, "skirmish.loadout.default"),
                (self.done, "skirmish.loadout.done"),
            )
        ):
            b.set_dimensions((px(170), px(44)))
            b.set_relative_position((w - px(20) - (3 - i) * px(180), bottom))
            b.set_text(tr(key))
            b.rebuild()
        self.bottom = bottom
        self._lay_spells()

    def _lay_spells(self) -> None:
        self.spell_rects = {}
        if not model.can_cast(self.member.hero):
            return
        w = self.size[0]
        spells = model.spell_options(self.member.hero)
        col_w = (w - self.x0 - px(20)) // SPELL_COLUMNS
        rows = max(1, -(-len(spells) // SPELL_COLUMNS))
        room = self.bottom - px(40) - self.spells_top
        step = max(px(20), min(px(32), room // rows))
        for i, spell in enumerate(spells):
            x = self.x0 + (i // rows) * col_w
            y = self.spells_top + (i % rows) * step
            self.spell_rects[spell.id] = pygame.Rect(x, y, col_w - px(6), step - px(4))

    def on_button(self, button: pygame_gui.core.UIElement) -> Transition | None:
        for slot, (prev, nxt) in self.arrows.items():
            if button in (prev, nxt):
                options = slot_options(slot)
                value = model.cycle(options, slot_value(self.draft, slot), -1 if button is prev else 1)
                self.draft = with_slot(self.draft, slot, value)  # type: ignore[arg-type]
                self.refused = ""
        if button is self.default:
            self.draft = self.member.hero_type.loadout
            self.refused = ""
        elif button is self.cancel:
            return Pop()
        elif button is self.done:
            return self.finish()
        return None

    def finish(self) -> Transition | None:
        """Keep the draft if the rules accept it; otherwise stay and say why."""
        reason = self.side.set_loadout(self.index, self.draft)
        if reason:
            self.refused = problem_text(reason)
            return None
        return Pop()

    def on_event(self, ev: pygame.event.Event) -> Transition | None:
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            for spell_id, rect in self.spell_rects.items():
                if rect.collidepoint(ev.pos):
                    self.draft = model.toggle_spell(self.draft, spell_id)
                    self.refused = ""
        elif ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            return Pop()
        return None

    # ---- drawing -------------------------------------------------------------------------------------
    def draw_scene(self, surface: pygame.Surface) -> None:
        w, _h = self.size
        hero = self.member.hero_type
        title = text.text(tr("skirmish.loadout.title", hero=name_of(hero)), px(30), TITLE_COLOUR, True)
        surface.blit(title, title.get_rect(midtop=(w // 2, px(12))))
        sheet = pygame.Rect(px(20), self.top, px(SHEET_W), self.bottom - self.top - px(12))
        self.sheet_labels = draw_sheet(surface, model.Member(self.member.hero, self.draft), sheet)
        surface.blit(
            text.text(tr("skirmish.loadout.equipment"), px(17), TITLE_COLOUR, True), (self.x0, self.top)
        )
        for slot, rect in self.slot_rects.items():
            pygame.draw.rect(surface, PANEL, rect, border_radius=px(6))
            pygame.draw.rect(surface, PANEL_EDGE, rect, 1, border_radius=px(6))
            label = tr(f"skirmish.loadout.{slot.rstrip('0123456789')}")
            value = slot_label(slot, slot_value(self.draft, slot))
            small = text.text(text.fit(label, px(12), rect.w - px(8)), px(12), MUTED_TEXT_COLOUR)
            surface.blit(small, (rect.x + px(6), rect.y + px(1)))
            big = text.text(text.fit(value, px(16), rect.w - px(8), True), px(16), TEXT_COLOUR, True)
            surface.blit(big, (rect.x + px(6), rect.bottom - big.get_height() - px(1)))
        self.draw_spells(surface)
        reason = self.refused or problem_text(self.problem)
        colour, line = (BAD, reason) if reason else (GOOD, tr("skirmish.loadout.legal"))
        for i, part in enumerate(text.wrap(line, px(16), w - self.x0 - px(20))[:2]):
            surface.blit(
                text.text(part, px(16), colour, bool(self.refused)),
                (self.x0, self.bottom - px(44) + i * px(20)),
            )

    def draw_spells(self, surface: pygame.Surface) -> None:
        hero_id = self.member.hero
        if not model.can_cast(hero_id):
            note = tr("skirmish.loadout.no_magic")
            surface.blit(text.text(note, px(16), MUTED_TEXT_COLOUR), (self.x0, self.spells_top - px(24)))
            return
        head = tr("skirmish.loadout.quick", used=model.slots_used(self.draft), slots=model.slots(hero_id))
        surface.blit(text.text(head, px(17), TITLE_COLOUR, True), (self.x0, self.spells_top - px(26)))
        cat = model.catalog()
        for spell_id, rect in self.spell_rects.items():
            spell = cat.spell(spell_id)
            chosen = spell_id in self.draft.quick
            pygame.draw.rect(surface, (44, 52, 70) if chosen else PANEL, rect, border_radius=px(5))
            pygame.draw.rect(
                surface, GOLD if chosen else PANEL_EDGE, rect, 2 if chosen else 1, border_radius=px(5)
            )
            size = max(px(11), min(px(15), rect.h - px(8)))
            info = tr("skirmish.loadout.spell_info", level=spell.level, mana=spell.mana)
            right = text.text(info, size, MUTED_TEXT_COLOUR)
            surface.blit(right, right.get_rect(midright=(rect.right - px(6), rect.centery)))
            room = rect.w - right.get_width() - px(16)  # a long name takes a smaller font before a cut
            name, name_size = text.shrink_to_fit(name_of(spell), size, max(px(11), size - px(3)), room, True)
            surface.blit(
                text.text(name, name_size, TEXT_COLOUR if chosen else MUTED_TEXT_COLOUR, True),
                (rect.x + px(6), rect.centery - name_size // 2 - px(2)),
            )
