"""What a hero can use and how strong it is right now: weapons in hand, shield, armour, hit terms.

Shared by the engine, the preview and the AIs, so all three see the same numbers.
"""

from __future__ import annotations

from fractions import Fraction

from rules.core.grid import Pos
from rules.core.memo import BoundedMemo
from rules.skirmish.actions import RANGED_KINDS, AttackKind
from rules.skirmish.catalog_types import Shield, StatusKind, Weapon
from rules.skirmish.formulas import grid_distance, hit_chance, in_range, range_factor
from rules.skirmish.grid import line_cells, line_clear
from rules.skirmish.melee import Fighter
from rules.skirmish.state import Hero, SkirmishState

# Enum members read in hot loops, bound once (a StrEnum member lookup costs ~6 plain lookups).
_ATTACK_KIND_MELEE = AttackKind.MELEE
_ATTACK_KIND_SPELL = AttackKind.SPELL
_STATUS_KIND_ARMOUR = StatusKind.ARMOUR
_STATUS_KIND_HIT_AGAINST = StatusKind.HIT_AGAINST
_STATUS_KIND_HIT_AGAINST_RANGED = StatusKind.HIT_AGAINST_RANGED
_STATUS_KIND_HIT_OWN = StatusKind.HIT_OWN

BASE_MELEE_SKILL = 8  # S-MODEL-3: attack and defence skill = 8 + L
CRIPPLED_RHYTHM = 3  # S-MODEL-7: one attack in any three consecutive rounds

# S-MODEL-7 [REC]: a lost eye and blindness; numbers of the spec's rule itself, not catalog data.
EYE_HIT_PENALTY = 10  # to the hero's hit chance in attacks other than detailed strikes
BLIND_HIT_PENALTY = 50  # to its hit chance, and added to attacks against it
EYE_SKILL_PENALTY = 1  # attack skill in detailed strikes
BLIND_SKILL_PENALTY = 5  # attack and defence skill in detailed strikes


def weapon(state: SkirmishState, weapon_id: str) -> Weapon:
    return state.board.catalog.weapons[weapon_id]


def lost_arm(hero: Hero) -> bool:
    return hero.arms_lost > 0


def melee_weapon(state: SkirmishState, hero: Hero) -> Weapon | None:
    """The melee weapon in hand, if the hero can still wield it (S-MODEL-7: no two-handed after an arm)."""
    if hero.melee is None or hero.arms_lost >= 2:
        return None
    w = weapon(state, hero.melee)
    return None if lost_arm(hero) and w.hands == 2 else w


def launcher(state: SkirmishState, hero: Hero) -> Weapon | None:
    """The bow or crossbow, unless an arm is lost (S-MODEL-7)."""
    return None if hero.ranged is None or lost_arm(hero) else weapon(state, hero.ranged)


def throwables(state: SkirmishState, hero: Hero) -> tuple[str, ...]:
    """Weapons the hero can throw now: its carried thrown weapons and a throwable one in hand (kept
    on the board by what it reads: every attack check and AI estimate asks)."""
    key = ("throwables", hero.thrown, hero.melee, hero.arms_lost)
    found = state.board.memo.get(key)
    return found if found is not None else state.board.memo.keep(key, _throwables(state, hero))


def _throwables(state: SkirmishState, hero: Hero) -> tuple[str, ...]:
    if hero.arms_lost >= 2:
        return ()
    ids = list(dict.fromkeys(hero.thrown))
    if hero.melee is not None and weapon(state, hero.melee).can_throw and hero.melee not in ids:
        ids.append(hero.melee)
    return tuple(w for w in ids if not (lost_arm(hero) and weapon(state, w).hands == 2))


def shield(state: SkirmishState, hero: Hero) -> Shield | None:
    """The shield, unless an arm is lost (S-MODEL-7)."""
    return None if hero.shield is None or lost_arm(hero) else state.board.catalog.shields[hero.shield]


