"""Synthetic input for headless scene tests: clicks, key presses, mouse moves, and running frames.

Import as ``from tests.client.ui_events import click_at, press, hover, steps``.
"""

from __future__ import annotations

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


def until(app: App, condition, limit: int = 3000) -> int:
    """Run frames until ``condition()`` holds (fails after ``limit`` frames); returns the frames run."""
    for frame in range(limit):
        if condition():
            return frame
        app.step()
    raise AssertionError(f"condition not met after {limit} frames")
