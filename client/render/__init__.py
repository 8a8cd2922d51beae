"""Drawing for the battle scene: map layers pre-rendered once, sprites, tweens, popups, HUD panels.

Nothing here changes the rules' state; the :class:`~client.render.event_player.EventPlayer`
turns rule events into animations on its own :class:`~client.render.board_view.BoardView`.
"""
