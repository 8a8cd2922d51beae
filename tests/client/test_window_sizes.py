"""Every screen at the smallest, the usual and a 4K window, in both languages: the widgets lie inside
the window and never on one another, the battle's top bar keeps its parts apart, and the UI scale
makes a 4K window show the screens as large as a 1280x720 one does (issue 19).

A widget in a scrolling box counts where the box shows it (scrolled out of sight is fine: it is
reachable with the scroll bar and the wheel); the parts pygame-gui builds itself (scroll bars, a
panel's inner container) are not the screens' widgets and are left out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pygame_gui
import pytest
from pygame_gui.core.utility import translate

from client import i18n
from client.app import App
from client.battle import replay_hook
from client.battle.scene import TacticsScene
from client.battle.spec import load_spec
from client.context import MAPS_DIR, Context
from client.render import text
from client.replays import load_replay
from client.scenes.base import Pop, Push, UIScene
from client.scenes.hotseat import HotseatScene
from client.scenes.map_error import MapErrorScene
from client.scenes.menu import MenuScene
from client.scenes.missions import MissionsScene
from client.scenes.replay_player import replay_scene
from client.scenes.replays import ReplaysScene
from client.scenes.settings import SettingsScene
from client.settings import SettingsStore
from client.ui import scale as ui_scale
from rules.tactics.actions import Surrender
from tests.client.replay_files import write_replay
from tests.client.ui_events import steps

SIZES = [(960, 600), (1280, 720), (3840, 2160)]
LANGUAGES = ["en", "ru"]
LEAVES = (pygame_gui.elements.UIButton, pygame_gui.elements.UILabel, pygame_gui.elements.UITextBox)
BUILT_IN_PARTS = ("vertical_scroll_bar", "horizontal_scroll_bar")


@pytest.fixture
def sized_app(request: pytest.FixtureRequest, tmp_path) -> Iterator[tuple[App, Context]]:
    size, language = request.param
    ctx = Context.load(SettingsStore(tmp_path / "config" / "settings.json"))
    ctx.settings.language = language
    ctx.settings.speed = "instant"
    i18n.set_language(language)
    app = App(size, fps=0, context=ctx)
    assert app.size == size
    yield app, ctx
    app.close()


def visible_leaves(scene: UIScene) -> list[tuple[str, pygame.Rect]]:
    """(what, where on screen) for every shown button, label and text box of the scene's own."""
    found = []
    for element in scene.ui.get_sprite_group().sprites():
        if not isinstance(element, LEAVES) or not element.visible:
            continue
        if any(part in element.element_ids for part in BUILT_IN_PARTS):
            continue
        rect = pygame.Rect(element.rect)
        container, seen = element.ui_container, set()
        while container is not None and id(container) not in seen:  # up to the root container
            seen.add(id(container))
            if isinstance(container, pygame_gui.core.UIContainer):
                rect = rect.clip(container.get_rect())
            container = getattr(container, "ui_container", None)
        if rect.w > 0 and rect.h > 0:
            label = getattr(element, "text", "") or element.most_specific_combined_id
            found.append((f"{element.most_specific_combined_id} {label!r}", rect))
    return found


def assert_laid_out(scene: UIScene, size: tuple[int, int]) -> None:
    window = pygame.Rect((0, 0), size)
    leaves = visible_leaves(scene)
    assert leaves, "no widgets found"
    for name, rect in leaves:
        assert window.contains(rect), f"{name} at {rect} is outside the {size} window"
    for element in scene.ui.get_sprite_group().sprites():
        built_in = any(part in element.element_ids for part in BUILT_IN_PARTS)
        if isinstance(element, pygame_gui.elements.UIButton) and element.visible and not built_in:
            shown = translate(element.text, **(element.text_kwargs or {}))
            cut = shown.endswith("…")  # cut on purpose: the whole text is in its tooltip
            assert cut or text.label_width(shown) <= element.rect.w + 1, f"{shown!r} is cut"
    for i, (name, rect) in enumerate(leaves):
        for other, other_rect in leaves[i + 1 :]:
            assert not rect.colliderect(other_rect), f"{name} {rect} overlaps {other} {other_rect}"


