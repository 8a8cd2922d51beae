"""Rounds and activations (S-GRID-2, S-ACT-7): the order, a hero's step budget, ends of rounds.

Each round fixes its activation order at the start, by descending effective Agility, ties broken
with the battle's Rng (one shuffle per group of tied heroes, S-ACT-7). Activations run in that
order; an incapacitated hero's is skipped. The round limit ends the battle (S-END-2/3).
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from rules.core.teams import Mode
from rules.rng import Rng, shuffled
from rules.skirmish import events as ev
from rules.skirmish.catalog_types import StatusKind
from rules.skirmish.formulas import ranged_attacks_per_round, steps
from rules.skirmish.primitives import end_battle
from rules.skirmish.state import Activation, EndReason, Hero, SkirmishState

# Enum members read in hot loops, bound once (a StrEnum member lookup costs ~6 plain lookups).
_END_REASON_ROUND_LIMIT = EndReason.ROUND_LIMIT
_MODE_MISSION = Mode.MISSION
_STATUS_KIND_STEPS_ADD = StatusKind.STEPS_ADD
_STATUS_KIND_STEPS_HALF = StatusKind.STEPS_HALF
_STATUS_KIND_TOMB = StatusKind.TOMB


def activation_order(state: SkirmishState, rng: Rng) -> tuple[int, ...]:
    """S-ACT-7 / S-OQ-11: living heroes by descending effective Agility; ties shuffled with the Rng."""
    groups: dict[Fraction, list[int]] = defaultdict(list)
    for hero in state.heroes:
        if not hero.out:
            groups[hero.agility].append(hero.id)
    order: list[int] = []
    for agility in sorted(groups, reverse=True):
        ids = groups[agility]
        order.extend(shuffled(rng, ids) if len(ids) > 1 else ids)
    return tuple(order)


def step_budget(state: SkirmishState, hero: Hero) -> Fraction:
    """The steps of an activation: S-MOVE-2 (Agility x 3 with wounds), then spell effects
    (Haste +3, Granite body -2, Chill x 1/2, S-DATA-5), a Crippled hero's 1 (S-MODEL-7), and 0
    after Entangle or Thunderclap. Defensive style limits cells, not steps (S-MOVE-5)."""
    info, hp = hero.info, hero.hp
    plain = info.steps_at.get(hp)
    if plain is None:
        plain = info.steps_at[hp] = steps(hero.agility)
    if not (hero.effects or hero.crippled or hero.root_next):
        return plain  # none of the adjustments below applies (steps are never negative)
    budget = plain + hero.effect_total(_STATUS_KIND_STEPS_ADD)
    if hero.has_effect(_STATUS_KIND_STEPS_HALF):
        budget /= 2
    budget = max(Fraction(0), budget)
    if hero.crippled:
        budget = min(budget, Fraction(1))
    if hero.root_next:
        budget = Fraction(0)
    return budget


def start_round(state: SkirmishState, rng: Rng, events: list) -> None:
    state.round_no += 1
    state.attacks_on = [0] * len(state.heroes)  # S-HIT-2 / ML-HIT-5: counts reset each round
    state.checks_done = frozenset()  # S-STYLE-3a: one check per enemy per round
    state.cards_played = [0, 0, 0]  # S-ACT-4
    state.order = activation_order(state, rng)
    state.turn = 0
    events.append(ev.RoundStarted(state.round_no, state.order))


def end_round(state: SkirmishState, events: list) -> None:
    """Effects and walls "for N rounds" end with round r + N (S-DATA-5); then the round limit."""
    r = state.round_no
    for hero in state.heroes:
        ending = [e for e in hero.effects if e.until <= r]
        if ending:
            hero.effects = tuple(e for e in hero.effects if e.until > r)
            for e in ending:
                events.append(ev.EffectEnded(hero.id, e.kind, e.spell))
    crumbling = tuple(sorted(p for p, until in state.walls.items() if until <= r))
    if crumbling:
        for p in crumbling:
            del state.walls[p]
        events.append(ev.WallCrumbled(crumbling))
    events.append(ev.RoundEnded(r))
    if r >= state.board.round_limit:  # S-END-3 (as T-END-3): a mission is lost, else a draw
        end_battle(state, 2 if state.board.mode is _MODE_MISSION else None, _END_REASON_ROUND_LIMIT, events)


def advance(state: SkirmishState, rng: Rng, events: list) -> None:
    """Start the next activation, ending and starting rounds as needed."""
    state.act = None
    while not state.over:
        if state.turn >= len(state.order):
            if state.round_no:
                end_round(state, events)
                if state.over:
                    return
            start_round(state, rng, events)
            continue
        hero = state.heroes[state.order[state.turn]]
        if hero.out:
            events.append(ev.ActivationSkipped(hero.id, ev.SkipReason.INCAPACITATED))  # S-ACT-7
            state.turn += 1
            continue
        if hero.has_effect(_STATUS_KIND_TOMB):  # Stone tomb: no movement and no action
            hero.root_next = False
            events.append(ev.ActivationSkipped(hero.id, ev.SkipReason.TOMB))
            _recover(state, hero, events)
            state.turn += 1
            continue
        begin_activation(state, hero, events)
        return


def begin_activation(state: SkirmishState, hero: Hero, events: list) -> None:
    """S-STYLE-6: a style lasts until the start of the hero's next activation; steps are fixed now."""
    if hero.style:
        hero.style, hero.blocking = False, ()
        events.append(ev.StyleEnded(hero.id))
    budget = Fraction(0) if hero.channel is not None else step_budget(state, hero)
    hero.root_next = False
    act = Activation(hero.id, budget)
    divisor = state.board.catalog.battle.ranged_agility_divisor
    shots = hero.info.shots_at.get((hero.hp, divisor))
    if shots is None:
        shots = hero.info.shots_at[hero.hp, divisor] = ranged_attacks_per_round(hero.agility, divisor=divisor)
    act.shots_left = shots  # S-DATA-7 / S-OQ-28
    state.act = act
    events.append(ev.ActivationStarted(hero.id, budget))


def _recover(state: SkirmishState, hero: Hero, events: list) -> None:
    """S-MODEL-5 / ML-DATA-7: fatigue_recovery (5) back at the end of an activation without a melee attack."""
    if not state.board.detailed or hero.fatigue <= 0:
        return
    hero.fatigue = max(0, hero.fatigue - state.board.catalog.battle.fatigue_recovery)
    events.append(ev.FatigueChanged(hero.id, hero.fatigue))


def end_activation(state: SkirmishState, rng: Rng, events: list) -> None:
    """Close the current activation (channel bookkeeping, fatigue recovery) and go on."""
    act = state.act
    assert act is not None
    hero = state.heroes[act.hero]
    if hero.channel is not None and act.action is None and not hero.out:
        left = hero.channel.left - 1  # S-SPELL-9: this activation of the channel is done
        if left <= 0:
            events.append(ev.ChannelEnded(hero.id, hero.channel.spell, ev.ChannelEndReason.LAPSED))
            hero.channel = None
        else:
            hero.channel = type(hero.channel)(hero.channel.spell, left)
            events.append(ev.ChannelContinued(hero.id, hero.channel.spell, left))
    if not act.melee_attacked and not hero.out:
        _recover(state, hero, events)
    events.append(ev.ActivationEnded(hero.id))
    state.turn += 1
    advance(state, rng, events)
