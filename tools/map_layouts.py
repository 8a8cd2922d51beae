"""ASCII layouts of the shipped maps, written to .tmx by ``tools/make_maps.py``.

terrain: ``.`` grass ``,`` meadow ``d`` dirt ``s`` sand ``f`` stone floor ``p`` deck planks ``r`` road
``~`` water ``=`` bridge ``H`` ship hull; obstacles over the ground: ``^`` rock ``T`` tree ``#`` wall.
things: ``t`` trap ``v`` revealed trap, runes ``D`` damage ``P`` phys. defense
``M`` mag. defense ``O`` dodge ``C`` crit, flags ``F`` team 1 (red) ``B`` team 2 (blue) ``S`` shared,
``c`` chest ``x`` barricade.
zones: (x, y, width, height, kind, properties, name) rectangles in sectors.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Layout:
    file: str
    props: dict[str, object]
    terrain: list[str]
    things: list[str]
    zones: list[tuple[int, int, int, int, str, dict[str, object], str]]
    under: str = field(default="grass")  # ground beneath obstacles


def drop(x: int, y: int, w: int, h: int, team: str, zone_type: str, name: str):
    return (x, y, w, h, "drop_zone", {"team": team, "zone_type": zone_type}, name)


def exit_zone(x: int, y: int, w: int, h: int, team: str, name: str):
    return (x, y, w, h, "exit_zone", {"team": team}, name)


def blank(width: int, height: int) -> list[str]:
    return ["." * width] * height


ARENA_ARMY = "swordsman:10:1, archer:8:1, mage:6:1, assassin:6:1"

MAPS = [
    Layout(
        "tutorial.tmx",
        {
            "name": "First Blood",
            "name_ru": "Первая кровь",
            "mode": "mission",
            "objective": "annihilation",
            "feature": "none",
            "enemy_army": "goblin:8:1, skeleton_archer:6:1",
        },
        [
            "..T.....T.",
            ".....,....",
            "dddd..~~..",
            "..dddd~~..",
            ".....dddd.",
            "..^.......",
            ".....T....",
            ".T......^.",
        ],
        ["..........", "....c.....", *blank(10, 6)],
        [drop(0, 2, 2, 4, "1", "2", "your landing"), drop(8, 3, 2, 2, "2", "2", "goblin camp")],
    ),
    Layout(
        "banner_hunt.tmx",
        {
            "name": "Banner Hunt",
            "name_ru": "Охота за флагами",
            "mode": "mission",
            "objective": "flags",
            "objective_target": 0,
            "feature": "escalation",
            "enemy_army": "goblin:22:1, orc_brute:11:1, shaman:9:1",
        },
        [
            "..T....~~..T..",
            ".......~~.....",
            "..,....==..^..",
            ".......~~.....",
            "dddddd.~~.....",
            ".....dd==dddd.",
            "..^....~~...d.",
            ".......~~..,d.",
            ".T.....==.....",
            ".......~~..T..",
        ],
        ["..............", "....F.......F.", *blank(14, 5), "..........F...", *blank(14, 2)],
        [drop(0, 4, 2, 4, "1", "2", "your landing"), drop(11, 3, 3, 2, "2", "2", "raider camp")],
    ),
    Layout(
        "breakout.tmx",
        {
            "name": "Breakout",
            "name_ru": "Прорыв",
            "mode": "mission",
            "objective": "exit",
            "objective_target": 0,
            "feature": "magical",
            "feature_x": -20,
            "round_limit": 15,
            "enemy_army": "orc_brute:9:1, troll:3:1, skeleton_archer:12:1, wisp:9:1",
        },
        [
            "################",
            "#ffff#.....T...r",
            "#ffff#.........r",
            "#ffff..^.....ddr",
            "#ffff#....,..ddr",
            "#ffff#...T...ddr",
            "######....^..ddr",
            ".........##...dr",
            ".T...........ddr",
            "....^....T....dr",
            ".......,.......r",
            "..T.....^.....Tr",
        ],
        [
            *blank(16, 6),
            "............t...",
            "................",
            "................",
            ".......O........",
            *blank(16, 2),
        ],
        [
            drop(1, 1, 2, 5, "1", "1", "cells (ranged)"),
            drop(3, 1, 2, 5, "1", "3", "cells (melee)"),
            drop(9, 2, 3, 2, "2", "2", "guard post"),
            drop(10, 8, 3, 2, "2", "2", "yard patrol"),
            exit_zone(15, 2, 1, 8, "1", "the east road"),
        ],
    ),
    Layout(
        "smugglers_cove.tmx",
        {
            "name": "Smugglers' Cove",
            "name_ru": "Бухта контрабандистов",
            "mode": "mission",
            "objective": "annihilation",
            "feature": "random",
            "enemy_army": "goblin:26:2, wisp:13:1, skeleton_archer:17:1, troll:4:1",
        },
        [
            "~~~~~~~~~~~~~~~~~~",
            "~~~ssss~~~~~~~~~~~",
            "~~ssssssss~~HHHHH~",
            "~sss^ssssss~HpppH~",
            "~ss..Tsssss==pppH~",
            "ss....ssssss~pppH~",
            "s..,...sssss~pppH~",
            "s.T....^ssss==ppH~",
            "ss.....ssss~~pppH~",
            "~s..T..sss~~~HHHH~",
            "~ss....ss~~~~~~~~~",
            "~~ss..sss~~~~~~~~~",
            "~~~sssss~~~~~~~~~~",
            "~~~~~~~~~~~~~~~~~~",
        ],
        [
            "..................",
            "..................",
            "....O....c........",
            "..................",
            "........P..t......",
            "..................",
            "....D.....C.......",
            ".........v.....c..",
            "........t.....c...",
            "......M...........",
            "..................",
            "..c..t............",
            "..................",
            "..................",
        ],
        [drop(1, 4, 2, 3, "1", "2", "landing beach"), drop(13, 3, 3, 3, "2", "2", "smugglers' deck")],
    ),
    Layout(
        "ballista_ridge.tmx",
        {
            "name": "Ballista Ridge",
            "name_ru": "Гряда баллист",
            "mode": "mission",
            "objective": "annihilation",
            "feature": "physical",
            "feature_x": 20,
            "round_limit": 25,
            "enemy_army": "skeleton_archer:18:2, ballista:5:1, catapult:4:1, storm_totem:4:1",
        },
        [
            "..T....^^....T.....T....",
            "........................",
            "...dddddddddddddddddd...",
            "........................",
            ".T......,.......,....T..",
            "........................",
            "....^^..........^^......",
            "rrrrrrrrrrrrrrrrrrrrrrrr",
            "..........~~~~..........",
            "...T......~~~~.....T....",
            "..........====..........",
            "....^^....~~~~..^^......",
            "rrrrrrrrrrrrrrrrrrrrrrrr",
            "........................",
            ".T...,.........,......T.",
            "........................",
            "........................",
            "..T........^^.......T...",
        ],
        [
            *blank(24, 5),
            "....xxx...xxxx...xxx....",
            *blank(24, 3),
            "..C..................D..",
            *blank(24, 3),
            "...xx....xx...xx....xx..",
            *blank(24, 4),
        ],
        [
            drop(6, 1, 12, 2, "2", "1", "ridge batteries"),
            drop(4, 15, 16, 1, "1", "3", "front line (melee)"),
            drop(4, 16, 16, 1, "1", "1", "rear line (ranged)"),
        ],
    ),
    Layout(
        "arena_red_blue.tmx",
        {
            "name": "Red and Blue",
            "name_ru": "Красные и синие",
            "mode": "pvp",
            "objective": "flags",
            "objective_target": 0,
            "flag_mode": "1",
            "feature": "none",
            "player_army": ARENA_ARMY,
            "enemy_army": ARENA_ARMY,
        },
        [
            "..T.......T...",
            "......^.......",
            "..............",
            "....,....^....",
            "...^....~~....",
            "....~~....^...",
            "....^.........",
            ".......,......",
            "..............",
            "...T.......T..",
        ],
        [
            "..............",
            "...B......F...",
            "..............",
            "..............",
            "..............",
            "..............",
            "..B........F..",
            "..............",
            "....B....F....",
            "..............",
        ],
        [drop(0, 3, 2, 4, "1", "2", "red camp"), drop(12, 3, 2, 4, "2", "2", "blue camp")],
    ),
    Layout(
        "arena_crown_field.tmx",
        {
            "name": "Crown Field",
            "name_ru": "Поле короны",
            "mode": "pvp",
            "objective": "flags",
            "objective_target": 0,
            "flag_mode": "2",
            "feature": "escalation",
            "player_army": ARENA_ARMY,
            "enemy_army": ARENA_ARMY,
        },
        [
            ".T....,....,..T.",
            "................",
            "...^........^...",
            ".....ffffff.....",
            "....ff....ff....",
            "....f..ff..f....",
            "....f..ff..f....",
            "....ff....ff....",
            ".....ffffff.....",
            "...^........^...",
            "................",
            ".T..,......,..T.",
        ],
        [
            "................",
            ".......S........",
            "................",
            "................",
            "........P.......",
            "..S....S........",
            "........S....S..",
            ".......D........",
            "................",
            "................",
            "........S.......",
            "................",
        ],
        [drop(0, 4, 2, 4, "1", "2", "west gate"), drop(14, 4, 2, 4, "2", "2", "east gate")],
    ),
    Layout(
        "arena_pit.tmx",
        {
            "name": "The Pit",
            "name_ru": "Яма",
            "mode": "pvp",
            "objective": "annihilation",
            "feature": "none",
            "player_army": ARENA_ARMY,
            "enemy_army": ARENA_ARMY,
        },
        [
            "..T..........T..",
            "......^..^......",
            "..^..........^..",
            ".......,,.......",
            "....~~....~~....",
            "....~~....~~....",
            ".......,,.......",
            "..^..........^..",
            "......^..^......",
            "..T..........T..",
        ],
        [
            "................",
            "................",
            "................",
            "........O.......",
            ".......D........",
            "........D.......",
            ".......O........",
            "................",
            "................",
            "................",
        ],
        [drop(0, 3, 2, 4, "1", "2", "west pen"), drop(14, 3, 2, 4, "2", "2", "east pen")],
    ),
]
