"""What the AIs' battle-wide memos (``Board.remember``) key on: the values a computation reads.

A key that leaves out something the computation reads hands back stale values to later planners of
the battle; tests/skirmish/test_ai_memo.py plays battles and checks every memoised value against a
fresh one, and that every hero field is either keyed here or named as unread.
"""

from __future__ import annotations

from bisect import bisect_right
from operator import attrgetter

from rules.skirmish.formulas import range_sq
from rules.skirmish.state import Hero, SkirmishState
from rules.skirmish.values import launcher, throwables

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


# The fields either role's key takes as they are (HP and mana enter each role in their own form).
_ROLE_VALUES = attrgetter(*(n for n in MODE_FIELDS if n not in ("hp", "mana")))


def attacker_key(state: SkirmishState, hero: Hero) -> tuple:
    """:func:`hero_key` of a hero as the one striking: its HP is not read (wounds lower the Agility it
    defends with against shots, S-WOUND-1..4, not its own attacks), and of its mana only which of its
    damaging spells it pays for (the estimator's spell mode): their number, cheapest first."""
    costs = state.board.remember(("damage spell costs", hero.info.id), lambda: _spell_costs(state, hero))
    mana = hero.mana
    return (hero.info.id, bisect_right(costs, mana.numerator // mana.denominator), *_ROLE_VALUES(hero))


def _spell_costs(state: SkirmishState, hero: Hero) -> tuple[int, ...]:
    """The mana costs of the hero's quick hostile damage spells (the spell mode's), cheapest first."""
    spells = state.board.catalog.spells
    return tuple(sorted(spells[s].mana for s in hero.info.quick if spells[s].damage and spells[s].hostile))


def target_key(hero: Hero) -> tuple:
    """:func:`hero_key` of a hero as the one struck: of its mana only whether it has any is read (a
    mage with mana resists spells, S-RESIST-5), and of its HP only the Agility its wounds leave it
    (S-WOUND-1..4: a shot is rolled against it, S-HIT-5), which changes only at the wound thresholds."""
    agility = hero.agility
    return (
        *(hero.info.id, hero.mana.numerator > 0, agility.numerator, agility.denominator),
        *_ROLE_VALUES(hero),
    )


def modes_key(state: SkirmishState, a: Hero, t: Hero) -> tuple:
    """What :meth:`estimate.Estimator.modes` of ``a`` against ``t`` depends on: both heroes' fighting
    values (:func:`attacker_key`, :func:`target_key`), the attacks on ``t`` this round, and for a hero
    that can shoot or throw the squared distance between them, all distances within its shortest
    optimal range as one (S-HIT-6 and S-DMG-6's range factor is 1 there; a hero that cannot shoot
    or throw has the same modes from any cell)."""
    shortest = _shortest_optimal(state, a)
    offset = None
    if shortest is not None:
        offset = max(range_sq(t.pos[0] - a.pos[0], t.pos[1] - a.pos[1]), shortest * shortest)
    return ("modes", attacker_key(state, a), target_key(t), state.attacks_on[t.id], offset)


def _shortest_optimal(state: SkirmishState, a: Hero) -> int | None:
    """The shortest optimal range of the launcher and the first weapon ``a`` could throw, the weapons
    the estimator's shooting and throwing modes use (None: it has neither), kept on the board."""
    key = ("shortest optimal", a.ranged, a.thrown, a.melee, a.arms_lost)
    found = state.board.memo.get(key, key)
    if found is key:
        ranges = []
        lw = launcher(state, a)
        if lw is not None and lw.max_range is not None and lw.optimal is not None:
            ranges.append(lw.optimal)
        for wid in throwables(state, a)[:1]:
            optimal = state.board.catalog.weapons[wid].optimal
            if optimal is not None:
                ranges.append(optimal)
        found = state.board.memo.keep(key, min(ranges, default=None))
    return found
