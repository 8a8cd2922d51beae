"""The client runs on pygame-ce, and plain pygame is not installed beside it (they share a module name)."""

from __future__ import annotations

from importlib import metadata

import pytest


def test_pygame_is_the_community_edition() -> None:
    import pygame

    assert getattr(pygame, "IS_CE", False), "pygame here is not pygame-ce"
    assert metadata.distribution("pygame-ce").version.startswith("2.5.")


def test_plain_pygame_is_not_installed() -> None:
    # pytmx[pygame] or a stray `pip install pygame` would overwrite pygame-ce's files.
    with pytest.raises(metadata.PackageNotFoundError):
        metadata.distribution("pygame")
