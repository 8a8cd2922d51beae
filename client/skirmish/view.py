"""What the skirmish screen shows: the heroes as of the last event played, plus animation state.

The rules change the state at once; :class:`client.skirmish.player.SkirmishPlayer` applies each
event to this view as it animates it, so heroes move, bleed and fall in the order the rules said.
Whenever the player is idle the scene calls :meth:`SkirmishBoard.sync`, which copies the state's
values over the view's (they are equal then; the copy also brings what events do not carry, such
as a weapon picked up).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from rules.core.grid import Pos
from rules.skirmish.catalog_types import HeroType, Loadout
from rules.skirmish.state import Hero, SkirmishState


@dataclass
class HeroView:
    id: int
    team: int
    hero: HeroType
    pos: Pos
    hp: int
    max_hp: int
    mana: Fraction
    max_mana: Fraction
    fatigue: int
    loadout: Loadout  # what it carries now (sprite)
    world: list[float]  # top-left of its cell in map pixels (tweened)
    out: bool = False
    style: bool = False
    bound_by: int | None = None
    channel: tuple[str, int] | None = None  # (spell, activations left)
    effects: tuple[tuple[str, str, int], ...] = ()  # (kind, spell, until round)
    energy: Fraction = Fraction(1)
    afflictions: tuple[str, ...] = ()
    alpha: float = 1.0
    offset: list[float] = field(default_factory=lambda: [0.0, 0.0])
    flash: float = 0.0


def _carried(hero: Hero) -> Loadout:
    lo = hero.info.loadout
    return Loadout(hero.melee, hero.ranged, hero.shield, lo.armour, tuple(hero.thrown), lo.quick)


class SkirmishBoard:
    """The heroes, walls and items as the player sees them now."""

    def __init__(self, state: SkirmishState, tile: int) -> None:
        self.tile = tile
        board = state.board
        self.size = (board.width, board.height)
        self.melee_mode = str(board.melee_mode)
        self.round_limit = board.round_limit
        self.heroes: dict[int, HeroView] = {}
        for hero in state.heroes:
            self.heroes[hero.id] = HeroView(
                hero.id,
                hero.team,
                hero.info.hero,
                hero.pos,
                hero.hp,
                hero.info.max_hp,
                hero.mana,
                hero.info.max_mana,
                hero.fatigue,
                _carried(hero),
                [hero.pos[0] * tile, hero.pos[1] * tile],
                energy=hero.info.energy,
            )
        self.round_no = 0
        self.order: tuple[int, ...] = ()
        self.acting: int | None = None
        self.done: set[int] = set()  # heroes that have had their activation this round
        self.walls: set[Pos] = set()
        self.items: dict[Pos, tuple[str, ...]] = {}
        self.outcome: object | None = None  # the BattleEnded event once played

    def hero_at(self, pos: Pos) -> HeroView | None:
        for hero in self.heroes.values():
            if not hero.out and hero.pos == pos:
                return hero
        return None

    def living(self, team: int | None = None) -> list[HeroView]:
        return [h for h in self.heroes.values() if not h.out and (team is None or h.team == team)]

    def snap(self, hero: HeroView) -> None:
        hero.world = [hero.pos[0] * self.tile, hero.pos[1] * self.tile]
        hero.offset = [0.0, 0.0]

    def sync(self, state: SkirmishState) -> None:
        """Copy the state's values (the scene calls this when nothing is animating)."""
        for hero in state.heroes:
            shown = self.heroes[hero.id]
            moved = shown.pos != hero.pos
            shown.pos, shown.hp, shown.mana, shown.fatigue = hero.pos, hero.hp, hero.mana, hero.fatigue
            shown.out, shown.style, shown.bound_by = hero.out, hero.style, hero.bound_by
            shown.channel = (hero.channel.spell, hero.channel.left) if hero.channel else None
            shown.effects = tuple((e.kind, e.spell, e.until) for e in hero.effects)
            shown.loadout = _carried(hero)
            shown.afflictions = tuple(
                name
                for name, on in (("arm", hero.arms_lost), ("leg", hero.crippled), ("eye", hero.eyes_lost))
                if on
            )
            if hero.out:
                shown.alpha = 0.35
            if moved:
                self.snap(shown)
        self.round_no, self.order = state.round_no, state.order
        self.acting = None if state.act is None else state.act.hero
        self.walls = set(state.walls)
        self.items = dict(state.items)

    def mismatches(self, state: SkirmishState) -> list[str]:
        """Where the view differs from the state (debug check: none when the player is idle)."""
        found = []
        for hero in state.heroes:
            shown = self.heroes[hero.id]
            for name in ("pos", "hp", "mana", "fatigue", "out"):
                if getattr(shown, name) != getattr(hero, name):
                    found.append(
                        f"hero {hero.id} {name}: shown {getattr(shown, name)}, state {getattr(hero, name)}"
                    )
        return found
