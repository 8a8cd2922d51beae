"""Fight forecasts, exact, from probabilities (never by rolling): what the duel's hover preview shows.

:func:`fight_odds` gives every (attacker life, target life) a fight can end with, and its
probability as a Fraction, following the same phases as :mod:`rules.duel.fight` (a test compares
it with an enumeration of the engine's own rolls). :func:`outcome_table` is the same forecast as
floats, cached by the fighters' numbers, for AIs that ask it thousands of times.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from rules.core.teams import other_team
from rules.duel.catalog_types import AttackMode, CreatureType, DuelRules, MovementClass, Trait
from rules.duel.formulas import life_loss, roll_range
from rules.duel.state import Creature, DuelState, Side

# Enum members read in hot loops, bound once (a StrEnum member lookup costs ~6 plain lookups).
_ATTACK_MODE_PIKE = AttackMode.PIKE
_MOVEMENT_CLASS_CAVALRY = MovementClass.CAVALRY
_MOVEMENT_CLASS_FLYING = MovementClass.FLYING
_MOVEMENT_CLASS_FOOT = MovementClass.FOOT
_TRAIT_MACE = Trait.MACE
_TRAIT_SCARY = Trait.SCARY


Path = tuple[int, int, int, int]  # (weight, denominator, attacker life, target life)
NO_COUNTER = frozenset({AttackMode.SHOOTER, AttackMode.PIKE})  # D-COMBAT-11: attackers never countered


@lru_cache(maxsize=4096)
def loss_counts(
    attack: int, defense: int, cavalry_vs_foot: bool = False, cavalry_factor_pct: int = 200
) -> tuple[tuple[int, int], ...]:
    """(life lost, number of damage/parry pairs giving it) over all equally likely pairs (D-COMBAT-7).

    ``cavalry_factor_pct`` is duel_cards.toml's (D-TYPE-6), used when ``cavalry_vs_foot``."""
    lo_d, hi_d = roll_range(attack)
    lo_p, hi_p = roll_range(defense)
    counts = Counter(
        life_loss(d, p, cavalry_vs_foot=cavalry_vs_foot, cavalry_factor_pct=cavalry_factor_pct)
        for d in range(lo_d, hi_d + 1)
        for p in range(lo_p, hi_p + 1)
    )
    return tuple(sorted(counts.items()))


def _strike(
    paths: list[Path], attack: int, defense: int, on_attacker: bool, cav: bool, cav_pct: int
) -> tuple[list[Path], list[Path]]:
    """Split paths by one strike: (paths where the struck side died, paths where it lived)."""
    table = loss_counts(attack, defense, cav, cav_pct)
    total = sum(n for _, n in table)
    dead: list[Path] = []
    alive: list[Path] = []
    for w, d, a, t in paths:
        for loss, n in table:
            path = (w * n, d * total, a - loss, t) if on_attacker else (w * n, d * total, a, t - loss)
            (dead if (path[2] if on_attacker else path[3]) <= 0 else alive).append(path)
    return dead, alive


def _chance(paths: list[Path], pct: int) -> tuple[list[Path], list[Path]]:
    """Split paths by a percent chance: (successes, failures); a certain chance does not split."""
    if pct >= 100:
        return paths, []
    if pct <= 0:
        return [], paths
    yes = [(w * pct, d * 100, a, t) for w, d, a, t in paths]
    no = [(w * (100 - pct), d * 100, a, t) for w, d, a, t in paths]
    return yes, no


