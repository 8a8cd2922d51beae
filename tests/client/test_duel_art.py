"""Every duel card and hero has its picture, and the committed PNGs are what tools/make_card_art.py draws."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from client.duel.art import missing_duel_art, picture
from rules.duel.catalog import default_duel_catalog

ROOT = Path(__file__).resolve().parents[2]


def test_every_card_and_hero_has_a_picture() -> None:
    cat = default_duel_catalog()
    assert missing_duel_art([*cat.creatures, *cat.spells], cat.heroes) == []
    assert picture(sorted(cat.creatures)[0], 96).get_size() == (96, 96)


def test_the_committed_pictures_are_what_the_tool_draws(tmp_path: Path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run(
        [sys.executable, "tools/make_card_art.py", "--check"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr


def test_the_wheel_ships_the_pictures() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"sprites/cards/*.png"' in text and '"sprites/heroes/*.png"' in text
