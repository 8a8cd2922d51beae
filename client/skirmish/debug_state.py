"""What the skirmish scenes tell end-to-end tests (``RUNETIDE_DEBUG_STATE``, :mod:`client.debug`):
where to click to move the acting hero toward the nearest enemy, which enemies it can attack and
where they are on screen, the buttons, and how many actions (and attacks) have been played.
Only what the player at the screen can see (P-AI-1 holds for tests too).
"""

from __future__ import annotations

from typing import Any

from client.debug import debug_state_path, write_debug_state
from rules.skirmish.actions import Attack, Move


def _visible(scene: Any, cell: tuple[int, int]) -> tuple[int, int] | None:
    point = scene.camera.tile_centre(cell)
    return point if scene.camera.viewport.collidepoint(point) else None


def write_battle_state(scene: Any) -> None:
    """The battle scene's state: ``approach`` (the visible move nearest an enemy) and ``attacks``."""
    if debug_state_path() is None:  # no test is reading: skip the work (0.1 ms of every frame)
        return
    session = scene.session
    state = session.state
    allowed = scene.input_allowed() and not session.over
    approach = None
    attacks: list[tuple[int, int]] = []
    hero = state.current if allowed else None
    if hero is not None:
        legal = session.legal()
        enemies = [h.pos for h in state.heroes if h.team != hero.team and not h.out]
        for action in legal:
            if isinstance(action, Attack):
                point = _visible(scene, state.heroes[action.target].pos)
                if point is not None and point not in attacks:
                    attacks.append(point)
        moves = [a for a in legal if isinstance(a, Move) and _visible(scene, a.to) is not None]
        if moves and enemies:

            def gap(move: Move) -> int:
                return min(max(abs(move.to[0] - x), abs(move.to[1] - y)) for x, y in enemies)

            approach = _visible(scene, min(moves, key=gap).to)
    write_debug_state(
        "skirmish",
        allowed=allowed,
        over=session.over,
        active=state.active_team,
        actions=len(session.actions),
        attacks_played=sum(isinstance(a, Attack) for a in session.actions),
        approach=approach,
        attacks=attacks,
        buttons={k: b.rect.center for k, b in scene.buttons.buttons.items() if b.visible},
    )


def write_setup_state(scene: Any) -> None:
    """The setup screen's Play and Back buttons."""
    buttons = {"play": scene.play.rect.center, "back": scene.back.rect.center}
    write_debug_state("skirmish_setup", buttons=buttons)
