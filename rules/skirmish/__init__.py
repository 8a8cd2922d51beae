"""The hero skirmish (spec: skirmish.md, with melee.md as its optional detailed melee resolver).

Same shape as :mod:`rules.tactics`: a static setup, a state with a cheap ``clone()``, frozen
actions and events, and an engine with ``legal_actions`` / ``check`` / ``apply``. Numbers
live in ``rules/data/skirmish_*.toml`` (:mod:`rules.skirmish.catalog`).
"""
