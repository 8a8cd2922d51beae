"""The map vocabulary: object kinds, their properties and defaults, the map's properties, enums.

This is the one source of truth for the loader and for the Tiled project file
(``maps/runetide.tiled-project`` and ``maps/objecttypes.xml`` are written from it
by ``tools/make_project.py``; a test checks they agree). Tiled does not write a
property the author left at its type's default, so the loader applies the same
defaults as the project: what Tiled shows is what the game reads.
"""

from __future__ import annotations

from dataclasses import dataclass

from client.i18n import DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES
from rules.tactics.setup import FeatureKind, Mode, Objective, RuneKind


@dataclass(frozen=True, slots=True)
class Enum:
    """A Tiled enum property type (stored as a string)."""

    name: str
    values: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Prop:
    """One property: Tiled type (bool, int, string or an :class:`Enum`), default, help text.

    ``default`` None means required: the map must set it.
    """

    name: str
    type: str | Enum
    default: object
    help: str
    lo: int | None = None
    hi: int | None = None


RUNE_KIND = Enum("RuneKind", tuple(k.value for k in RuneKind))
TEAM = Enum("Team", ("1", "2"))
FLAG_TEAM = Enum("FlagTeam", ("1", "2", "shared"))
ZONE_TYPE = Enum("ZoneType", ("1", "2", "3"))
MODE = Enum("Mode", tuple(m.value for m in Mode))
OBJECTIVE = Enum("Objective", tuple(o.value for o in Objective))
FEATURE = Enum("Feature", tuple(f.value for f in FeatureKind))
FLAG_MODE = Enum("FlagMode", ("none", "1", "2"))
AI_LEVEL = Enum(
    "AiLevel", ("default", "easy", "normal", "hard", "random", "casual", "greedy", "lookahead", "deep")
)
ENUMS = (RUNE_KIND, TEAM, FLAG_TEAM, ZONE_TYPE, MODE, OBJECTIVE, FEATURE, FLAG_MODE, AI_LEVEL)


@dataclass(frozen=True, slots=True)
class Kind:
    """A map object kind: its Tiled type/class name, editor colour and properties."""

    name: str
    color: str
    help: str
    props: tuple[Prop, ...] = ()

    def prop(self, name: str) -> Prop | None:
        return next((p for p in self.props if p.name == name), None)


KINDS: dict[str, Kind] = {
    k.name: k
    for k in (
        Kind(
            "trap",
            "#ff202020",
            "one-shot trap, 430-530 pure damage (T-TRAP)",
            (Prop("revealed", "bool", False, "shown to both teams; traps are hidden by default"),),
        ),
        Kind(
            "rune",
            "#ff9b4fd8",
            "rune circle: a permanent aura for each squad stepping on it (T-RUNE)",
            (Prop("kind", RUNE_KIND, "damage", "which parameter the aura raises"),),
        ),
        Kind(
            "drop_zone",
            "#ffe0a020",
            "landing sectors where a team's squads start (T-LAND)",
            (
                Prop("team", TEAM, "1", "1 = player / PvP player 1, 2 = mobs / PvP player 2"),
                Prop(
                    "zone_type", ZONE_TYPE, "2", "1 = ranged units only, 2 = all units, 3 = melee units only"
                ),
            ),
        ),
        Kind(
            "exit_zone",
            "#ff20c060",
            "exit sectors the team must fill to win an exit mission (T-EXIT)",
            (Prop("team", TEAM, "1", "the team these sectors react to"),),
        ),
        Kind(
            "flag",
            "#ffd02828",
            "one-shot flag to collect (T-FLAG)",
            (
                Prop(
                    "team", FLAG_TEAM, "1", "1 = red (player / PvP 1), 2 = blue (PvP 2), shared = PvP mode 2"
                ),
            ),
        ),
        Kind("chest", "#ffb07830", "one-shot chest: a random bonus paid on victory (T-CHEST)"),
        Kind(
            "barricade",
            "#ff8a5a2a",
            "destructible object that blocks its sector (T-DATA-4)",
            (Prop("hp", "int", 0, "hit points; 0 = the catalog's barricade HP", lo=0, hi=100000),),
        ),
    )
}

# A map's title in another language is the property ``name_<lang>`` (``name_ru``); ``name`` is the
# title in English and in every language the map gives none for.
TITLE_PREFIX = "name_"
TITLE_LANGUAGES = tuple(lang for lang in LANGUAGES if lang != DEFAULT_LANGUAGE)

MAP_PROPS: tuple[Prop, ...] = (
    Prop("name", "string", "", "the mission's title shown to the player"),
    *(
        Prop(f"{TITLE_PREFIX}{lang}", "string", "", f"the title in {LANGUAGE_NAMES[lang]}; empty = 'name'")
        for lang in TITLE_LANGUAGES
    ),
    Prop("mode", MODE, "mission", "mission (against mobs) or pvp (arena / hot-seat)"),
    Prop("objective", OBJECTIVE, "annihilation", "annihilation, flags or exit (T-END-1)"),
    Prop("objective_target", "int", 0, "flags or exit sectors to reach; 0 = the spec default", lo=0, hi=1000),
    Prop("feature", FEATURE, "none", "battle feature (T-FEAT-1)"),
    Prop("feature_x", "int", 0, "X in percent for the physical/magical feature", lo=-100, hi=100),
    Prop("round_limit", "int", 0, "rounds before the battle ends; 0 = the catalog's R_max", lo=0, hi=1000),
    Prop("flag_mode", FLAG_MODE, "none", "PvP flags: 1 = own red/blue flags, 2 = shared red flags"),
    Prop(
        "enemy_army",
        "string",
        None,
        "team 2's army: 'unit:count:level, ...' e.g. 'goblin:12:1, orc_brute:6:2'",
    ),
    Prop("player_army", "string", "", "team 1's army in the same format; empty = the starter army"),
    Prop("ai", AI_LEVEL, "default", "the mobs' AI level; default = the difficulty chosen in Settings"),
)

# Attributes pytmx copies from a tile into the objects placed from it; never author properties.
TILE_ATTRIBUTES = frozenset(
    {
        "id",
        "type",
        "class",
        "probability",
        "width",
        "height",
        "frames",
        "source",
        "trans",
        "colliders",
        "x",
        "y",
    }
)


def map_prop(name: str) -> Prop:
    return next(p for p in MAP_PROPS if p.name == name)
