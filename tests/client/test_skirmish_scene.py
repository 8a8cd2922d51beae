"""The hero skirmish scene driven like a player would: synthetic clicks and keys through the app's loop.

The preview shown is the rules' preview; the turn order shown is the rules' order; pop-ups follow
the events in order; aiming a spell lights its targets and area; defensive style and ending an
activation by key; a whole battle against the AI (in its worker process) finishes at instant speed
in both melee modes and its replay is saved; hot-seat puts a cover between the sides.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from client import i18n
from client.app import App
from client.context import MAPS_DIR, Context
from client.render.tooltip import pct
from client.scenes.base import Push
from client.skirmish import art, model
from client.skirmish.scene import SkirmishScene
from client.skirmish.spec import load_skirmish_spec
from rules.skirmish import events as ev
from rules.skirmish.actions import Attack, Cast, DeclareStyle, EndActivation, Move
from rules.skirmish.preview import preview
from tests.client.ui_events import click_at, hover, press, steps, until

ROOT = Path(__file__).resolve().parents[2]
MAP = MAPS_DIR / "arena_pit.tmx"


@pytest.fixture(autouse=True)
def _checkout_art(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hero layers of this checkout (an editable install elsewhere points at another one)."""
    monkeypatch.setattr(art, "SKIRMISH_DIR", ROOT / "assets" / "sprites" / "skirmish")


@pytest.fixture
def skirmish(app: App, ctx: Context):
    """``skirmish(melee, opponent, speed, parties, seed)``: a SkirmishScene on the stack."""
    made: list[SkirmishScene] = []

    def make(melee="basic", opponent="normal", speed="instant", parties=("vanguard", "wardens"), seed=5):
        ctx.settings.speed = speed
        sides = {1: model.Side.of_party(parties[0]), 2: model.Side.of_party(parties[1])}
        spec = load_skirmish_spec(model.Choice(sides, MAP, melee, opponent))
        scene = SkirmishScene(ctx, app.size, spec, seed=seed)
        app.stack.apply(Push(scene))
        made.append(scene)
        return scene

    yield make
    for scene in made:
        scene.close()


def cell_centre(scene: SkirmishScene, cell: tuple[int, int]) -> tuple[int, int]:
    scene.camera.show(scene._centre(cell))
    return scene.camera.tile_centre(cell)


def ready(scene: SkirmishScene) -> bool:
    return scene.input_allowed() or scene.session.over


def nearest_move(scene: SkirmishScene) -> Move | None:
    state = scene.session.state
    hero = state.current
    moves = [a for a in scene.session.legal() if isinstance(a, Move)]
    enemies = [e.pos for e in state.heroes if e.team != hero.team and not e.out]
    if not moves or not enemies:
        return None
    return min(moves, key=lambda m: min(max(abs(m.to[0] - x), abs(m.to[1] - y)) for x, y in enemies))


def play_human_activation(app: App, scene: SkirmishScene, ctx: Context) -> None:
    """Attack an enemy if the hero can (a click on it), else walk toward the nearest one (a click on
    the cell), then end the activation with the skip key if it is still going."""
    state = scene.session.state
    hero = state.current
    attacks = [a for a in scene.session.legal() if isinstance(a, Attack)]
    taken = len(scene.session.actions)
    if attacks:
        click_at(cell_centre(scene, state.heroes[attacks[0].target].pos))
    else:
        move = nearest_move(scene)
        if move is not None:
            click_at(cell_centre(scene, move.to))
    steps(app, 2)
    until(app, lambda: ready(scene))
    if not scene.session.over and scene.session.state.current is hero and scene.input_allowed():
        press(pygame.key.key_code(ctx.settings.keys["skip"]))
        steps(app, 2)
    assert len(scene.session.actions) > taken