def saved_replay() -> Path:
    """A replay in the replays folder (so the Replays list has an entry), written once per test."""
    path = replay_hook.replays_dir() / "tutorial-20261202-120000.json"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        write_replay(path)
    return path


def battle_scene(ctx: Context, size: tuple[int, int], hotseat: bool = True) -> TacticsScene:
    spec = load_spec(
        MAPS_DIR / ("arena_pit.tmx" if hotseat else "breakout.tmx"), ctx.settings, hotseat=hotseat
    )
    return TacticsScene(ctx, size, spec, seed=3)


def with_pause(scene: TacticsScene, app: App) -> None:
    steps(app, 2)
    scene.on_button(scene.buttons["menu"])


def with_surrender(scene: TacticsScene, app: App) -> None:
    steps(app, 2)
    scene.on_button(scene.buttons["surrender"])
    assert scene.dialog is not None


def with_end(scene: TacticsScene, app: App) -> None:
    steps(app, 2)
    scene._human(Surrender(1))
    for _ in range(200):
        if scene.overlay is not None:
            break
        app.step()
    assert scene.overlay is not None


SCENES: dict[str, tuple[Callable[[Context, tuple[int, int]], UIScene], Callable | None]] = {
    "menu": (MenuScene, None),
    "settings": (SettingsScene, None),
    "missions": (MissionsScene, None),
    "hotseat": (HotseatScene, None),
    "replays": (ReplaysScene, None),
    "map error": (
        lambda ctx, size: MapErrorScene(
            ctx, size, MAPS_DIR / "broken.tmx", ["broken.tmx: layer 'x': fix it"]
        ),
        None,
    ),
    "replay viewer": (lambda ctx, size: replay_scene(ctx, size, *load_replay(saved_replay())), None),
    "battle": (battle_scene, None),
    "mission battle": (lambda ctx, size: battle_scene(ctx, size, hotseat=False), None),
    "pause menu": (battle_scene, with_pause),
    "surrender dialog": (battle_scene, with_surrender),
    "end of battle": (battle_scene, with_end),
}


@pytest.mark.parametrize("sized_app", [(s, lang) for s in SIZES for lang in LANGUAGES], indirect=True)
def test_every_screen_fits_without_overlaps(sized_app: tuple[App, Context]) -> None:
    app, ctx = sized_app
    saved_replay()
    app.stack.apply(Push(MenuScene(ctx, app.size)))
    for name, (make, prepare) in SCENES.items():
        scene = make(ctx, app.size)
        app.stack.apply(Push(scene))
        if prepare is not None:
            prepare(scene, app)
        steps(app, 2)
        try:
            assert_laid_out(scene, app.size)
            if isinstance(scene, TacticsScene):
                assert_top_bar_apart(scene, app.size)
        except AssertionError as exc:
            raise AssertionError(f"{name} at {app.size} in {ctx.settings.language}: {exc}") from None
        app.stack.apply(Pop())


def assert_top_bar_apart(scene: TacticsScene, size: tuple[int, int]) -> None:
    """The hand-drawn top bar: round, turn label and objective chips inside the bar, apart."""
    layout = scene.presentation.top_bar.layout
    assert layout is not None
    bar = pygame.Rect(0, 0, size[0], scene.rects.top.h)
    parts = [layout.round_rect, layout.turn_rect, *(chip.box for chip in layout.chips)]
    for i, part in enumerate(parts):
        assert bar.contains(part), f"top bar part {part} outside {bar}"
        for other in parts[i + 1 :]:
            assert not part.colliderect(other), f"top bar parts {part} and {other} overlap"
    assert scene.buttons.left_edge > scene.rects.bottom.x + 2 * ui_scale.px(80), "no room left for the hint"


