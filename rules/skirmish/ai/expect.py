"""Expected-value play for the search player's lookahead: actions without dice.

A move is walked by the engine (style checks pass); an attack, cast or ether attack takes off
each target's expected damage (misses included) and incapacitates it when the kill chance is
at least one half (a lower chance is kept aside, for the search to weigh the hero by the chance
it is still up); heals, mana gifts and bindings apply as such. Timed statuses are left out.
Nothing here is the game's rules of chance: it is a noiseless forecast for ranking plans.
"""

from __future__ import annotations

from fractions import Fraction

from rules.numbers import round_half_up
from rules.skirmish.actions import (
    Action,
    ActionTaken,
    Attack,
    Bind,
    Cast,
    EndActivation,
    EtherAttack,
    Move,
    PickUp,
)
from rules.skirmish.ai.outcomes import outcomes
from rules.skirmish.engine import apply, check
from rules.skirmish.primitives import check_end, incapacitate
from rules.skirmish.state import SkirmishState
from rules.skirmish.turns import end_activation

KILL_AT = 0.5


class _Low:
    """Rolls at the bottom of every range: checks pass; used only for moves and new rounds."""

    def randint(self, lo: int, hi: int) -> int:
        return lo


LOW = _Low()


Standing = dict[int, float]  # hero id -> the chance it is still up after the kill chances it survived


def apply_expected(state: SkirmishState, action: Action, standing: Standing | None = None) -> None:
    """Play ``action`` (legal) with its expected outcome. A hit whose kill chance is under one half
    leaves the target up; ``standing``, if given, keeps the chance that it really is (each such hit
    multiplies it by 1 - the kill chance), for the search to weigh the hero by."""
    act = state.act
    assert act is not None
    hero = state.heroes[act.hero]
    if isinstance(action, Move | PickUp | EndActivation):
        apply(state, action, LOW)
        return
    events: list = []
    if isinstance(action, Attack | Cast | EtherAttack):
        for hit in outcomes(state, action):
            target = state.heroes[hit.target]
            if target.out:
                continue
            state.attacks_on[target.id] += 1
            if isinstance(action, EtherAttack):
                target.mana = max(Fraction(0), target.mana - round_half_up(Fraction(hit.mean)))
                continue
            if isinstance(action, Cast):
                spell = state.board.catalog.spells[action.spell]
                if spell.heal and target.team == hero.team:
                    target.hp = min(target.info.max_hp, target.hp + spell.heal)
                    continue
                if spell.mana_gift and target.team == hero.team and target.bound_by is None:
                    target.mana = min(target.info.max_mana, target.mana + spell.mana_gift)
                    continue
            target.hp -= round_half_up(Fraction(hit.mean))
            if hit.kill >= KILL_AT or target.hp <= 0:
                incapacitate(state, target, events)
            elif standing is not None and hit.kill > 0:
                standing[target.id] = standing.get(target.id, 1.0) * (1.0 - hit.kill)
        if isinstance(action, Cast):
            hero.mana = max(Fraction(0), hero.mana - state.board.catalog.spells[action.spell].mana)
        act.action = str(ActionTaken.CAST if isinstance(action, Cast) else ActionTaken.ATTACK)
    elif isinstance(action, Bind):
        state.heroes[action.target].bound_by = hero.id
        act.action = str(ActionTaken.BIND)
    if not check_end(state, events):
        end_activation(state, LOW, events)


def play_expected(state: SkirmishState, action: Action, standing: Standing | None = None) -> None:
    """``apply_expected`` for a legal action; an illegal one ends the activation instead."""
    act = state.act
    assert act is not None
    if check(state, action) is None:
        apply_expected(state, action, standing)
    else:
        apply_expected(state, EndActivation(act.hero), standing)