def armour_divisor(state: SkirmishState, hero: Hero) -> Fraction:
    """S-DMG-9 / S-DATA-3 plus Stone skin and Granite body (S-DATA-5)."""
    base = state.board.catalog.armours[hero.info.loadout.armour].divisor
    if not hero.effects:
        return base
    return base + hero.effect_total(_STATUS_KIND_ARMOUR)


def detailed_armour(state: SkirmishState, hero: Hero) -> int:
    """S-MODEL-3: the armour's detailed value plus detailed bonuses from spells."""
    base = state.board.catalog.armours[hero.info.loadout.armour].detailed_armour
    return base + sum(e.detailed for e in hero.effects if e.kind == _STATUS_KIND_ARMOUR)


def encumbrance(state: SkirmishState, hero: Hero) -> int:
    """S-MODEL-3: 1 + the detailed encumbrance of its armour and its shield."""
    armour = state.board.catalog.armours[hero.info.loadout.armour].detailed_encumbrance
    sh = state.board.catalog.shields[hero.shield].encumbrance if hero.shield is not None else 0
    return 1 + armour + sh


def may_attack_this_round(state: SkirmishState, hero: Hero) -> bool:
    """S-MODEL-7: a Crippled hero attacks at most once in any three consecutive rounds."""
    return not hero.crippled or state.round_no - hero.last_attack_round >= CRIPPLED_RHYTHM


def sees(state: SkirmishState, a: Pos, b: Pos) -> bool:
    """S-HIT-8: obstacles and units on intermediate cells block the line."""
    occupant, terrain, walls = state.occupant, state.board.terrain, state.walls
    cells, corners = line_cells(a, b)  # line_clear, spelled out: this is the AIs' hottest test
    for c in cells:
        if c in terrain or c in walls or c in occupant:
            return False
    for p, q in corners:
        if (p in terrain or p in walls or p in occupant) and (q in terrain or q in walls or q in occupant):
            return False
    return True


def sees_terrain(state: SkirmishState, a: Pos, b: Pos) -> bool:
    """S-SPELL-6: the caster-to-origin line is blocked by terrain only (walls are obstacles too)."""
    terrain, walls = state.board.terrain, state.walls
    return line_clear(a, b, lambda c: c in terrain or c in walls)


_ZERO = Fraction(0)


def own_modifier(hero: Hero, *, detailed: bool = False) -> Fraction:
    """Effects on the hero's own attacks (S-HIT-9's m): Fury, Flash, a lost eye or blindness (S-MODEL-7)."""
    if not hero.effects and not hero.eyes_lost:
        return _ZERO  # the usual case, without building Fractions
    m = hero.effect_total(_STATUS_KIND_HIT_OWN)
    if not detailed:
        m -= BLIND_HIT_PENALTY if hero.eyes_lost >= 2 else EYE_HIT_PENALTY if hero.eyes_lost == 1 else 0
    return m


def against_modifier(hero: Hero, kind: AttackKind) -> Fraction:
    """Effects on attacks against the hero: Mist, ranged wards against ranged and thrown, blindness +50."""
    if not hero.effects and hero.eyes_lost < 2:
        return _ZERO
    m = hero.effect_total(_STATUS_KIND_HIT_AGAINST)
    if kind in RANGED_KINDS:
        m += hero.effect_total(_STATUS_KIND_HIT_AGAINST_RANGED)
    if hero.eyes_lost >= 2:
        m += BLIND_HIT_PENALTY
    return m


def weapon_chance(
    state: SkirmishState, hero: Hero, target: Hero, w: Weapon, kind: AttackKind, at: Pos | None = None
) -> Fraction:
    """S-HIT-9 for a basic melee, ranged or thrown attack of ``hero`` on ``target`` now (shot from ``at``
    if given: an AI's what-if, else from the hero's cell)."""
    att_skill = hero.info.hero.skill(w.weapon_class)
    if kind == _ATTACK_KIND_MELEE:
        tw = melee_weapon(state, target)
        def_skill: Fraction = Fraction(target.info.hero.skill(tw.weapon_class) if tw else 0)
        factor = Fraction(1)
    else:
        def_skill = target.agility  # S-HIT-5: the target's effective Agility for ranged combat
        assert w.optimal is not None
        x, y = at or hero.pos
        factor = range_factor(w.optimal, target.pos[0] - x, target.pos[1] - y)
    return _chance(state, hero, target, att_skill, def_skill, kind, factor)


