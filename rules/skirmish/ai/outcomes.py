"""Fast float estimates of what an action does, for ranking plans (the exact odds are in preview).

U is uniform on [1/2, 3/2], so a damage coefficient c gives mean c and P(c x U >= x) in closed
form; basic hits add the 20% critical (S-DMG-4). Detailed melee uses melee.md's exact odds,
cached per pair of fighters.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from rules.core.grid import Pos
from rules.numbers import to_float
from rules.skirmish.actions import Action, Attack, AttackKind, Cast, EtherAttack
from rules.skirmish.ai.keys import hero_key
from rules.skirmish.catalog_types import Spell
from rules.skirmish.combat import attack_kind
from rules.skirmish.formulas import block_chance, ether_chance, range_factor, ranged_skill_factor
from rules.skirmish.melee import Fighter
from rules.skirmish.melee_odds import kill_chance, strike_mean
from rules.skirmish.spell_targets import affected
from rules.skirmish.state import Hero, SkirmishState
from rules.skirmish.values import armour_divisor, melee_fighter, spell_chance, weapon_chance


@dataclass(frozen=True, slots=True)
class Hit:
    """One target's expected outcome: mean damage (misses included), kill chance, and the share of the
    effect that gets through its resistance (1 without)."""

    target: int
    mean: float
    kill: float
    through: float = 1.0


def _p_at_least(coef: float, x: float) -> float:
    """P(coef x U >= x) for U uniform on [1/2, 3/2]."""
    if coef <= 0:
        return 1.0 if x <= 0 else 0.0
    return min(1.0, max(0.0, 1.5 - x / coef))


def basic_hit(target: int, chance: float, coef: float, hp: int, crits: bool) -> Hit:
    need = hp - 0.5  # round half up reaches hp
    if crits:
        kill = 0.8 * _p_at_least(coef, need) + 0.2 * _p_at_least(2 * coef, need)
        return Hit(target, chance * coef * 1.2, chance * kill)
    return Hit(target, chance * coef, chance * _p_at_least(coef, need))


@lru_cache(maxsize=16384)
def _detailed(att: Fighter, dfn: Fighter, prior: int, scale: Fraction, hp: int) -> tuple[float, float]:
    mean = strike_mean(att, dfn, prior_strikes=prior, scale=scale)
    return mean, float(kill_chance(att, dfn, hp, prior_strikes=prior, scale=scale))


class _First:
    """A stand-in Rng for listing whom a cast reaches: ties go to the first candidate."""

    def randint(self, lo: int, hi: int) -> int:
        return lo


FIRST = _First()


def resist_share(caster: Hero, target: Hero, mana: int) -> float:
    """About how much of a hostile spell gets through S-RESIST: block, then a full repel if the target's
    mana covers U x mana x Wc / Wt, else the weakened rest."""
    if target.mana.numerator <= 0 or target.info.wisdom.numerator <= 0:  # (a Fraction's sign)
        return 1.0
    return _resist(caster.info.wisdom, target.info.wisdom, mana, to_float(target.mana))


@lru_cache(maxsize=65536)
def _resist(w_caster: Fraction, w_target: Fraction, mana: int, left: float) -> float:
    block = float(block_chance(w_target, w_caster)) / 100
    cost_mean = mana * float(w_caster / w_target)
    if cost_mean <= 0:
        return 0.0
    repel = min(1.0, max(0.0, (left / cost_mean - 0.5)))  # P(U <= left / cost_mean)
    weakened = max(0.0, 1 - left / (1.5 * cost_mean))
    return (1 - block) * (1 - repel) * weakened


def outcomes(state: SkirmishState, action: Action) -> list[Hit]:
    """Expected outcomes of an attack, a cast or an ether attack of the acting hero."""
    assert state.act is not None
    hero = state.heroes[state.act.hero]
    if isinstance(action, Attack):
        return [attack_hit(state, hero, action, hero.pos)]
    if isinstance(action, EtherAttack):
        target = state.heroes[action.target]
        chance = float(ether_chance(state.attacks_on[target.id], hero.info.wisdom, target.info.wisdom)) / 100
        return [Hit(target.id, chance * 12 * float(hero.info.wisdom), 0.0)]
    if isinstance(action, Cast):
        spell = state.board.catalog.spells[action.spell]
        return [
            cast_hit(state, hero, spell, t)
            for t in affected(state, hero, spell, action.origin, action.target, FIRST)
        ]
    return []


def attack_hit(state: SkirmishState, hero: Hero, action: Attack, at: Pos) -> Hit:
    """The expected outcome of ``hero``'s attack as if made from ``at`` (its cell, or a cell weighed)."""
    target = state.heroes[action.target]
    w = state.board.catalog.weapons[action.weapon]
    kind = attack_kind(w, action.thrown)
    if kind == AttackKind.MELEE and state.board.detailed:
        att, dfn = melee_fighter(state, hero), melee_fighter(state, target)
        mean, kill = _detailed(att, dfn, state.attacks_on[target.id], state.board.damage_scale, target.hp)
        return Hit(target.id, mean, kill)
    chance = to_float(weapon_chance(state, hero, target, w, kind, at)) / 100
    if kind in (AttackKind.MELEE, AttackKind.THROWN):
        factor = to_float(hero.info.strength)
    else:
        factor = to_float(ranged_skill_factor(hero.info.hero.skill(w.weapon_class)))
    divisor = to_float(armour_divisor(state, target))
    coef = to_float(w.base_damage) * factor / divisor * to_float(hero.info.energy_mult)
    if kind != AttackKind.MELEE and w.optimal is not None:
        coef *= to_float(range_factor(w.optimal, target.pos[0] - at[0], target.pos[1] - at[1]))
    return basic_hit(target.id, chance, coef, target.hp, True)


