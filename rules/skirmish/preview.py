"""What a player sees before committing, computed exactly from probabilities, never by rolling.

For an attack: the exact hit chance, the damage distribution given a hit (over the exact U grid
of S-CONV-6 and the 20% critical; in detailed melee from the DRN tables of melee.md), its range
and the chance to incapacitate the target. For a spell: the same per target, with the target's
block chance and the chance it repels the spell fully (S-RESIST). For a move: the path, its
cost and the defensive-style checks it will roll (S-STYLE-3a).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from rules.core.grid import Pos
from rules.numbers import ceil
from rules.skirmish.actions import Action, ActionTaken, Attack, AttackKind, Cast, EtherAttack, Move
from rules.skirmish.catalog_types import SpellTarget
from rules.skirmish.combat import attack_kind
from rules.skirmish.formulas import (
    CRIT_PCT,
    U_SCALE,
    X_DAMAGE,
    block_chance,
    ether_chance,
    range_factor,
    ranged_skill_factor,
)
from rules.skirmish.grid import HALF_COST, path_to
from rules.skirmish.melee_odds import kill_chance, strike_odds
from rules.skirmish.movement import PASS_CHANCE, checks_on_step, reachable
from rules.skirmish.spell_targets import affected
from rules.skirmish.state import Hero, SkirmishState
from rules.skirmish.values import armour_divisor, melee_fighter, spell_chance, weapon_chance

Dist = tuple[tuple[int, Fraction], ...]
N_U = U_SCALE + 1  # the number of equally likely U values


@dataclass(frozen=True, slots=True)
class TargetPreview:
    """One target's odds. ``damage`` is P(damage = v) given a hit (and no resistance)."""

    target: int
    hit_chance: Fraction  # percent; 100 when nothing is rolled
    damage: Dist
    kill_chance: Fraction  # P(incapacitated by this action), the hit chance included (no resistance)
    block_chance: Fraction | None = None  # S-RESIST-2, percent
    repel_chance: Fraction | None = None  # P(a failed block still repels fully), S-RESIST-3
    shield_chance: Fraction | None = None  # detailed melee: P(a hit lands on the shield)
    tail: tuple[int, Fraction] = (0, Fraction(0))  # detailed melee: values from here on, their mass

    @property
    def damage_min(self) -> int:
        return self.damage[0][0] if self.damage else 0

    @property
    def damage_max(self) -> int | None:
        """The largest damage, or None when it has no maximum (detailed melee)."""
        if self.tail[1]:
            return None
        return self.damage[-1][0] if self.damage else 0

    @property
    def mean(self) -> Fraction:
        """Expected damage of the action on this target, misses included (listed values)."""
        per_hit = sum((v * p for v, p in self.damage), Fraction(0)) + self.tail[0] * self.tail[1]
        return self.hit_chance / 100 * per_hit


@dataclass(frozen=True, slots=True)
class Preview:
    kind: ActionTaken
    targets: tuple[TargetPreview, ...] = ()
    path: tuple[Pos, ...] = ()
    cost: Fraction = Fraction(0)
    checks: tuple[tuple[int, int], ...] = ()  # (defender, pass chance %) the move will roll


@lru_cache(maxsize=65536)
def u_distribution(coef: Fraction) -> Dist:
    """P(round_half_up(coef x U) = v) for U = 1/2 + n / 2^32, n uniform in 0..2^32, exactly."""
    if coef <= 0:
        return ((0, Fraction(1)),)
    dist = []
    v = ceil(coef / 2 - Fraction(1, 2)) if coef / 2 > Fraction(1, 2) else 0
    while True:
        lo = (v - Fraction(1, 2) - coef / 2) * U_SCALE / coef  # coef x U >= v - 1/2
        hi = (v + Fraction(1, 2) - coef / 2) * U_SCALE / coef  # coef x U <  v + 1/2
        first, last = max(0, ceil(lo)), min(U_SCALE, ceil(hi) - 1)
        if first > U_SCALE:
            break
        if last >= first:
            dist.append((v, Fraction(last - first + 1, N_U)))
        v += 1
    return tuple(dist)


def with_crit(coef: Fraction, crit_pct: int = CRIT_PCT) -> Dist:
    """S-DMG-4: 80% the plain distribution, 20% with the damage doubled before rounding."""
    merged: dict[int, Fraction] = defaultdict(Fraction)
    for v, p in u_distribution(coef):
        merged[v] += p * (100 - crit_pct) / 100
    for v, p in u_distribution(2 * coef):
        merged[v] += p * crit_pct / 100
    return tuple(sorted(merged.items()))


def _at_least(dist: Dist, amount: int) -> Fraction:
    return sum((p for v, p in dist if v >= amount), Fraction(0))


