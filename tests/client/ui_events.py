"""Synthetic input for headless scene tests: clicks, key presses, mouse moves, and running frames.

Import as ``from tests.client.ui_events import click_at, press, hover, steps``.
"""

from __future__ import annotations

import time

import pygame

from client.app import App


def click_at(pos: tuple[int, int], button: int = 1) -> None:
    """Queue a mouse click (press and release) at a screen position."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def press(key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))


def hover(pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def steps(app: App, n: int = 3) -> None:
    for _ in range(n):
        app.step()


def until(app: App, condition, limit: int = 3000, seconds: float = 30.0) -> int:
    """Run frames until ``condition()`` holds; returns the frames run.

    Fails once ``limit`` frames have run *and* ``seconds`` have passed: frames come as fast as
    the machine allows, so on a loaded machine the AI's worker thread may need more of them
    than on a quiet one, while a real hang still fails within the time.
    """
    start = time.monotonic()
    frame = 0
    while frame < limit or time.monotonic() - start < seconds:
        if condition():
            return frame
        app.step()
        frame += 1
    raise AssertionError(f"condition not met after {frame} frames and {seconds:.0f} s")
