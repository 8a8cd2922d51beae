"""Drawing pieces: map art, sprites for every unit, the squad picture, objects, tooltips, the HUD chips."""

from __future__ import annotations

from fractions import Fraction

import pygame
import pytest

from client.context import MAPS_DIR
from client.render.board_view import BoardView
from client.render.hud import objective_chips
from client.render.map_layers import load_map_art
from client.render.sprites import UNITS_DIR, team_marker, unit_sprite
from client.render.squads import compose
from client.render.tooltip import Row, pct, render_rows, squad_rows
from rules.rng import SeededRng
from rules.tactics.battle import new_battle
from rules.tactics.catalog import default_catalog
from tests.client.battle_states import duel

SHIPPED = sorted(MAPS_DIR.glob("*.tmx"))


@pytest.fixture(autouse=True)
def _display(app) -> None:
    return None


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_every_shipped_map_pre_renders_to_its_size(path) -> None:
    loaded, art = load_map_art(path)
    setup = loaded.setup
    assert art.background.get_size() == (setup.width * 64, setup.height * 64)
    colours = {
        art.background.get_at((x, y))[:3]
        for x in range(0, setup.width * 64, 97)
        for y in range(0, setup.height * 64, 89)
    }
    assert len(colours) > 5  # terrain, not a blank fill


@pytest.mark.parametrize("unit", sorted(default_catalog().units))
def test_every_unit_has_a_sprite_tinted_per_team(unit: str) -> None:
    assert (UNITS_DIR / f"{unit}.png").exists() and (UNITS_DIR / f"{unit}_team.png").exists()
    red, blue = unit_sprite(unit, 1), unit_sprite(unit, 2)
    assert red.get_size() == blue.get_size() == (64, 64)
    reds = sum(
        1
        for x in range(64)
        for y in range(64)
        if red.get_at((x, y)).a > 200 and red.get_at((x, y)).r > red.get_at((x, y)).b + 60
    )
    blues = sum(
        1
        for x in range(64)
        for y in range(64)
        if blue.get_at((x, y)).a > 200 and blue.get_at((x, y)).b > blue.get_at((x, y)).r + 60
    )
    assert reds > 10 and blues > 10, "the team layer must show the team colour"


def test_team_markers_differ_in_shape_not_only_colour() -> None:
    shapes = []
    for team in (1, 2):
        surface = pygame.Surface((20, 20), pygame.SRCALPHA)
        team_marker(surface, team, (10, 10), 7)
        shapes.append({(x, y) for x in range(20) for y in range(20) if surface.get_at((x, y)).a})
    assert shapes[0] != shapes[1]
    assert (3, 10) in shapes[0] and (10, 2) in shapes[1]  # the circle's side, the diamond's top point


def test_the_squad_picture_changes_with_count_and_status() -> None:
    base = compose("swordsman", 1, 64, 10, 100, 100, False, frozenset(), False)
    assert compose("swordsman", 1, 64, 9, 100, 100, False, frozenset(), False) is not base
    defending = compose("swordsman", 1, 64, 10, 100, 100, True, frozenset({"damage"}), True)
    assert pygame.image.tobytes(defending, "RGBA") != pygame.image.tobytes(base, "RGBA")


def test_hidden_traps_are_never_in_the_view() -> None:
    loaded, _ = load_map_art(MAPS_DIR / "smugglers_cove.tmx")
    state, _ = new_battle(loaded.setup, SeededRng(1))
    view = BoardView(state, 64)
    hidden = {t.pos for t in loaded.setup.traps if not t.visible}
    assert hidden and not hidden & view.traps
    assert view.traps == {t.pos for t in loaded.setup.traps if t.visible}


def test_percentages_for_people() -> None:
    assert [
        pct(Fraction(0)),
        pct(Fraction(1)),
        pct(Fraction(1, 1000)),
        pct(Fraction(999, 1000)),
        pct(Fraction(9, 20)),
    ] == [
        "0%",
        "100%",
        "<1%",
        ">99%",
        "45%",
    ]


def test_a_squad_tooltip_lists_its_stats() -> None:
    state = duel()
    view = BoardView(state, 64)
    rows = squad_rows(view.squads[0], view)
    texts = [row.label for row in rows]
    assert texts[0].startswith("Swordsman") and "×10" in texts[0]
    assert any("Counterstrike 40%" in t and "Stun 10%" in t for t in texts)
    assert render_rows(rows).get_width() > 100


def test_a_spread_bar_starts_after_its_label() -> None:
    """A damage spread's rows ("17–23", "42+") keep their labels clear of the bars (the bars began at a
    fixed 34 px and covered "17–2…" in the skirmish preview)."""
    from client.render import text
    from client.ui import TEXT_COLOUR
    from client.ui.scale import px

    rows = [
        Row("Damage", size=15),
        *(Row(label, (240, 170, 120), share=0.0, value="0%") for label in ("0–16", "17–23", "42+")),
    ]
    panel = render_rows(rows)
    widest = max(text.text(r.label, px(14), r.colour, True).get_width() for r in rows[1:])
    row_h = text.text("Ag", px(15), TEXT_COLOUR).get_height() + px(2)
    for i in range(3):
        y = px(10) + row_h + i * (px(18) + px(2)) + px(8)  # through the middle of the bar's row
        left_of_bars = [tuple(panel.get_at((x, y)))[:3] for x in range(px(10), px(10) + px(4) + widest + 1)]
        assert (40, 44, 56) not in left_of_bars, rows[i + 1].label
        assert (40, 44, 56) in [tuple(panel.get_at((x, y)))[:3] for x in range(panel.get_width())]


def test_objective_chips_follow_the_objective() -> None:
    for name, expected in (
        ("banner_hunt", "Flags 0/"),
        ("breakout", "Exit "),
        ("smugglers_cove", "Chests 0"),
    ):
        loaded, _ = load_map_art(MAPS_DIR / f"{name}.tmx")
        state, _ = new_battle(loaded.setup, SeededRng(2))
        chips = [label for label, _ in objective_chips(BoardView(state, 64))]
        assert any(chip.startswith(expected) for chip in chips), (name, chips)


def test_a_pop_up_by_the_maps_edge_is_drawn_whole_inside_the_map() -> None:
    """A long pop-up ("Hit 25.7% · rolled 14.2") over a hero in the last column stays inside the
    viewport, read whole, instead of running under the side panel."""
    from client.render.camera import Camera
    from client.render.effects import Popup

    pygame.init()
    viewport = pygame.Rect(0, 40, 400, 300)
    camera = Camera((10 * 40, 8 * 40), viewport, 40)
    surface = pygame.Surface((600, 400))
    surface.fill((0, 0, 0))
    popup = Popup("Hit 25.7% · rolled 14.2", (9.5 * 40, 4 * 40), (255, 255, 255))
    popup.update(0.3)
    popup.draw(surface, camera)
    drawn = pygame.mask.from_threshold(surface, (0, 0, 0), (1, 1, 1, 255))
    drawn.invert()
    assert drawn.count() > 0
    box = drawn.get_bounding_rects()[0].unionall(drawn.get_bounding_rects())
    assert viewport.contains(box), (box, viewport)
