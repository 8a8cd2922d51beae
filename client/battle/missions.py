"""The shipped maps as the menus list them: name, objective, battle feature, armies.

Maps are read with :func:`client.tiled.load_setup`; a map that does not load is still listed,
with its MapError, so a broken file never hides the others.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from client.i18n import language, tr, tr_count, unit_name
from client.tiled import MapError, load_setup
from rules.tactics.catalog import default_catalog
from rules.tactics.setup import Army, BattleSetup, Mode, Objective


@dataclass(frozen=True)
class MapEntry:
    path: Path
    setup: BattleSetup | None
    error: str | None = None

    @property
    def name(self) -> str:
        """The map's title in the current language (``name_ru`` ...), else ``name``, else its file name."""
        title = self.setup.title(language()) if self.setup else ""
        return title or self.path.stem.replace("_", " ").title()


def army_strength(army: Army) -> float:
    catalog = default_catalog()
    return sum(s.count * catalog.unit(s.unit).hp * float(catalog.level_coef(s.level)) for s in army)


def scan_maps(folder: Path, mode: Mode) -> list[MapEntry]:
    """Every .tmx map in ``folder`` of ``mode`` (broken maps included), easiest enemy first."""
    entries = []
    for path in sorted(folder.glob("*.tmx")):
        try:
            setup = load_setup(path)
        except MapError as exc:
            entries.append(MapEntry(path, None, str(exc)))
            continue
        if setup.mode is mode:
            entries.append(MapEntry(path, setup))
    return sorted(entries, key=lambda e: (e.setup is None, army_strength(e.setup.army(2)) if e.setup else 0))


def objective_text(setup: BattleSetup) -> str:
    """The objective in a sentence (T-END-1, T-FLAG, T-EXIT)."""
    target = setup.objective_target or 0
    if setup.objective is Objective.FLAGS:
        if setup.mode is Mode.PVP:
            if setup.flag_mode == 2:
                return tr_count("objective.flags_mode_2", len(setup.flags))
            per_team = target or sum(1 for f in setup.flags if f.team == 1)
            return tr_count("objective.flags_mode_1", per_team)
        return tr_count("objective.flags", target or sum(1 for f in setup.flags if f.team in (1, None)))
    if setup.objective is Objective.EXIT:
        return tr_count("objective.exit", target) if target else tr("objective.exit_all")
    return tr("objective.annihilation") if setup.mode is Mode.MISSION else tr("objective.pvp")


def army_lines(army: Army) -> list[str]:
    catalog = default_catalog()
    lines = []
    for spec in army:
        name = unit_name(catalog.unit(spec.unit))
        if spec.level > 1:
            lines.append(tr("army.entry_level", count=spec.count, name=name, level=spec.level))
        else:
            lines.append(tr("army.entry", count=spec.count, name=name))
    return lines
