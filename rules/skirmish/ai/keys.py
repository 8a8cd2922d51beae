"""What the AIs' battle-wide memos (``Board.remember``) key on: the values a computation reads.

A key that leaves out something the computation reads hands back stale values to later planners of
the battle; tests/skirmish/test_ai_memo.py plays battles and checks every memoised value against a
fresh one, and that every hero field is either keyed here or named as unread.
"""

from __future__ import annotations

from operator import attrgetter

from rules.skirmish.formulas import range_sq
from rules.skirmish.state import Hero, SkirmishState

# What a hero's modes read of it (weapons in hand, hit terms, armour, detailed fighter, spells and
# resistance); not its cell, steps, channel, blocking or attack rhythm, which change every activation.
MODE_FIELDS = (
    "arms_lost",
    "bound_by",
    "effects",
    "eyes_lost",
    "fatigue",
    "hp",
    "mana",
    "melee",
    "ranged",
    "shield",
    "style",
    "thrown",
)


_MODE_VALUES = attrgetter(*(n for n in MODE_FIELDS if n != "mana"))


def hero_key(hero: Hero) -> tuple:
    """What :func:`modes_key` needs of a hero, and which hero it is (the board's infos). Mana, a
    Fraction, goes in as its two integers: hashing a Fraction costs more than the rest of the key."""
    mana = hero.mana
    return (hero.info.id, mana.numerator, mana.denominator, *_MODE_VALUES(hero))


_ATTACKER_VALUES = attrgetter(*(n for n in MODE_FIELDS if n not in ("hp", "mana")))
_TARGET_VALUES = _MODE_VALUES


def attacker_key(hero: Hero) -> tuple:
    """:func:`hero_key` of a hero as the one striking: its HP is not read (wounds lower the Agility it
    defends with against shots, S-WOUND-1..4, not its own attacks)."""
    mana = hero.mana
    return (hero.info.id, mana.numerator, mana.denominator, *_ATTACKER_VALUES(hero))


def target_key(hero: Hero) -> tuple:
    """:func:`hero_key` of a hero as the one struck: of its mana only whether it has any is read (a
    mage with mana resists spells, S-RESIST-5)."""
    return (hero.info.id, hero.mana.numerator > 0, *_TARGET_VALUES(hero))


def modes_key(state: SkirmishState, a: Hero, t: Hero) -> tuple:
    """What :meth:`estimate.Estimator.modes` of ``a`` against ``t`` depends on: both heroes' fighting
    values (:func:`attacker_key`, :func:`target_key`), the attacks on ``t`` this round, and for a hero
    that can shoot or throw the squared distance between them (S-HIT-6's range factor; a melee
    hero's modes are the same from any cell)."""
    shoots = a.ranged is not None or bool(a.thrown)
    if not shoots and a.melee is not None:
        shoots = state.board.catalog.weapons[a.melee].can_throw
    offset = range_sq(t.pos[0] - a.pos[0], t.pos[1] - a.pos[1]) if shoots else None
    return ("modes", attacker_key(a), target_key(t), state.attacks_on[t.id], offset)
