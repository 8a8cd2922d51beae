"""The tactical battle scene: a whole battle on one map, against the AI or hot-seat.

The scene glues the parts together: the :class:`BattleSession` applies actions, the
:class:`EventPlayer` animates their events on the :class:`BoardView`, :class:`Controls` turn
clicks into actions, an :class:`AiWorker` decides for computer-run sides in a worker process,
and its :class:`BattlePresentation` (``self.presentation``) decides what the player sees and
paints it. Input and AI turns wait until the event player is idle; the rules never wait for it.
The "Why?" button (key W) opens the panel that explains the computer's last decision
(:mod:`client.battle.why`).
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass

import pygame
import pygame_gui

from client import i18n
from client.battle import replay_hook
from client.battle.controls import Controls
from client.battle.log import CombatLog, team_name
from client.battle.opponent import AiWorker
from client.battle.overlay import EndOverlay
from client.battle.pointer import Pointer
from client.battle.presentation import BattlePresentation
from client.battle.session import HUMAN, REPLAY, BattleSession
from client.battle.spec import BattleSpec
from client.battle.widgets import (
    BattleButtons,
    ConfirmPanel,
    PausePanel,
    StandingButton,
    UndoButton,
    WhyButton,
    leave_panel,
    surrender_panel,
)
from client.context import Context
from client.debug import debug_state_path, write_debug_state
from client.i18n import tr
from client.render.board_view import BoardView
from client.render.board_zoom import BoardZooming
from client.render.camera import Camera
from client.render.effects import Banner
from client.render.event_player import EventPlayer
from client.render.layout import battle_layout
from client.render.tooltip import Row, Tooltip
from client.scenes.base import Home, Pop, Push, Replace, Size, Transition, UIScene
from client.ui import GOLD, TEAM_LIGHT
from client.ui import scale as ui_scale
from rules.core.explain import Explanation
from rules.core.teams import other_team
from rules.tactics import events as ev
from rules.tactics.actions import Action
from rules.tactics.features import feature_text

log = logging.getLogger(__name__)
AI_INTENT = 0.45  # seconds at 1x the AI's choice is shown before it is played
DEBUG_VIEW = os.environ.get("RUNETIDE_DEBUG_VIEW") == "1"  # log where the drained view differs from the state


@dataclass
class Intent:
    """An AI action chosen and shown, waiting ``left`` seconds before it is applied."""

    action: Action
    left: float
    explanation: Explanation | None = None  # why the AI chose it (None: a fallback, or a replay's)


class TacticsScene(BoardZooming, UIScene):
    """One battle from the first deployment to the end-of-battle overlay."""

    music = "battle"
    offers_replay_save = True  # the end overlay's "Save replay" (the replay viewer has nothing to save)
    offers_again = True  # the end overlay's "Play again" (a battle that pays rewards is played once)
    unpanned_keys: frozenset[int] = frozenset()  # keys the scene uses itself, so they never pan the map

    def __init__(self, ctx: Context, size: Size, spec: BattleSpec, seed: int | None = None) -> None:
        self.spec = spec
        self.session = BattleSession(spec.setup, seed, dict(spec.controllers), spec.map_path)
        state = self.session.state
        ui_scale.use(ui_scale.for_window(size, ctx.settings.ui_scale))
        self.rects = battle_layout(size)
        self.art = self._start_zoom()  # the map rescaled once per zoom level (BoardZooming)
        tile = self.art.tile
        self.view = BoardView(state, tile)
        self.view.hotseat = self.session.hotseat
        self.log = CombatLog(self.view, state.board.catalog)
        self.player = EventPlayer(self.view, ctx.settings.speed_factor, on_event=self._played)
        self.controls = Controls()
        self.camera = Camera((state.board.width * tile, state.board.height * tile), self.rects.viewport, tile)
        self.pointer = Pointer(self.camera)
        self.workers = {
            team: AiWorker(level, f"{self.session.seed}/{team}")
            for team, level in spec.controllers.items()
            if level not in (HUMAN, REPLAY)
        }
        self.banners: list[Banner] = []
        self.why_not_tip = Tooltip()  # over the disabled Undo button: why it cannot be used
        self.pause: PausePanel | None = None
        self.dialog: ConfirmPanel | None = None  # "Surrender?" or "Leave the battle?"
        self.overlay: EndOverlay | None = None
        self.intent: Intent | None = None
        self.why_open = False  # the "Why?" panel is shown
        self.standing_open = False  # the "Where to stand" shading is on
        self._why_shown: tuple[int, int] | None = None  # (decision, candidate) last brought into view
        self.clock = 0.0
        super().__init__(ctx, size)
        self.presentation = BattlePresentation(
            self,
            session=self.session,
            view=self.view,
            log=self.log,
            controls=self.controls,
            pointer=self.pointer,
            camera=self.camera,
            player=self.player,
            workers=self.workers,
            buttons=self.buttons,
            art=self.art,
        )
        self._checked = -1
        self.player.push(self.session.opening)
        if self.player.speed > 0:
            title = spec.setup.title(i18n.language()) or (spec.map_path.stem if spec.map_path else "")
            text = feature_text(state.feature, i18n.language(), state.board.catalog)
            self.banners.append(Banner(title, GOLD, text, 2.2))
        self._frame_opening()

    # ---- scene protocol ---------------------------------------------------------------------------
    def build(self) -> None:
        self.buttons = BattleButtons(self.ui)
        self.why_button = WhyButton(self.ui)
        self.undo_button = UndoButton(self.ui)
        self.standing_button = StandingButton(self.ui)

    def _draw_at(self, art) -> None:
        """The squads, effects and board painter follow a new sector size (see BoardZooming)."""
        self.view.tile = art.tile
        for squad in self.view.squads.values():
            self.view.snap(squad)
        self.player.effects = [e for e in self.player.effects if getattr(e, "screen_space", False)]
        self.presentation.zoom_to(art)

    def layout(self, size: Size) -> None:
        self.rects = battle_layout(size)
        self.camera.set_viewport(self.rects.viewport)
        if hasattr(self, "presentation"):  # laid out again later: the first zoom was chosen above
            self._follow_board_zoom()
        selected = (
            self.view.squads.get(self.controls.selected) if self.controls.selected is not None else None
        )
        if selected is not None:  # keep the squad the player is working with in sight
            self.camera.show(
                ((selected.pos[0] + 0.5) * self.view.tile, (selected.pos[1] + 0.5) * self.view.tile)
            )
        self.buttons.relabel(self.ctx.settings, self.session.state.current is not None)
        self.buttons.layout(self.rects.bottom)
        self.why_button.layout(self.rects.viewport, self.ctx.settings)
        for panel in (self.pause, self.dialog, self.overlay):
            if panel is not None:
                panel.layout(size)

    def draw(self, surface: pygame.Surface) -> None:
        """The battle covers the window: no backdrop under it."""
        self.presentation.draw(surface)
        self.ui.draw_ui(surface)
        self.presentation.draw_above_widgets(surface)
        why_not = self.undo_button.disabled_tip_at(self.pointer.mouse)  # what cannot be undone says why
        if why_not and self.pointer.mouse is not None:
            window = pygame.Rect((0, 0), self.size)
            self.why_not_tip.draw(
                surface, [Row(why_not)], self.pointer.mouse, window, [self.undo_button.rect]
            )

    def hint(self) -> str:
        """The bottom bar's line: what the player can do now."""
        if self.overlay is not None:
            return ""
        _team, controller = self.presentation.shown_turn()  # the turn the top bar shows, animations included
        if controller != HUMAN:
            return tr("battle.hint_wait")
        if not self.input_allowed():
            return ""  # the player's own action is still being played out
        if self.session.state.current is not None:
            return tr("battle.hint_mid_turn")
        if self.controls.selected is not None:
            return tr("battle.hint_selected")
        return tr("battle.hint_select", next_key=i18n.key_label(self.ctx.settings.keys.get("next_squad", "")))

    def selection(self) -> object:
        return self.controls.selected

    def close(self) -> None:
        """Stop the AI workers (the scene is being left)."""
        for worker in self.workers.values():
            worker.close()

    def on_button(self, button: pygame_gui.core.UIElement) -> Transition | None:
        state = self.session.state
        if button is self.buttons.get("defend"):
            self._human(self.controls.defend(state))
        elif button is self.buttons.get("skip"):
            self._human(self.controls.skip(state))
        elif button is self.buttons.get("surrender") and self.input_allowed():
            self.dialog = surrender_panel(self.ui, self.size, state.active_team, self.view.mission)
        elif self.dialog is not None and button in self.dialog.buttons.values():
            return self._answer(button is self.dialog.buttons["yes"])
        elif button is self.why_button.button:
            self.toggle_why()
        elif button is self.undo_button.button:
            self.undo()
        elif button is self.standing_button.button:
            self.toggle_standing()
        elif button is self.buttons["speed"]:
            self._cycle_speed()
        elif button is self.buttons["menu"]:
            self._toggle_pause()
        elif self.pause is not None and button is self.pause.buttons["resume"]:
            self._toggle_pause()
        elif self.pause is not None and button is self.pause.buttons["settings"]:
            from client.scenes.settings import SettingsScene

            self._toggle_pause()
            return Push(SettingsScene(self.ctx, self.size))
        elif self.pause is not None and button is self.pause.buttons["leave"]:
            if not self._leaving_loses_a_battle():
                return self._leave()
            self.dialog = leave_panel(self.ui, self.size)
        elif self.overlay is not None:
            return self._overlay_button(button)
        return None

    def _overlay_button(self, button: pygame_gui.core.UIElement) -> Transition | None:
        assert self.overlay is not None
        if button is self.overlay.buttons.get("again"):
            self.close()
            return Replace(self.restart())
        if button is self.overlay.buttons["menu"]:
            self.close()
            return Home()
        if button is self.overlay.buttons.get("save_replay"):
            self.overlay.saved(replay_hook.save_to_data_folder(self.session.record, self.session.state))
        return None

    def after_battle(self, event: ev.BattleEnded) -> list[tuple[str, tuple]]:
        """Called once as the battle ends, before its overlay opens: extra (text, colour) lines for the
        overlay. None here; the arena and missions apply their rewards and list them."""
        return []

    def restart(self) -> TacticsScene:
        """The same battle from the start with new dice ("Play again")."""
        return TacticsScene(self.ctx, self.size, self.spec)

    def _leave(self) -> Transition:
        self.close()
        return Pop()

    def _leaving_loses_a_battle(self) -> bool:
        """Leaving now abandons a battle someone at this screen is playing (a replay loses nothing)."""
        return not self.session.over and HUMAN in self.session.controllers.values()

    def _answer(self, yes: bool) -> Transition | None:
        """The player answered the open confirmation."""
        assert self.dialog is not None
        purpose = self.dialog.purpose
        self.dialog.kill()
        self.dialog = None
        if not yes:
            return None
        if purpose == "leave":
            return self._leave()
        self._human(self.controls.surrender(self.session.state), ignore_dialog=True)
        return None

    def on_event(self, ev_: pygame.event.Event) -> Transition | None:
        if ev_.type == pygame.KEYDOWN:
            return self._key(ev_.key)
        if ev_.type == pygame.MOUSEWHEEL:
            anchor = self._zoom_anchor()
            if anchor is not None and self.pause is None and self.overlay is None:
                if not (self.why_open and self.presentation.over_why_panel(anchor)):
                    self.zoom_wheel(ev_)
            return None
        click = self.pointer.handle(ev_)
        if click is None or self.pause is not None or self.overlay is not None:
            return None
        if self.why_open and self.presentation.over_why_panel(click.pos):
            return None  # a click on the "Why?" panel is not a click on the map under it
        sector = self.camera.sector_at(click.pos, self.view.size)
        if click.button == 3:
            self.controls.cancel(self.session.state)
        elif click.button == 1 and sector is not None and self.input_allowed():
            self._human(self.controls.click(self.session.state, sector))
        return None

    def _key(self, key: int) -> Transition | None:
        keys = {action: pygame.key.key_code(name) for action, name in self.ctx.settings.keys.items()}
        state = self.session.state
        if key == pygame.K_z and pygame.key.get_mods() & pygame.KMOD_CTRL:
            self.undo()
            return None
        if key == keys["cancel"]:
            if self.dialog is not None:
                self.dialog.kill()
                self.dialog = None
            elif self.pause is not None or not self.controls.cancel(state):
                if self.overlay is None:
                    self._toggle_pause()
        elif key == keys["speed"]:
            self._cycle_speed()
        elif self.pause is not None or self.overlay is not None:
            return None
        elif key == keys.get("why"):
            self.toggle_why()
        elif key == keys.get("standing"):
            self.toggle_standing()
        elif self.zoom_key(key, keys):
            pass
        elif key == keys["defend"]:
            self._human(self.controls.defend(state))
        elif key == keys["skip"]:
            self._human(self.controls.skip(state))
        elif key == keys["next_squad"] and self.input_allowed():
            self.controls.cycle(state)
        return None

    # ---- the "Why?" panel ---------------------------------------------------------------------------
    def why_available(self) -> bool:
        """Whether the battle has computer decisions to explain (a hot-seat battle has none)."""
        return any(c not in (HUMAN, REPLAY) for c in self.session.controllers.values()) or bool(
            self.session.decisions
        )

    @property
    def why_button_rect(self) -> pygame.Rect:
        return self.why_button.rect

    def toggle_why(self) -> None:
        """Show or hide the "Why?" panel (the button and the ``why`` key)."""
        if self.why_available() or self.why_open:
            self.why_open = not self.why_open

    # ---- undo ---------------------------------------------------------------------------------------
    def undo_offered(self) -> bool:
        """Undo is shown where a person plays (not in a replay or a computer-only battle)."""
        return HUMAN in self.session.controllers.values()

    def undo_refusal(self) -> str | None:
        """Why Undo cannot be used now (a reason key), or None when it can."""
        if not self.input_allowed():
            return "busy" if self.session.human_turn() else self.session.undo_refusal() or "opponent"
        return self.session.undo_refusal()

    def undo(self) -> bool:
        """Take back the player's last action (Ctrl+Z, the Undo button) when the rules allow it."""
        if self.undo_refusal() is not None or not self.session.undo():
            return False
        state = self.session.state
        self.view.resync(state)
        self.controls.selected = None
        self.controls.dismissed = False
        self.controls.sync(state)
        self.log.add(state.active_team, lambda: tr("undo.log"))
        self.buttons.relabel(self.ctx.settings, state.current is not None)
        self.ctx.audio.play("select")
        return True

    # ---- acting -------------------------------------------------------------------------------------
    def input_allowed(self) -> bool:
        """The player may act now: their turn, nothing animating, no panel, dialog or overlay open."""
        return (
            self.session.human_turn()
            and self.player.idle
            and self.pause is None
            and self.dialog is None
            and self.overlay is None
        )

    def _human(self, action: Action | None, ignore_dialog: bool = False) -> None:
        if action is None or not (self.input_allowed() or (ignore_dialog and self.player.idle)):
            return
        self._act(action)

    def _act(self, action: Action, explanation: Explanation | None = None) -> None:
        events = self.session.act(action, explanation)
        self.controls.acted()
        self.player.push(events)
        self.buttons.relabel(self.ctx.settings, self.session.state.current is not None)

    def _played(self, event: ev.Event) -> None:
        """Each event as the player starts it: the log, its sound, banners, the camera."""
        self.log.feed(event)
        self.ctx.audio.play_event(event, {t for t, who in self.session.controllers.items() if who == HUMAN})
        if self.player.speed <= 0:
            return
        if isinstance(event, ev.RoundStarted) and event.round_no > 1:
            self.banners.append(Banner(tr("log.round", n=event.round_no).strip("— "), GOLD, duration=1.2))
        elif isinstance(event, ev.TurnEnded) and event.next_team is not None and self.session.hotseat:
            if self.view.squads[event.squad].team != event.next_team:
                self._turn_banner(event.next_team)
        elif isinstance(event, ev.SquadMoved | ev.AttackResolved):
            squad = event.squad if isinstance(event, ev.SquadMoved) else event.attacker
            if self.session.controllers.get(self.view.squads[squad].team) != HUMAN:  # follow the opponent
                to = event.to if isinstance(event, ev.SquadMoved) else event.target
                # where it lands first: on a long shot the hit matters more than the shooter
                self.camera.glide_to_show(self._centre(to), self._centre(self.view.squads[squad].pos))

    def _centre(self, pos: tuple[int, int]) -> tuple[float, float]:
        return (pos[0] + 0.5) * self.view.tile, (pos[1] + 0.5) * self.view.tile

    def _turn_banner(self, team: int) -> None:
        label = tr("battle.team_turn", team=team_name(team, self.view, "plural"))
        self.banners.append(Banner(label, TEAM_LIGHT[team], duration=1.4))

    def _frame_opening(self) -> None:
        """The first view: the player's landing zone and army (T-LAND-2) and, where the viewport holds
        them, the enemy's too; in hot-seat or a replay, the side that moves first."""
        state = self.session.state
        humans = [team for team, who in self.session.controllers.items() if who == HUMAN]
        team = humans[0] if len(humans) == 1 else state.active_team
        army = [self._centre(s.pos) for s in self.view.living(team)]
        zone = [self._centre(sector.pos) for sector in state.board.setup.drop_zones if sector.team == team]
        enemy = [self._centre(s.pos) for s in self.view.living(other_team(team))]
        self.camera.frame([army or zone, zone, enemy])
        if self.session.hotseat and self.player.speed > 0:
            self._turn_banner(state.active_team)

    def _cycle_speed(self) -> None:
        settings = self.ctx.settings.copy()
        settings.speed = settings.next_speed()
        self.ctx.apply(settings)
        self.buttons.relabel(self.ctx.settings, self.session.state.current is not None)

    def _toggle_pause(self) -> None:
        if self.pause is None:
            self.pause = PausePanel(self.ui, self.size)
        else:
            self.pause.kill()
            self.pause = None

    # ---- time ---------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        super().update(dt)
        speed = self.ctx.settings.speed_factor
        if self.player.speed != speed:
            self.player.set_speed(speed)
            self.buttons.relabel(self.ctx.settings, self.session.state.current is not None)
        if self.pause is None:
            self.player.update(dt)
        self.camera.update(dt)
        if self.banners and not self.banners[0].update(dt):  # one banner at a time, in order
            self.banners.pop(0)
        window = pygame.Rect((0, 0), self.size)
        edge_scroll = pygame.mouse.get_focused() and not self.ui.get_hovering_any_element()
        self.pointer.update(dt, self.ctx.settings, window, edge_scroll, self.unpanned_keys)
        if self.pause is None and self.dialog is None:
            self._advance(dt)
        self._follow_why_hover()
        self._refresh_buttons()
        if debug_state_path() is not None:
            self._write_debug()

    def _write_debug(self) -> None:
        write_debug_state(
            "battle",
            actions=len(self.session.record.actions),
            over=self.session.state.over,
            idle=self.player.idle,
            human_turn=self.session.human_turn(),
            **self.presentation.debug_points(),
        )

    def _advance(self, dt: float) -> None:
        if not self.player.idle:
            return
        state = self.session.state
        if DEBUG_VIEW and self._checked != len(self.session.record.actions):
            self._checked = len(self.session.record.actions)
            for mismatch in self.view.mismatches(state):  # ARCHITECTURE: the drained view equals the state
                log.warning("view differs from the rules after %d actions: %s", self._checked, mismatch)
        if self.session.over:
            if self.overlay is None and isinstance(self.view.outcome, ev.BattleEnded):
                self.overlay = EndOverlay(
                    self.ui,
                    self.size,
                    self.view.outcome,
                    self.session.record,
                    self.offers_replay_save,
                    self.after_battle(self.view.outcome),
                    self.offers_again,
                )
            return
        if self.session.ai_turn():
            self._ai_step(dt)
        else:
            self.controls.sync(state)

    def _ai_step(self, dt: float) -> None:
        worker = self.workers[self.session.state.active_team]
        if self.intent is not None:
            self.intent.left -= dt * max(self.player.speed, 1.0)
            if self.intent.left <= 0 or self.player.speed <= 0:
                intent, self.intent = self.intent, None
                self._act(intent.action, intent.explanation)
            return
        action = worker.poll()
        if action is None:
            worker.request(self.session.state)
            return
        explanation = worker.explanation
        self.intent = Intent(action, AI_INTENT if self.player.speed > 0 else 0.0, explanation)
        if self.player.speed <= 0:
            self.intent = None
            self._act(action, explanation)
        else:
            squad = getattr(action, "squad", None)
            if squad is not None:
                target = getattr(action, "target", None) or getattr(action, "to", None)
                points = [self._centre(self.view.squads[squad].pos)] + (
                    [self._centre(target)] if target else []
                )
                self.camera.glide_to_show(*points)

    def _refresh_buttons(self) -> None:
        state = self.session.state
        allowed = self.input_allowed()
        self.buttons.enable("defend", allowed and self.controls.defend(state) is not None)
        self.buttons.enable("skip", allowed and self.controls.skip(state) is not None)
        self.buttons.enable("surrender", allowed)
        self._refresh_why()
        self._refresh_undo()

    def toggle_standing(self) -> None:
        """Switch the "Where to stand" shading on or off (the button and the ``standing`` key)."""
        if self.undo_offered():
            self.standing_open = not self.standing_open

    def _refresh_undo(self) -> None:
        """Undo and "Where to stand", in a row right of "Why?" on the map's lower left."""
        offered = self.undo_offered() and self.overlay is None
        gap = ui_scale.px(6)
        left = self.why_button.rect.width + gap if self.why_button.button.visible else 0
        self.standing_button.layout(self.rects.viewport, self.ctx.settings, left)
        self.standing_button.show(offered, offered and self.pause is None, self.standing_open)
        left += self.standing_button.rect.width + gap if offered else 0
        self.undo_button.layout(self.rects.viewport, self.ctx.settings, left)
        refusal = self.undo_refusal()
        self.undo_button.show(offered, offered and refusal is None and self.pause is None)
        self.undo_button.tip(tr(f"undo.why_not.{refusal}") if refusal else tr("undo.tip"))

    def _follow_why_hover(self) -> None:
        """Bring the plan the mouse points at on the "Why?" panel into view (once per plan)."""
        decision, index = self.presentation.why_decision(), self.presentation.why_hovered()
        if decision is None or index is None:
            self._why_shown = None
            return
        if self._why_shown == (decision.action_no, index):
            return
        self._why_shown = (decision.action_no, index)
        cells = [cell for cell in self.presentation.plan_marks(decision, index) if cell is not None]
        self.camera.glide_to_show(*(self._centre(cell) for cell in reversed(cells)))

    def _refresh_why(self) -> None:
        if self.overlay is not None:
            self.why_open = False
        available = self.why_available() and self.overlay is None
        self.why_button.layout(self.rects.viewport, self.ctx.settings)  # its key may have been rebound
        self.why_button.show(available, available and self.pause is None, self.why_open)
