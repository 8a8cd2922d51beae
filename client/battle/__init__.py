"""The tactical battle scene and what it is made of: the session (state, dice, record), the
player's controls, the AI opponent's worker, the combat log and the end-of-battle overlay.

Drawing lives in :mod:`client.render`; the rules in :mod:`rules.tactics`.
"""