@pytest.mark.parametrize("sized_app", [((3840, 2160), "en")], indirect=True)
def test_a_4k_window_shows_the_screens_as_large_as_1280x720_does(sized_app: tuple[App, Context]) -> None:
    """Auto scale: 300% at 3840x2160, so every widget is three times its 1280x720 size."""
    app, ctx = sized_app
    menu = MenuScene(ctx, app.size)
    app.stack.apply(Push(menu))
    steps(app, 2)
    assert menu.scale == 3.0
    big = {name: button.rect.size for name, button in menu.buttons.items()}
    font_height = menu.buttons["missions"].font.size("Ag")[1]
    small_menu = MenuScene(ctx, (1280, 720))  # the same screen laid out for a 1280x720 window
    small = {name: button.rect.size for name, button in small_menu.buttons.items()}
    assert all(big[name] == (3 * w, 3 * h) for name, (w, h) in small.items())
    assert font_height >= 2.8 * small_menu.buttons["missions"].font.size("Ag")[1]


def test_the_scale_follows_the_window_height_in_quarter_steps() -> None:
    assert ui_scale.auto_scale((960, 600)) == 1.0
    assert ui_scale.auto_scale((1280, 720)) == 1.0
    assert ui_scale.auto_scale((1600, 900)) == 1.25
    assert ui_scale.auto_scale((1920, 1080)) == 1.5
    assert ui_scale.auto_scale((2560, 1440)) == 2.0
    assert ui_scale.auto_scale((3840, 2160)) == 3.0
    assert ui_scale.auto_scale((960, 1600)) == 1.0  # a tall narrow window: the width decides


def test_a_chosen_scale_is_used_as_far_as_the_window_has_room_for_it() -> None:
    assert ui_scale.for_window((3840, 2160), "1") == 1.0
    assert ui_scale.for_window((1920, 1200), "2") == 2.0
    assert ui_scale.for_window((1280, 720), "2") == 1.0  # 200% would need 1920x1200
    assert ui_scale.for_window((1920, 1080), "3") == 1.75
    assert ui_scale.for_window((1920, 1080), "nonsense") == 1.5  # unknown: automatic


def test_interface_size_in_settings_is_applied_at_once_saved_and_followed_by_the_menu(
    tmp_path,
) -> None:
    ctx = Context.load(SettingsStore(tmp_path / "config" / "settings.json"))
    app = App((3840, 2160), fps=0, context=ctx)
    try:
        menu = MenuScene(ctx, app.size)
        app.stack.apply(Push(menu))
        settings = SettingsScene(ctx, app.size)
        app.stack.apply(Push(settings))
        steps(app, 2)
        button = settings.buttons["ui_scale"]
        assert button.text == "Auto (300%)"
        tall = button.rect.h
        settings.on_button(button)  # auto -> 100%
        steps(app, 2)
        assert ctx.settings.ui_scale == "1" and settings.scale == 1.0
        assert settings.buttons["ui_scale"].text == "100%"
        assert settings.buttons["ui_scale"].rect.h * 3 == tall
        assert SettingsStore(ctx.store.path).load().ui_scale == "1"
        app.stack.apply(Pop())
        steps(app, 2)
        assert menu.scale == 1.0 and ui_scale.current() == 1.0
        assert menu.buttons["missions"].rect.w == 280
    finally:
        app.close()


def test_a_scale_the_window_cannot_hold_says_what_it_uses(app: App, ctx: Context) -> None:
    scene = SettingsScene(ctx, app.size)
    app.stack.apply(Push(scene))
    ctx.settings.ui_scale = "2"
    assert scene.scale_text("2") == "200% (100% in this window)"
    i18n.set_language("ru")
    assert scene.scale_text("2") == "200% (в этом окне 100%)"
    assert scene.scale_text("auto") == "Авто (100%)"


def wheel_down(app: App, monkeypatch: pytest.MonkeyPatch, point: tuple[int, int], notches: int) -> None:
    """Rest the pointer on ``point`` and turn the wheel down ``notches`` times, a few frames apart."""
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: point)  # the dummy driver has no pointer
    steps(app, 2)
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)
    for _ in range(notches):
        app.handle(wheel)
        steps(app, 3)


