"""Render the README's battle screenshot: ``assets/screenshots/battle.png``.

Run ``SDL_VIDEODRIVER=dummy .venv/bin/python tools/make_sprites_screenshot.py`` after changing
how the battle looks. It plays a few turns of Smugglers' Cove headless with a fixed seed (the
player's squads close in, the AI answers), selects a shooter and hovers an enemy so the attack
preview shows, and saves the 1280x720 frame.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

OUT = ROOT / "assets" / "screenshots" / "battle.png"
MAP = ROOT / "maps" / "smugglers_cove.tmx"
SEED = 11


def chebyshev(a: tuple[int, int], b: tuple[int, int]) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def player_action(scene):
    """Close in with the fighters, keeping the shooters for the picture (their attack preview)."""
    from rules.tactics.actions import Attack, Move, Skip

    state = scene.session.state
    legal = scene.session.legal()
    fighters = {s.info.id for s in state.living(1) if s.unit.attack != "shooter"}
    attacks = [a for a in legal if isinstance(a, Attack) and a.squad in fighters]
    if attacks:
        return attacks[0]
    enemies = [s.pos for s in state.living(2)]
    moves = [a for a in legal if isinstance(a, Move) and a.squad in fighters]
    if moves:
        return min(moves, key=lambda m: (min(chebyshev(m.to, e) for e in enemies), m.to))
    return next((a for a in legal if isinstance(a, Skip) and a.squad in fighters), None)


def main() -> int:
    from client.app import App
    from client.battle.scene import TacticsScene
    from client.battle.spec import load_spec
    from client.context import Context
    from client.scenes.base import Push

    ctx = Context()
    ctx.settings.speed = "4x"
    app = App((1280, 720), context=ctx)
    scene = TacticsScene(ctx, app.size, load_spec(MAP, ctx.settings), seed=SEED)
    app.stack.apply(Push(scene))
    frames = 0
    while frames < 20_000:
        scene.update(1 / 30)
        frames += 1
        state = scene.session.state
        if scene.input_allowed() and scene.controls.selectable(state, scene.controls.squad(state)):
            action = player_action(scene) if state.round_no < 3 else None
            if action is None:
                break
            scene._act(action)
    state = scene.session.state
    shooter = next(s for s in state.living(1) if s.unit.id == "archer")
    scene.controls.selected = shooter.info.id
    target = max(scene.controls.selected_reach(state).targets, key=lambda p: -chebyshev(p, shooter.pos))
    middle = ((shooter.pos[0] + target[0]) / 2 + 0.5) * 64, ((shooter.pos[1] + target[1]) / 2 + 0.5) * 64
    scene.camera.centre_on(middle)
    scene.pointer.mouse = scene.camera.tile_centre(target)
    for _ in range(30):
        scene.update(1 / 60)
    scene.draw(app.screen)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(OUT))
    print(f"wrote {OUT.relative_to(ROOT)} after {len(scene.session.record.actions)} actions")
    scene.close()
    app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
