"""The skirmish HUD's cached panels (#22's frame budget): the top bar with the turn order, the action
bar and the log are drawn once and reused while what they show is unchanged, drawn anew when any of
it changes (so they never show stale values), and give the very pixels of their painters."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from client import i18n
from client.app import App
from client.skirmish import hud, panels
from tests.client.test_skirmish_scene import _checkout_art, skirmish  # noqa: F401 (fixtures)
from tests.client.ui_events import steps


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def assert_redrawn_on_change(draw: Callable[[], pygame.Surface], changes: list[Callable[[], None]]) -> None:
    """``draw()`` reuses its layer while nothing changes; after each change it paints a new one that
    looks different."""
    layer = draw()
    for change in changes:
        assert draw() is layer, change  # nothing changed: nothing painted
        before = pixels(layer)
        change()
        layer = draw()
        assert pixels(layer) != before, change


def test_the_top_bar_and_turn_order_are_drawn_anew_when_they_change(app: App, skirmish) -> None:  # noqa: F811
    scene = skirmish(melee="detailed")
    steps(app, 1)
    view, strip = scene.view, panels.TopStrip()
    screen = app.screen.copy()
    shown = {"turn": "Your turn: Bjorn", "team": 1}
    others = [i for i in view.order if i != view.acting]

    def draw() -> pygame.Surface:
        strip.draw(screen, scene.rects.top, view, shown["turn"], shown["team"])
        assert strip.surface is not None
        return strip.surface

    assert_redrawn_on_change(
        draw,
        [
            lambda: shown.update(turn="The AI's turn: Voron"),
            lambda: shown.update(team=2),
            lambda: setattr(view, "round_no", view.round_no + 1),
            lambda: setattr(view, "acting", others[0]),
            lambda: view.done.add(others[1]),
            lambda: setattr(view.heroes[others[2]], "out", True),
            lambda: i18n.set_language("ru"),  # the round and the melee mode are written anew
        ],
    )


def test_the_action_bar_is_drawn_anew_when_its_chips_change(app: App, skirmish) -> None:  # noqa: F811
    scene = skirmish()
    steps(app, 1)
    bar = panels.ActionBar()
    screen = app.screen.copy()
    area = scene.rects.viewport
    chips = [hud.Chip(("weapon", "sword", False), "Sword", chosen=True), hud.Chip(("ether",), "Ether")]

    def draw() -> pygame.Surface:
        bar.draw(screen, area, chips)
        assert bar.surface is not None
        return bar.value[1]  # the chips' layer (the strip under them is one colour)

    def swap(i: int, **changes: object) -> None:
        chips[i] = hud.Chip(**{**chips[i].__dict__, **changes})

    assert_redrawn_on_change(
        draw,
        [
            lambda: swap(0, chosen=False),
            lambda: swap(1, enabled=False),
            lambda: swap(1, label="Bind"),
            lambda: swap(0, cost="10 mana"),
            lambda: chips.append(hud.Chip(("spell", "mist"), "Mist", "10 mana")),
        ],
    )


def test_the_log_is_drawn_anew_when_a_line_comes(app: App, skirmish) -> None:  # noqa: F811
    scene = skirmish()
    steps(app, 1)
    log = panels.LogPanel()
    screen = app.screen.copy()
    side = scene.rects.side
    area = pygame.Rect(side.x, side.y + 300, side.w, side.h - 306)
    lines = list(scene.log.lines)

    def draw() -> pygame.Surface:
        log.draw(screen, area, lines, side.bottom)
        assert log.surface is not None
        return log.surface

    assert_redrawn_on_change(
        draw,
        [
            lambda: lines.append((1, "Bjorn moves (2 steps)")),
            lambda: lines.append((2, "Voron casts Mist (10 mana)")),
            lambda: lines.__setitem__(-1, (1, "Voron casts Mist (10 mana)")),  # the same text, other side
        ],
    )


def test_the_scene_redraws_its_panels_when_the_language_changes(app: App, skirmish) -> None:  # noqa: F811
    scene = skirmish()
    steps(app, 1)
    scene.draw(app.screen)
    top, bar = scene.top_strip.surface, scene.action_bar.value[1]
    assert top is not None
    english = pixels(top), pixels(bar)
    i18n.set_language("ru")
    scene.draw(app.screen)
    assert pixels(scene.top_strip.surface) != english[0]
    assert pixels(scene.action_bar.value[1]) != english[1]  # the weapons' and spells' names


def test_the_cached_panels_give_the_painters_pixels(app: App, skirmish) -> None:  # noqa: F811
    """A layer blitted is what its painter draws straight on the screen, pixel for pixel (the map
    under the action bar's translucent strip included), with the same spots."""
    scene = skirmish(melee="detailed")
    steps(app, 1)
    scene.draw(app.screen)  # a map, heroes and a HUD under the panels
    base = app.screen.copy()
    r = scene.rects
    turn, team = scene.turn_text()
    chips = scene.make_chips()
    assert chips
    area = pygame.Rect(r.viewport.x, r.viewport.y, r.viewport.w, r.viewport.h - 4)
    log_area = pygame.Rect(r.side.x, r.side.y + 200, r.side.w, r.side.h - 206)

    straight = base.copy()
    left, right = hud.draw_top_bar(straight, r.top, scene.view, turn, team)
    spots = hud.draw_order(straight, r.top, scene.view, left, right)
    spots += hud.draw_action_bar(straight, area, chips)
    straight.fill(hud.PANEL_COLOUR, (log_area.x, log_area.y, log_area.w, r.side.bottom - log_area.y))
    hud.draw_log(straight, log_area, scene.log.lines)

    cached = base.copy()
    layered = panels.TopStrip().draw(cached, r.top, scene.view, turn, team)
    layered += panels.ActionBar().draw(cached, area, chips)
    panels.LogPanel().draw(cached, log_area, scene.log.lines, r.side.bottom)

    assert layered == spots
    assert pixels(cached) == pixels(straight)


def test_the_ground_marks_are_drawn_on_the_map_once_and_again_when_they_change(
    app: App,
    skirmish,  # noqa: F811
) -> None:
    """The move cells, a spell's reach, Stone walls and weapons lying there are drawn onto a copy of
    the map once; a change draws them anew and the cells no longer marked show the bare map."""
    from client.skirmish.field import FieldMarks

    scene = skirmish()
    steps(app, 1)
    field, tile = scene.field, scene.field.art.tile
    scene.view.walls, scene.view.items = set(), {}

    def cell(surface: pygame.Surface, pos: tuple[int, int]) -> bytes:
        return pixels(surface.subsurface((pos[0] * tile, pos[1] * tile, tile, tile)))

    bare = field.background
    assert field.ground(FieldMarks()) is bare  # nothing on the ground: the map itself
    ground = field.ground(FieldMarks(moves=((3, 3), (3, 4))))
    marked = pixels(ground)
    assert cell(ground, (3, 3)) != cell(bare, (3, 3)) and cell(ground, (5, 5)) == cell(bare, (5, 5))
    assert field.ground(FieldMarks(moves=((3, 3), (3, 4)))) is ground and pixels(ground) == marked
    ground = field.ground(FieldMarks(moves=((5, 5),)))
    assert cell(ground, (3, 3)) == cell(bare, (3, 3)) and cell(ground, (5, 5)) != cell(bare, (5, 5))
    moved = cell(ground, (5, 5))
    ground = field.ground(FieldMarks(moves=((5, 5),), range=((5, 5),)))
    assert cell(ground, (5, 5)) != moved  # the reach under the move cell
    scene.view.walls = {(7, 7)}  # a Stone wall rises
    ground = field.ground(FieldMarks(moves=((5, 5),)))
    assert cell(ground, (5, 5)) == moved and cell(ground, (7, 7)) != cell(bare, (7, 7))
    scene.view.items = {(8, 8): ("axe",)}  # an axe thrown
    assert cell(field.ground(FieldMarks(moves=((5, 5),))), (8, 8)) != cell(bare, (8, 8))
    scene.view.walls = set()
    assert cell(field.ground(FieldMarks(moves=((5, 5),))), (7, 7)) == cell(bare, (7, 7))
    scene.view.items = {}  # picked up
    assert cell(field.ground(FieldMarks(moves=((5, 5),))), (8, 8)) == cell(bare, (8, 8))
