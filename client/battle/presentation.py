"""What the battle scene shows: highlights, the tooltip (stats or the rules' preview), the HUD texts,
and the frame itself, painted by the renderers it owns (battlefield, bars, side panel, tooltip).

:class:`BattlePresentation` is an object the scene owns (``scene.presentation``) and calls to draw;
it only reads, never acts. It is given the battle's parts it reads (session, board view, controls,
pointer, camera, event player, AI workers, the bottom bar's buttons) and, for the scene's own state
that changes as the battle goes, a read-only :class:`BattleScreen` (the scene itself): the layout,
the clock, the banners, the pause panel, the end overlay, the AI's shown choice, whether input is
allowed now, and the bottom bar's hint. The scene file thus holds only its lifecycle, input and timing.

Previews and reach are memoised per number of actions taken: the state changes only by actions.

When the "Why?" panel is open it lists the computer's last decision (:class:`WhyPanel`); the
candidate under the mouse is drawn on the map: its squad's path from where it stood to where the
plan moves it, and the sector it attacks.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from client.battle import standing as where
from client.battle.controls import Controls, Reach, reach
from client.battle.log import CombatLog, result_title, team_name
from client.battle.opponent import AiWorker
from client.battle.overlay import EndOverlay
from client.battle.pointer import Pointer
from client.battle.session import HUMAN, REPLAY, BattleSession
from client.battle.why import Decision, WhyPanel
from client.battle.widgets import ButtonBar, PausePanel
from client.i18n import language, tr, tr_count
from client.render.battlefield import Battlefield, Marks
from client.render.board_view import BoardView
from client.render.camera import Camera
from client.render.effects import Banner
from client.render.event_player import EventPlayer
from client.render.highlights import draw_tiles
from client.render.hud import BottomBar, TurnInfo
from client.render.layout import BattleLayout
from client.render.map_layers import MapArt
from client.render.rule_tips import feature_rule_rows, sector_rule_rows, squad_rule_rows
from client.render.sectors import draw_rulers, sector_name
from client.render.side_panel import SidePanel
from client.render.tooltip import Row, Tooltip, attack_rows, move_rows, squad_rows
from client.render.top_bar import TopBar
from client.ui import ATTACK_COLOUR, GOLD, MOVE_COLOUR, MUTED_TEXT_COLOUR
from client.ui.scale import px
from rules.tactics import events as ev
from rules.tactics.actions import Action, Attack, LineAttack, Move
from rules.tactics.features import feature_text
from rules.tactics.preview import preview
from rules.tactics.setup import Pos

if TYPE_CHECKING:
    from client.battle.scene import Intent

RULES_DWELL = 0.6  # seconds the mouse rests on a squad before its tooltip adds the squad's rules


class BattleScreen(Protocol):
    """The scene's own state the presentation reads, all of it; the presentation never changes it."""

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def rects(self) -> BattleLayout: ...

    @property
    def clock(self) -> float: ...

    @property
    def banners(self) -> Sequence[Banner]: ...

    @property
    def pause(self) -> PausePanel | None: ...

    @property
    def overlay(self) -> EndOverlay | None: ...

    @property
    def intent(self) -> Intent | None: ...

    @property
    def why_open(self) -> bool:
        """The "Why?" panel is shown."""
        ...

    @property
    def why_button_rect(self) -> pygame.Rect:
        """Where the "Why?" button is (the panel keeps above it)."""
        ...

    @property
    def standing_open(self) -> bool:
        """The "Where to stand" shading is switched on."""
        ...

    def input_allowed(self) -> bool:
        """Whether the player may act now (their turn, nothing animating, no panel open)."""
        ...

    def hint(self) -> str:
        """The bottom bar's line."""
        ...


