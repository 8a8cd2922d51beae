"""Runetide's desktop program: the window, scenes and UI on top of the pure ``rules`` package.

pygame-ce, pygame-gui and pytmx are imported only under ``client``. Start it with
``python -m client`` (the ``runetide`` console script); see :mod:`client.__main__`.
"""

import os

# pygame prints a greeting on import; the game's own output should be the only thing on stdout.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
