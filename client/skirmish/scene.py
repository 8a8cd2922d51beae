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
style), skip (end the activation), speed and cancel (drop the aim, else the pause menu). The mouse
wheel and the zoom keys zoom the map 50% .. 200% about the cursor, as in the tactical battle
(:class:`~client.render.board_zoom.BoardZooming`).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import pygame
import pygame_gui

from client.battle.opponent import AiWorker
from client.battle.pointer import Pointer
from client.battle.widgets import (
    ButtonBar,
    ConfirmPanel,
    PausePanel,
    key_label,
    leave_panel,
    speed_label,
    surrender_panel,
)
from client.context import Context
from client.i18n import tr
from client.render.board_zoom import BoardZooming
from client.render.camera import Camera
from client.render.effects import Banner
from client.render.hud import BottomBar
from client.render.layout import battle_layout
from client.render.tooltip import Tooltip
from client.scenes.base import Home, Pop, Replace, Size, Transition, UIScene
from client.settings import Settings
from client.skirmish import hud, panels
from client.skirmish.choices import Choices
from client.skirmish.debug_state import write_battle_state
from client.skirmish.field import SkirmishField
from client.skirmish.log import SkirmishLog
from client.skirmish.overlay import SkirmishOverlay
from client.skirmish.player import SkirmishPlayer
from client.skirmish.screen import Screen
from client.skirmish.session import HUMAN, SkirmishSession
from client.skirmish.spec import SkirmishSpec
from client.skirmish.view import SkirmishBoard
from client.ui import GOLD
from client.ui import scale as ui_scale
from rules.skirmish import events as ev
from rules.skirmish.actions import (
    Action,
    DeclareStyle,
    EndActivation,
    Surrender,
)

log = logging.getLogger(__name__)
AI_INTENT = 0.45  # seconds at 1x an AI's choice is shown before it is played
WIDTHS = {"style": 150, "end": 150, "surrender": 118, "speed": 118, "menu": 92}


class SkirmishButtons(ButtonBar):
    """Defensive style, End activation, Surrender, speed and Menu, right-aligned in the bottom bar."""

    def __init__(self, ui: pygame_gui.UIManager) -> None:
        super().__init__(ui, WIDTHS, prefix="skirmish")

    def labels(self, settings: Settings, mid_turn: bool, *, compact: bool) -> dict[str, str]:
        keys = (lambda action: "") if compact else (lambda action: key_label(settings, action))
        return {
            "style": tr("skirmish.hud.style") + keys("defend"),
            "end": tr("skirmish.hud.end") + keys("skip"),
            "surrender": tr("battle.surrender"),
            "speed": speed_label(settings, compact=compact),
            "menu": tr("battle.menu"),
        }


@dataclass
class Intent:
    action: Action
    left: float


class SkirmishScene(BoardZooming, Choices, Screen, UIScene):
    """One skirmish from deployment to the end overlay."""

    music = "battle"
    use_backdrop = False

    def __init__(self, ctx: Context, size: Size, spec: SkirmishSpec, seed: int | None = None) -> None:
        self.spec = spec
        self.session = SkirmishSession(spec.setup, seed, dict(spec.controllers))
        state = self.session.state
        ui_scale.use(ui_scale.for_window(size, ctx.settings.ui_scale))
        self.rects = battle_layout(size)
        self.art = self._start_zoom()  # the player's zoom, the map rescaled once per level (BoardZooming)
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
        self.top_strip = panels.TopStrip()  # the HUD's panels, each drawn again only when it changes
        self.action_bar = panels.ActionBar()
        self.log_panel = panels.LogPanel()
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
        self._said: dict[tuple, str] = {}  # translated words remembered (Screen.said)
        self._hud_on: pygame.Surface | None = None  # the surface the top bar and side panel are on
        self._hud_dirty = True  # something was drawn over them (Screen.hud_covered)
        # The number of actions the view was last set to the state at: copying the state into it
        # every idle frame was 30 us, and only an action (its events played) changes either.
        self._synced: int | None = None
        super().__init__(ctx, size)
        self.player.push(self.session.opening)
        self._frame_opening()

    # ---- layout -----------------------------------------------------------------------------------
    def _draw_at(self, art) -> None:
        """The heroes, effects and field follow a new sector size (see BoardZooming)."""
        self.view.tile = art.tile
        for hero in self.view.heroes.values():
            self.view.snap(hero)
        self.player.effects = [e for e in self.player.effects if getattr(e, "screen_space", False)]
        self.field = SkirmishField(art, self.view, [b.pos for b in self.spec.loaded.setup.barricades])

    def build(self) -> None:
        self.buttons = SkirmishButtons(self.ui)

    def resize(self, size: Size) -> None:
        self._hud_dirty = True  # on top again or in a new window: the screen shows something else
        super().resize(size)

    def layout(self, size: Size) -> None:
        self.rects = battle_layout(size)
        self.camera.set_viewport(self.rects.viewport)
        self._follow_board_zoom()  # a new window size or UI scale fits the board anew
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
        if event.type == pygame.MOUSEWHEEL:
            if self.pause is None and self.overlay is None and self.cover is None:
                self.zoom_wheel(event)
            return None
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
        elif self.zoom_key(key, keys):
            pass
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
        style = end = False
        if allowed:
            style, end = self.session.memo(("buttons",), self._may_style_or_end, self._memo)
        self.buttons.enable("style", style)
        self.buttons.enable("end", end)
        self.buttons.enable("surrender", allowed)
        write_battle_state(self)

    def _may_style_or_end(self) -> tuple[bool, bool]:
        """Whether the acting hero may declare a style, and end its activation (once per state)."""
        legal = self.session.legal()
        return any(isinstance(a, DeclareStyle) for a in legal), any(
            isinstance(a, EndActivation) for a in legal
        )

    def _advance(self, dt: float) -> None:
        if not self.player.idle:
            return
        state = self.session.state
        if self._synced != len(self.session.actions):  # the view shows this state already otherwise
            self.view.sync(state)
            self._synced = len(self.session.actions)
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
