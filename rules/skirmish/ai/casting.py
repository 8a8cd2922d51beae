"""How much a cast's side effects are worth to the planner: heals that are needed, statuses that do
something (issue #22's wasted spells), and whether a caster has spent its mana.

A status counts only where it changes what happens next: Flash (its own hit chance down) only on
an enemy that could hit one of the caster's side in its next activation with a rolled attack;
Fury only on an ally that could hit an enemy; Deflecting wind only where an enemy's bow or thrown
weapon reaches the ally; Mist and Stone skin only where the ally is in danger at all; a status the
target already has from the same spell adds nothing. Heals are judged in :mod:`plans`.
"""

from __future__ import annotations

from rules.skirmish.ai.estimate import Estimator
from rules.skirmish.catalog_types import Spell, StatusKind
from rules.skirmish.magic import knows
from rules.skirmish.state import Hero, SkirmishState

_WEAPON_KINDS = ("melee", "bow", "carried")  # the estimator's modes that roll a hit (S-HIT-9)
_RANGED_KINDS = ("bow", "carried")  # what a ranged ward works against (S-DATA-5)
# Status kinds read for every status valued, bound once (a StrEnum member lookup costs ~6 plain lookups).
_SLOWING = frozenset((StatusKind.ROOT, StatusKind.STEPS_HALF))
_TOMB, _HIT_OWN, _STEPS_ADD = StatusKind.TOMB, StatusKind.HIT_OWN, StatusKind.STEPS_ADD
_HIT_AGAINST_RANGED = StatusKind.HIT_AGAINST_RANGED
_WARDS = frozenset((StatusKind.HIT_AGAINST, StatusKind.ARMOUR))


def can_hit_next(est: Estimator, attacker: Hero, victims: list[Hero], kinds: tuple[str, ...]) -> bool:
    """Could ``attacker`` hit one of ``victims`` in its next activation in one of these ways?"""
    for victim in victims:
        for mode in est.modes(attacker, victim):
            if mode.kind in kinds and mode.damage > 0:
                if est.can_hit_from(attacker, attacker.pos, victim, mode):
                    return True
    return False


def status_value(est: Estimator, caster_team: int, spell: Spell, t: Hero, through: float) -> float:
    """The worth of ``spell``'s statuses on ``t`` (the share ``through`` gets past its resistance)."""
    if any(e.spell == spell.id for e in t.effects):
        return 0.0  # the same spell's status is only renewed (magic._on_target)
    mine = t.team == caster_team
    sign = (1.0 if mine else -1.0) * through
    value = 0.0
    for st in spell.status:
        kind = st.kind
        if kind in _SLOWING:
            value -= sign * (4.0 if est.nearest_enemy(t, t.pos) <= 4 else 1.0)
        elif kind == _TOMB:
            value -= sign * 25.0
        elif kind == _HIT_OWN:
            if can_hit_next(est, t, est.foes(t), _WEAPON_KINDS):
                value += sign * float(st.value) / 10 * 2.5
        elif kind == _HIT_AGAINST_RANGED:
            if any(can_hit_next(est, f, [t], _RANGED_KINDS) for f in est.foes(t)):
                value += sign * 3.0
        elif kind in _WARDS:
            if est.in_danger(t, t.pos):
                value += sign * 3.0
        elif kind == _STEPS_ADD:
            value += sign * (3.0 if est.in_danger(t, t.pos) else 0.5)
    return value


def status_bound(spell: Spell, t: Hero, caster_team: int, through: float) -> float:
    """At least :func:`status_value` of ``spell`` on ``t`` wherever ``t`` stands: each term that depends
    on its cell (danger, nearest enemy, who could hit whom) at the larger of its values."""
    if any(e.spell == spell.id for e in t.effects):
        return 0.0
    sign = (1.0 if t.team == caster_team else -1.0) * through
    value = 0.0
    for st in spell.status:
        if st.kind in (StatusKind.ROOT, StatusKind.STEPS_HALF):
            value += max(-sign * 4.0, -sign * 1.0)
        elif st.kind == StatusKind.TOMB:
            value -= sign * 25.0
        elif st.kind == StatusKind.HIT_OWN:
            value += max(0.0, sign * float(st.value) / 10 * 2.5)
        elif st.kind in (StatusKind.HIT_AGAINST_RANGED, StatusKind.HIT_AGAINST, StatusKind.ARMOUR):
            value += max(0.0, sign * 3.0)
        elif st.kind == StatusKind.STEPS_ADD:
            value += max(sign * 3.0, sign * 0.5)
    return value


def spent_caster(state: SkirmishState, hero: Hero) -> bool:
    """A caster whose mana no longer pays for any hostile spell that deals damage (S-SPELL-8)."""
    if not hero.info.can_cast:
        return False
    for spell in state.board.catalog.spells.values():
        castable = spell.id in hero.info.quick or (spell.level == 1 and knows(hero, spell))
        if castable and spell.hostile and spell.damage and spell.mana <= hero.mana:
            return False
    return True
