"""End to end in a real X window, the hero skirmish (#22): start ``runetide`` under Xvfb, click Hero
Skirmish in the menu, Play (the ready parties, the AI as the opponent), then, activation by
activation, move the acting hero toward the nearest enemy (a click on a cell) and end its
activation, until one of the player's heroes can attack: click the enemy, and take a screenshot
of the battle while the attack's pop-ups play.

As tests/e2e/test_window.py: the game's debug state file (``RUNETIDE_DEBUG_STATE``) says where the
buttons are, which cell brings the acting hero nearest an enemy and where the enemies it can attack
stand; ``RUNETIDE_E2E_SHOTS=folder`` keeps the screenshot.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.e2e.test_window import SIZE, Game, pixels, region_stats


def wait_battle(game: Game, check, timeout: float = 90.0) -> dict:
    """The skirmish's debug state once ``check`` holds (the AI's heroes act in between)."""
    from tests.e2e.test_window import wait_for

    def ready() -> dict | None:
        if game.process.poll() is not None:
            pytest.fail(f"the game exited: {game.process.stderr.read().decode(errors='replace')}")
        state = game.state()
        return state if state.get("scene") == "skirmish" and check(state) else None

    return wait_for(ready, "the skirmish battle", timeout)  # type: ignore[return-value]


def test_menu_hero_skirmish_play_move_and_attack(game: Game, shots: Path) -> None:
    menu = game.wait_scene("menu")
    game.click(menu["buttons"]["skirmish"])
    setup = game.wait_scene("skirmish_setup")
    game.click(setup["buttons"]["play"])
    moved = False
    for _ in range(40):  # activations of the player's heroes
        battle = wait_battle(game, lambda s: s["over"] or s["allowed"])
        assert not battle["over"], "the battle ended before the player could attack"
        before = battle["actions"]
        if battle["attacks"]:
            game.click(battle["attacks"][0])
            battle = wait_battle(game, lambda s, n=before: s["actions"] > n)
            assert battle["attacks_played"] >= 1
            time.sleep(0.4)  # the roll's pop-ups are up
            break
        if battle["approach"] is not None and not moved:
            game.click(battle["approach"])  # the hero walks toward the nearest enemy
            wait_battle(game, lambda s, n=before: s["actions"] > n)
            moved = True
            continue
        game.click(battle["buttons"]["end"])  # end the activation; the next hero's (or the AI's) comes
        wait_battle(game, lambda s, n=before: s["actions"] > n)
        moved = False
    else:
        pytest.fail("no hero of the player's could attack within 40 activations")
    shot = game.screenshot(shots / "e2e_skirmish.png", SIZE)
    image = pixels(shot)
    w, h = SIZE
    assert image.get_size() == SIZE
    assert region_stats(image, (w // 10, h // 6, w // 2, h // 2))[1] > 10, "the map is not drawn"
