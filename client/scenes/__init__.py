"""The game's screens, one module each, living on the :class:`client.app.SceneStack`.

The protocol and the transition values are in :mod:`client.scenes.base`.
"""
