"""End to end in a real X window, the hero duel: start ``runetide`` under Xvfb, click Hero Duel in the
menu, Play, play a card from the hand, End turn, let the AI (in its worker process) play its turn,
then, turn by turn, play what can be played until one of the player's creatures can attack and
attack with it (a click on the creature, a click on its target), and take a screenshot of the table
while the fight plays; the same at the smallest window, 960x600.

As tests/e2e/test_window.py: the game's debug state file (``RUNETIDE_DEBUG_STATE``) says where the
buttons and the hand's cards are and what can be played; ``RUNETIDE_E2E_SHOTS=folder`` keeps the
screenshots.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.e2e.test_window import SCREEN, SIZE, Game, pixels, region_stats, start_xvfb, wait_for

SMALL = (960, 600)
SMALL_SCREEN = (976, 680)  # room for exactly 960x600 (client.app.DESKTOP_ROOM)


def wait_table(game: Game, check: Callable[[dict], bool], timeout: float = 90.0) -> dict:
    """The duel's debug state once ``check`` holds (the AI's turns take a while on a busy machine)."""

    def ready() -> dict | None:
        if game.process.poll() is not None:
            pytest.fail(f"the game exited: {game.process.stderr.read().decode(errors='replace')}")
        state = game.state()
        return state if state.get("scene") == "duel" and check(state) else None

    return wait_for(ready, "the duel table", timeout)  # type: ignore[return-value]


def play_a_duel_turn(game: Game, shots: Path, name: str, size: tuple[int, int]) -> Path:
    menu = game.wait_scene("menu")
    game.click(menu["buttons"]["duel"])
    setup = game.wait_scene("duel_setup")
    game.click(setup["buttons"]["play"])
    # the AI may move first: its turn is played in its worker process until the player's comes
    table = wait_table(game, lambda s: s["active"] == 1 and not s["thinking"], timeout=90)
    for _ in range(3):  # a hand of only targeted spells waits for the next turn's draw
        if table["one_click"]:
            break
        table = end_turn_and_wait(game, table)
    game_hand = table["my_hand"]
    index = game_hand.index(table["one_click"][0])
    before = table["actions"]
    game.click(table["hand_points"][index])
    table = wait_table(game, lambda s: s["actions"] == before + 1 and s["active"] == 1)
    assert len(table["my_hand"]) == len(game_hand) - 1  # the card left the hand
    turn = table["turn"]
    game.click(table["buttons"]["end_turn"])
    wait_table(game, lambda s: s["active"] == 2 or s["over"])
    table = wait_table(game, lambda s: s["over"] or (s["active"] == 1 and s["turn"] >= turn + 2), timeout=90)
    assert attack_within_turns(game, turns=6), "none of the player's creatures could attack in six turns"
    return game.screenshot(shots / name, size)


def attack_within_turns(game: Game, turns: int) -> bool:
    """On each of the player's turns: attack if a creature can (True once done), else play a card if
    one can be played with one click, else end the turn and wait for the AI's."""
    for _ in range(turns * 6):
        table = wait_table(game, lambda s: s["over"] or (s["active"] == 1 and not s["thinking"]), timeout=90)
        if table["over"]:
            return False
        before = table["actions"]
        if table["attacks"]:
            attacker, target = table["attacks"][0]
            game.click(attacker)  # the creature lights up, its targets too
            time.sleep(0.3)
            game.click(target)
            wait_table(game, lambda s, n=before: s["actions"] == n + 1)
            time.sleep(0.6)  # the fight window is up, its first numbers shown
            return True
        if table["one_click"]:  # a spell that needs a target would wait for a second click
            game.click(table["hand_points"][table["my_hand"].index(table["one_click"][0])])
            wait_table(game, lambda s, n=before: s["actions"] == n + 1 or s["over"])
            continue
        end_turn_and_wait(game, table)
    return False


def end_turn_and_wait(game: Game, table: dict) -> dict:
    """Press End turn and wait until the AI's turn is over and the player's next one has begun."""
    turn = table["turn"]
    game.click(table["buttons"]["end_turn"])
    return wait_table(
        game,
        lambda s: s["over"] or (s["active"] == 1 and s["turn"] >= turn + 2 and not s["thinking"]),
        timeout=90,
    )


def check_table(path: Path, size: tuple[int, int]) -> None:
    import pygame

    pygame.init()
    image = pixels(path)
    assert image.get_size() == size
    w, h = size
    panel = region_stats(image, (w - w // 5 + 10, 10, w // 5 - 20, h // 2))
    field = region_stats(image, (w // 20, h // 6, w * 3 // 5, h * 2 // 3))
    hand = region_stats(image, (w // 3, h * 3 // 4, w // 3, h // 5))
    assert field[1] > 10, "the table shows no cards"
    assert hand[1] > 10, "the hand is not drawn"
    assert panel[1] > 3, "the side panel's log is not drawn"


@pytest.fixture
def tools(require_tool: Callable[[str], str]) -> dict[str, str]:
    return {name: require_tool(name) for name in ("Xvfb", "xdotool", "import")}


@pytest.mark.parametrize(
    ("screen", "size", "name"),
    [(SCREEN, SIZE, "e2e_duel.png"), (SMALL_SCREEN, SMALL, "e2e_duel_960.png")],
    ids=["1280x720", "960x600"],
)
def test_menu_hero_duel_play_a_card_end_turn_the_ai_plays_then_attack(
    tmp_path: Path, shots: Path, tools: dict[str, str], screen, size, name: str
) -> None:
    xvfb, display = start_xvfb(tools["Xvfb"], screen)
    game = Game(display, tmp_path / "state.json", tools, tmp_path / "config", tmp_path / "data")
    try:
        game.wait_scene("menu")
        geometry = game.window_geometry()
        assert (geometry.get("WIDTH"), geometry.get("HEIGHT")) == size
        shot = play_a_duel_turn(game, shots, name, size)
        check_table(shot, size)
    finally:
        game.close()
        xvfb.terminate()
        xvfb.wait(10)
