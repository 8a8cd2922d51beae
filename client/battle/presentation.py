"""What the battle scene shows: highlights, the tooltip (stats or the rules' preview), the HUD texts,
and the frame itself. A mixin of :class:`client.battle.scene.TacticsScene`, kept apart so the
scene file holds only its lifecycle, input and timing.

Previews and reach are memoised per number of actions taken: the state changes only by actions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from client.battle.controls import Reach, reach
from client.battle.log import result_title, team_name
from client.battle.session import HUMAN, REPLAY
from client.debug import write_debug_state
from client.i18n import tr
from client.render.battlefield import Marks
from client.render.hud import TurnInfo
from client.render.tooltip import Row, attack_rows, move_rows, squad_rows
from rules.tactics import events as ev
from rules.tactics.actions import Action, Attack, LineAttack, Move
from rules.tactics.preview import preview


class BattlePresentation:
    """Read-only views of the scene's state for drawing (``self`` is a TacticsScene)."""

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
        return self._memo(("reach", squad_id), lambda: reach(state, state.squads[squad_id]))  # type: ignore[return-value]

    def hover_action(self) -> Action | None:
        """The action a left click would take on the hovered sector now."""
        hover = self.hover
        if hover is None or not self._input_allowed():
            return None
        return self._memo(
            ("click", hover, self.controls.selected),
            lambda: self.controls.action_at(self.session.state, hover),
        )  # type: ignore[return-value]

    def hover_rows(self) -> list[Row]:
        """The tooltip: the attack or move preview of the hovered sector, else the hovered squad's stats."""
        hover = self.hover
        if hover is None or self.overlay is not None or self.pause is not None:
            return []
        action = self.hover_action()
        state = self.session.state
        if isinstance(action, Attack | LineAttack | Move):
            forecast = self._memo(("preview", action), lambda: preview(state, action))
            if isinstance(action, Move):
                return move_rows(forecast, self.view)  # type: ignore[arg-type]
            return attack_rows(forecast, hover, self.view, state.board.catalog)  # type: ignore[arg-type]
        squad = self.view.squad_at(hover)
        if squad is not None and squad.alpha > 0.5:
            return squad_rows(squad, self.view)
        if hover in self.view.barricades:
            return [Row(tr("stats.barricade", hp=self.view.barricades[hover]))]
        return []

    def marks(self) -> Marks:
        hover = self.hover
        selected = None
        moves: tuple = ()
        targets: tuple = ()
        cross: tuple = ()
        if self._input_allowed() and self.controls.selected is not None:
            selected = self.controls.selected
            area = self.controls.selected_reach(self.session.state)
            moves, targets, cross = area.moves, area.targets, area.cross
        elif self.intent is not None:
            selected = getattr(self.intent.action, "squad", None)
            target = getattr(self.intent.action, "target", None) or getattr(self.intent.action, "to", None)
            targets = (target,) if target is not None else ()
        faint_moves: tuple = ()
        faint_targets: tuple = ()
        squad = self.view.squad_at(hover) if hover is not None and self.player.idle else None
        if squad is not None and squad.id != selected and self.overlay is None:
            area = self._reach_of(squad.id)
            faint_moves, faint_targets = area.moves, area.targets
        return Marks(moves, targets, cross, faint_moves, faint_targets, selected, hover)

    def turn_info(self) -> TurnInfo:
        team = self.view.active_team
        if isinstance(self.view.outcome, ev.BattleEnded):
            winner = self.view.outcome.winner
            return TurnInfo(winner or 0, result_title(self.view.outcome, self.view))
        if self.session.controllers.get(team) == REPLAY:
            return TurnInfo(team, tr("battle.replay_turn", team=team_name(team, self.view)))
        if self.session.hotseat:
            return TurnInfo(team, tr("battle.team_turn", team=team_name(team, self.view)))
        if self.session.controllers.get(team) == HUMAN:
            return TurnInfo(team, tr("battle.your_turn"))
        thinking = any(w.thinking for w in self.workers.values())
        return TurnInfo(team, tr("battle.thinking" if thinking else "battle.enemy_turn"), thinking)

    def hint(self) -> str:
        if self.overlay is not None:
            return ""
        if not self.session.human_turn():
            return tr("battle.hint_wait")
        if self.session.state.current is not None:
            return tr("battle.hint_mid_turn")
        return tr("battle.hint_selected" if self.controls.selected is not None else "battle.hint_select")

    def draw(self, surface: pygame.Surface) -> None:
        rects = self.rects
        self.battlefield.draw(surface, self.camera, self.marks(), self.player.effects, self.clock)
        if self.banners:  # one at a time; the others wait their turn
            self.banners[0].draw_screen(surface, rects.viewport)
        self.top_bar.draw(surface, rects.top, self.view, self.turn_info(), self.clock)
        self.side_panel.draw(
            surface, rects.side, self.controls.selected if self.session.human_turn() else None
        )
        self.bottom_bar.draw(surface, rects.bottom, self.hint(), self.buttons.left_edge - 16)
        rows = self.hover_rows()
        if rows and self.pointer.mouse is not None and not self.pointer.dragging:
            self.tooltip.draw(surface, rows, self.pointer.mouse, rects.viewport)
        if self.overlay is not None:
            self.overlay.draw(surface, self.view, self.session.state)
        elif self.pause is not None:
            dim = pygame.Surface(self.size, pygame.SRCALPHA)
            dim.fill((6, 8, 12, 140))
            surface.blit(dim, (0, 0))
        self.ui.draw_ui(surface)

    def _write_debug(self) -> None:
        state = self.session.state
        selected = self.controls.squad(state) if self._input_allowed() else None
        data: dict = {
            "actions": len(self.session.record.actions),
            "over": state.over,
            "idle": self.player.idle,
        }
        data["human_turn"] = self.session.human_turn()
        if selected is not None:
            data["selected"] = self.camera.tile_centre(selected.pos)
            moves = [
                p
                for p in self.controls.selected_reach(state).moves
                if self.camera.viewport.collidepoint(self.camera.tile_centre(p))
            ]
            if moves:
                data["move_to"] = self.camera.tile_centre(moves[0])
        write_debug_state("battle", **data)
