"""The hero skirmish scene: a whole battle on a shipped map, against the AI or hot-seat (issue #22).

It reuses the tactical battle's parts: the map art and camera, the pointer (clicks, drags, edge
scrolling), the event player's timing (:class:`~client.render.playback.Playback`), the bottom bar
and its buttons, the pause panel and confirmations, the tooltip panel, the AI worker process
(:class:`~client.battle.opponent.AiWorker` with ``game="skirmish"``) and the Settings (speed, keys).
What it adds: the heroes and their HUD (:mod:`client.skirmish.hud`), the action bar, spell aiming,
the rules' previews on hover (:mod:`client.skirmish.rows`), and the cover between hot-seat sides.

Input: click a blue cell to move (hovering shows the path, its step cost and what is left); click
an enemy to attack it with the chosen weapon (hovering shows the rules' preview); choose a weapon,
a spell (the map lights its range and valid targets, hovering a target lights the area), an ether
attack or binding on the action bar, then click the target. Keys: the Settings' defend (defensive
style), skip (end the activation), speed and cancel (drop the aim, else the pause menu).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import pygame
import pygame_gui

from client.battle.opponent import AiWorker
from client.battle.pointer import Pointer
from client.battle.widgets import ButtonBar, ConfirmPanel, PausePanel, key_label, leave_panel, surrender_panel
from client.context import Context
from client.i18n import tr
from client.render import text
from client.render.camera import Camera, board_zoom
from client.render.effects import Banner
from client.render.hud import BottomBar
from client.render.layout import battle_layout
from client.render.tooltip import Row, Tooltip
from client.scenes.base import Home, Pop, Replace, Size, Transition, UIScene
from client.settings import Settings
from client.skirmish import hud, rows, targeting
from client.skirmish.field import FieldMarks, SkirmishField
from client.skirmish.log import SkirmishLog
from client.skirmish.overlay import SkirmishOverlay
from client.skirmish.player import SkirmishPlayer
from client.skirmish.session import HUMAN, SkirmishSession
from client.skirmish.sheet import item_name, name_of
from client.skirmish.spec import SkirmishSpec
from client.skirmish.view import SkirmishBoard
from client.ui import GOLD, TEAM_LIGHT, TEXT_COLOUR
from client.ui import scale as ui_scale
from client.ui.scale import px
from rules.skirmish import events as ev
from rules.skirmish.actions import (
    Action,
    Attack,
    Bind,
    Cast,
    DeclareStyle,
    EndActivation,
    EtherAttack,
    Move,
    PickUp,
    StartChannel,
    Surrender,
)
from rules.skirmish.preview import preview

log = logging.getLogger(__name__)
AI_INTENT = 0.45  # seconds at 1x an AI's choice is shown before it is played
WIDTHS = {"style": 150, "end": 150, "surrender": 118, "speed": 118, "menu": 92}


class SkirmishButtons(ButtonBar):
    """Defensive style, End activation, Surrender, speed and Menu, right-aligned in the bottom bar."""

    def __init__(self, ui: pygame_gui.UIManager) -> None:
        super().__init__(ui, WIDTHS, prefix="skirmish")

    def labels(self, settings: Settings, mid_turn: bool, *, compact: bool) -> dict[str, str]:
        keys = (lambda action: "") if compact else (lambda action: key_label(settings, action))
        speed = tr(f"speed.{settings.speed}")
        return {
            "style": tr("skirmish.hud.style") + keys("defend"),
            "end": tr("skirmish.hud.end") + keys("skip"),
            "surrender": tr("battle.surrender"),
            "speed": speed if compact else tr("battle.speed", speed=speed),
            "menu": tr("battle.menu"),
        }


@dataclass
class Intent:
    action: Action
    left: float


class SkirmishScene(UIScene):
    """One skirmish from deployment to the end overlay."""

    music = "battle"
    use_backdrop = False

    def __init__(self, ctx: Context, size: Size, spec: SkirmishSpec, seed: int | None = None) -> None:
        self.spec = spec
        self.session = SkirmishSession(spec.setup, seed, dict(spec.controllers))
        state = self.session.state
        ui_scale.use(ui_scale.for_window(size, ctx.settings.ui_scale))
        self.rects = battle_layout(size)
        self.art = spec.art.zoomed(self._zoom())
        self.view = SkirmishBoard(state, self.art.tile)
        self.log = SkirmishLog(self.view)
        self.player = SkirmishPlayer(self.view, state.board.catalog, ctx.settings.speed_factor, self._played)
        tile = self.art.tile
        self.camera = Camera((state.board.width * tile, state.board.height * tile), self.rects.viewport, tile)
        self.pointer = Pointer(self.camera)
        self.workers = {
            team: AiWorker(who, f"{self.session.seed}/{team}", game="skirmish")
            for team, who in spec.controllers.items()
            if who != HUMAN
        }
        self.field = SkirmishField(self.art, self.view, [b.pos for b in spec.loaded.setup.barricades])
        self.tooltip = Tooltip()
        self.bottom_bar = BottomBar()
        self.banners: list[Banner] = []
        self.pause: PausePanel | None = None
        self.dialog: ConfirmPanel | None = None
        self.overlay: SkirmishOverlay | None = None
        self.intent: Intent | None = None
        self.cover: int | None = None  # hot-seat: the side the screen waits to be passed to
        self._cover_for: int | None = None  # the side the last cover was shown for
        self.weapon: tuple[str, bool] | None = None  # the chosen weapon (id, thrown)
        self.aim: tuple | None = None  # a chip key being aimed: ("spell", id) | ("ether",) | ("bind",)
        self.more = False  # the action bar lists the unprepared spells that can be channelled
        self.spots: list[hud.Spot] = []
        self.chips: list[hud.Chip] = []
        self.clock = 0.0
        self._memo: dict = {}
        super().__init__(ctx, size)
        self.player.push(self.session.opening)
        self._frame_opening()

    # ---- layout -----------------------------------------------------------------------------------
    def _zoom(self) -> float:
        art = self.spec.art
        world = (art.size[0] * art.tile, art.size[1] * art.tile)
        return board_zoom(world, self.rects.viewport.size, ui_scale.current())

    def build(self) -> None:
        self.buttons = SkirmishButtons(self.ui)

    def layout(self, size: Size) -> None:
        self.rects = battle_layout(size)
        self.camera.set_viewport(self.rects.viewport)
        self.buttons.relabel(self.ctx.settings)
        self.buttons.layout(self.rects.bottom)
        for panel in (self.pause, self.dialog, self.overlay):
            if panel is not None:
                panel.layout(size)

    def _frame_opening(self) -> None:
        humans = [t for t, who in self.session.controllers.items() if who == HUMAN]
        team = humans[0] if len(humans) == 1 else self.session.state.active_team or 1
        own = [self._centre(h.pos) for h in self.view.living(team)]
        enemy = [self._centre(h.pos) for h in self.view.living(3 - team)]
        self.camera.frame([own, enemy])

    def _centre(self, pos: tuple[int, int]) -> tuple[float, float]:
        return (pos[0] + 0.5) * self.view.tile, (pos[1] + 0.5) * self.view.tile

    def close(self) -> None:
        for worker in self.workers.values():
            worker.close()

    # ---- who may act ----------------------------------------------------------------------------------
    def input_allowed(self) -> bool:
        return (
            self.session.human_turn()
            and self.player.idle
            and self.pause is None
            and self.dialog is None
            and self.overlay is None
            and self.cover is None
        )

    def acting_hero(self):
        return self.session.state.current if self.input_allowed() else None

    # ---- the action bar -----------------------------------------------------------------------------
    def make_chips(self) -> list[hud.Chip]:
        """The acting hero's choices now, from its legal actions; its quick spells always show (greyed
        when they cannot be cast now), with their mana costs."""
        hero = self.acting_hero()
        if hero is None:
            return []
        legal = self.session.legal()
        cat = self.session.state.board.catalog
        chips: list[hud.Chip] = []
        weapons = list(dict.fromkeys((a.weapon, a.thrown) for a in legal if isinstance(a, Attack)))
        if self.weapon not in weapons:
            self.weapon = weapons[0] if weapons else None
        for w, thrown in weapons:
            label = item_name("weapon", w)
            chips.append(
                hud.Chip(
                    ("weapon", w, thrown),
                    tr("skirmish.hud.throw", item=label) if thrown else label,
                    chosen=self.aim is None and self.weapon == (w, thrown),
                )
            )
        if any(isinstance(a, EtherAttack) for a in legal):
            chips.append(hud.Chip(("ether",), tr("skirmish.hud.ether"), chosen=self.aim == ("ether",)))
        if any(isinstance(a, Bind) for a in legal):
            chips.append(hud.Chip(("bind",), tr("skirmish.hud.bind"), chosen=self.aim == ("bind",)))
        for a in legal:
            if isinstance(a, PickUp):
                chips.append(
                    hud.Chip(
                        ("pickup", a.weapon), tr("skirmish.hud.pick_up", item=item_name("weapon", a.weapon))
                    )
                )
        castable = {a.spell for a in legal if isinstance(a, Cast)}
        for spell_id in hero.info.loadout.quick:
            spell = cat.spells[spell_id]
            chips.append(
                hud.Chip(
                    ("spell", spell_id),
                    name_of(spell),
                    hud.mana_label(spell.mana),
                    spell_id in castable,
                    self.aim == ("spell", spell_id),
                )
            )
        channels = [a for a in legal if isinstance(a, StartChannel)]
        if channels:
            chips.append(hud.Chip(("more",), tr("skirmish.hud.more", n=len(channels)), chosen=self.more))
        for a in channels if self.more else ():
            if isinstance(a, StartChannel):
                spell = cat.spells[a.spell]
                chips.append(
                    hud.Chip(
                        ("channel", a.spell),
                        tr("skirmish.hud.channel", spell=name_of(spell)),
                        tr("skirmish.hud.rounds", n=spell.activations),
                    )
                )
        for spell_id in castable - set(hero.info.loadout.quick):  # a finished channel casts its spell
            spell = cat.spells[spell_id]
            chips.append(
                hud.Chip(("spell", spell_id), name_of(spell), "", True, self.aim == ("spell", spell_id))
            )
        return chips

    def choose_chip(self, chip: hud.Chip) -> None:
        if not chip.enabled or not self.input_allowed():
            return
        kind = chip.key[0]
        hero = self.session.state.current
        assert hero is not None
        if kind == "weapon":
            self.weapon, self.aim = (chip.key[1], chip.key[2]), None
        elif kind == "more":
            self.more = not self.more
        elif kind == "pickup":
            self._act(PickUp(hero.id, chip.key[1]))
        elif kind == "channel":
            self._act(StartChannel(hero.id, chip.key[1]))
        elif kind == "spell":
            spell = self.session.state.board.catalog.spells[chip.key[1]]
            if self.aim == chip.key:
                self.aim = None
            elif str(spell.target) == "self":
                cast = targeting.cast_at(self.session.state, self.session.legal(), hero, spell, hero.pos)
                if cast is not None:
                    self._act(cast)
            else:
                self.aim = chip.key
        else:
            self.aim = None if self.aim == chip.key else chip.key

    # ---- what a click on a cell does --------------------------------------------------------------
    def action_at(self, cell: tuple[int, int]) -> Action | None:
        hero = self.acting_hero()
        if hero is None:
            return None
        key = ("click", cell, self.aim, self.weapon)
        return self.session.memo(key, lambda: self._action_at(hero, cell), self._memo)

    def _action_at(self, hero, cell: tuple[int, int]) -> Action | None:
        state, legal = self.session.state, self.session.legal()
        other = state.hero_at(cell)
        if self.aim is not None and self.aim[0] == "spell":
            spell = state.board.catalog.spells[self.aim[1]]
            return targeting.cast_at(state, legal, hero, spell, cell)
        if self.aim in (("ether",), ("bind",)):
            kind = EtherAttack if self.aim == ("ether",) else Bind
            return next(
                (a for a in legal if isinstance(a, kind) and other is not None and a.target == other.id), None
            )
        if other is not None and other.team != hero.team:
            return targeting.attack_targets(legal, self.weapon).get(other.id)
        move = Move(hero.id, cell)
        return move if move in legal else None

    def forecast(self, action: Action):
        state = self.session.state
        return self.session.memo(("preview", action), lambda: preview(state, action), self._memo)

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
        moves = tuple(a.to for a in legal if isinstance(a, Move))
        targets = tuple(state.heroes[t].pos for t in targeting.attack_targets(legal, self.weapon))
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
        if isinstance(action, Move):
            return rows.move_rows(state, action, self.forecast(action))
        if isinstance(action, Attack | Cast | EtherAttack):
            return rows.action_rows(state, action, self.forecast(action))
        if self.aim is not None and self.aim[0] == "spell" and self.acting_hero() is not None:
            spell = state.board.catalog.spells[self.aim[1]]
            return [Row(targeting.cast_problem(state, self.acting_hero(), spell, cell), (240, 150, 140))]
        hero = state.hero_at(cell) or next((h for h in state.heroes if h.pos == cell), None)
        if hero is not None:
            shown = self.view.heroes[hero.id]
            return rows.hero_rows(state, hero, shown.hp, shown.mana)
        return []

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
                Row(
                    tr(
                        "skirmish.spell.info",
                        level=spell.level,
                        mana=spell.mana,
                        range=spell.range,
                        school=tr(f"skirmish.school.{spell.school}"),
                    )
                ),
                Row(tr(f"skirmish.spell.target.{spell.target}"), (200, 210, 255), 13),
            ]
            if not chip.enabled:
                lines.append(Row(tr("skirmish.spell.not_now"), (240, 150, 140), 13))
            return lines
        if chip.key[0] == "weapon":
            w = cat.weapons[chip.key[1]]
            return [Row(name_of(w), GOLD, 15, True), Row(tr("skirmish.hud.weapon_help"), (200, 210, 255), 13)]
        return [
            Row(chip.label, GOLD, 15, True),
            Row(tr(f"skirmish.hud.{chip.key[0]}_help"), (200, 210, 255), 13),
        ]

    # ---- input --------------------------------------------------------------------------------------
    def on_button(self, button: pygame_gui.core.UIElement) -> Transition | None:
        if button is self.buttons["style"]:
            self._style()
        elif button is self.buttons["end"]:
            self._end()
        elif button is self.buttons["surrender"] and self.input_allowed():
            self.dialog = surrender_panel(self.ui, self.size, self.session.state.active_team, False)
        elif self.dialog is not None and button in self.dialog.buttons.values():
            return self._answer(button is self.dialog.buttons["yes"])
        elif button is self.buttons["speed"]:
            settings = self.ctx.settings.copy()
            settings.speed = settings.next_speed()
            self.ctx.apply(settings)
            self.buttons.relabel(self.ctx.settings)
        elif button is self.buttons["menu"]:
            self._toggle_pause()
        elif self.pause is not None and button is self.pause.buttons["resume"]:
            self._toggle_pause()
        elif self.pause is not None and button is self.pause.buttons["settings"]:
            from client.scenes.base import Push
            from client.scenes.settings import SettingsScene

            self._toggle_pause()
            return Push(SettingsScene(self.ctx, self.size))
        elif self.pause is not None and button is self.pause.buttons["leave"]:
            if self.session.over:
                self.close()
                return Pop()
            self.dialog = leave_panel(self.ui, self.size)
        elif self.overlay is not None:
            return self._overlay_button(button)
        return None

    def _overlay_button(self, button: pygame_gui.core.UIElement) -> Transition | None:
        assert self.overlay is not None
        if button is self.overlay.buttons["again"]:
            self.close()
            return Replace(SkirmishScene(self.ctx, self.size, self.spec))
        if button is self.overlay.buttons["menu"]:
            self.close()
            return Home()
        if button is self.overlay.buttons["save_replay"]:
            self.overlay.saved(self.save_replay())
        return None

    def save_replay(self):
        """Write the battle's replay into the replays folder the tactical battle uses; None on failure."""
        import time

        from client.battle.replay_hook import replays_dir
        from client.replays import save_skirmish_replay
        from rules.core.replay import ReplayError

        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = replays_dir() / f"skirmish-{self.spec.map_path.stem}-{stamp}-{self.session.seed}.json"
        try:
            save_skirmish_replay(
                path,
                self.spec.setup,
                self.spec.map_path,
                self.session.seed,
                list(self.session.actions),
                self.session.state,
            )
        except (OSError, ReplayError) as exc:
            log.warning("the skirmish replay could not be saved: %s", exc)
            return None
        return path

    def _answer(self, yes: bool) -> Transition | None:
        assert self.dialog is not None
        purpose = self.dialog.purpose
        self.dialog.kill()
        self.dialog = None
        if not yes:
            return None
        if purpose == "leave":
            self.close()
            return Pop()
        if self.session.human_turn() and self.player.idle:
            self._act(Surrender(self.session.state.active_team))
        return None

    def on_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        if self.cover is not None and event.type == pygame.MOUSEBUTTONDOWN:
            self.cover = None
            return None
        click = self.pointer.handle(event)
        if click is None or self.pause is not None or self.overlay is not None or self.cover is not None:
            return None
        if click.button == 3:
            self.aim = None
            return None
        if click.button != 1:
            return None
        for spot in self.spots:
            if spot.kind == "chip" and spot.rect.collidepoint(click.pos):
                self.choose_chip(self.chips[spot.payload])
                return None
        if not self.camera.viewport.collidepoint(click.pos):
            return None
        cell = self.camera.sector_at(click.pos, self.view.size)
        if cell is not None and self.input_allowed():
            action = self.action_at(cell)
            if action is not None:
                self._act(action)
        return None

    def _key(self, key: int) -> Transition | None:
        keys = {action: pygame.key.key_code(name) for action, name in self.ctx.settings.keys.items()}
        if self.cover is not None:
            self.cover = None
            return None
        if key == keys["cancel"]:
            if self.dialog is not None:
                self.dialog.kill()
                self.dialog = None
            elif self.aim is not None and self.pause is None:
                self.aim = None
            elif self.overlay is None:
                self._toggle_pause()
        elif key == keys["speed"]:
            settings = self.ctx.settings.copy()
            settings.speed = settings.next_speed()
            self.ctx.apply(settings)
        elif self.pause is not None or self.overlay is not None:
            return None
        elif key == keys["defend"]:
            self._style()
        elif key == keys["skip"]:
            self._end()
        return None

    def _style(self) -> None:
        if not self.input_allowed():
            return
        styles = [a for a in self.session.legal() if isinstance(a, DeclareStyle)]
        if styles:
            self._act(max(styles, key=lambda a: len(a.blocked)))

    def _end(self) -> None:
        if self.input_allowed():
            hero = self.session.state.current
            if hero is not None:
                self._act(EndActivation(hero.id))

    def _toggle_pause(self) -> None:
        if self.pause is None:
            self.pause = PausePanel(self.ui, self.size)
        else:
            self.pause.kill()
            self.pause = None

    def _act(self, action: Action) -> None:
        events = self.session.act(action)
        self.aim = None
        self.player.push(events)

    def _played(self, event: ev.Event) -> None:
        self.log.feed(event)
        if self.player.speed <= 0:
            return
        if isinstance(event, ev.RoundStarted) and event.round_no > 1:
            self.banners.append(
                Banner(tr("skirmish.log.round", n=event.round_no).strip("— "), GOLD, duration=1.0)
            )
        elif isinstance(event, ev.HeroMoved | ev.AttackResolved | ev.StrikeResolved | ev.SpellCast):
            hero = self.view.heroes[event.hero]
            if self.session.controllers.get(hero.team) != HUMAN:
                to = (
                    event.path[-1]
                    if isinstance(event, ev.HeroMoved)
                    else (
                        event.target
                        if isinstance(event, ev.SpellCast)
                        else self.view.heroes[event.target].pos
                    )
                )
                self.camera.glide_to_show(self._centre(to), self._centre(hero.pos))

    # ---- time ---------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        super().update(dt)
        speed = self.ctx.settings.speed_factor
        if self.player.speed != speed:
            self.player.set_speed(speed)
            self.buttons.relabel(self.ctx.settings)
        if self.pause is None:
            self.player.update(dt)
        self.camera.update(dt)
        if self.banners and not self.banners[0].update(dt):
            self.banners.pop(0)
        window = pygame.Rect((0, 0), self.size)
        edge = pygame.mouse.get_focused() and not self.ui.get_hovering_any_element()
        self.pointer.update(dt, self.ctx.settings, window, edge, frozenset())
        if self.pause is None and self.dialog is None:
            self._advance(dt)
        allowed = self.input_allowed()
        legal = self.session.legal() if allowed else []
        self.buttons.enable("style", allowed and any(isinstance(a, DeclareStyle) for a in legal))
        self.buttons.enable("end", allowed and any(isinstance(a, EndActivation) for a in legal))
        self.buttons.enable("surrender", allowed)

    def _advance(self, dt: float) -> None:
        if not self.player.idle:
            return
        state = self.session.state
        self.view.sync(state)
        if self.session.over:
            if self.overlay is None and isinstance(self.view.outcome, ev.BattleEnded):
                self.overlay = SkirmishOverlay(self.ui, self.size, self.view.outcome)
            return
        if self.session.ai_turn():
            self._ai_step(dt)
        elif self.session.hotseat and self._cover_for != state.active_team:
            self._cover_for = state.active_team
            if self.session.actions and self.player.speed > 0:  # the first side needs no cover
                self.cover = state.active_team

    def _ai_step(self, dt: float) -> None:
        worker = self.workers[self.session.state.active_team]
        if self.intent is not None:
            self.intent.left -= dt * max(self.player.speed, 1.0)
            if self.intent.left <= 0 or self.player.speed <= 0:
                intent, self.intent = self.intent, None
                self._act(intent.action)
            return
        action = worker.poll()
        if action is None:
            worker.request(self.session.state)
            return
        if self.player.speed <= 0 or isinstance(action, EndActivation):
            self._act(action)
        else:
            self.intent = Intent(action, AI_INTENT)

    # ---- drawing --------------------------------------------------------------------------------------
    def turn_text(self) -> tuple[str, int]:
        if isinstance(self.view.outcome, ev.BattleEnded):
            from client.skirmish.log import result_text

            return result_text(self.view.outcome, self.view), self.view.outcome.winner or 0
        acting = self.view.acting
        team = self.view.heroes[acting].team if acting is not None else self.session.state.active_team
        who = name_of(self.view.heroes[acting].hero) if acting is not None else ""
        if self.session.controllers.get(team) == HUMAN:
            key = "skirmish.hud.turn_side" if self.session.hotseat else "skirmish.hud.turn_you"
        else:
            thinking = any(w.thinking for w in self.workers.values())
            key = "skirmish.hud.thinking" if thinking else "skirmish.hud.turn_ai"
        return tr(key, who=who, side=tr(f"skirmish.side.{team}")), team

    def hint(self) -> str:
        if self.overlay is not None or not self.input_allowed():
            return ""
        if self.aim is not None and self.aim[0] == "spell":
            return tr("skirmish.hint.aim")
        if self.aim is not None:
            return tr("skirmish.hint.aim_mage")
        return tr("skirmish.hint.act")

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rects
        self.chips = self.make_chips()
        self.field.draw(surface, self.camera, self.marks(), self.player.effects, self.clock)
        bar_area = pygame.Rect(r.viewport.x, r.viewport.y, r.viewport.w, r.viewport.h - px(4))
        spots = hud.draw_action_bar(surface, bar_area, self.chips)
        if self.banners:
            self.banners[0].draw_screen(surface, r.viewport)
        turn, team = self.turn_text()
        left, right = hud.draw_top_bar(surface, r.top, self.view, turn, team)
        spots += hud.draw_order(surface, r.top, self.view, left, right)
        pygame.draw.rect(surface, (18, 20, 27), r.side)
        card_spots, end = hud.draw_cards(surface, r.side, self.view)
        spots += card_spots
        hud.draw_log(
            surface, pygame.Rect(r.side.x, end + px(4), r.side.w, r.side.bottom - end - px(6)), self.log.lines
        )
        self.bottom_bar.draw(surface, r.bottom, self.hint(), self.buttons.left_edge - px(16))
        self.spots = spots
        self.ui.draw_ui(surface)
        lines = self.hover_rows()
        if lines and self.pointer.mouse is not None and not self.pointer.dragging:
            avoid = []
            cell = self.hover_cell()
            if cell is not None:
                avoid.append(self.camera.tile_rect(cell).inflate(10, 10))
            self.tooltip.draw(surface, lines, self.pointer.mouse, pygame.Rect((0, 0), self.size), avoid)
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

    def draw_cover(self, surface: pygame.Surface, team: int) -> None:
        """Hot-seat: the screen between the sides, until the next player clicks or presses a key."""
        surface.fill((12, 14, 20))
        title = text.text(
            tr("skirmish.cover.pass", side=tr(f"skirmish.side.{team}")), px(40), TEAM_LIGHT[team], True
        )
        surface.blit(title, title.get_rect(center=(self.size[0] // 2, self.size[1] // 2 - px(20))))
        sub = text.text(tr("skirmish.cover.click"), px(18), TEXT_COLOUR)
        surface.blit(sub, sub.get_rect(center=(self.size[0] // 2, self.size[1] // 2 + px(30))))
