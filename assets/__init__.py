"""The game's art as the package ``runetide_assets`` (pyproject.toml maps this folder to that name).

Being a package lets a wheel carry the sprites and lets the game find them with
importlib.resources (see :mod:`client.resources`) wherever it is installed.
"""
