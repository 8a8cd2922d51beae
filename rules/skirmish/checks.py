"""Why an action is illegal now (``check``), one function per action kind.

Every rule that forbids something is here, so ``legal_actions`` (which enumerates) and
``apply`` (which validates first) can never disagree.
"""

from __future__ import annotations

from itertools import combinations

from rules.skirmish.actions import (
    Action,
    Attack,
    AttackKind,
    Bind,
    Cast,
    DeclareStyle,
    EndActivation,
    EtherAttack,
    Move,
    PickUp,
    PlayCard,
    StartChannel,
    Surrender,
)
from rules.skirmish.combat import attack_kind
from rules.skirmish.magic import CastMode, how_cast, knows
from rules.skirmish.movement import adjacent_enemies, can_pick_up, reachable
from rules.skirmish.primitives import BLOCK_LIMIT
from rules.skirmish.spell_targets import target_problem
from rules.skirmish.state import Activation, Hero, SkirmishState
from rules.skirmish.values import (
    in_weapon_range,
    launcher,
    may_attack_this_round,
    melee_weapon,
    sees,
    throwables,
)

# Enum members read in hot loops, bound once (a StrEnum member lookup costs ~6 plain lookups).
_ATTACK_KIND_BOW = AttackKind.BOW
_ATTACK_KIND_CROSSBOW = AttackKind.CROSSBOW
_ATTACK_KIND_MELEE = AttackKind.MELEE
_ATTACK_KIND_THROWN = AttackKind.THROWN
_CAST_MODE_CHANNELLED = CastMode.CHANNELLED


def check(state: SkirmishState, action: Action) -> str | None:
    """Why ``action`` is illegal now, or None when it is legal."""
    if state.over or state.act is None:
        return "the battle is over"
    hero = state.heroes[state.act.hero]
    if isinstance(action, Surrender):
        if action.team != hero.team:
            return f"team {action.team} may surrender only during the activation of its own hero (S-END-4)"
        return None
    handler = _HANDLERS.get(type(action))
    if handler is None:
        return f"unknown action {action!r}"
    if action.hero != hero.id:
        return f"it is hero {hero.id}'s activation (S-ACT-7)"
    if hero.channel is not None and not isinstance(action, EndActivation | Cast):
        return "a channelling mage neither moves nor acts (S-SPELL-9)"
    return handler(state, hero, state.act, action)


def _move(state: SkirmishState, hero: Hero, act: Activation, action: Move) -> str | None:
    if act.action is not None:
        return "an attack or a cast ends the hero's movement (S-ACT-8)"
    if action.to == hero.pos:
        return "the hero is already there"
    if action.to not in reachable(state, hero):
        limit = " (defensive style: one cell, S-MOVE-5)" if act.style_turn else ""
        return f"cell {action.to} is not reachable with {act.left} steps left{limit}"
    return None


def _pick_up(state: SkirmishState, hero: Hero, act: Activation, action: PickUp) -> str | None:
    if act.action is not None:
        return "items are picked up during movement, before the attack (S-ACT-9, S-ACT-8)"
    return can_pick_up(state, hero, action.weapon)


def _style(state: SkirmishState, hero: Hero, act: Activation, action: DeclareStyle) -> str | None:
    if act.moved or act.action is not None or act.style_turn:
        return "defensive style is declared at the start of the activation (S-STYLE-6)"
    w = melee_weapon(state, hero)
    if w is None or not w.style_ok:
        return "defensive style needs a suitable melee weapon (S-STYLE-1)"
    adjacent = adjacent_enemies(state, hero)
    if any(e not in adjacent for e in action.blocked) or len(set(action.blocked)) != len(action.blocked):
        return "only adjacent enemies can be blocked (S-STYLE-3a)"
    if len(action.blocked) != min(BLOCK_LIMIT, len(adjacent)):
        return f"the style blocks {min(BLOCK_LIMIT, len(adjacent))} of the adjacent enemies (S-STYLE-3a)"
    return None


def style_choices(state: SkirmishState, hero: Hero) -> list[tuple[int, ...]]:
    """S-STYLE-3a: all adjacent enemies, or each choice of 3 when more are adjacent."""
    adjacent = adjacent_enemies(state, hero)
    return [tuple(c) for c in combinations(adjacent, min(BLOCK_LIMIT, len(adjacent)))]


