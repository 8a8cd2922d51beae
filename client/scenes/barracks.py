"""The barracks: each unit type's cards, the next hire's price (M-HIRE-4), hiring one at a time,
the roster's fit and wounded units per type, and healing the wounded for piastres (M-HEAL-2).

Every change goes through :meth:`client.meta.state.MetaState.change`, so it is saved at once. A
refused hire or heal changes nothing and says why on the message line.
"""

from __future__ import annotations

import pygame
import pygame_gui

from client.debug import write_debug_state
from client.i18n import key as i18n_key
from client.i18n import tr
from client.meta import barracks
from client.meta.state import MetaState, meta_of
from client.meta.view import profile_strip
from client.render import text
from client.scenes.base import Pop, Size, Transition, UIScene
from client.ui import BAD, GOOD, MUTED_TEXT_COLOUR, PANEL_EDGE, TEXT_COLOUR, TITLE_COLOUR
from client.ui.scale import px
from rules.meta.catalog import default_meta_catalog
from rules.meta.profile import healing_price

# (header key, share of the table's width); "hire" and "heal" are button columns
COLUMNS = (
    ("unit", 0.17),
    ("cards", 0.08),
    ("price", 0.13),
    ("fit", 0.10),
    ("wounded", 0.09),
    ("hire", 0.13),
    ("healing", 0.16),
    ("heal", 0.14),
)
ROW_H = 40
TEXT_SIZE = 18