@lru_cache(maxsize=65536)
def _paths(
    attacker: tuple[int, int, int, frozenset[CreatureType]],
    target: tuple[int, int, int, frozenset[CreatureType]] | None,
    hero: tuple[int, int, int],
    morale_loss: int,
    stun_pct: int,
    dodge_pct: int,
    cavalry_pct: int,
) -> tuple[Path, ...]:
    """Every way a fight ends, as weighted paths.

    attacker / target: (attack, defense, life, types); hero: (attack, defense, morale).
    """
    a_att, a_def, a_life, a_types = attacker
    t_types: frozenset[CreatureType]
    if target is None:
        t_att, t_def, t_life, t_types = hero[0], hero[1], hero[2] - morale_loss, frozenset()
    else:
        t_att, t_def, t_life, t_types = target
    if hero[2] - morale_loss <= 0:
        return ((1, 1, a_life, t_life),)  # D-TYPE-8, D-WIN-3: the Scary declaration ends the duel
    done: list[Path] = []
    live: list[Path] = [(1, 1, a_life, t_life)]
    counter = not (NO_COUNTER & a_types)  # D-COMBAT-11
    if _ATTACK_MODE_PIKE in t_types and _MOVEMENT_CLASS_CAVALRY in a_types:  # D-TYPE-1
        dead, live = _strike(live, t_att, a_def, True, False, cavalry_pct)
        done += dead
        counter = False
    evaded: list[Path] = []
    if _MOVEMENT_CLASS_FOOT in t_types and _MOVEMENT_CLASS_FLYING in a_types:  # D-TYPE-7
        evaded, live = _chance(live, dodge_pct)
    cavalry_vs_foot = _MOVEMENT_CLASS_CAVALRY in a_types and _MOVEMENT_CLASS_FOOT in t_types  # D-TYPE-6
    dead, live = _strike(live, a_att, t_def, False, cavalry_vs_foot, cavalry_pct)
    done += dead
    if _TRAIT_MACE in a_types:  # D-TYPE-4
        stunned, live = _chance(live, stun_pct)
        done += stunned
    live += evaded
    if counter:
        dead, live = _strike(live, t_att, a_def, True, False, cavalry_pct)
        done += dead
    return tuple(done + live)


def fight_key(state: DuelState, attacker: Creature, target_ref: int) -> tuple:
    """Everything a fight's outcome depends on, as a hashable key (attacker, target, hero, rule numbers)."""
    foe = state.side(other_team(attacker.owner))
    victim = None if target_ref < 0 else foe.creature(target_ref)
    if target_ref >= 0 and victim is None:
        raise ValueError(f"{target_ref} is not a creature of player {foe.player}")
    return fight_key_of(attacker, victim, foe, state.catalog.rules)


def fight_key_of(attacker: Creature, victim: Creature | None, foe: Side, rules: DuelRules) -> tuple:
    """:func:`fight_key` of ``attacker`` against ``victim`` (None: the hero of ``foe``)."""
    morale_loss = rules.scary_morale if _TRAIT_SCARY in attacker.card.types else 0
    a_key = (attacker.attack, attacker.defense, attacker.life, attacker.card.types)
    t_key = None if victim is None else (victim.attack, victim.defense, victim.life, victim.card.types)
    hero = (foe.hero.attack, foe.hero.defense, foe.morale)
    percents = (rules.mace_stun_pct, rules.foot_dodge_pct, rules.cavalry_factor_pct)
    return a_key, t_key, hero, morale_loss, *percents


@dataclass(frozen=True, slots=True)
class FightOdds:
    """The exact forecast of a fight; a target life (or hero morale) <= 0 means it is dead (lost)."""

    attacker: int
    target: int
    morale_loss: int  # taken from the enemy hero at declaration by a Scary attacker (D-TYPE-8)
    outcomes: tuple[tuple[int, int, Fraction], ...]  # (attacker life, target life, probability)

    @property
    def kill_chance(self) -> Fraction:
        return sum((p for _, t, p in self.outcomes if t <= 0), Fraction(0))

    @property
    def death_chance(self) -> Fraction:
        return sum((p for a, _, p in self.outcomes if a <= 0), Fraction(0))


def fight_odds(state: DuelState, attacker_uid: int, target_ref: int) -> FightOdds:
    """The forecast of ``Attack(attacker_uid, target_ref)`` in ``state`` (legality is not checked)."""
    attacker = state.creature(attacker_uid)
    if attacker is None:
        raise ValueError(f"no creature {attacker_uid} on the field")
    key = fight_key(state, attacker, target_ref)
    merged: dict[tuple[int, int], Fraction] = {}
    for w, d, a, t in _paths(*key):
        merged[(a, t)] = merged.get((a, t), Fraction(0)) + Fraction(w, d)
    outcomes = tuple(sorted((a, t, p) for (a, t), p in merged.items()))
    return FightOdds(attacker_uid, target_ref, key[3], outcomes)


@lru_cache(maxsize=65536)
def float_outcomes(key: tuple) -> tuple[tuple[int, int, float], ...]:
    """(attacker life, target life, probability) of a :func:`fight_key`, as floats."""
    merged: dict[tuple[int, int], float] = {}
    for w, d, a, t in _paths(*key):
        merged[(a, t)] = merged.get((a, t), 0.0) + w / d
    return tuple((a, t, p) for (a, t), p in merged.items())


def outcome_table(
    state: DuelState, attacker: Creature, target_ref: int
) -> tuple[tuple[int, int, float], ...]:
    """(attacker life, target life, probability as a float) for AI estimates; cached by the numbers."""
    return float_outcomes(fight_key(state, attacker, target_ref))
