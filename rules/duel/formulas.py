"""Every number rule of the duel as a small pure function: rolls, life loss, the initiative die.

Public: :func:`roll_range` (D-ROLL) and :func:`life_loss` (D-COMBAT-7, D-TYPE-6). The initiative
die with Tactics (D-ORDER) is weighted in whole numbers, so a single ``randint`` gives the exact
probabilities of D-ORDER-3 and :func:`first_player_chance` states them as Fractions.
"""

from __future__ import annotations

import math
from fractions import Fraction

from rules.numbers import round_half_up
from rules.rng import Rng

ROLL_WINDOW = 10  # D-ROLL-1/2: a stat S > 10 rolls (random 1..10) + (S - 10)


def roll_range(stat: int) -> tuple[int, int]:
    """D-ROLL-1..4: the inclusive range of a damage or parry roll for an attack or defense stat.

    [max(1, stat - 9), stat]; a stat below 1 counts as 1 (D-ROLL-4), so it always rolls 1.
    """
    top = max(1, stat)
    return max(1, top - (ROLL_WINDOW - 1)), top


def roll(rng: Rng, stat: int) -> int:
    """A damage or parry roll (D-ROLL-1/2). A one-value range is certain and asks the rng for nothing."""
    lo, hi = roll_range(stat)
    return lo if lo == hi else rng.randint(lo, hi)


def life_loss(
    damage: int, parry: int, *, cavalry_vs_foot: bool = False, cavalry_factor_pct: int = 200
) -> int:
    """D-COMBAT-7 [REC D-OQ-9]: damage - parry when damage > parry, else 0.

    Cavalry attacking Foot (D-TYPE-6 [REC]) multiplies the damage by duel_cards.toml's
    ``cavalry_factor_pct`` (200%: doubles it, rounded half up otherwise) before the parry is
    taken off, and only when the base damage already beats the parry: 2 x damage - parry, else 0.
    """
    if damage <= parry:
        return 0
    if cavalry_vs_foot:
        damage = round_half_up(Fraction(damage * cavalry_factor_pct, 100))
    return damage - parry


def net_tactics(own: int, other: int) -> int:
    """D-ORDER-2/3: equal levels cancel; the weaker level is subtracted from the stronger (0 if weaker)."""
    return max(0, own - other)


def die_weights(net_level: int, faces: int = 8, bonus_pct: int = 5) -> tuple[int, ...]:
    """D-ORDER-3: integer weights of faces 1..faces for a hero with net Tactics ``net_level``.

    P(top face) = (1/faces) x (1 + bonus% x L); the other faces share the rest equally. Over the
    denominator 100 x faces x (faces - 1) every weight is a whole number (then reduced): for a d8
    and 5% at L = 1, 1120 in all, the 8 weighs 147 and each other face 139.
    """
    unit = 100 * (faces - 1)  # the weight of a fair face
    top = unit + (faces - 1) * bonus_pct * net_level
    other = unit - bonus_pct * net_level
    if other <= 0:
        raise ValueError(f"tactics level {net_level} leaves the other faces no chance")
    common = math.gcd(other, top)
    return (other // common,) * (faces - 1) + (top // common,)


def roll_die(rng: Rng, net_level: int, faces: int = 8, bonus_pct: int = 5) -> int:
    """One initiative roll (D-ORDER-1/3): a plain die at level 0, else one weighted randint."""
    if net_level <= 0:
        return rng.randint(1, faces)
    weights = die_weights(net_level, faces, bonus_pct)
    pick = rng.randint(1, sum(weights))
    for face, weight in enumerate(weights, start=1):
        if pick <= weight:
            return face
        pick -= weight
    raise AssertionError("unreachable: the weights cover the whole range")


def face_chances(net_level: int, faces: int = 8, bonus_pct: int = 5) -> tuple[Fraction, ...]:
    """The exact probability of each face 1..faces (D-DATA-4: 13.125% for the 8 at level 1)."""
    weights = die_weights(net_level, faces, bonus_pct)
    total = sum(weights)
    return tuple(Fraction(w, total) for w in weights)


def first_player_chance(tactics_a: int, tactics_b: int, faces: int = 8, bonus_pct: int = 5) -> Fraction:
    """D-EX-4: the chance that hero A moves first, ties re-rolled (D-ORDER-3): 141/280 at 1 vs 0."""
    a = face_chances(net_tactics(tactics_a, tactics_b), faces, bonus_pct)
    b = face_chances(net_tactics(tactics_b, tactics_a), faces, bonus_pct)
    wins = sum((a[i] * b[j] for i in range(faces) for j in range(faces) if i > j), Fraction(0))
    ties = sum((a[i] * b[i] for i in range(faces)), Fraction(0))
    return wins / (1 - ties)