def _attack(state: SkirmishState, hero: Hero, act: Activation, action: Attack) -> str | None:
    if act.style_turn:
        return "a hero in defensive style does not attack in its own activation (S-STYLE-5, S-ACT-5)"
    if not 0 <= action.target < len(state.heroes):
        return f"there is no hero {action.target}"
    target = state.heroes[action.target]
    if target.out or target.team == hero.team:
        return "the target must be an enemy still in the fight"
    w = state.board.catalog.weapons.get(action.weapon)
    if w is None:
        return f"unknown weapon {action.weapon!r}"
    kind = attack_kind(w, action.thrown)
    problem = _ready_problem(state, hero, act, action, kind)
    if problem:
        return problem
    if not in_weapon_range(hero, target, w, kind):
        return (
            "the target is not adjacent"
            if kind == _ATTACK_KIND_MELEE
            else "the target is beyond maximum range (S-HIT-6)"
        )
    if kind != _ATTACK_KIND_MELEE and not sees(state, hero.pos, target.pos):
        return "the target is not in line of sight (S-HIT-8)"
    return None


def _ready_problem(
    state: SkirmishState, hero: Hero, act: Activation, action: Attack, kind: AttackKind
) -> str | None:
    """The tests of :func:`_attack` that do not depend on the target."""
    if act.action is not None and not (
        act.action == kind and kind in (_ATTACK_KIND_BOW, _ATTACK_KIND_THROWN) and act.shots_left > 0
    ):
        return "the hero has already taken its action this activation (S-ACT-8, S-DATA-7)"
    if act.action is None and not may_attack_this_round(state, hero):
        return "a Crippled hero attacks at most once in any three rounds (S-MODEL-7)"
    return _weapon_problem(state, hero, act, action, kind)


def attack_ready(state: SkirmishState, hero: Hero, action: Attack) -> bool:
    """Do :func:`_attack`'s tests that depend on neither the target nor where the hero stands pass for
    the acting hero's ``action`` now (an AI's bound standing the hero on other cells reads it)?"""
    act = state.act
    assert act is not None
    kind = attack_kind(state.board.catalog.weapons[action.weapon], action.thrown)
    return not act.style_turn and _ready_problem(state, hero, act, action, kind) is None


def legal_attacks(state: SkirmishState, hero: Hero, per_enemy: list[Attack]) -> list[Attack]:
    """The attacks of ``per_enemy`` (the acting hero's attacks on its living enemies) that
    :func:`check` allows, in order: :func:`_attack`'s tests, the target-free ones once a weapon."""
    act = state.act
    assert act is not None
    if act.style_turn or state.over:
        return []
    weapons = state.board.catalog.weapons
    ready: dict[tuple[str, bool], AttackKind | None] = {}
    found = []
    for action in per_enemy:
        wkey = (action.weapon, action.thrown)
        if wkey not in ready:
            kind = attack_kind(weapons[action.weapon], action.thrown)
            ready[wkey] = None if _ready_problem(state, hero, act, action, kind) else kind
        kind_now = ready[wkey]
        if kind_now is None:
            continue
        target = state.heroes[action.target]
        if not in_weapon_range(hero, target, weapons[action.weapon], kind_now):
            continue
        if kind_now != _ATTACK_KIND_MELEE and not sees(state, hero.pos, target.pos):
            continue
        found.append(action)
    return found


def _weapon_problem(
    state: SkirmishState, hero: Hero, act: Activation, action: Attack, kind: AttackKind
) -> str | None:
    if kind == _ATTACK_KIND_MELEE:
        w = melee_weapon(state, hero)
        if w is None or w.id != action.weapon:
            return f"the hero holds no usable melee weapon {action.weapon!r}"
        limit = state.board.catalog.battle.fatigue_limit
        if state.board.detailed and hero.fatigue >= limit:
            return f"at {limit} fatigue or more a hero cannot make melee attacks (S-MODEL-5, ML-DATA-7)"
    elif kind == _ATTACK_KIND_THROWN:
        if action.weapon not in throwables(state, hero):
            return f"the hero has no {action.weapon!r} it can throw"
    else:
        lw = launcher(state, hero)
        if lw is None or lw.id != action.weapon:
            return f"the hero has no usable {action.weapon!r}"
        if kind == _ATTACK_KIND_BOW and act.moved:
            return "a bow allows one action per round: attack or move (S-ACT-3)"
        if kind == _ATTACK_KIND_CROSSBOW and state.round_no < hero.next_crossbow:
            return f"the crossbow shoots again in round {hero.next_crossbow} (S-ACT-2)"
    return None


