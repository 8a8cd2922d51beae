"""What the skirmish scene remembers between frames (#22's frame budget): the top bar with the turn
order, the action bar and the log are drawn once and reused while what they show is unchanged, drawn
anew when any of it changes (so they never show stale values), and give the very pixels of their
painters; the ground's marks are drawn on a copy of the map; the tooltips' rows and the action bar's
chips are worked out once per state, aim and language."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from client import i18n
from client.app import App
from client.skirmish import hud, panels, rows
from rules.skirmish.actions import DeclareStyle, Move
from rules.skirmish.preview import preview
from tests.client.test_skirmish_scene import _checkout_art, ready, skirmish  # noqa: F401 (fixtures)
from tests.client.ui_events import steps, until


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


def started(app: App, skirmish) -> tuple:  # noqa: F811
    """A skirmish scene after its first frame, and a copy of the screen to draw a panel on."""
    scene = skirmish()
    steps(app, 1)
    return scene, app.screen.copy()


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
    scene, screen = started(app, skirmish)
    bar = panels.ActionBar()
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
    scene, screen = started(app, skirmish)
    log = panels.LogPanel()
    side = scene.rects.side
    area = pygame.Rect(side.x, side.y + 300, side.w, side.h - 306)
    lines = list(scene.log.lines)

    def draw() -> pygame.Surface:
        log.draw(screen, area, lines, pygame.Rect(side.x, area.y - 4, side.w, side.bottom - area.y + 4))
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
    room = pygame.Rect(r.side.x, log_area.y - 4, r.side.w, r.side.bottom - log_area.y + 4)
    straight.fill(hud.PANEL_COLOUR, room)
    hud.draw_log(straight, log_area, scene.log.lines)

    cached = base.copy()
    layered = panels.TopStrip().draw(cached, r.top, scene.view, turn, team)
    layered += panels.ActionBar().draw(cached, area, chips)
    panels.LogPanel().draw(cached, log_area, scene.log.lines, room)

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


def test_a_moves_tooltip_is_worked_out_again_after_an_action_and_in_another_language(
    app: App,
    skirmish,  # noqa: F811
) -> None:
    scene = skirmish(melee="detailed")
    until(app, lambda: ready(scene), seconds=60)
    session = scene.session

    def fresh(move: Move) -> list:
        return rows.move_rows(session.state, move, preview(session.state, move))

    before = {a: scene.action_tooltip(a) for a in session.legal() if isinstance(a, Move)}
    assert before and all(shown == fresh(move) for move, shown in before.items())
    x, y = session.state.current.pos
    step = min(before, key=lambda m: max(abs(m.to[0] - x), abs(m.to[1] - y)))
    scene._act(step)  # a step taken: fewer steps are left after every other move
    until(app, lambda: ready(scene), seconds=60)
    again = [a for a in session.legal() if isinstance(a, Move) and a in before]
    assert again
    for move in again:
        assert scene.action_tooltip(move) == fresh(move) != before[move]
    english = scene.action_tooltip(again[0])
    i18n.set_language("ru")
    assert scene.action_tooltip(again[0]) == fresh(again[0]) != english


def test_a_heros_tooltip_follows_the_hp_shown(app: App, skirmish) -> None:  # noqa: F811
    scene = skirmish()
    until(app, lambda: ready(scene), seconds=60)
    me = scene.session.state.current
    scene.camera.show(scene._centre(me.pos))
    scene.pointer.mouse = scene.camera.tile_centre(me.pos)
    shown = scene.hover_rows()
    assert any(f"{scene.view.heroes[me.id].hp}/" in row.label for row in shown)
    scene.view.heroes[me.id].hp -= 9  # a blow being played out: the bar and the tooltip go down
    assert scene.hover_rows() != shown
    assert any(f"{scene.view.heroes[me.id].hp}/" in row.label for row in scene.hover_rows())


def test_the_chips_follow_the_aim_the_state_and_the_language(app: App, skirmish) -> None:  # noqa: F811
    scene = skirmish()
    until(app, lambda: ready(scene), seconds=60)
    chips = scene.make_chips()
    assert chips and scene.make_chips() == chips
    spell = next(c for c in chips if c.key[0] == "spell")
    scene.aim = spell.key
    aimed = scene.make_chips()
    assert next(c for c in aimed if c.key == spell.key).chosen and aimed != chips
    scene.aim = None
    assert scene.make_chips() == chips
    style = next(a for a in scene.session.legal() if isinstance(a, DeclareStyle))
    scene._act(style)  # a state after an action: the chips are asked of the rules again
    until(app, lambda: ready(scene), seconds=60)
    scene.weapon = ("no such weapon", False)
    after = scene.make_chips()
    assert scene.weapon != ("no such weapon", False)  # the first usable weapon is chosen again
    assert after == scene._chips(scene.session.state.current)[0]  # as the rules say now
    assert scene.make_chips() == after  # remembered
    i18n.set_language("ru")
    assert [c.label for c in scene.make_chips()] != [c.label for c in after]


def test_the_turn_and_the_hint_follow_the_acting_hero_the_aim_and_the_language(
    app: App,
    skirmish,  # noqa: F811
) -> None:
    scene = skirmish()
    until(app, lambda: ready(scene), seconds=60)
    turn, team = scene.turn_text()
    hint = scene.hint()
    assert scene.turn_text() == (turn, team) and scene.hint() == hint
    other = next(h for h in scene.view.heroes.values() if h.team == team and h.id != scene.view.acting)
    scene.view.acting = other.id
    assert scene.turn_text()[0] != turn and other.hero.name_en in scene.turn_text()[0]
    scene.aim = ("ether",)
    assert scene.hint() != hint
    scene.aim = None
    english = scene.turn_text(), scene.hint()
    i18n.set_language("ru")
    assert scene.turn_text()[0] != english[0][0] and scene.hint() != english[1]
    assert scene.hint() == i18n.tr("skirmish.hint.act")


def test_a_heros_figure_is_drawn_anew_when_its_bars_or_style_change(app: App, skirmish) -> None:  # noqa: F811
    """A standing hero is its sprite with its bars drawn on, remembered: the same pixels as the sprite
    with the bars drawn straight on the screen, and drawn anew when HP, mana or the style change."""
    from client.skirmish import field as field_module
    from client.skirmish.art import hero_sprite

    scene = skirmish(melee="detailed")
    steps(app, 1)
    field, tile = scene.field, scene.field.art.tile
    hero = next(h for h in scene.view.heroes.values() if h.max_mana and not h.out)
    hero.hp -= 5  # a part of the HP bar empty

    def draw() -> pygame.Surface:
        return field._figure(hero, tile)

    assert_redrawn_on_change(
        draw,
        [
            lambda: setattr(hero, "hp", hero.hp - 40),
            lambda: setattr(hero, "mana", hero.mana / 2),
            lambda: setattr(hero, "style", not hero.style),
        ],
    )
    straight = app.screen.copy()
    straight.blit(hero_sprite(hero.hero.id, hero.loadout, hero.team, tile), (100, 100))
    field_module._draw_badges(straight, (100, 100), hero, tile)
    cached = app.screen.copy()
    cached.blit(draw(), (100, 100))
    assert pixels(cached) == pixels(straight)


def full_redraw(scene, screen: pygame.Surface) -> bytes:
    """The frame drawn with every panel blitted anew (what the screen must show); the scene goes on
    as if it had not been drawn."""
    truth = screen.copy()
    was = scene._hud_on, scene._hud_dirty
    scene._hud_dirty = True
    scene.draw(truth)
    scene._hud_on, scene._hud_dirty = was
    return pixels(truth)


def test_the_top_bar_and_side_panel_stay_on_the_screen_until_something_covers_them(
    app: App,
    skirmish,  # noqa: F811
) -> None:
    """The screen keeps last frame's top bar and side panel while they are unchanged and nothing drew
    over them; a tooltip over them, a change, or another scene on the screen has them blitted anew."""
    from client.scenes.base import Pop, Push
    from client.scenes.settings import SettingsScene

    scene = skirmish(melee="detailed")
    until(app, lambda: ready(scene), seconds=60)
    screen, r = app.screen, scene.rects
    me = scene.session.state.current
    scene.camera.show(scene._centre(me.pos))
    scene.pointer.mouse = scene.camera.tile_centre(me.pos)
    scene.draw(screen)
    scene.draw(screen)
    mark = pygame.Rect(r.side.x + 4, r.side.y + 2, 3, 3)
    low = pygame.Rect(r.bottom.x + 2, r.bottom.bottom - 5, 3, 3)  # in the bottom bar, by no button
    screen.fill((255, 0, 0), mark)
    screen.fill((255, 0, 0), low)
    scene.draw(screen)
    assert screen.get_at(mark.topleft)[:3] == (255, 0, 0)  # left alone: nothing there changed
    assert screen.get_at(low.topleft)[:3] == (255, 0, 0)
    scene.aim = ("ether",)  # another hint under the map
    scene.draw(screen)
    assert screen.get_at(low.topleft)[:3] != (255, 0, 0)
    scene.aim = None
    scene.view.heroes[me.id].hp -= 3  # the cards change: drawn anew
    scene.draw(screen)
    assert screen.get_at(mark.topleft)[:3] != (255, 0, 0)
    card = next(s for s in scene.spots if s.kind == "hero")
    scene.pointer.mouse = card.rect.center  # a card's tooltip over the panel
    scene.draw(screen)
    scene.pointer.mouse = scene.camera.tile_centre(me.pos)
    scene.draw(screen)  # the tooltip gone: the panel under it blitted again
    assert pixels(screen) == full_redraw(scene, screen)
    chip = next(s for s in scene.spots if s.kind == "chip")
    scene.pointer.mouse = chip.rect.center  # a chip's tooltip, over the bottom bar
    scene.draw(screen)
    assert scene._hud_dirty  # drawn over the bars: blitted whole next frame
    scene.pointer.mouse = scene.camera.tile_centre(me.pos)
    scene.draw(screen)
    assert pixels(screen) == full_redraw(scene, screen)
    app.stack.apply(Push(SettingsScene(scene.ctx, app.size)))
    screen.fill((0, 0, 255))  # the other scene's picture
    app.stack.apply(Pop())  # this scene is on top again (resized)
    scene.draw(screen)
    assert pixels(screen) == full_redraw(scene, screen)
    scene._toggle_pause()
    scene.draw(screen)  # dimmed under the pause menu
    scene._toggle_pause()
    scene.draw(screen)
    assert pixels(screen) == full_redraw(scene, screen)


def test_a_banner_too_wide_for_the_map_has_the_bars_blitted_over_it(app: App, skirmish) -> None:  # noqa: F811
    from client.render.effects import Banner
    from client.skirmish.screen import banner_spills

    scene = skirmish()
    steps(app, 1)
    viewport = scene.rects.viewport
    assert not banner_spills(Banner("Round 3", (240, 200, 90)), viewport)
    assert banner_spills(Banner("Round 3 " * 12, (240, 200, 90)), viewport)
    scene.draw(app.screen)
    scene.banners.append(Banner("Round 3 " * 12, (240, 200, 90)))
    scene.update(0.1)
    scene.draw(app.screen)
    assert pixels(app.screen) == full_redraw(scene, app.screen)


def test_the_move_cells_and_targets_follow_the_state_and_the_weapon(
    app: App,
    ctx,
    skirmish,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from client.skirmish import targeting
    from rules.skirmish.actions import Attack
    from tests.client.test_skirmish_scene import play_human_activation

    scene = skirmish(melee="detailed")
    session = scene.session

    def fresh() -> tuple[tuple, tuple]:
        legal = session.legal()
        moves = tuple(a.to for a in legal if isinstance(a, Move))
        attacks = targeting.attack_targets(legal, scene.weapon)
        return moves, tuple(session.state.heroes[t].pos for t in attacks)

    until(app, lambda: ready(scene), seconds=60)
    scene.make_chips()  # the weapon chosen
    marks = scene.marks()
    assert (marks.moves, marks.targets) == fresh() and marks.moves
    x = session.state.current.pos[0]
    scene._act(min((a for a in session.legal() if isinstance(a, Move)), key=lambda m: abs(m.to[0] - x)))
    until(app, lambda: ready(scene), seconds=60)
    scene.make_chips()
    assert (scene.marks().moves, scene.marks().targets) == fresh() and scene.marks().moves != marks.moves
    for _ in range(60):  # on to an activation with an enemy in reach
        until(app, lambda: ready(scene), seconds=60)
        if any(isinstance(a, Attack) for a in session.legal()):
            break
        play_human_activation(app, scene, ctx)
    for weapon in sorted({(a.weapon, a.thrown) for a in session.legal() if isinstance(a, Attack)}):
        scene.weapon = weapon
        assert scene.marks().targets == fresh()[1] != ()
    reach = targeting.attack_targets  # a weapon that reaches nobody: its targets are not the last one's
    monkeypatch.setattr(
        targeting, "attack_targets", lambda legal, w: {} if w == ("net", False) else reach(legal, w)
    )
    scene.weapon = ("net", False)
    assert scene.marks().targets == fresh()[1] == ()


def test_the_style_and_end_buttons_follow_the_state(app: App, skirmish) -> None:  # noqa: F811
    from rules.skirmish.actions import EndActivation

    scene = skirmish()
    until(app, lambda: ready(scene), seconds=60)
    steps(app, 1)

    def shown() -> tuple[bool, bool]:
        return scene.buttons["style"].is_enabled, scene.buttons["end"].is_enabled

    def legal() -> tuple[bool, bool]:
        actions = scene.session.legal()
        return any(isinstance(a, DeclareStyle) for a in actions), any(
            isinstance(a, EndActivation) for a in actions
        )

    assert shown() == legal() and shown()[0]
    scene._act(next(a for a in scene.session.legal() if isinstance(a, DeclareStyle)))
    until(app, lambda: ready(scene), seconds=60)
    steps(app, 1)
    assert shown() == legal() != (True, True)  # a style once an activation


def test_the_view_is_set_to_the_state_once_after_each_action(
    app: App,
    skirmish,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    scene = skirmish(melee="detailed")
    until(app, lambda: ready(scene), seconds=60)
    steps(app, 1)  # the opening played and copied
    synced = []
    real = scene.view.sync
    monkeypatch.setattr(
        scene.view, "sync", lambda state: (synced.append(len(scene.session.actions)), real(state))
    )
    steps(app, 5)
    assert synced == []  # nothing happened: nothing to copy
    me = scene.session.state.current
    move = next(a for a in scene.session.legal() if isinstance(a, Move))
    scene._act(move)
    until(app, lambda: ready(scene), seconds=60)
    steps(app, 1)
    assert synced and scene.view.heroes[me.id].pos == move.to
    assert scene.view.mismatches(scene.session.state) == []
    count = len(synced)
    steps(app, 5)
    assert len(synced) == count
