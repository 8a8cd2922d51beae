"""What every game's engine shares: the refusal of an illegal action.

Each game's ``engine.py`` has ``legal_actions(state)``, ``check(state, action) -> reason | None``
and ``apply(state, action, rng) -> events``; ``apply`` starts with :func:`ensure_legal` on the
reason ``check`` gave, so a refused action changes nothing.
"""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action that ``check`` refuses; the message says why."""


def ensure_legal(reason: str | None) -> None:
    """Raise :class:`IllegalAction` with ``reason`` unless it is None (the action is legal)."""
    if reason is not None:
        raise IllegalAction(reason)
