"""Where the game's shipped files are: the maps (with tilesets and the Tiled project) and the art.

They are the packages ``runetide_maps`` (the repository's ``maps/`` folder) and
``runetide_assets`` (``assets/``), as pyproject.toml maps them, found with importlib.resources:
a wheel carries them into site-packages, and the editable install that ``dev.py`` makes points them at
the checkout's folders, so a map saved in Tiled is what the game shows. No client module works
out where these folders are from its own ``__file__``.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

MAPS_PACKAGE = "runetide_maps"
ASSETS_PACKAGE = "runetide_assets"


class ResourceError(RuntimeError):
    """A shipped file or folder cannot be found: the installation is incomplete."""


def package_folder(package: str) -> Path:
    """The folder on disk holding the data package ``package``.

    pygame and pytmx open files by name, so the package must be a real folder (a wheel
    installed by pip is; a zipped import is not supported).
    """
    try:
        folder = resources.files(package)
    except ModuleNotFoundError:
        raise ResourceError(
            f"the game's {package} package is not installed; reinstall runetide "
            "(in a checkout: python3 dev.py test sets .venv up again)"
        ) from None
    if not isinstance(folder, Path) or not folder.is_dir():
        raise ResourceError(f"the game's {package} package is not a folder on disk ({folder})")
    return folder


def maps_dir() -> Path:
    """The folder of the shipped maps (``maps/`` in a checkout)."""
    return package_folder(MAPS_PACKAGE)


def assets_dir() -> Path:
    """The folder of the shipped art (``assets/`` in a checkout)."""
    return package_folder(ASSETS_PACKAGE)


def shipped_maps() -> list[Path]:
    """Every shipped ``.tmx`` map, by file name."""
    return sorted(maps_dir().glob("*.tmx"))


def shipped_name(path: str | Path) -> str | None:
    """``path`` as a name relative to the shipped maps folder ("tutorial.tmx"), or None when the
    file is not one of the shipped maps' folder."""
    try:
        return Path(path).resolve().relative_to(maps_dir().resolve()).as_posix()
    except ValueError:
        return None