def _basic_attack(state: SkirmishState, hero: Hero, target: Hero, action: Attack) -> TargetPreview:
    w = state.board.catalog.weapons[action.weapon]
    kind = attack_kind(w, action.thrown)
    if kind == AttackKind.MELEE and state.board.detailed:  # S-MODEL-2: melee.md's odds
        att, dfn = melee_fighter(state, hero), melee_fighter(state, target)
        prior, k = state.attacks_on[target.id], state.board.damage_scale
        odds = strike_odds(att, dfn, prior_strikes=prior, scale=k)
        kill = kill_chance(att, dfn, target.hp, prior_strikes=prior, scale=k)
        return TargetPreview(target.id, odds.hit * 100, odds.damage, kill, None, None, odds.shield / odds.hit
                             if odds.hit else Fraction(0), odds.tail)  # fmt: skip
    chance = weapon_chance(state, hero, target, w, kind)
    factor = (
        hero.info.strength
        if kind in (AttackKind.MELEE, AttackKind.THROWN)
        else ranged_skill_factor(hero.info.hero.skill(w.weapon_class))
    )
    coef = w.base_damage * factor / armour_divisor(state, target) * hero.info.energy_mult
    if kind != AttackKind.MELEE:
        assert w.optimal is not None
        coef *= range_factor(w.optimal, target.pos[0] - hero.pos[0], target.pos[1] - hero.pos[1])
    dist = with_crit(Fraction(coef))
    return TargetPreview(target.id, chance, dist, chance / 100 * _at_least(dist, target.hp))


def _spell_target(state: SkirmishState, hero: Hero, target: Hero, spell_id: str) -> TargetPreview:
    spell = state.board.catalog.spells[spell_id]
    chance = spell_chance(state, hero, target) if spell.hostile and spell.rolls else Fraction(100)
    coef = Fraction(spell.damage)
    if spell.damage and not spell.ignores_armour:
        coef /= armour_divisor(state, target)
    dist = (with_crit(coef) if spell.rolls else u_distribution(coef)) if spell.damage else ((0, Fraction(1)),)
    block = repel = None
    if spell.hostile and target.mana > 0 and target.info.wisdom > 0:  # S-RESIST-5
        block = block_chance(target.info.wisdom, hero.info.wisdom)
        # the cost U x mana x Wc / Wt is at most the target's mana  <=>  U <= limit
        limit = (
            target.mana * target.info.wisdom / (spell.mana * hero.info.wisdom) if spell.mana else Fraction(2)
        )
        n_max = min(U_SCALE, (limit - Fraction(1, 2)) * U_SCALE // 1) if limit >= Fraction(1, 2) else -1
        repel = Fraction(int(n_max) + 1, N_U)
    kill = chance / 100 * _at_least(dist, target.hp) if block is None else Fraction(0)
    return TargetPreview(target.id, chance, dist, kill, block, repel)


def _ether(state: SkirmishState, hero: Hero, target: Hero) -> TargetPreview:
    chance = ether_chance(state.attacks_on[target.id], hero.info.wisdom, target.info.wisdom)
    dist = u_distribution(X_DAMAGE * hero.info.wisdom)  # S-ETHER-5: off the target's mana
    return TargetPreview(target.id, chance, dist, Fraction(0))


def preview(state: SkirmishState, action: Action) -> Preview | None:
    """The exact odds of ``action`` for the acting hero, or None for actions without odds."""
    if state.act is None:
        return None
    hero = state.heroes[state.act.hero]
    if isinstance(action, Attack):
        w = state.board.catalog.weapons[action.weapon]
        odds = _basic_attack(state, hero, state.heroes[action.target], action)
        return Preview(ActionTaken(attack_kind(w, action.thrown)), (odds,))
    if isinstance(action, EtherAttack):
        return Preview(ActionTaken.ETHER, (_ether(state, hero, state.heroes[action.target]),))
    if isinstance(action, Cast):
        reached = _reached(state, hero, action)
        return Preview(ActionTaken.CAST, tuple(_spell_target(state, hero, t, action.spell) for t in reached))
    if isinstance(action, Move):
        return _move(state, hero, action.to)
    return None


def _reached(state: SkirmishState, hero: Hero, action: Cast) -> list[Hero]:
    """Whom a cast would reach (a chain shows its first target: later jumps depend on rolls)."""
    spell = state.board.catalog.spells[action.spell]

    class _NoRng:
        def randint(self, lo: int, hi: int) -> int:
            return lo

    reached = affected(state, hero, spell, action.origin, action.target, _NoRng())
    return reached[:1] if spell.target == SpellTarget.CHAIN else reached


def _move(state: SkirmishState, hero: Hero, to: Pos) -> Preview:
    """The path, its cost and the style checks it will roll, with the blocking as it stands now."""
    path = path_to(reachable(state, hero), to)
    cost, frm = Fraction(0), hero.pos
    checks: list[tuple[int, int]] = []
    for cell in path:
        for defender in checks_on_step(state, hero, frm, cell):
            if all(d != defender.id for d, _ in checks):
                checks.append((defender.id, PASS_CHANCE[len(defender.blocking)]))
        cost += Fraction(HALF_COST[(cell[0] - frm[0], cell[1] - frm[1])], 2)
        frm = cell
    return Preview(ActionTaken.MOVE, (), path, cost, tuple(checks))
