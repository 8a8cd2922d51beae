"""Draw the hero duel's pictures: ``assets/sprites/cards/<card>.png``, ``assets/sprites/heroes/<hero>.png``.

Run ``SDL_VIDEODRIVER=dummy .venv/bin/python tools/make_card_art.py`` after changing a drawing
(``--check`` compares what it would draw with the committed files and exits 1 on a difference).
One picture per card id of rules/data/duel_cards.toml and per hero id of duel_heroes.toml, drawn
with the unit sprites' :class:`~make_sprites.Painter` on their 128 px canvas and outlined the same
way (the figures are in ``tools/card_art_figures.py``). Kept at 128 px: a card's picture window is
larger than a battle sprite. The background of the picture window is the card frame's, drawn by
the game (``client/duel/cards.py``), so the PNGs are the figure alone on transparency.
"""

from __future__ import annotations

import os
import sys
import tomllib
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))  # make_sprites, card_art_figures
OUT = ROOT / "assets" / "sprites"
DATA = ROOT / "rules" / "data"


def catalog_ids() -> tuple[list[str], list[str]]:
    """The card ids (creatures then magic) and hero ids of the duel's data files."""
    cards = tomllib.loads((DATA / "duel_cards.toml").read_text(encoding="utf-8"))
    heroes = tomllib.loads((DATA / "duel_heroes.toml").read_text(encoding="utf-8"))
    return [*cards["creatures"], *cards["spells"]], list(heroes["heroes"])


def draw(figure) -> pygame.Surface:
    from make_sprites import Painter, outlined

    painter = Painter()
    figure(painter)
    body, _team = outlined(painter, thickness=2)
    return body


def main(argv: list[str]) -> int:
    from card_art_figures import CARDS, HEROES

    check = "--check" in argv
    only = {a for a in argv if not a.startswith("--")}
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    card_ids, hero_ids = catalog_ids()
    missing = [i for i in card_ids if i not in CARDS] + [i for i in hero_ids if i not in HEROES]
    if missing:
        print(f"no drawing for: {', '.join(missing)}", file=sys.stderr)
        return 1
    differ = []
    for folder, ids, figures in (("cards", card_ids, CARDS), ("heroes", hero_ids, HEROES)):
        (OUT / folder).mkdir(parents=True, exist_ok=True)
        for art_id in ids:
            if only and art_id not in only:
                continue
            path = OUT / folder / f"{art_id}.png"
            image = draw(figures[art_id])
            if check:
                old = pygame.image.load(str(path)) if path.is_file() else None
                if old is None or pygame.image.tobytes(old.convert_alpha(), "RGBA") != pygame.image.tobytes(
                    image, "RGBA"
                ):
                    differ.append(str(path.relative_to(ROOT)))
                continue
            pygame.image.save(image, path)
            print(f"wrote {folder}/{art_id}.png")
    if differ:
        print("differs from the drawing: " + ", ".join(differ), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
