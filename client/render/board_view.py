"""What the screen shows of a battle: a copy of the state that lags it, advanced event by event.

The rules change the :class:`~rules.tactics.state.BattleState` at once; the
:class:`~client.render.event_player.EventPlayer` applies each event to this view as it animates
it, so squads move, bleed and die on screen in the order the rules said. When the player is idle
the view equals the state: :meth:`BoardView.mismatches` is the debug check that says where not.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.tactics.catalog import UnitType
from rules.tactics.setup import Mode, Pos
from rules.tactics.state import BattleState


@dataclass
class SquadView:
    """A squad as drawn: rules values as of the last played event, plus animation state."""

    id: int
    team: int
    unit: UnitType
    level: int
    max_hp: int
    min_damage: int
    max_damage: int
    pos: Pos
    count: int
    top_hp: int
    world: list[float]  # top-left of the sprite's sector in map pixels (tweened)
    alive: bool = True
    acted: bool = False
    defending: bool = False
    stunned: bool = False
    auras: set[str] = field(default_factory=set)
    alpha: float = 1.0
    offset: list[float] = field(default_factory=lambda: [0.0, 0.0])  # lunge / hop, map pixels
    flash: float = 0.0  # seconds of hit flash left


class BoardView:
    """Squads, objects and counters as the player currently sees them."""

    def __init__(self, state: BattleState, tile: int) -> None:
        board = state.board
        self.tile = tile
        self.setup = board.setup
        self.size = (board.width, board.height)
        self.round_limit = board.round_limit
        self.flags_required = board.flags_required
        self.squads: dict[int, SquadView] = {}
        for squad in state.squads:
            info = squad.info
            self.squads[info.id] = SquadView(
                id=info.id,
                team=info.team,
                unit=info.unit,
                level=info.level,
                max_hp=info.hp,
                min_damage=info.min_damage,
                max_damage=info.max_damage,
                pos=squad.pos,
                count=squad.count,
                top_hp=squad.top_hp,
                world=[squad.pos[0] * tile, squad.pos[1] * tile],
                alive=squad.alive,
                acted=squad.acted,
                defending=squad.defending,
                stunned=squad.stunned(state.round_no),
                auras=set(squad.auras),
            )
        self.flags = {pos: flag.team for pos, flag in state.flags.items()}
        self.chests = set(state.chests)
        self.traps = {pos for pos, trap in state.traps.items() if trap.visible}
        self.barricades = dict(state.barricades)
        self.round_no = state.round_no
        self.active_team = state.active_team
        self.flag_count = list(state.flag_count)
        self.exit_count = list(state.exit_count)
        self.chests_taken: list[list[str]] = [[], [], []]
        self.feature = (state.feature, "", "")
        self.outcome: object | None = None  # the BattleEnded event once played
        self.hotseat = False  # two people at one screen: the sides are named by colour, never "you"

    def resync(self, state: BattleState) -> None:
        """Show ``state`` at once (after an undo put an earlier state back); what only events
        tell (the chests' pending rewards, the feature's text, the outcome) is kept."""
        kept = (self.chests_taken, self.feature, self.outcome, self.hotseat)
        self.__init__(state, self.tile)  # type: ignore[misc]
        self.chests_taken, self.feature, self.outcome, self.hotseat = kept

    # ---- queries -------------------------------------------------------------------------------
    def living(self, team: int | None = None) -> list[SquadView]:
        return [s for s in self.squads.values() if s.alive and (team is None or s.team == team)]

    def squad_at(self, pos: Pos) -> SquadView | None:
        for squad in self.squads.values():
            if squad.alive and squad.pos == pos:
                return squad
        return None

    def exit_target(self, team: int) -> int:
        """T-EXIT-4 as the view knows it (the rules' formula on the squads shown)."""
        return self.setup.objective_target or max(1, len(self.living(team)))

    @property
    def mission(self) -> bool:
        """A mission against the computer: the player's side is "you", the other "the enemy". A
        mission map played hot-seat names both sides by colour, as a PvP battle does."""
        return self.setup.mode is Mode.MISSION and not self.hotseat

    def snap(self, squad: SquadView) -> None:
        """Put a squad's sprite exactly on its sector (end of a tween)."""
        squad.world = [squad.pos[0] * self.tile, squad.pos[1] * self.tile]
        squad.offset = [0.0, 0.0]

    # ---- the debug check -------------------------------------------------------------------------
    def mismatches(self, state: BattleState) -> list[str]:
        """Where the drained view differs from the state (empty when they agree)."""
        found: list[str] = []
        for squad in state.squads:
            shown = self.squads[squad.id]
            pairs = {
                "alive": (shown.alive, squad.alive),
                "count": (shown.count, squad.count),
                "defending": (shown.defending, squad.defending),
                "auras": (shown.auras, set(squad.auras)),
            }
            if squad.alive:
                pairs["pos"] = (shown.pos, squad.pos)
                pairs["top_hp"] = (shown.top_hp, squad.top_hp)
                pairs["stunned"] = (shown.stunned, squad.stunned(state.round_no))
                if state.outcome is None:
                    pairs["acted"] = (shown.acted, squad.acted and state.current != squad.id)
            for name, (view_value, rules_value) in pairs.items():
                if view_value != rules_value:
                    found.append(f"squad {squad.id} {name}: shown {view_value!r}, rules {rules_value!r}")
        tables = {
            "flags": (set(self.flags), set(state.flags)),
            "chests": (self.chests, set(state.chests)),
            "visible traps": (self.traps, {p for p, t in state.traps.items() if t.visible}),
            "barricades": (self.barricades, state.barricades),
            "round": (self.round_no, state.round_no),
            "flag count": (self.flag_count, state.flag_count),
            "exit count": (self.exit_count, state.exit_count),
        }
        if state.outcome is None:
            tables["active team"] = (self.active_team, state.active_team)
        for name, (view_value, rules_value) in tables.items():
            if view_value != rules_value:
                found.append(f"{name}: shown {view_value!r}, rules {rules_value!r}")
        return found