class BattlePresentation:
    """Read-only views of a battle for drawing, and the drawing itself."""

    def __init__(
        self,
        screen: BattleScreen,
        *,
        session: BattleSession,
        view: BoardView,
        log: CombatLog,
        controls: Controls,
        pointer: Pointer,
        camera: Camera,
        player: EventPlayer,
        workers: Mapping[int, AiWorker],
        buttons: ButtonBar,
        art: MapArt,
    ) -> None:
        self.screen = screen
        self.session = session
        self.view = view
        self.controls = controls
        self.pointer = pointer
        self.camera = camera
        self.player = player
        self.workers = workers
        self.buttons = buttons
        self.battlefield = Battlefield(art, view, session.state.board.catalog.barricade.hp)
        self.top_bar, self.bottom_bar = TopBar(), BottomBar()
        self.side_panel = SidePanel(view, log)
        self.tooltip = Tooltip()
        self.rules_tooltip = Tooltip()  # a squad's rules, beside its stats
        self.why_panel = WhyPanel()
        self._cache: dict[tuple, object] = {}
        self._dwell: tuple[object, float] = (None, 0.0)  # what the mouse rests on, and since when

    def zoom_to(self, art: MapArt) -> None:
        """The board is drawn at another zoom: paint it from ``art`` from now on."""
        self.battlefield = Battlefield(art, self.view, self.session.state.board.catalog.barricade.hp)

    @property
    def hover(self) -> tuple[int, int] | None:
        mouse = self.pointer.mouse
        return None if mouse is None else self.camera.sector_at(mouse, self.view.size)

    def _memo(self, key: tuple, make: Callable[[], Any]) -> Any:
        key = (len(self.session.record.actions), *key)
        if key not in self._cache:
            if len(self._cache) > 64:
                self._cache.clear()
            self._cache[key] = make()
        return self._cache[key]

    def _reach_of(self, squad_id: int) -> Reach:
        state = self.session.state
        return self._memo(("reach", squad_id), lambda: reach(state, state.squads[squad_id]))

    def hover_action(self) -> Action | None:
        """The action a left click would take on the hovered sector now."""
        hover = self.hover
        if hover is None or not self.screen.input_allowed():
            return None
        return self._memo(
            ("click", hover, self.controls.selected),
            lambda: self.controls.action_at(self.session.state, hover),
        )

    def hover_rows(self) -> list[Row]:
        """The tooltip: the attack or move preview of the hovered sector, else the hovered squad's stats
        (and its rules once the mouse rests), else the rules of the map objects there; over the
        battle-feature pill, the feature's rule."""
        hover = self.hover
        if hover is None or self.screen.overlay is not None or self.screen.pause is not None:
            return []
        if self.acting():  # the tooltip never sits over the board while something happens on it
            return []
        if self.screen.why_open and self.over_why_panel(self.pointer.mouse):
            return []
        pill = self.battlefield.feature.rect
        if pill is not None and self.pointer.mouse is not None and pill.collidepoint(self.pointer.mouse):
            state = self.session.state
            title = feature_text(state.feature, language(), state.board.catalog)
            return feature_rule_rows(state.feature, title, state.board.catalog)
        rows = self._rows_for(hover)
        if rows:  # the sector's name, as the rulers and the log give it
            rows.append(Row(tr("stats.sector", name=sector_name(hover)), MUTED_TEXT_COLOUR, 13))
        return rows

    def rule_rows(self) -> list[Row]:
        """The rules panel beside the tooltip: the hovered squad's rules (and the objects under it)
        once the mouse has rested on it, while the tooltip shows its stats (not a preview); drawn
        only with the tooltip (:meth:`hover_rows`), which tells when there is one."""
        hover = self.hover
        if hover is None or self.acting() or self.hover_action() is not None:
            return []
        squad = self.view.squad_at(hover)
        if squad is None or squad.alpha <= 0.5 or not self.rested(hover):
            return []
        board = self.session.state.board
        return squad_rule_rows(squad, board.catalog) + sector_rule_rows(
            self.view, board.setup, hover, board.catalog
        )

    def rested(self, on: object) -> bool:
        """Whether the mouse has rested on ``on`` (a sector) for :data:`RULES_DWELL` seconds."""
        clock = self.screen.clock
        if self._dwell[0] != on:
            self._dwell = (on, clock)
        return clock - self._dwell[1] >= RULES_DWELL

    def _rows_for(self, hover: tuple[int, int]) -> list[Row]:
        action = self.hover_action()
        state = self.session.state
        catalog = state.board.catalog
        standings = self.standing()
        objects = sector_rule_rows(self.view, state.board.setup, hover, catalog)
        if isinstance(action, Attack | LineAttack | Move):
            forecast = self._forecast(action)
            if isinstance(action, Move):
                rows = move_rows(forecast, self.view)
                if standings is not None and hover in standings:
                    rows += where.tooltip_rows(standings[hover], state.squads[action.squad].count)
                return rows + objects  # what stepping there does
            made = self._memo(  # made once per preview (a copy returned: the caller appends to it)
                ("attack_rows", action, hover, language()),
                lambda: attack_rows(forecast, hover, self.view, catalog),
            )
            return list(made)
        squad = self.view.squad_at(hover)
        if squad is not None and squad.alpha > 0.5:
            rows = squad_rows(squad, self.view)
            if standings is not None and squad.id == self.controls.selected and hover in standings:
                rows += where.tooltip_rows(standings[hover], state.squads[squad.id].count)  # staying put
            if self.rested(hover):
                return rows  # its rules are in a panel of their own beside (:meth:`rule_rows`)
            return [*rows, Row(tr("rules_tip.hold"), MUTED_TEXT_COLOUR, 12)]
        if hover in self.view.barricades:
            return [Row(tr_count("stats.barricade", self.view.barricades[hover])), *objects]
        return objects

    def _forecast(self, action: Attack | LineAttack | Move) -> Any:
        state = self.session.state
        return self._memo(("preview", action), lambda: preview(state, action))

    def standing(self) -> dict[tuple[int, int], where.Standing] | None:
        """The selected squad's "Where to stand" map while the shading is on and the player may act."""
        selected = self.controls.selected
        if not self.screen.standing_open or selected is None or not self.screen.input_allowed():
            return None
        state = self.session.state
        return self._memo(("standing", selected), lambda: where.shading(state, selected))

    def shown_turn(self) -> tuple[int, str]:
        """The team whose turn the screen shows (the animated view's, not the rules' state, which may
        be ahead while events play) and who runs it: the top bar and the bottom hint both read this."""
        team = self.view.active_team
        return team, self.session.controllers.get(team, HUMAN)

    def acting(self) -> bool:
        """Something is happening on the board: events animate, the AI's choice is shown, or a
        computer-run side has the turn."""
        _team, controller = self.shown_turn()
        computer = controller not in (HUMAN, REPLAY)
        return computer or not self.player.idle or self.screen.intent is not None

    def tooltip_avoid(self) -> list[pygame.Rect]:
        """What the tooltip must leave visible: the hovered sector, the targets of the previewed
        attack and the selected squad with its count badge (which sits on the tile's corner)."""
        cells: list[tuple[int, int]] = []
        if self.hover is not None:
            cells.append(self.hover)
        action = self.hover_action()
        if isinstance(action, Attack | LineAttack):
            cells.extend(target.target for target in self._forecast(action).targets)
        selected = (
            self.view.squads.get(self.controls.selected) if self.controls.selected is not None else None
        )
        if selected is not None and self.screen.input_allowed():
            cells.append(selected.pos)
        return [self.camera.tile_rect(cell).inflate(10, 10) for cell in cells]

    def marks(self) -> Marks:
        hover = self.hover
        intent = self.screen.intent
        selected = None
        moves: tuple = ()
        targets: tuple = ()
        cross: tuple = ()
        if self.screen.input_allowed() and self.controls.selected is not None:
            selected = self.controls.selected
            area = self.controls.selected_reach(self.session.state)
            moves, targets, cross = area.moves, area.targets, area.cross
        elif intent is not None:
            selected = getattr(intent.action, "squad", None)
            target = getattr(intent.action, "target", None) or getattr(intent.action, "to", None)
            targets = (target,) if target is not None else ()
        faint_moves: tuple = ()
        faint_targets: tuple = ()
        squad = self.view.squad_at(hover) if hover is not None and self.player.idle else None
        if squad is not None and squad.id != selected and self.screen.overlay is None:
            area = self._reach_of(squad.id)
            faint_moves, faint_targets = area.moves, area.targets
        shading: tuple = ()
        best: tuple = ()
        standings = self.standing()
        if standings is not None and selected is not None:
            count = self.session.state.squads[selected].count
            shading = tuple((pos, where.BANDS[b][1]) for pos, b in where.bands_of(standings, count))
            best = where.best_sectors(standings)
        return Marks(moves, targets, cross, faint_moves, faint_targets, selected, hover, shading, best)

    # ---- the "Why?" panel ---------------------------------------------------------------------------
    def why_decision(self) -> Decision | None:
        """The computer's last decision played (what the "Why?" panel explains), if any."""
        decisions = self.session.decisions
        return decisions[-1] if decisions else None

    def why_shown(self) -> bool:
        return self.screen.why_open and self.screen.overlay is None and self.screen.pause is None

    def over_why_panel(self, point: tuple[int, int] | None) -> bool:
        rect = self.why_panel.rect
        return self.why_shown() and point is not None and rect is not None and rect.collidepoint(point)

    def why_hovered(self) -> int | None:
        """The candidate of the shown decision under the mouse (None: none)."""
        if not self.why_shown() or self.why_decision() is None:
            return None
        return self.why_panel.candidate_at(self.pointer.mouse)

    def why_heading(self, decision: Decision) -> str:
        from client.battle.why import ranked_text

        return tr(
            "why.heading",
            round=decision.round_no,
            team=team_name(decision.team, self.view),
            ranked=ranked_text(decision.explanation),
        )

    def plan_marks(self, decision: Decision, index: int) -> tuple[Pos | None, Pos | None, Pos | None]:
        """A candidate on the map: where its squad stood, where it moves to, the sector it attacks."""
        candidate = decision.explanation.candidates[index]
        squad = getattr(candidate.steps[0], "squad", None)
        start = decision.origins.get(squad) if isinstance(squad, int) else None
        end = next((step.to for step in candidate.steps if isinstance(step, Move)), None)
        target = next((step.target for step in candidate.steps if isinstance(step, Attack)), None)
        return start, end, target

    def plan_cells(self, decision: Decision) -> list[pygame.Rect]:
        """Where on screen the decision's candidates are: the panel keeps off them."""
        cells: set[Pos] = set()
        for index in range(len(decision.explanation.candidates)):
            cells.update(cell for cell in self.plan_marks(decision, index) if cell is not None)
            cells.update(decision.lines.get(index, ()))
        return [self.camera.tile_rect(cell) for cell in sorted(cells)]

    def draw_plan(self, surface: pygame.Surface, decision: Decision, index: int) -> None:
        """The hovered candidate's path (an arrow from its squad's sector to where it moves) and its
        target (each sector a line attack would hit)."""
        start, end, target = self.plan_marks(decision, index)
        camera = self.camera
        clip = surface.get_clip()
        surface.set_clip(camera.viewport)
        width = max(3, camera.tile // 14)
        if start is not None:
            draw_tiles(surface, camera, [start], GOLD, fill=50, border=220)
        if start is not None and end is not None:
            draw_tiles(surface, camera, [end], MOVE_COLOUR, fill=110, border=240)
            _arrow(surface, camera.tile_centre(start), camera.tile_centre(end), MOVE_COLOUR, width)
        attacker = end if end is not None else start
        for hit in [*([target] if target is not None else []), *decision.lines.get(index, ())]:
            draw_tiles(surface, camera, [hit], ATTACK_COLOUR, fill=90, border=240, brackets=True)
            if attacker is not None:
                _arrow(surface, camera.tile_centre(attacker), camera.tile_centre(hit), ATTACK_COLOUR, width)
        surface.set_clip(clip)

    def draw_why(self, surface: pygame.Surface) -> None:
        if not self.why_shown():
            self.why_panel.hide()
            return
        decision = self.why_decision()
        hovered = self.why_hovered()
        if decision is not None and hovered is not None:
            self.draw_plan(surface, decision, hovered)
        empty = tr("why.none_replay" if REPLAY in self.session.controllers.values() else "why.none")
        avoid = [] if decision is None else self.plan_cells(decision)
        viewport = self.screen.rects.viewport.copy()
        button = self.screen.why_button_rect
        viewport.h = max(px(60), button.top - viewport.top)  # above its button, which stays in sight
        self.why_panel.draw(surface, viewport, decision, empty, self.why_heading, hovered, avoid)

    def turn_info(self) -> TurnInfo:
        team, controller = self.shown_turn()
        if isinstance(self.view.outcome, ev.BattleEnded):
            winner = self.view.outcome.winner
            return TurnInfo(winner or 0, result_title(self.view.outcome, self.view))
        if controller == REPLAY:
            return TurnInfo(team, tr("battle.replay_turn", team=team_name(team, self.view)))
        if self.session.hotseat:
            return TurnInfo(team, tr("battle.team_turn", team=team_name(team, self.view, "plural")))
        if controller == HUMAN:
            return TurnInfo(team, tr("battle.your_turn"))
        thinking = any(w.thinking for w in self.workers.values())
        return TurnInfo(team, tr("battle.thinking" if thinking else "battle.enemy_turn"), thinking)

    def draw(self, surface: pygame.Surface) -> None:
        """The whole frame under the scene's widgets."""
        screen = self.screen
        rects = screen.rects
        self.battlefield.draw(surface, self.camera, self.marks(), self.player.effects, screen.clock)
        draw_rulers(surface, self.camera, self.view.size)
        self.draw_why(surface)
        if screen.banners:  # one at a time; the others wait their turn
            screen.banners[0].draw_screen(surface, rects.viewport)
        self.top_bar.draw(surface, rects.top, self.view, self.turn_info(), screen.clock)
        self.side_panel.draw(
            surface, rects.side, self.controls.selected if self.session.human_turn() else None
        )
        self.bottom_bar.draw(surface, rects.bottom, screen.hint(), self.buttons.left_edge - px(16))
        if self.standing() is not None:
            self.draw_legend(surface)
        rows = self.hover_rows()
        if rows and self.pointer.mouse is not None and not self.pointer.dragging:
            avoid = self.tooltip_avoid()
            bounds = rects.viewport.copy()  # above the buttons on the map's lower left, which cover it
            bounds.h = max(px(60), min(bounds.h, screen.why_button_rect.top - bounds.top))
            shown = self.tooltip.draw(surface, rows, self.pointer.mouse, bounds, avoid)
            rules = self.rule_rows()
            if rules:
                self.rules_tooltip.draw(surface, rules, self.pointer.mouse, bounds, [*avoid, shown])
        if screen.overlay is not None:
            screen.overlay.draw(surface, self.view, self.session.state)
        elif screen.pause is not None:
            dim = pygame.Surface(screen.size, pygame.SRCALPHA)
            dim.fill((6, 8, 12, 140))
            surface.blit(dim, (0, 0))

    def legend_rect(self) -> pygame.Rect:
        """Where the shading's legend sits: the viewport's upper right corner."""
        panel = self._legend()
        viewport = self.screen.rects.viewport
        return panel.get_rect(topright=(viewport.right - px(8), viewport.top + px(8)))

    def _legend(self) -> pygame.Surface:
        return self._memo(("legend", tr("standing.legend_title"), px(100)), where.render_legend)

    def draw_legend(self, surface: pygame.Surface) -> None:
        surface.blit(self._legend(), self.legend_rect())

    def roster_rows(self) -> list[Row]:
        """The tooltip of the squad whose side-panel row is under the mouse: its full name and stats."""
        mouse = self.pointer.mouse
        if mouse is None or self.screen.overlay is not None or self.screen.pause is not None:
            return []
        squad_id = self.side_panel.squad_at(mouse)
        squad = self.view.squads.get(squad_id) if squad_id is not None else None
        return squad_rows(squad, self.view) if squad is not None else []

    def roster_rule_rows(self) -> list[Row]:
        """The rules of the squad whose side-panel row is under the mouse (beside its stats)."""
        mouse = self.pointer.mouse
        squad_id = self.side_panel.squad_at(mouse) if mouse is not None else None
        squad = self.view.squads.get(squad_id) if squad_id is not None else None
        if squad is None or self.screen.overlay is not None or self.screen.pause is not None:
            return []
        return squad_rule_rows(squad, self.session.state.board.catalog)

    def draw_above_widgets(self, surface: pygame.Surface) -> None:
        """What goes over the scene's widgets: a side-panel squad's tooltip, and the end overlay's
        efficiency explanation, off its buttons."""
        overlay, mouse = self.screen.overlay, self.pointer.mouse
        roster = self.roster_rows()
        if roster and mouse is not None:
            window = pygame.Rect((0, 0), self.screen.size)
            shown = self.tooltip.draw(surface, roster, mouse, window, [self.screen.rects.side])
            rules = self.roster_rule_rows()
            if rules:
                self.rules_tooltip.draw(surface, rules, mouse, window, [self.screen.rects.side, shown])
        if overlay is None or mouse is None:
            return
        help_lines = overlay.help_at(mouse, self.view, self.session.state)
        if help_lines:
            window = pygame.Rect((0, 0), self.screen.size)
            rows = [Row(line) for line in help_lines]
            self.tooltip.draw(surface, rows, mouse, window, overlay.button_rects)

    def debug_points(self) -> dict[str, tuple[int, int]]:
        """Where on screen the selected squad is and a sector it can move to (for end-to-end tests)."""
        state = self.session.state
        selected = self.controls.squad(state) if self.screen.input_allowed() else None
        if selected is None:
            return {}
        points = {"selected": self.camera.tile_centre(selected.pos)}
        moves = [
            p
            for p in self.controls.selected_reach(state).moves
            if self.camera.viewport.collidepoint(self.camera.tile_centre(p))
        ]
        if moves:
            points["move_to"] = self.camera.tile_centre(moves[0])
        return points


def _arrow(
    surface: pygame.Surface, start: tuple[int, int], end: tuple[int, int], colour: tuple, width: int
) -> None:
    """A line from ``start`` to ``end`` with a head at ``end`` (a plan's path or its blow)."""
    import math

    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length < 1:
        return
    ux, uy = dx / length, dy / length
    head = width * 4
    tip = (end[0] - ux * width * 2, end[1] - uy * width * 2)
    base = (tip[0] - ux * head, tip[1] - uy * head)
    pygame.draw.line(surface, (12, 14, 20), start, base, width + 4)
    pygame.draw.line(surface, colour, start, base, width)
    left = (base[0] - uy * head * 0.6, base[1] + ux * head * 0.6)
    right = (base[0] + uy * head * 0.6, base[1] - ux * head * 0.6)
    pygame.draw.polygon(surface, (12, 14, 20), [tip, left, right], 0)
    pygame.draw.polygon(surface, colour, [tip, left, right], 0)