@pytest.mark.parametrize("melee", ["basic", "detailed"])
def test_a_whole_battle_against_the_ai_at_instant_speed(app: App, ctx: Context, skirmish, melee: str) -> None:
    scene = skirmish(melee=melee)
    for _ in range(400):
        until(app, lambda: ready(scene), seconds=60)
        if scene.session.over:
            break
        play_human_activation(app, scene, ctx)
    until(app, lambda: scene.overlay is not None)
    assert scene.session.over and isinstance(scene.view.outcome, ev.BattleEnded)
    assert str(scene.session.state.board.melee_mode) == melee
    ai_actions = [
        a for a in scene.session.actions if scene.session.state.heroes[getattr(a, "hero", 0)].team == 2
    ]
    assert ai_actions  # the AI played its side (in its worker)
    assert scene.workers[2].backend in ("process", "thread")
    assert scene.view.mismatches(scene.session.state) == []
    click_at(scene.overlay.buttons["save_replay"].rect.center)
    steps(app, 2)
    from client.battle.replay_hook import replays_dir

    saved = list(replays_dir().glob("skirmish-*.json"))
    assert len(saved) == 1 and "Replay saved" in scene.overlay.note
    from client.replays import read_replay

    assert read_replay(saved[0]).game == "skirmish"


def test_hovering_an_enemy_shows_the_rules_preview_and_clicking_attacks(
    app: App, ctx: Context, skirmish
) -> None:
    scene = skirmish(melee="detailed")
    attack = None
    for _ in range(60):
        until(app, lambda: ready(scene), seconds=60)
        attacks = [a for a in scene.session.legal() if isinstance(a, Attack)]
        if attacks:
            attack = attacks[0]
            break
        play_human_activation(app, scene, ctx)
    assert attack is not None
    state = scene.session.state
    target = state.heroes[attack.target]
    scene.weapon = (attack.weapon, attack.thrown)
    hover(cell_centre(scene, target.pos))
    steps(app, 2)
    forecast = preview(state, attack).targets[0]
    labels = [row.label for row in scene.hover_rows()]
    assert f"Hit chance {pct(forecast.hit_chance / 100)}" in labels
    assert any(label.startswith(f"Damage {forecast.damage_min}") for label in labels)
    bars = [row for row in scene.hover_rows() if row.share is not None]
    assert abs(sum(row.share for row in bars) - 1.0) < 1e-6  # the whole distribution, given a hit
    assert target.pos in scene.marks().targets
    click_at(cell_centre(scene, target.pos))
    steps(app, 2)
    assert scene.session.actions[-1] == attack


def test_the_order_strip_is_the_rules_order_with_the_acting_hero_larger(app: App, skirmish) -> None:
    """S-OQ-11 / S-ACT-7: the queue shown is the round's order; the acting hero is highlighted."""
    scene = skirmish()
    until(app, lambda: ready(scene))
    steps(app, 1)
    order = [s for s in scene.spots if s.kind == "order"]
    assert [s.payload for s in order] == list(scene.session.state.order)
    acting = scene.session.state.act.hero
    sizes = {s.payload: s.rect.w for s in order}
    assert sizes[acting] > max(w for h, w in sizes.items() if h != acting)


def test_hovering_a_cell_shows_the_path_its_cost_and_what_is_left(app: App, skirmish) -> None:
    scene = skirmish()
    until(app, lambda: ready(scene))
    state = scene.session.state
    move = max(
        (a for a in scene.session.legal() if isinstance(a, Move)), key=lambda m: preview(state, m).cost
    )
    hover(cell_centre(scene, move.to))
    steps(app, 2)
    forecast = preview(state, move)
    assert scene.marks().path == forecast.path
    labels = [row.label for row in scene.hover_rows()]
    left = state.act.left - forecast.cost
    from client.skirmish.sheet import num

    assert f"Move: {num(forecast.cost)} steps, {len(forecast.path)} cells" in labels
    assert f"Steps left after it: {num(left)}" in labels
    assert any(label.startswith("Then") for label in labels)


