"""What a skirmish scene starts from: the map (loaded and pre-rendered like the tactical battle's), the
rules' setup built from the setup screen's choice, and who plays each side; "Play again" reuses it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from client.render.map_layers import MapArt, load_map_art
from client.skirmish.model import HUMAN, Choice
from client.tiled import LoadedMap, MapError
from rules.skirmish.setup import SkirmishSetup


class SpecError(ValueError):
    """The chosen map or parties cannot make a battle; the message says why, for people."""


@dataclass(frozen=True)
class SkirmishSpec:
    loaded: LoadedMap
    art: MapArt
    setup: SkirmishSetup
    controllers: dict[int, str]  # "human" or a skirmish AI's own name
    map_path: Path


def ai_name(level: str) -> str:
    """The skirmish AI that plays a Settings level (easy, normal, hard) or an AI's own name."""
    from rules.skirmish.ai import PLAYERS

    return PLAYERS.resolve(level if level in PLAYERS else "normal")


def load_skirmish_spec(choice: Choice) -> SkirmishSpec:
    """Load and pre-render the chosen map and build the setup; SpecError when either is refused."""
    try:
        loaded, art = load_map_art(choice.map_path)
    except MapError as exc:
        raise SpecError(f"{choice.map_path.name}: {exc}") from None
    try:
        setup = choice.setup(loaded.setup)
        from rules.rng import SeededRng
        from rules.skirmish.battle import new_battle

        new_battle(setup, SeededRng(0))  # the rules' own checks (room to deploy, loadouts)
    except ValueError as exc:
        raise SpecError(str(exc)) from None
    controllers = {team: who if who == HUMAN else ai_name(who) for team, who in choice.controllers().items()}
    return SkirmishSpec(loaded, art, setup, controllers, choice.map_path)
