"""What one side may see of a skirmish: :class:`SkirmishView`, the only thing a skirmish AI decides from.

P-AI-1: the skirmish hides nothing on the board (no hidden traps, no hands): a side's view is an
independent copy of the battle, so an AI can play its plans out on it; only the future dice stay
hidden, and no view holds them. Clones of a view are plain states.
"""

from __future__ import annotations

from rules.core.views import recast, require
from rules.skirmish.state import SkirmishState


class SkirmishView(SkirmishState):
    """The battle as ``viewer`` sees it; built only by :func:`view`."""

    __slots__ = ("viewer",)
    viewer: int


def view(state: SkirmishState, team: int) -> SkirmishView:
    """``team``'s view of ``state``: an independent copy it may plan on."""
    return recast(SkirmishView, state.clone(), team)


def require_view(seen: object) -> SkirmishView:
    """``seen`` itself if it is a view; TypeError for a battle state passed where a view belongs."""
    return require(seen, SkirmishView, "rules.skirmish.view.view(state, team)")
