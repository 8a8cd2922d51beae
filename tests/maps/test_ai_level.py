"""The map property ``ai`` offers exactly the AI levels the game has, and reaches the battle."""

from pathlib import Path

from client.battle.spec import map_ai_level
from client.tiled import load_map
from client.tiled.schema import AI_LEVEL, map_prop
from rules.core.players import LEVELS
from rules.tactics.ai import player_names

ROOT = Path(__file__).resolve().parents[2]


def test_ai_levels_match_the_players():
    assert AI_LEVEL.values == ("default", *LEVELS, *player_names())
    assert map_prop("ai").default == "default"


def test_a_map_without_ai_uses_the_settings_difficulty():
    assert map_ai_level(load_map(ROOT / "maps" / "tutorial.tmx")) is None


def test_a_map_can_set_the_mobs_level(tmp_path):
    text = (ROOT / "maps" / "tutorial.tmx").read_text()
    text = text.replace(
        '<property name="name"',
        '<property name="ai" propertytype="AiLevel" value="greedy"/>\n  <property name="name"',
        1,
    )
    (tmp_path / "tilesets").symlink_to(ROOT / "maps" / "tilesets")
    path = tmp_path / "tutorial.tmx"
    path.write_text(text)
    assert map_ai_level(load_map(path)) == "greedy"
