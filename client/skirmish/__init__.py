"""The hero skirmish on screen (issue #22): the party and loadout screens' model, the battle scene,
its board view, event player, HUD and end overlay. The rules live in :mod:`rules.skirmish`."""
