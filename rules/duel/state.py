"""The state of a duel in progress: two sides (hero, morale, resources, hand, deck, discard, field).

Card references: a creature on the field has a unique ``uid`` >= 1; a hero is referred to as
``-player`` (:func:`hero_ref`). The deck is a sorted multiset: cards are drawn at random with the
rng passed to ``apply`` (D-DECK-2/3), so the state holds no deck order and a clone cannot see its
future draws. :meth:`DuelState.clone` copies only what changes; the catalog is shared.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.core.teams import NO_TEAM, PerTeam
from rules.duel.catalog import DuelCatalog
from rules.duel.catalog_types import MANA, CreatureCard, CreatureType, Hero

PLAYERS = (1, 2)
_new_tuple = tuple.__new__


def hero_ref(player: int) -> int:
    """The card reference of ``player``'s hero: -1 or -2."""
    return -player


def is_hero(ref: int) -> bool:
    return ref < 0


class Creature:
    """A creature card on the field: current stats (magic changes them, D-MAGIC-3) and turn flags."""

    __slots__ = ("attack", "card", "defense", "fought", "life", "owner", "ready", "uid")

    def __init__(self, uid: int, card: CreatureCard, owner: int, ready: bool) -> None:
        self.uid = uid
        self.card = card
        self.owner = owner
        self.attack = card.attack
        self.defense = card.defense
        self.life = card.life
        self.ready = ready  # D-TURN-3: False in the turn it entered, unless attacks_on_entry
        self.fought = False  # D-TURN-5: has started a fight this turn

    def copy(self) -> Creature:
        twin = Creature.__new__(Creature)
        twin.uid = self.uid
        twin.card = self.card
        twin.owner = self.owner
        twin.attack = self.attack
        twin.defense = self.defense
        twin.life = self.life
        twin.ready = self.ready
        twin.fought = self.fought
        return twin

    def has(self, creature_type: CreatureType) -> bool:
        return creature_type in self.card.types

    @property
    def can_fight(self) -> bool:
        """D-TURN-3, D-TURN-5: ready and not yet the attacker of a fight this turn."""
        return self.ready and not self.fought

    def key(self) -> tuple:
        return (
            self.uid,
            self.card.id,
            self.owner,
            self.attack,
            self.defense,
            self.life,
            self.ready,
            self.fought,
        )

    def __repr__(self) -> str:
        return (
            f"Creature({self.uid} {self.card.id} of P{self.owner} {self.attack}/{self.defense}/{self.life})"
        )


class Side:
    """One player's hero, morale, resources and cards."""

    __slots__ = ("deck", "discard", "field", "hand", "hero", "morale", "player", "resources", "turns_done")

    def __init__(self, player: int, hero: Hero, deck: list[str]) -> None:
        self.player = player
        self.hero = hero
        self.morale = hero.morale  # D-HERO-3
        # D-RES-3 / D-RES-4: nothing but mana, which starts at knowledge x 10.
        self.resources = [0] * MANA + [hero.max_mana]
        self.hand: list[str] = []  # sorted card ids
        self.deck = sorted(deck)  # a multiset: no order (see the module docstring)
        self.discard: list[str] = []  # in the order cards went there (D-DECK-5)
        self.field: list[Creature] = []  # in the order they entered
        self.turns_done = 0  # completed turns (D-TURN-11, D-TURN-13)

    def copy(self) -> Side:
        twin = Side.__new__(Side)
        twin.player = self.player
        twin.hero = self.hero
        twin.morale = self.morale
        twin.resources = self.resources.copy()
        twin.hand = self.hand.copy()
        twin.deck = self.deck.copy()
        twin.discard = self.discard.copy()
        twin.field = [c.copy() for c in self.field]
        twin.turns_done = self.turns_done
        return twin

    def creature(self, uid: int) -> Creature | None:
        for c in self.field:
            if c.uid == uid:
                return c
        return None

    def has_type(self, creature_type: CreatureType) -> bool:
        return any(creature_type in c.card.types for c in self.field)

    def key(self) -> tuple:
        return (
            self.player,
            self.hero.id,
            self.morale,
            tuple(self.resources),
            tuple(self.hand),
            tuple(self.deck),
            tuple(self.discard),
            tuple(c.key() for c in self.field),
            self.turns_done,
        )


class EndReason(StrEnum):
    """How a duel ends (D-WIN)."""

    MORALE = "morale"  # D-WIN-1: a hero's morale reached 0
    SURRENDER = "surrender"  # D-TURN-10
    TURN_LIMIT = "turn_limit"  # D-TURN-13


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the duel ended: ``winner`` None is a draw; ``reason`` an :class:`EndReason`'s value."""

    winner: int | None
    reason: str  # a plain str: the fingerprint (and so the replays' hash) holds the outcome's repr
    morale: tuple[int, int]

    def __post_init__(self) -> None:
        object.__setattr__(self, "reason", str(self.reason))


class DuelState:
    """Everything that changes during a duel. Mutated only by the engine."""

    __slots__ = ("active", "catalog", "clock", "first_player", "next_uid", "outcome", "sides", "turn_no")

    def __init__(
        self, catalog: DuelCatalog, sides: PerTeam[Side] | tuple[Side, Side], first_player: int
    ) -> None:
        self.catalog = catalog
        self.sides = PerTeam.of(sides)
        self.first_player = first_player
        self.active = first_player
        self.turn_no = 0  # turns started in the whole duel (both players)
        self.next_uid = 1
        self.outcome: Outcome | None = None
        # D-TURN-6..9: (deadline_ms, paused_at_ms) of the caller's clock; None until started.
        self.clock: tuple[int, int | None] | None = None

    def clone(self) -> DuelState:
        """An independent copy (no deepcopy: cards, heroes and the catalog are shared)."""
        twin = DuelState.__new__(DuelState)
        twin.catalog = self.catalog
        # PerTeam(a, b) without its Python-level __new__ (half its cost; clone is the search's hot call)
        twin.sides = _new_tuple(PerTeam, (NO_TEAM, self.sides[1].copy(), self.sides[2].copy()))
        twin.first_player = self.first_player
        twin.active = self.active
        twin.turn_no = self.turn_no
        twin.next_uid = self.next_uid
        twin.outcome = self.outcome
        twin.clock = self.clock
        return twin

    # ---- queries -------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.outcome is not None

    def side(self, player: int) -> Side:
        return self.sides[player]

    @property
    def me(self) -> Side:
        """The side whose turn it is."""
        return self.sides[self.active]

    @property
    def foe(self) -> Side:
        return self.sides[3 - self.active]  # the other team: active is always 1 or 2 (other_team)

    def creature(self, uid: int) -> Creature | None:
        return self.sides[1].creature(uid) or self.sides[2].creature(uid)

    def surrender_open(self) -> bool:
        """D-TURN-11 [REC D-OQ-8]: both players have completed at least 5 turns (D-EX-12)."""
        need = self.catalog.rules.surrender_after_turns
        return all(s.turns_done >= need for s in self.sides)

    def fingerprint(self) -> tuple:
        """A hashable summary of everything that changes, for determinism and replay checks."""
        return (
            self.active,
            self.turn_no,
            self.next_uid,
            self.first_player,
            self.outcome,
            self.clock,
            self.sides[1].key(),
            self.sides[2].key(),
        )

    def __str__(self) -> str:
        from rules.duel.text import render_state  # local: text.py imports this module

        return render_state(self)
