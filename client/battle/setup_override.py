"""How a battle's setup may differ from its map's, and applying that difference again.

Hot-seat lets the players pick the flag mode of a PvP flags map (P-MODE-3); that choice is the
only change a battle makes to the setup its map gives. A replay records it (see
:mod:`rules.tactics.replay`) and :func:`apply_flag_mode` rebuilds the played setup from the
map's when the replay is loaded. No pygame here: ``runetide replay --verify`` runs headless.
"""

from __future__ import annotations

from dataclasses import replace

from rules.tactics.setup import BattleSetup, Flag, Mode, Objective


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


def flag_mode_override(map_setup: BattleSetup, played: BattleSetup) -> int | None:
    """The flag mode to record for a battle played with ``played`` on a map giving ``map_setup``.

    None when the battle played the map as it is. ValueError when ``played`` is not the map's
    setup with some flag mode: a replay could not rebuild it.
    """
    if played == map_setup:
        return None
    if played.flag_mode in (1, 2) and with_flag_mode(map_setup, played.flag_mode) == played:
        return played.flag_mode
    raise ValueError("the battle's setup is not its map's (nor the map's with another flag mode)")


def apply_flag_mode(map_setup: BattleSetup, flag_mode: int | None) -> BattleSetup:
    """The setup a replay was played with: the map's, in the recorded flag mode (None: as the map says).

    ValueError when the map cannot be played in that mode (not a PvP flags map any more).
    """
    if flag_mode is None or flag_mode == map_setup.flag_mode:
        return map_setup
    if map_setup.mode is not Mode.PVP or map_setup.objective is not Objective.FLAGS:
        raise ValueError(f"the replay plays flag mode {flag_mode}, but its map is no longer a PvP flags map")
    return with_flag_mode(map_setup, flag_mode)