def cast_hit(state: SkirmishState, caster: Hero, spell: Spell, t: Hero, part: tuple | None = None) -> Hit:
    """The expected outcome of ``spell`` on one hero it reaches. Nothing here depends on where the
    caster stands (the planner reuses it from every destination it weighs); it is kept in the
    battle's memo under the spell and what it reads of the two heroes (:func:`cast_hit_part`, which
    a caller weighing many spells on the same heroes may pass as ``part``). A friendly spell that
    deals no damage (a heal, a gift, a ward) is neither rolled nor resisted: its hit is the same on
    anyone, so it is not kept (its key would change with every wound the target takes)."""
    if not spell.hostile and not spell.damage:
        return Hit(t.id, 0, 0, 1.0)  # what _cast_hit works out for it
    key = ("cast hit", spell.id, part or cast_hit_part(state, caster, t))
    found = state.board.memo.get(key)
    return found if found is not None else state.board.memo.keep(key, _cast_hit(state, caster, spell, t))


def cast_hit_part(state: SkirmishState, caster: Hero, t: Hero) -> tuple:
    """What :func:`cast_hit` reads besides the spell: the caster's own hit modifiers (S-HIT-9: its
    effects and eyes) and wisdom (its id), everything of the target the modes read, and the attacks
    on it this round."""
    own = (caster.info.id, caster.effects, caster.eyes_lost)
    return (own, hero_key(t), state.attacks_on[t.id])


def _cast_hit(state: SkirmishState, caster: Hero, spell: Spell, t: Hero) -> Hit:
    chance = to_float(spell_chance(state, caster, t)) / 100 if spell.hostile and spell.rolls else 1.0
    through = resist_share(caster, t, spell.mana) if spell.hostile else 1.0
    coef = to_float(spell.damage)
    if spell.damage and not spell.ignores_armour:
        coef /= to_float(armour_divisor(state, t))
    hit = basic_hit(t.id, chance, coef * through, t.hp, spell.rolls) if spell.damage else Hit(t.id, 0, 0)
    return Hit(t.id, hit.mean, hit.kill, through * chance)
