"""Tiled maps -> :class:`rules.tactics.setup.BattleSetup`, with no display needed.

``load_setup(path)`` reads a ``.tmx`` file made in Tiled (1.8 or later) and returns
the battle setup, or raises one :class:`MapError` naming the file, the layer, the
object and what to fix. ``validate_map(path)`` returns every problem instead of the
first. The map vocabulary (object kinds, properties, defaults) is in
:mod:`client.tiled.schema`; the rules for sharing sectors in :mod:`client.tiled.sharing`.

Pipeline: :mod:`~client.tiled.xmlcheck` pre-checks the XML (entity bombs, templates,
infinite maps, encodings, ragged data, tile ids, missing files), pytmx parses it
(``pytmx.TiledMap`` with an image loader that only checks files exist), and
:mod:`~client.tiled.build` turns the result into a setup. Nothing but MapError escapes.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import pytmx

from client.tiled.build import Builder
from client.tiled.errors import MapError, Problems
from client.tiled.values import RGBA, ValueProblem, parse_color
from client.tiled.xmlcheck import check_map
from rules.tactics.catalog import Catalog, default_catalog
from rules.tactics.setup import BattleSetup

INTERNAL = "internal error while reading the map"
__all__ = ["LoadedMap", "MapError", "load_map", "load_setup", "parse_color", "validate_map"]


@dataclass(frozen=True)
class LoadedMap:
    """A loaded map: the rules' setup plus what a renderer needs from the Tiled file."""

    setup: BattleSetup
    tiled: pytmx.TiledMap
    background: RGBA | None


def _missing_file_loader(file_label: str):
    """An image loader for pytmx that loads nothing and only insists that the file exists."""

    def loader(filename: str, colorkey=None, **kwargs):
        if not os.path.isfile(filename):
            raise MapError(
                file_label, f"image file {os.path.basename(filename)!r} not found (looked at {filename})"
            )

        def load(rect=None, flags=None):
            return filename, rect, flags

        return load

    return loader


def _read(path: str | Path, catalog: Catalog | None, image_loader) -> tuple[Problems, LoadedMap | None]:
    path = Path(path)
    label = str(path)
    problems = Problems(label)
    try:
        checked = check_map(path, label)
        tmap = pytmx.TiledMap(
            str(path),
            image_loader=image_loader or _missing_file_loader(label),
            allow_duplicate_names=True,  # author properties such as 'name' or 'visible' are fine
        )
    except MapError as exc:
        problems.errors.append(exc)
        return problems, None
    except Exception as exc:  # pytmx raises bare Exception/ValueError/KeyError...
        problems.add(
            f"Tiled map could not be read ({type(exc).__name__}: {exc}); open and re-save it in Tiled"
        )
        return problems, None
    try:
        setup = Builder(tmap, checked, problems, catalog or default_catalog()).build()
        background = parse_color(tmap.background_color) if tmap.background_color else None
    except MapError as exc:
        problems.errors.append(exc)
        return problems, None
    except ValueProblem as exc:
        problems.add(f"map background colour {exc}")
        return problems, None
    except Exception as exc:  # a loader bug must not crash the game; the fuzz test keeps this unused
        problems.add(f"{INTERNAL} ({type(exc).__name__}: {exc}); please report it with the map file")
        return problems, None
    if setup is None:
        return problems, None
    return problems, LoadedMap(setup, tmap, background)


def validate_map(path: str | Path, catalog: Catalog | None = None) -> list[MapError]:
    """Every problem of a map (empty when it is playable)."""
    return _read(path, catalog, None)[0].errors


def load_map(path: str | Path, catalog: Catalog | None = None, image_loader=None) -> LoadedMap:
    """Load a map for play; ``image_loader`` is pytmx's (e.g. ``pytmx.util_pygame.pygame_image_loader``)."""
    problems, loaded = _read(path, catalog, image_loader)
    problems.raise_first()
    assert loaded is not None
    return loaded


def load_setup(path: str | Path, catalog: Catalog | None = None) -> BattleSetup:
    """The :class:`BattleSetup` of a Tiled map, or :class:`MapError` with the first problem."""
    return load_map(path, catalog).setup
