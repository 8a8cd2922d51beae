"""The headless AI-vs-AI simulators of the three games, on one shape.

:mod:`client.sim.schedule` lays games out in mirrored pairs (games 2k and 2k+1 are the same battle
with the AIs' sides swapped) and plays them in worker processes; :mod:`client.sim.summary` turns
the per-game records into one summary with the same keys for every game; :mod:`client.sim.flags`
holds the command-line flags the three commands share. The games' own parts (what one game is,
how it is played, its extra figures) are :mod:`client.sim.tactics`, :mod:`client.sim.duel` and
:mod:`client.sim.skirmish`; the statistics themselves are :mod:`rules.core.stats`.
"""