class BarracksScene(UIScene):
    """Hire and heal; Back returns to the menu."""

    def __init__(self, ctx, size: Size, meta: MetaState | None = None) -> None:
        self.meta = meta or meta_of(ctx)
        self.message = ""
        self.message_good = True
        super().__init__(ctx, size)

    def build(self) -> None:
        units = default_meta_catalog().card_types
        self.hire_buttons = {
            u: pygame_gui.elements.UIButton(
                pygame.Rect(0, 0, 100, 32), i18n_key("barracks.hire"), manager=self.ui, object_id=f"#hire_{u}"
            )
            for u in units
        }
        self.heal_buttons = {
            u: pygame_gui.elements.UIButton(
                pygame.Rect(0, 0, 100, 32), i18n_key("barracks.heal"), manager=self.ui, object_id=f"#heal_{u}"
            )
            for u in units
        }
        self.heal_all = pygame_gui.elements.UIButton(
            pygame.Rect(0, 0, 240, 40), "", manager=self.ui, object_id="#heal_all"
        )
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(0, 0, 160, 40), i18n_key("common.back"), manager=self.ui, object_id="#back"
        )

    def layout(self, size: Size) -> None:
        w, h = size
        self.table = pygame.Rect(0, 0, min(w - px(32), px(1100)), 0)
        self.table.centerx = w // 2
        self.title = text.text(tr("barracks.title"), px(40), TITLE_COLOUR, True)
        self.strip = profile_strip(self.meta.refresh(), self.meta.now(), w - px(40), 17)
        self.strip_top = px(12) + self.title.get_height() + px(6)
        self.table.top = self.strip_top + self.strip.get_height() + px(12)
        row_h = px(ROW_H)
        self.table.h = row_h * (1 + len(self.hire_buttons))
        self.columns: list[pygame.Rect] = []
        x = self.table.left
        for _key, share in COLUMNS:
            width = int(self.table.w * share)
            self.columns.append(pygame.Rect(x, self.table.top, width, self.table.h))
            x += width
        for i, unit in enumerate(self.hire_buttons):
            y = self.table.top + row_h * (i + 1) + px(4)
            for button, column in ((self.hire_buttons[unit], 5), (self.heal_buttons[unit], 7)):
                button.set_dimensions((self.columns[column].w - px(8), row_h - px(8)))
                button.set_relative_position((self.columns[column].x + px(4), y))
        bottom = h - px(56)
        self.back.set_dimensions((px(160), px(44)))
        self.heal_all_room = w - px(160 + 20 + 40)  # Heal all grows with its label up to this (_refresh)
        self.bottom = bottom
        self.text_bottom = bottom - px(8)
        self._refresh()

    def _refresh(self) -> None:
        p = self.meta.profile
        total = healing_price(p)
        label = tr("barracks.heal_all", n=total)
        width = min(self.heal_all_room, max(px(240), text.label_width(label)))
        if width != self.heal_all.rect.w:
            self.heal_all.set_dimensions((width, px(44)))
        left = (self.size[0] - px(160 + 20) - width) // 2  # Back and Heal all centred as a pair
        self.back.set_relative_position((left, self.bottom))
        self.heal_all.set_relative_position((left + px(160 + 20), self.bottom))
        self.heal_all.set_text(text.fit(label, px(20), width - px(text.BUTTON_TEXT_PADDING), bold=True))
        for row in barracks.rows(p):
            button = self.heal_buttons[row.unit]
            button.enable() if row.wounded else button.disable()
            button.rebuild()  # a disabled button keeps its old size otherwise
        if total or any(r.wounded for r in barracks.rows(p)):
            self.heal_all.enable()
        else:
            self.heal_all.disable()
        self.heal_all.rebuild()  # its new width drawn whatever its state (as for the rows' buttons)

    def on_button(self, button: pygame_gui.core.UIElement) -> Transition | None:
        if button is self.back:
            return Pop()
        for unit, b in self.hire_buttons.items():
            if button is b:
                self._do(lambda p, u=unit: barracks.hire_one(p, u), "hired", unit)
        for unit, b in self.heal_buttons.items():
            if button is b:
                self._do(lambda p, u=unit: barracks.heal(p, u), "healed", unit)
        if button is self.heal_all:
            self._do(lambda p: barracks.heal(p, None), "healed", None)
        return None

    def _do(self, operation, what: str, unit: str | None) -> None:
        before = self.meta.refresh()
        try:
            after = self.meta.change(operation)
        except ValueError as exc:
            self.message, self.message_good = str(exc), False
        else:
            if what == "hired" and unit is not None:
                row = next(r for r in barracks.rows(after) if r.unit == unit)
                price = barracks.price_text(row.price)
                self.message = tr("barracks.hired", unit=barracks.unit_name(unit), price=price)
            else:
                healed = sum(s.wounded for s in before.roster) - sum(s.wounded for s in after.roster)
                self.message = tr("barracks.healed", n=healed, cost=before.piastres - after.piastres)
            self.message_good = True
            if self.meta.store.save_error:
                self.message, self.message_good = (
                    tr("profile.not_saved", reason=self.meta.store.save_error),
                    False,
                )
        self.layout(self.size)

    def update(self, dt: float) -> None:
        super().update(dt)
        buttons = {f"hire_{u}": b.rect.center for u, b in self.hire_buttons.items()}
        p = self.meta.profile
        write_debug_state(
            "barracks",
            buttons={**buttons, "back": self.back.rect.center},
            roster={s.unit: s.count for s in p.roster},
            cards=p.cards,
            message=self.message,
        )

    def draw_scene(self, surface: pygame.Surface) -> None:
        w = self.size[0]
        surface.blit(self.title, self.title.get_rect(midtop=(w // 2, px(12))))
        surface.blit(self.strip, self.strip.get_rect(midtop=(w // 2, self.strip_top)))
        row_h, size = px(ROW_H), px(TEXT_SIZE)
        panel = self.table.inflate(px(12), px(8))
        pygame.draw.rect(surface, (20, 23, 31), panel, border_radius=px(8))
        pygame.draw.rect(surface, PANEL_EDGE, panel, px(1), border_radius=px(8))
        for (key, _share), column in zip(COLUMNS, self.columns, strict=True):
            if key in ("hire", "heal"):
                continue
            label = text.text(
                text.fit(tr(f"barracks.{key}"), size, column.w - px(8)), size, MUTED_TEXT_COLOUR, True
            )
            surface.blit(label, label.get_rect(midleft=(column.x + px(4), self.table.top + row_h // 2)))
        for i, row in enumerate(barracks.rows(self.meta.profile)):
            y = self.table.top + row_h * (i + 1)
            pygame.draw.line(surface, PANEL_EDGE, (self.table.left, y), (self.table.right, y))
            heal = tr("barracks.heal_cost", n=row.heal_cost) if row.wounded else "—"
            cells = (
                row.name,
                str(row.cards),
                barracks.price_text(row.price),
                str(row.fit),
                str(row.wounded),
                heal,
            )
            colours = (
                TEXT_COLOUR,
                GOOD if row.can_hire else TEXT_COLOUR,
                TEXT_COLOUR,
                TEXT_COLOUR,
                BAD if row.wounded else TEXT_COLOUR,
                TEXT_COLOUR,
            )
            for cell, colour, column in zip(cells, colours, (0, 1, 2, 3, 4, 6), strict=True):
                rect = self.columns[column]
                image = text.text(text.fit(cell, size, rect.w - px(8)), size, colour)
                surface.blit(image, image.get_rect(midleft=(rect.x + px(4), y + row_h // 2)))
        y = self.table.bottom + px(14)
        lines = []
        if self.message:
            lines += [
                (line, GOOD if self.message_good else BAD)
                for line in text.wrap(self.message, size, self.table.w)
            ]
        lines += [(line, MUTED_TEXT_COLOUR) for line in text.wrap(tr("barracks.help"), px(16), self.table.w)]
        for line, colour in lines:
            image = text.text(line, px(16) if colour == MUTED_TEXT_COLOUR else size, colour)
            if y + image.get_height() > self.text_bottom:
                break
            surface.blit(image, image.get_rect(midtop=(w // 2, y)))
            y += image.get_height() + px(3)
