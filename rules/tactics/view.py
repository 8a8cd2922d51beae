"""What one team may see of a battle: :class:`TacticsView`, the only thing a tactical AI decides from.

P-AI-1 / T-TRAP-3: hidden traps are hidden from both sides, so a team's view is the battle less
the traps that are not visible. A view is a full battle state (an AI plays its plans out on
clones of it); clones of a view are plain states, since what an AI imagines is its own business.
"""

from __future__ import annotations

from rules.core.views import recast, require
from rules.tactics.state import BattleState


class TacticsView(BattleState):
    """The battle as ``viewer`` sees it; built only by :func:`view`."""

    __slots__ = ("viewer",)
    viewer: int


def view(state: BattleState, team: int) -> TacticsView:
    """``team``'s view of ``state``: an independent copy without the traps it cannot see."""
    seen = recast(TacticsView, state.clone(), team)
    seen.traps = {pos: trap for pos, trap in state.traps.items() if trap.visible}
    return seen


def require_view(seen: object) -> TacticsView:
    """``seen`` itself if it is a view; TypeError for a battle state passed where a view belongs."""
    return require(seen, TacticsView, "rules.tactics.view.view(state, team)")
