"""The camera: small maps centred, large maps panned within their edges, sectors under the mouse."""

from __future__ import annotations

import pygame
import pytest

from client.render.camera import Camera


def test_a_small_map_is_centred_and_cannot_pan() -> None:
    camera = Camera((640, 512), pygame.Rect(0, 48, 980, 608))
    origin = camera.origin
    camera.pan(300, 300)
    assert camera.origin == origin == (170, 48 + 48)


def test_a_large_map_pans_but_never_past_its_edges() -> None:
    camera = Camera((1536, 1152), pygame.Rect(0, 48, 980, 608))
    camera.pan(-50, -50)
    assert (camera.x, camera.y) == (0, 0)
    camera.pan(10_000, 10_000)
    assert (camera.x, camera.y) == (1536 - 980, 1152 - 608)
    src, dest = camera.source_rect()
    assert src.size == (980, 608) and dest == (0, 48)


@pytest.mark.parametrize("offset", range(0, 64, 7))
def test_sector_under_the_mouse_at_any_sub_tile_offset(offset: int) -> None:
    camera = Camera((1536, 1152), pygame.Rect(0, 48, 980, 608))
    camera.pan(offset, offset)
    for pos in ((0, 0), (3, 4), (10, 7)):
        rect = camera.tile_rect(pos)
        for point in (rect.center, rect.topleft, (rect.right - 1, rect.bottom - 1)):
            if camera.viewport.collidepoint(point):
                assert camera.sector_at(point, (24, 18)) == pos
    assert camera.sector_at((2000, 2000), (24, 18)) is None


def test_show_pans_just_enough() -> None:
    camera = Camera((1536, 1152), pygame.Rect(0, 48, 980, 608))
    camera.show((1400, 1000))
    sx, sy = camera.to_screen((1400, 1000))
    assert camera.viewport.inflate(-96, -96).collidepoint(sx, sy) or camera.x == 1536 - 980


def test_resizing_keeps_the_centre() -> None:
    camera = Camera((1536, 1152), pygame.Rect(0, 48, 980, 608))
    camera.centre_on((700, 600))
    camera.set_viewport(pygame.Rect(0, 48, 700, 500))
    assert abs(camera.x + 350 - 700) <= 1 and abs(camera.y + 250 - 600) <= 1


def test_a_glide_brings_both_points_into_view_smoothly_and_a_pan_cancels_it() -> None:
    camera = Camera((1536, 1152), pygame.Rect(0, 48, 980, 608))
    camera.glide_to_show((1300, 1000), (1100, 900))
    assert camera.goal is not None and (camera.x, camera.y) == (0, 0)
    camera.update(1 / 60)
    assert 0 < camera.x < camera.goal[0]  # on its way, not there at once
    for _ in range(120):
        camera.update(1 / 60)
    assert camera.goal is None
    for point in ((1300, 1000), (1100, 900)):
        assert camera.viewport.collidepoint(camera.to_screen(point))
    camera.glide_to_show((0, 0))
    camera.pan(5, 0)
    assert camera.goal is None
