"""Runetide's game mechanics: pure Python, standard library only.

Nothing under ``rules`` imports pygame, pygame_gui, pytmx or the client; a test
enforces it. Dice come from an injected :class:`rules.rng.Rng`; numbers use the
exact helpers of :mod:`rules.numbers`.
"""
