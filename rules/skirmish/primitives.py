"""The few primitives every change of a skirmish goes through; each mutates and appends its event.

Dice helpers live here too: a chance in percentage points (an exact Fraction p/q) is rolled as
randint(1, 100 q) <= p, so the probability is exactly the chance (S-CONV-6), and U is drawn as
1/2 + n / 2^32 (S-CONV-4).
"""

from __future__ import annotations

from fractions import Fraction

from rules.core.grid import Pos
from rules.rng import Rng
from rules.skirmish import events as ev
from rules.skirmish.formulas import U_SCALE, grid_distance, u_value
from rules.skirmish.state import EndReason, Hero, Outcome, SkirmishState

BLOCK_LIMIT = 3  # S-STYLE-2 / S-STYLE-3a


def roll_chance(rng: Rng, chance: Fraction | int) -> tuple[bool, int | None]:
    """Succeed with ``chance`` percent, exactly; certain outcomes do not roll."""
    chance = Fraction(chance)
    if chance <= 0:
        return False, None
    if chance >= 100:
        return True, None
    roll = rng.randint(1, 100 * chance.denominator)
    return roll <= chance.numerator, roll


def roll_u(rng: Rng) -> Fraction:
    """S-CONV-4 / S-CONV-6: U uniform on [1/2, 3/2] as the exact fraction 1/2 + n / 2^32."""
    return u_value(rng.randint(0, U_SCALE))


def damage(state: SkirmishState, hero: Hero, amount: int, events: list) -> None:
    """Subtract HP; at HP <= 0 the hero is out of the fight (S-WOUND-5). No minimum damage."""
    if amount <= 0 or hero.out:
        return
    hero.hp -= amount
    events.append(ev.HeroDamaged(hero.id, amount, hero.hp))
    if hero.out:
        incapacitate(state, hero, events)


def incapacitate(state: SkirmishState, hero: Hero, events: list) -> None:
    """S-WOUND-5: out of the fight: leaves its cell, its channel ends (S-SPELL-9) and so do the
    bindings it holds (S-BIND-2) and its defensive style."""
    hero.hp = min(hero.hp, 0)
    events.append(ev.HeroIncapacitated(hero.id))
    if state.occupant.get(hero.pos) == hero.id:
        del state.occupant[hero.pos]
    if hero.channel is not None:
        events.append(ev.ChannelEnded(hero.id, hero.channel.spell, ev.ChannelEndReason.INCAPACITATED))
        hero.channel = None
    hero.style, hero.blocking = False, ()
    for other in state.heroes:
        if other.bound_by == hero.id:
            other.bound_by = None
            events.append(ev.BindingEnded(hero.id, other.id))
    update_blocking(state, events)


def heal(hero: Hero, amount: int, events: list) -> None:
    """Healing never raises HP above max and never reaches an incapacitated hero (S-DATA-5)."""
    if hero.out:
        return
    gained = max(0, min(amount, hero.info.max_hp - hero.hp))
    hero.hp += gained
    events.append(ev.Healed(hero.id, gained, hero.hp))


def change_mana(hero: Hero, delta: Fraction, events: list) -> None:
    """Mana changes only by casting, repelling, ether damage and gifts (S-MANA-3); 0..max."""
    new = min(hero.info.max_mana, max(Fraction(0), hero.mana + delta))
    if new != hero.mana:
        events.append(ev.ManaChanged(hero.id, new - hero.mana, new))
        hero.mana = new


def drop_item(state: SkirmishState, weapon: str, pos: Pos, events: list) -> None:
    """S-ACT-9: a weapon lies in a cell as an item (it blocks nothing)."""
    state.items[pos] = (*state.items.get(pos, ()), weapon)
    events.append(ev.ItemDropped(weapon, pos))


def relocate(state: SkirmishState, hero: Hero, to: Pos) -> None:
    del state.occupant[hero.pos]
    hero.pos = to
    state.occupant[to] = hero.id


def update_blocking(state: SkirmishState, events: list) -> None:
    """S-STYLE-3a: a defender blocks adjacent enemies, at most 3; an enemy that becomes adjacent
    is added while fewer than 3 are blocked; one no longer adjacent or incapacitated is dropped."""
    for defender in state.heroes:
        if not defender.style or defender.out:
            continue
        kept = tuple(
            e
            for e in defender.blocking
            if not state.heroes[e].out and grid_distance(state.heroes[e].pos, defender.pos) == 1
        )
        for enemy in state.heroes:
            if len(kept) >= BLOCK_LIMIT:
                break
            if (
                enemy.team != defender.team
                and not enemy.out
                and enemy.id not in kept
                and grid_distance(enemy.pos, defender.pos) == 1
            ):
                kept = (*kept, enemy.id)
        if kept != defender.blocking:
            defender.blocking = kept
            events.append(ev.BlockingChanged(defender.id, kept))


def end_battle(state: SkirmishState, winner: int | None, reason: EndReason, events: list) -> None:
    state.outcome = Outcome(winner, reason)
    state.act = None
    events.append(ev.BattleEnded(winner, reason))


def check_end(state: SkirmishState, events: list) -> bool:
    """S-END-1: a side wins when every hero of the other side is out; both at once is a draw."""
    if state.over:
        return True
    alive = {1: False, 2: False}
    for hero in state.heroes:
        if not hero.out:
            alive[hero.team] = True
    if alive[1] and alive[2]:
        return False
    end_battle(state, 1 if alive[1] else 2 if alive[2] else None, EndReason.ANNIHILATION, events)
    return True