def test_pop_ups_follow_the_events_in_order_at_normal_speed(app: App, skirmish) -> None:
    scene = skirmish(speed="1x")
    until(app, lambda: scene.input_allowed())
    start = len(scene.player.played)
    move = next(a for a in scene.session.legal() if isinstance(a, Move))
    click_at(cell_centre(scene, move.to))
    steps(app, 2)
    assert not scene.player.idle  # the move is being played, not jumped
    until(app, lambda: scene.player.idle)
    played = scene.player.played[start:]
    assert [type(e) for e in played][:1] == [ev.HeroMoved]
    assert any(type(e).__name__ == "Popup" for e in scene.player.effects)  # its step cost, still rising
    assert scene.view.heroes[move.hero].pos == move.to


def test_aiming_a_spell_lights_its_targets_and_area_and_a_click_casts(
    app: App, ctx: Context, skirmish
) -> None:
    scene = skirmish(parties=("arcane", "wardens"))
    cast = None
    for _ in range(60):
        until(app, lambda: ready(scene), seconds=60)
        hero = scene.session.state.current
        casts = [
            a for a in scene.session.legal() if isinstance(a, Cast) and a.spell in hero.info.loadout.quick
        ]
        hostile = [a for a in casts if scene.session.state.board.catalog.spells[a.spell].hostile]
        if hostile:
            cast = hostile[0]
            break
        press(pygame.key.key_code(ctx.settings.keys["skip"]))
        steps(app, 2)
    assert cast is not None
    steps(app, 1)
    chip = next(i for i, c in enumerate(scene.chips) if c.key == ("spell", cast.spell))
    click_at(next(s.rect.center for s in scene.spots if s.kind == "chip" and s.payload == chip))
    steps(app, 2)
    assert scene.aim == ("spell", cast.spell)
    marks = scene.marks()
    assert cast.target in marks.targets and marks.range
    hover(cell_centre(scene, cast.target))
    steps(app, 2)
    assert cast.target in scene.marks().area
    labels = [row.label for row in scene.hover_rows()]
    assert any(
        str(scene.session.state.board.catalog.spells[cast.spell].mana) in label for label in labels[:1]
    )
    click_at(cell_centre(scene, cast.target))
    steps(app, 2)
    last = scene.session.actions[-1]
    assert isinstance(last, Cast) and last.spell == cast.spell and last.target == cast.target


def test_style_and_end_activation_keys(app: App, ctx: Context, skirmish) -> None:
    scene = skirmish()
    until(app, lambda: ready(scene))
    hero = scene.session.state.current
    press(pygame.key.key_code(ctx.settings.keys["defend"]))
    steps(app, 2)
    assert isinstance(scene.session.actions[-1], DeclareStyle)
    assert scene.session.state.heroes[hero.id].style
    until(app, lambda: ready(scene))
    steps(app, 1)
    assert any(s.kind == "icon" and s.payload == ("style", hero.id) for s in scene.spots)
    rows = scene.spot_rows(
        next(s for s in scene.spots if s.kind == "icon" and s.payload == ("style", hero.id))
    )
    assert any("Defensive style" in row.label for row in rows)
    press(pygame.key.key_code(ctx.settings.keys["skip"]))
    steps(app, 2)
    assert scene.session.actions[-1] == EndActivation(hero.id)


