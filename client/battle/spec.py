"""What a battle scene is started with, and starting one from a map file.

A :class:`BattleSpec` is everything but the dice: the loaded map and its pre-rendered art, who
commands each team, the setup actually played (hot-seat may change the flag mode). "Play
again" starts a new scene from the same spec with a new seed.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from client.battle.opponent import resolve_level
from client.battle.session import HUMAN
from client.battle.setup_override import with_flag_mode
from client.render.map_layers import MapArt, load_map_art
from client.settings import Settings
from client.tiled import LoadedMap
from rules.tactics.setup import BattleSetup, Mode


@dataclass(frozen=True)
class BattleSpec:
    loaded: LoadedMap
    art: MapArt
    setup: BattleSetup
    controllers: dict[int, str]
    map_path: Path | None = None


def map_ai_level(loaded: LoadedMap) -> str | None:
    """The mission's own AI level from its ``ai`` map property; None means the Settings difficulty."""
    value = loaded.tiled.properties.get("ai")
    return str(value) if value and value != "default" else None


def load_spec(
    path: Path, settings: Settings, hotseat: bool = False, flag_mode: int | None = None
) -> BattleSpec:
    """Load and pre-render ``path`` (MapError if it does not validate) and decide who plays."""
    loaded, art = load_map_art(path)
    setup = loaded.setup
    if hotseat or setup.mode is Mode.PVP:
        controllers = {1: HUMAN, 2: HUMAN}
        setup = with_flag_mode(setup, flag_mode)
    else:
        controllers = {1: HUMAN, 2: resolve_level(settings.ai_level, map_ai_level(loaded))}
    return BattleSpec(loaded, art, setup, controllers, path)
