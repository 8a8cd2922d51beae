"""The hero card duel (spec: duel.md): catalog, state, actions, events, engine, per-player view, AI.

Same shape as :mod:`rules.tactics`: ``legal_actions`` / ``check`` / ``apply(state, action, rng)``
in :mod:`rules.duel.engine`, frozen actions and events, ``DuelState.clone()``, exact numbers.
A player (human screen or AI) only ever sees :func:`rules.duel.view.view` of the state.
"""
