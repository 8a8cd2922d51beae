"""A plain-text picture of a duel, for tests, logs and the simulator's ``--verbose``."""

from __future__ import annotations

from rules.duel.catalog_types import RESOURCES, Resource
from rules.duel.state import Creature, DuelState, Side

ABBREV = {
    Resource.WOOD: "W",
    Resource.MERCURY: "Hg",
    Resource.IRON: "Fe",
    Resource.SALT: "S",
    Resource.CRYSTALS: "C",
    Resource.GEMS: "G",
    Resource.MANA: "M",
}


def _creature(c: Creature) -> str:
    flags = "" if c.ready else " (new)"
    flags += " (fought)" if c.fought else ""
    types = ",".join(sorted(c.card.types))
    return f"#{c.uid} {c.card.id} {c.attack}/{c.defense}/{c.life} [{types}]{flags}"


def _side(side: Side, active: bool) -> list[str]:
    marker = "*" if active else " "
    resources = " ".join(
        f"{ABBREV[name]}{amount}" for name, amount in zip(RESOURCES, side.resources, strict=True)
    )
    lines = [
        f"{marker}P{side.player} {side.hero.id} morale {side.morale}/{side.hero.morale}"
        f"  turns {side.turns_done}  {resources}",
        f"   hand {', '.join(side.hand) or '-'}  deck {len(side.deck)}  discard {len(side.discard)}",
    ]
    lines += [f"   {_creature(c)}" for c in side.field] or ["   (no creatures)"]
    return lines


def render_state(state: DuelState) -> str:
    """Both sides, the active one starred, and the outcome if the duel is over."""
    lines = [f"turn {state.turn_no}, player {state.active} to act"]
    for side in state.sides:
        lines += _side(side, side.player == state.active)
    if state.outcome is not None:
        lines.append(f"over: winner {state.outcome.winner} by {state.outcome.reason}")
    return "\n".join(lines)
