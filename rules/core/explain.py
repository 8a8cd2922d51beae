"""Why an AI chose its move: the top candidate plans of one decision, with the AI's own numbers.

Every game's AI may record an :class:`Explanation` while it decides (a player that explains has a
``last_explanation`` attribute, set by each ``choose`` when its ``explain`` attribute is true).
The numbers are those the planner ranked its plans by, recorded during the decision, never
recomputed for display. An explanation travels with the action it explains: from the AI worker
to the game, into a replay (its optional ``explanations`` field, one entry per action, null for a
human's) and into ``runetide sim --explain N``.

A figure is a named number; the names are a game's stable keys (tactics: ``dealt_hp``,
``kills``, ``taken_hp``, ``counter_chance``, ``objective``, ``score``, ``searched``) that the
client puts into words.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules.core.replay import ReplayError, action_from_json, action_to_json

MAX_CANDIDATES = 3  # shown to the player: the chosen plan and its closest rivals


@dataclass(frozen=True, slots=True)
class Candidate:
    """One plan the AI weighed: its actions in order (the first is what it plays now) and figures."""

    steps: tuple[Any, ...]
    figures: tuple[tuple[str, float], ...]

    def figure(self, name: str) -> float | None:
        """The figure called ``name``, or None when this plan has none by that name."""
        for key, value in self.figures:
            if key == name:
                return value
        return None


@dataclass(frozen=True, slots=True)
class Explanation:
    """The candidates of one decision, best first by ``ranked_by``; ``chosen`` is the one played."""

    player: str
    ranked_by: str  # the figure the AI ranked the candidates by ("score", "searched")
    candidates: tuple[Candidate, ...]
    chosen: int = 0

    def __post_init__(self) -> None:
        if not self.candidates or not 0 <= self.chosen < len(self.candidates):
            raise ValueError("an explanation needs its candidates and the index of the one played")

    @property
    def played(self) -> Candidate:
        return self.candidates[self.chosen]


def last_explanation(player: object) -> Explanation | None:
    """What ``player`` recorded about its last decision (None for a player that does not explain)."""
    explanation = getattr(player, "last_explanation", None)
    return explanation if isinstance(explanation, Explanation) else None


def ask_to_explain(player: object) -> bool:
    """Turn on a player's explanations; False for a player that cannot explain itself."""
    if not hasattr(player, "explain"):
        return False
    player.explain = True
    return True


# ---------------------------------------------------------------- in a replay file


def explanation_to_json(explanation: Explanation | None) -> dict[str, Any] | None:
    """An explanation as JSON values (None stays null)."""
    if explanation is None:
        return None
    return {
        "player": explanation.player,
        "ranked_by": explanation.ranked_by,
        "chosen": explanation.chosen,
        "candidates": [
            {"steps": [action_to_json(step) for step in c.steps], "figures": dict(c.figures)}
            for c in explanation.candidates
        ],
    }


def explanations_from_json(
    data: Any, action_types: tuple[type, ...], actions: int
) -> tuple[Explanation | None, ...]:
    """A replay's ``explanations`` field: one entry per action; ReplayError naming what is wrong."""
    if not isinstance(data, list) or len(data) != actions:
        raise ReplayError(f"field 'explanations' must be a list with one entry per action ({actions})")
    return tuple(_explanation(item, action_types, f"explanation {n}") for n, item in enumerate(data, 1))


def _explanation(data: Any, action_types: tuple[type, ...], where: str) -> Explanation | None:
    if data is None:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("candidates"), list):
        raise ReplayError(f"{where} must be null or an object with a list of 'candidates'")
    player, ranked_by, chosen = data.get("player"), data.get("ranked_by"), data.get("chosen")
    if not isinstance(player, str) or not isinstance(ranked_by, str):
        raise ReplayError(f"{where} must name its 'player' and what it is 'ranked_by'")
    listed = enumerate(data["candidates"], 1)
    candidates = tuple(_candidate(item, action_types, f"{where} candidate {n}") for n, item in listed)
    if not isinstance(chosen, int) or isinstance(chosen, bool) or not 0 <= chosen < len(candidates):
        raise ReplayError(f"{where} field 'chosen' must be the index of one of its candidates")
    return Explanation(player, ranked_by, candidates, chosen)


def _candidate(data: Any, action_types: tuple[type, ...], where: str) -> Candidate:
    if not isinstance(data, dict) or not isinstance(data.get("steps"), list) or not data["steps"]:
        raise ReplayError(f"{where} must be an object with a non-empty list of 'steps'")
    figures = data.get("figures")
    if not isinstance(figures, dict) or not all(_is_number(v) for v in figures.values()):
        raise ReplayError(f"{where} field 'figures' must be an object of numbers")
    listed = enumerate(data["steps"], 1)
    steps = tuple(action_from_json(s, action_types, f"{where} step {n}") for n, s in listed)
    return Candidate(steps, tuple((str(k), float(v)) for k, v in figures.items()))


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def rounded_figures(pairs: Sequence[tuple[str, float]], places: int = 3) -> tuple[tuple[str, float], ...]:
    """Figures kept to ``places`` decimals, so a replay's file stays short and reads back the same.

    A display rounding of the AI's floats, not arithmetic of the rules (those never use floats).
    """
    scale = 10**places
    return tuple((name, math.floor(value * scale + 0.5) / scale) for name, value in pairs)
