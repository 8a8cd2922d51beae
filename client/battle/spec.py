"""What a battle scene is started with, and starting one from a map file.

A :class:`BattleSpec` is everything but the dice: the loaded map and its pre-rendered art, who
commands each team, the setup actually played (hot-seat may change the flag mode). "Play
again" starts a new scene from the same spec with a new seed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from client.battle.opponent import resolve_level
from client.battle.session import HUMAN
from client.render.map_layers import MapArt, load_map_art
from client.settings import Settings
from client.tiled import LoadedMap
from rules.tactics.setup import BattleSetup, Flag, Mode, Objective


@dataclass(frozen=True)
class BattleSpec:
    loaded: LoadedMap
    art: MapArt
    setup: BattleSetup
    controllers: dict[int, str]
    map_path: Path | None = None

    @property
    def hotseat(self) -> bool:
        return all(c == HUMAN for c in self.controllers.values())


def map_ai_level(loaded: LoadedMap) -> str | None:
    """The mission's own AI level from its ``ai`` map property; None means the Settings difficulty."""
    value = loaded.tiled.properties.get("ai")
    return str(value) if value and value != "default" else None


def with_flag_mode(setup: BattleSetup, flag_mode: int | None) -> BattleSetup:
    """A PvP flags setup played in ``flag_mode`` 1 (own flags) or 2 (shared red flags).

    Mode 2 makes every flag shared. Mode 1 from shared flags gives each flag to the team whose
    landing zone is farther from it (ties alternate), so both sides must cross the field.
    """
    if flag_mode is None or setup.objective is not Objective.FLAGS or setup.mode is not Mode.PVP:
        return setup
    if flag_mode == setup.flag_mode:
        return setup
    if flag_mode == 2:
        flags = tuple(Flag(f.pos, None) for f in setup.flags)
        return replace(setup, flag_mode=2, flags=flags, objective_target=None)
    centres = {}
    for team in (1, 2):
        sectors = [d.pos for d in setup.drop_zones if d.team == team] or [(0, 0)]
        centres[team] = (sum(p[0] for p in sectors) / len(sectors), sum(p[1] for p in sectors) / len(sectors))
    owned = []
    for i, flag in enumerate(sorted(setup.flags, key=lambda f: f.pos)):
        far = [((flag.pos[0] - c[0]) ** 2 + (flag.pos[1] - c[1]) ** 2, team) for team, c in centres.items()]
        d1, d2 = far[0][0], far[1][0]
        team = 1 if d1 > d2 else 2 if d2 > d1 else 1 + i % 2
        owned.append(Flag(flag.pos, team))
    return replace(setup, flag_mode=1, flags=tuple(owned), objective_target=None)


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