def test_settings_scroll_with_the_wheel_in_the_smallest_window(tmp_path, monkeypatch) -> None:
    ctx = Context.load(SettingsStore(tmp_path / "config" / "settings.json"))
    i18n.set_language("ru")
    ctx.settings.language = "ru"
    app = App((960, 600), fps=0, context=ctx)
    try:
        scene = SettingsScene(ctx, app.size)
        app.stack.apply(Push(scene))
        steps(app, 2)
        reset = scene.reset
        assert not scene.rows.rect.contains(reset.rect), "the last row is below the box: it scrolls"
        wheel_down(app, monkeypatch, scene.buttons["language"].rect.center, 40)
        assert scene.rows.rect.contains(reset.rect), "the wheel scrolled the last row into view"
    finally:
        app.close()


def test_a_long_map_list_scrolls_with_the_wheel(tmp_path, monkeypatch) -> None:
    import shutil

    maps = tmp_path / "maps"
    shutil.copytree(MAPS_DIR, maps)
    for i in range(12):
        shutil.copy(maps / "tutorial.tmx", maps / f"tutorial_copy_{i:02}.tmx")
    ctx = Context.load(SettingsStore(tmp_path / "config" / "settings.json"))
    ctx.maps_dir = maps
    app = App((960, 600), fps=0, context=ctx)
    try:
        scene = MissionsScene(ctx, app.size)
        app.stack.apply(Push(scene))
        steps(app, 2)
        last = scene.map_buttons[-1]
        assert not scene.list_box.rect.contains(last.rect)
        wheel_down(app, monkeypatch, scene.map_buttons[0].rect.center, 60)  # over the chosen entry
        assert scene.list_box.rect.contains(last.rect), "the wheel scrolled to the end of the list"
    finally:
        app.close()


def test_the_board_grows_with_the_window_up_to_the_ui_scale_and_the_viewport() -> None:
    from client.render.camera import board_zoom

    map_px = (16 * 64, 12 * 64)
    assert board_zoom(map_px, (2800, 1900), 3.0) == 2.25  # as large as fits the viewport
    assert board_zoom(map_px, (8000, 8000), 3.0) == 3.0  # no larger than the UI
    assert board_zoom(map_px, (1000, 500), 1.5) == 1.0  # a map larger than the viewport: its own tiles
    assert board_zoom(map_px, (1450, 850), 1.5) == 1.0  # fits only just at 1.1: whole quarters


@pytest.mark.parametrize("sized_app", [((1280, 720), "en")], indirect=True)
def test_a_battle_moved_to_a_4k_window_draws_its_board_larger(sized_app: tuple[App, Context]) -> None:
    app, ctx = sized_app
    scene = battle_scene(ctx, app.size, hotseat=False)
    app.stack.apply(Push(scene))
    steps(app, 3)
    assert scene.view.tile == 64
    app.stack.resize((3840, 2160))
    steps(app, 3)
    tile = scene.view.tile
    assert tile > 64 and scene.camera.tile == tile and scene.art.tile == tile
    board = pygame.Rect(scene.camera.origin, (scene.view.size[0] * tile, scene.view.size[1] * tile))
    assert scene.rects.viewport.contains(board), "the whole map shows"
    for squad in scene.view.squads.values():
        assert squad.world == [squad.pos[0] * tile, squad.pos[1] * tile]
    assert scene.view.mismatches(scene.session.state) == []
    app.stack.resize((1280, 720))
    steps(app, 3)
    assert scene.view.tile == 64


def test_chosen_buttons_stay_shown_chosen_when_the_window_grows(ctx: Context) -> None:
    """A new UI scale restyles every widget, and pygame-gui then draws a selected button as a plain
    one: the Hero Duel screen's chosen deck, hero and mode must still look chosen after a resize
    from 960x600 (100%) to 1920x1080 (150%)."""
    from client.scenes.duel_setup import DuelSetupScene

    app = App((960, 600), fps=0, context=ctx)
    try:
        scene = DuelSetupScene(ctx, (960, 600))
        app.stack.apply(Push(scene))
        sprites = scene.ui.get_sprite_group().sprites()
        buttons = [b for b in sprites if isinstance(b, pygame_gui.elements.UIButton)]
        chosen = [b for b in buttons if b.is_selected]
        assert len(chosen) >= 3  # the deck, the hero, "Against the computer"
        scene.resize((1920, 1080))
        assert scene.scale == 1.5
        assert all(b.drawable_shape.active_state.state_id == "selected" for b in chosen)
    finally:
        app.close()