def test_hot_seat_covers_the_screen_between_the_sides(app: App, ctx: Context, skirmish) -> None:
    scene = skirmish(opponent="human", speed="4x")
    assert scene.session.hotseat and not scene.workers
    first = scene.session.state.active_team
    for _ in range(12):
        until(app, lambda: scene.input_allowed() or scene.cover is not None, seconds=60)
        if scene.cover is not None:
            break
        press(pygame.key.key_code(ctx.settings.keys["skip"]))
        steps(app, 2)
    assert scene.cover == 3 - first
    assert not scene.input_allowed()
    click_at((10, 10))
    steps(app, 2)
    assert scene.cover is None
    until(app, lambda: scene.input_allowed())
    assert scene.session.state.active_team == 3 - first


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_the_battle_screen_in_both_languages(
    ctx: Context, shots: Path, lang: str, size: tuple[int, int]
) -> None:
    ctx.settings.language = lang
    ctx.settings.speed = "instant"
    app = App(size, fps=0, context=ctx)
    try:
        i18n.set_language(lang)
        sides = {1: model.Side.of_party("arcane"), 2: model.Side.of_party("iron")}
        scene = SkirmishScene(
            ctx, size, load_skirmish_spec(model.Choice(sides, MAP, "detailed", "normal")), seed=3
        )
        app.stack.apply(Push(scene))
        until(app, lambda: scene.input_allowed())
        steps(app, 2)
        window = pygame.Rect((0, 0), size)
        for spot in scene.spots:
            assert window.contains(spot.rect), spot
        chips = [s.rect for s in scene.spots if s.kind == "chip"]
        assert chips and all(scene.rects.viewport.contains(r) for r in chips)
        order = [s.rect for s in scene.spots if s.kind == "order"]
        assert all(scene.rects.top.contains(r) for r in order)
        pygame.image.save(pygame.display.get_surface(), str(shots / f"skirmish_battle_{lang}_{size[0]}.png"))
        scene.close()
    finally:
        app.close()


def test_the_wheel_and_keys_zoom_the_skirmish_map_about_the_cursor(app: App, ctx: Context, skirmish) -> None:
    """#24's zoom where it applies: the skirmish map too, 50% .. 200% about the cursor, heroes drawn
    on their cells at each level, and the cell under the cursor (what a click hits) still the enemy's."""
    scene = skirmish(opponent="normal")
    until(app, lambda: ready(scene))
    base = scene.view.tile
    enemy = next(h for h in scene.view.living() if h.team != scene.session.state.current.team)
    cursor = cell_centre(scene, enemy.pos)
    hover(cursor)
    steps(app, 1)
    for notches, factor in ((1, 1.25), (9, 2.0)):
        for _ in range(notches):
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_y=1.0))
        steps(app, 1)
        assert scene.view.tile == round(base * factor) == scene.camera.tile == scene.field.art.tile
        assert scene.camera.sector_at(cursor, scene.view.size) == enemy.pos  # still under the cursor
        assert enemy.world == [enemy.pos[0] * scene.view.tile, enemy.pos[1] * scene.view.tile]
    press(pygame.key.key_code(ctx.settings.keys["zoom_reset"]))
    steps(app, 1)
    assert scene.zoom == 1.0 and scene.view.tile == base
    press(pygame.key.key_code(ctx.settings.keys["zoom_out"]))
    steps(app, 1)
    assert scene.zoom < 1.0 and scene.view.tile < base


def test_hero_cards_are_drawn_once_and_again_when_what_they_show_changes(app: App, skirmish) -> None:
    """The side panel's cards are a cached layer (#22's frame budget): the same frame reuses it, and
    a hero's HP, mana, state or the acting hero draws it anew, so the cards never show stale values."""
    from client.skirmish import hud

    scene = skirmish()
    steps(app, 1)
    surface = pygame.Surface(app.size)
    area = scene.rects.side
    spots, end = hud.draw_cards(surface, area, scene.view)
    (layer,) = [v[0] for v in hud._CARDS.values()]
    assert hud.draw_cards(surface, area, scene.view) == (spots, end)
    assert [v[0] for v in hud._CARDS.values()] == [layer]  # the same layer: nothing drawn again
    hero = next(iter(scene.view.heroes.values()))
    hero.hp -= 7
    hud.draw_cards(surface, area, scene.view)
    (again,) = [v[0] for v in hud._CARDS.values()]
    assert again is not layer
    card = next(s.rect for s in spots if s.kind == "hero" and s.payload == hero.id)
    assert area.contains(card) and card.bottom <= end
