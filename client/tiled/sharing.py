"""Which map objects may share a sector (from T-GRID-4 and T-LAND-5), checked as objects are placed.

- Nothing may stand on blocked terrain: no squad could ever enter or land there.
- A sector holds at most one "thing": trap, rune circle, flag, chest or barricade
  (two runes, or a trap under a flag, would make the order of effects ambiguous).
- A barricade blocks its sector, so it shares the sector with nothing, zones included.
- A landing sector holds no thing either: squads are placed there at battle start.
- A sector is in at most one drop zone, and in at most one exit zone per team.
- Zones and things may otherwise combine: an exit sector may hold a flag or a rune,
  and a drop zone may also be an exit zone.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from client.tiled.errors import Problems
from rules.tactics.setup import Pos

THINGS = ("trap", "rune", "flag", "chest", "barricade")
NAMES = {"drop_zone": "drop zone", "exit_zone": "exit zone", "rune": "rune circle"}


def _name(kind: str) -> str:
    return NAMES.get(kind, kind)


def conflict(new: str, new_team: str | None, old: str, old_team: str | None) -> str | None:
    """Why ``new`` may not share a sector with ``old`` already there, or None if it may."""
    pair = {new, old}
    if "barricade" in pair:
        return "a barricade blocks its sector and shares it with nothing"
    if new in THINGS and old in THINGS:
        return "a sector holds at most one trap, rune circle, flag, chest or barricade"
    if "drop_zone" in pair and pair & set(THINGS):
        return "landing sectors must be free of traps, rune circles, flags and chests"
    if new == old == "drop_zone":
        return "a sector belongs to at most one drop zone"
    if new == old == "exit_zone" and new_team == old_team:
        return "a sector belongs to at most one exit zone of a team"
    return None


@dataclass
class Occupancy:
    """What has been placed where so far, to report the first conflicting pair."""

    blocked: set[Pos]
    placed: dict[Pos, list[tuple[str, str | None, str]]] = field(default_factory=dict)

    def place(
        self, pos: Pos, kind: str, team: str | None, label: str, problems: Problems, layer: str
    ) -> bool:
        """Record ``kind`` at ``pos``; on a conflict add one problem and return False."""
        if pos in self.blocked:
            problems.add(
                f"{_name(kind)} at sector {pos} stands on blocked terrain (a tile with blocked=true); "
                "move it or repaint the terrain",
                layer,
                label,
            )
            return False
        for old_kind, old_team, old_label in self.placed.get(pos, []):
            reason = conflict(kind, team, old_kind, old_team)
            if reason:
                problems.add(
                    f"{_name(kind)} shares sector {pos} with {old_label} (a {_name(old_kind)}): "
                    f"{reason}; move one of them",
                    layer,
                    label,
                )
                return False
        self.placed.setdefault(pos, []).append((kind, team, label))
        return True
