"""The shipped maps as the package ``runetide_maps`` (pyproject.toml maps this folder to that name).

The folder stays at the repository's top level so map authors open it in Tiled; being a package
lets a wheel carry the maps, their tilesets and the Tiled project, and lets the game find them
with importlib.resources (see :mod:`client.resources`) wherever it is installed.
"""