def _cast(state: SkirmishState, hero: Hero, act: Activation, action: Cast) -> str | None:
    spell = state.board.catalog.spells.get(action.spell)
    if spell is None:
        return f"unknown spell {action.spell!r}"
    problem = _caster_problem(state, hero, act)
    if problem:
        return problem
    how = how_cast(hero, spell, act.moved)
    if how is None:
        if hero.channel is not None:
            return f"the channel of {hero.channel.spell} is not complete (S-SPELL-9)"
        if spell.level == 1 and knows(hero, spell):
            return "an unprepared spell is cast without moving (S-SPELL-9)"
        return f"{spell.id} is not in the quick-spell set; channel it (S-SPELL-9, S-SPELL-12)"
    if how != _CAST_MODE_CHANNELLED and hero.mana < spell.mana:
        return f"{spell.id} needs {spell.mana} mana (S-SPELL-8)"
    return target_problem(state, hero, spell, action.origin, action.target, action.cells)


def _caster_problem(state: SkirmishState, hero: Hero, act: Activation) -> str | None:
    if act.style_turn:
        return "a hero in defensive style does not act in its own activation (S-STYLE-5)"
    if act.action is not None:
        return "the hero has already taken its action this activation (S-SPELL-12)"
    if not hero.info.can_cast:
        return "the hero cannot cast (S-SPELL-7)"
    if hero.bound_by is not None:
        return "a bound mage cannot cast (S-BIND-1)"
    return None


def _channel(state: SkirmishState, hero: Hero, act: Activation, action: StartChannel) -> str | None:
    spell = state.board.catalog.spells.get(action.spell)
    if spell is None:
        return f"unknown spell {action.spell!r}"
    problem = _caster_problem(state, hero, act)
    if problem:
        return problem
    if act.moved:
        return "a mage does not move in any activation of a channel (S-SPELL-9)"
    if spell.id in hero.info.quick or spell.level < 2:
        return "only an unprepared spell of level 2 or more is channelled (S-SPELL-9)"
    if not knows(hero, spell):
        return f"{spell.id} is outside the hero's schools or castable level (S-SPELL-7)"
    if hero.mana < spell.mana:
        return f"{spell.id} needs {spell.mana} mana to start (S-SPELL-8)"
    return None


def _ether(state: SkirmishState, hero: Hero, act: Activation, action: EtherAttack) -> str | None:
    problem = _caster_problem(state, hero, act)
    if problem:
        return problem
    if hero.mana <= 0:
        return "a mage without mana can no longer take part in the ether duel (S-ETHER-4)"
    if act.action is None and not may_attack_this_round(state, hero):
        return "a Crippled hero attacks at most once in any three rounds (S-MODEL-7)"
    return _mage_target(state, hero, action.target, want_mana=True)


def _bind(state: SkirmishState, hero: Hero, act: Activation, action: Bind) -> str | None:
    problem = _caster_problem(state, hero, act)
    if problem:
        return problem
    if act.moved:
        return "binding is a full action: the binder does not move (S-BIND-5)"
    return _mage_target(state, hero, action.target, want_mana=False)


def _mage_target(state: SkirmishState, hero: Hero, target_id: int, *, want_mana: bool) -> str | None:
    if not 0 <= target_id < len(state.heroes):
        return f"there is no hero {target_id}"
    target = state.heroes[target_id]
    if target.out or target.team == hero.team or not target.info.is_mage:
        return "the target must be an enemy mage still in the fight"
    if target.bound_by is not None:
        return "the target is bound (S-BIND-1)"
    if want_mana and target.mana <= 0:
        return "the target has no mana left to attack (S-ETHER-4)"
    if not want_mana and target.mana > 0:
        return "only a mage with 0 mana can be bound (S-BIND-1)"
    if not sees(state, hero.pos, target.pos):
        return "the target is not in line of sight (S-ETHER-5, S-BIND-5)"
    return None


def _card(state: SkirmishState, hero: Hero, act: Activation, action: PlayCard) -> str | None:
    if action.card not in state.cards[hero.team]:
        return f"side {hero.team} holds no card {action.card!r}"
    if state.cards_played[hero.team]:
        return "only one card per side per round (S-ACT-4)"
    return None


def _end(state: SkirmishState, hero: Hero, act: Activation, action: EndActivation) -> str | None:
    return None


_HANDLERS: dict = {
    Move: _move,
    PickUp: _pick_up,
    DeclareStyle: _style,
    Attack: _attack,
    Cast: _cast,
    StartChannel: _channel,
    EtherAttack: _ether,
    Bind: _bind,
    PlayCard: _card,
    EndActivation: _end,
}
