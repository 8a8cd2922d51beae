"""Package list for setuptools; everything else about the distribution is in pyproject.toml.

pyproject.toml alone cannot combine package discovery (every ``client`` and ``rules``
subpackage, found anew on each build) with the two data packages whose folders are named
differently from their packages (``maps/`` is ``runetide_maps``, ``assets/`` is
``runetide_assets``), so the list is made here.
"""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["rules*", "client*"]), "runetide_maps", "runetide_assets"])
