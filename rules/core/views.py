"""How a game's per-player view is made and demanded, the same way in every game (P-AI-1).

A game whose views are full states it can plan on (tactics, skirmish) subclasses its state class
with a ``viewer`` slot; :func:`recast` turns a fresh clone into that view, and :func:`require`
is what an AI calls on what it was handed, so a true state (with what its side may not see)
cannot be passed by mistake.
"""

from __future__ import annotations

from typing import Any, TypeVar

V = TypeVar("V")


def recast(view_class: type[V], copy: Any, viewer: int) -> V:
    """``copy`` (an independent clone, not used again) as an instance of ``view_class`` for ``viewer``.

    ``view_class`` is a subclass of ``copy``'s class that adds only a ``viewer`` slot.
    """
    seen = view_class.__new__(view_class)
    for name in type(copy).__slots__:
        setattr(seen, name, getattr(copy, name))
    seen.viewer = viewer  # type: ignore[attr-defined]
    return seen


def require(seen: object, view_class: type[V], where: str) -> V:
    """``seen`` itself if it is a ``view_class``; TypeError naming ``where`` views come from."""
    if not isinstance(seen, view_class):
        raise TypeError(f"an AI decides from {where}, not a {type(seen).__name__}")
    return seen