def spell_chance(state: SkirmishState, hero: Hero, target: Hero) -> Fraction:
    """S-HIT-10: a strike spell that rolls uses S-HIT-9 without the skill term (and no range factor)."""
    return _chance(state, hero, target, None, Fraction(0), _ATTACK_KIND_SPELL, Fraction(1))


def _chance(
    state: SkirmishState,
    hero: Hero,
    target: Hero,
    att: int | None,
    dfn: Fraction,
    kind: AttackKind,
    factor: Fraction,
) -> Fraction:
    sh = shield(state, target)
    own, against = own_modifier(hero), against_modifier(target, kind)
    m = own + against if own or against else _ZERO
    shield_x = sh.size_x if sh else _ZERO
    # Keyed by integers: hashing four Fractions cost more than looking the chance up.
    key = (
        *(state.attacks_on[target.id], target.style, att),
        *(shield_x.numerator, shield_x.denominator, dfn.numerator, dfn.denominator),
        *(m.numerator, m.denominator, factor.numerator, factor.denominator),
    )
    found = _HIT_CHANCES.get(key)
    if found is None:
        prior = state.attacks_on[target.id]
        found = _HIT_CHANCES.keep(key, _hit_chance(prior, shield_x, target.style, att, dfn, m, factor))
    return found


_HIT_CHANCES = BoundedMemo(65536)  # _chance's memo


def _hit_chance(
    prior: int, shield_x: Fraction, style: bool, att: int | None, dfn: Fraction, m: Fraction, factor: Fraction
) -> Fraction:
    """:func:`hit_chance` (memoised by :func:`_chance`): a pure function of a handful of exact values."""
    return hit_chance(
        prior_attacks=prior,
        shield_x=shield_x,
        defensive_style=style,
        skill_att=att,
        skill_def=dfn,
        modifiers=m,
        factor=factor,
    )


def in_weapon_range(hero: Hero, target: Hero, w: Weapon, kind: AttackKind) -> bool:
    if kind == _ATTACK_KIND_MELEE:
        return grid_distance(hero.pos, target.pos) == 1
    assert w.max_range is not None
    return in_range(w.max_range, target.pos[0] - hero.pos[0], target.pos[1] - hero.pos[1])


def melee_fighter(state: SkirmishState, hero: Hero) -> Fighter:
    """S-MODEL-3: the hero's melee.md values; effects of +-10n on hit chances become +-n skill."""
    w = melee_weapon(state, hero)
    level = hero.info.hero.skill(w.weapon_class) if w else 0
    attack = Fraction(BASE_MELEE_SKILL + level) + own_modifier(hero, detailed=True) / 10
    defence = Fraction(BASE_MELEE_SKILL + level) - hero.effect_total(_STATUS_KIND_HIT_AGAINST) / 10
    if hero.style:
        defence += 1  # S-MODEL-3: +1 defence in place of S-STYLE-3b's -10
    if hero.eyes_lost >= 2:
        attack, defence = attack - BLIND_SKILL_PENALTY, defence - BLIND_SKILL_PENALTY
    elif hero.eyes_lost == 1:
        attack -= EYE_SKILL_PENALTY
    sh = shield(state, hero)
    armour = detailed_armour(state, hero)
    return Fighter(
        attack=attack,
        defence=defence,
        strength=10 * hero.info.strength,
        weapon=w.detailed if w else None,
        body_armour=armour,
        head_armour=armour,
        parry=sh.parry if sh else None,
        shield_armour=sh.armour if sh else 0,
        size=state.board.catalog.battle.hero_size,
        fatigue=hero.fatigue,
    )
