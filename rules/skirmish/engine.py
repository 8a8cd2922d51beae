"""The skirmish's public interface: ``legal_actions``, ``check`` and ``apply``.

``apply`` validates with ``check`` first, so an illegal action raises :class:`IllegalAction`
and leaves the state untouched; a legal one mutates the state at once and returns every event
in order. Same state + action + rng state gives the same events.

``legal_actions`` lists every action of the acting hero in a stable order, with one exception
kept small on purpose: a spell is listed once per distinct effect (the first valid origin
cell, nearest the caster), bursts only where they reach a hero, and Stone wall by a
representative set of rows; ``check`` accepts every valid origin, target and wall.
"""

from __future__ import annotations

from rules.core.engine import IllegalAction, ensure_legal
from rules.rng import Rng
from rules.skirmish import events as ev
from rules.skirmish.actions import (
    Action,
    ActionTaken,
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
from rules.skirmish.catalog_types import Spell
from rules.skirmish.checks import check, legal_attacks, style_choices
from rules.skirmish.combat import weapon_attack
from rules.skirmish.magic import CastMode, bind, cast, ether_attack, how_cast, knows
from rules.skirmish.movement import declare_style, move, pick_up, reach_key, reachable
from rules.skirmish.primitives import check_end, end_battle
from rules.skirmish.spell_targets import cast_options_in, units_key
from rules.skirmish.state import Channel, EndReason, Hero, SkirmishState
from rules.skirmish.turns import end_activation
from rules.skirmish.values import launcher, melee_weapon, throwables

# Enum members read in hot loops, bound once (a StrEnum member lookup costs ~6 plain lookups).
_ATTACK_KIND_CROSSBOW = AttackKind.CROSSBOW
_ATTACK_KIND_MELEE = AttackKind.MELEE
_CAST_MODE_CHANNELLED = CastMode.CHANNELLED
_END_REASON_SURRENDER = EndReason.SURRENDER
# The activation's action is kept as a plain str in the state (its fingerprint).
_TAKEN_CAST = str(ActionTaken.CAST)
_TAKEN_CHANNEL = str(ActionTaken.CHANNEL)
_TAKEN_ETHER = str(ActionTaken.ETHER)
_TAKEN_BIND = str(ActionTaken.BIND)

__all__ = ["IllegalAction", "action_options", "apply", "check", "legal_actions"]


def legal_actions(state: SkirmishState) -> list[Action]:
    """Every action the acting hero may take now (see the module note on spells), Surrender last."""
    if state.over or state.act is None:
        return []
    hero = state.heroes[state.act.hero]
    actions: list[Action] = []
    if hero.channel is None:
        styles = [DeclareStyle(hero.id, blocked) for blocked in style_choices(state, hero)]
        actions = [a for a in styles if check(state, a) is None]
        if state.act.action is None:  # exactly checks._move's conditions: no action yet, reachable
            actions += _moves(state, hero)
        pick_ups = [PickUp(hero.id, w) for w in dict.fromkeys(state.items.get(hero.pos, ()))]
        actions += [a for a in pick_ups if check(state, a) is None]
    actions += action_options(state)
    actions.append(EndActivation(hero.id))
    actions.append(Surrender(hero.team))
    return actions


def action_options(state: SkirmishState, *, casts: bool = True) -> list[Action]:
    """The legal attacks, casts, channels, ether attacks, bindings and cards of the acting hero now:
    ``legal_actions`` without movement, style, EndActivation and Surrender (what an AI plans with)."""
    if state.over or state.act is None:
        return []
    hero = state.heroes[state.act.hero]
    candidates: list[Action] = []
    attacks: list[Attack] = []
    act = state.act
    if hero.channel is None:
        # checks._attack, weapon by weapon
        attacks = legal_attacks(state, hero, attack_candidates(state, hero))
        # Ether attacks and bindings only where checks._caster_problem (their first test) passes.
        if act.action is None and not act.style_turn and hero.info.can_cast and hero.bound_by is None:
            # checks._mage_target's first tests, before the full check: no bound mage (S-BIND-1),
            # mana to attack in the ether (S-ETHER-4), none to be bound (S-BIND-1).
            mages = [e for e in enemy_mages(state, hero) if e.bound_by is None]
            if hero.mana > 0:  # checks._ether: S-ETHER-4
                candidates += [EtherAttack(hero.id, e.id) for e in mages if e.mana > 0]
            if not act.moved:  # checks._bind: S-BIND-5
                candidates += [Bind(hero.id, e.id) for e in mages if e.mana <= 0]
        candidates += [PlayCard(hero.id, c) for c in dict.fromkeys(state.cards[hero.team])]
    actions: list[Action] = [*attacks, *(a for a in candidates if check(state, a) is None)]
    if casts:
        actions += _casts(state, hero)  # built valid: the same checks as checks._cast, target by target
    return actions


def _enemies(state: SkirmishState, hero: Hero) -> list[Hero]:
    return [e for e in state.heroes if e.team != hero.team and not e.out]


def enemy_mages(state: SkirmishState, hero: Hero) -> list[Hero]:
    """The living enemy mages a caster could ether-attack or bind (before the legality tests)."""
    if not hero.info.can_cast:
        return []
    return [e for e in _enemies(state, hero) if e.info.is_mage]


def attack_candidates(state: SkirmishState, hero: Hero) -> list[Attack]:
    """Every attack the hero's weapons could make on a living enemy, before the legality tests; kept on
    the board by what it reads (the hero's weapons and arms, the living enemies): the list is shared,
    callers only read it."""
    enemies = tuple(e.info.id for e in _enemies(state, hero))
    key = ("attack candidates", hero.info.id, hero.melee, hero.ranged, hero.thrown, hero.arms_lost, enemies)
    return state.board.remember(key, lambda: _attack_candidates(state, hero))


def _attack_candidates(state: SkirmishState, hero: Hero) -> list[Attack]:
    found: list[Attack] = []
    mw, lw = melee_weapon(state, hero), launcher(state, hero)
    for enemy in _enemies(state, hero):
        if mw is not None:
            found.append(Attack(hero.id, enemy.id, mw.id))
        if lw is not None:
            found.append(Attack(hero.id, enemy.id, lw.id))
        found += [Attack(hero.id, enemy.id, w, thrown=True) for w in throwables(state, hero)]
    return found


def _casts(state: SkirmishState, hero: Hero) -> list[Action]:
    act = state.act
    if (
        act is None
        or act.action is not None
        or act.style_turn
        or not hero.info.can_cast
        or hero.bound_by is not None
    ):
        return []
    found: list[Action] = []
    units = units_key(state)
    memo = state.board.memo
    for spell in _castable(state, hero):
        how = how_cast(hero, spell, act.moved)
        if how is None:
            channel = StartChannel(hero.id, spell.id)
            if spell.level >= 2 and knows(hero, spell) and check(state, channel) is None:
                found.append(channel)
            continue
        if how != _CAST_MODE_CHANNELLED and hero.mana < spell.mana:
            continue
        key = ("cast actions", hero.id, spell.id, hero.pos, hero.team, units)
        casts = memo.get(key)  # the Cast values of cast_options (immutable, so shared)
        if casts is None:
            casts = memo.keep(
                key,
                [
                    Cast(hero.id, spell.id, target, origin, cells)
                    for origin, target, cells in cast_options_in(state, hero, spell, units)
                ],
            )
        found += casts
    return found


def _castable(state: SkirmishState, hero: Hero) -> list[Spell]:
    """The catalog's spells in order that the hero could ever cast or channel: its quick set and
    the spells it knows (how_cast and checks._channel refuse every other, S-SPELL-7/9/11)."""
    key = ("castable", hero.id)
    found = state.board.memo.get(key)
    if found is None:
        spells = state.board.catalog.spells.values()
        found = state.board.memo.keep(key, [s for s in spells if s.id in hero.info.quick or knows(hero, s)])
    return found


def _moves(state: SkirmishState, hero: Hero) -> list[Move]:
    """A Move to every cell :func:`reachable` gives but the hero's own, memoised with it (Move values
    are immutable, so the lists are shared)."""
    memo = state.board.memo
    key = ("moves", hero.id, reach_key(state, hero))
    found = memo.get(key)
    if found is None:
        here = hero.pos
        found = memo.keep(key, [Move(hero.id, pos) for pos in reachable(state, hero) if pos != here])
    return found


def apply(state: SkirmishState, action: Action, rng: Rng) -> list[ev.Event]:
    """Carry out a legal action; raise IllegalAction (state unchanged) otherwise."""
    ensure_legal(check(state, action))
    events: list[ev.Event] = []
    if isinstance(action, Surrender):  # S-END-4: a loss for the surrendering side
        end_battle(state, 3 - action.team, _END_REASON_SURRENDER, events)
        return events
    act = state.act
    assert act is not None
    hero = state.heroes[act.hero]
    ends = True
    if isinstance(action, Move):
        move(state, hero, action.to, rng, events)
        ends = False
    elif isinstance(action, PickUp):
        pick_up(state, hero, action.weapon, events)
        ends = False
    elif isinstance(action, DeclareStyle):
        declare_style(state, hero, action.blocked, events)
        ends = False
    elif isinstance(action, Attack):
        target = state.heroes[action.target]
        w = state.board.catalog.weapons[action.weapon]
        kind = weapon_attack(state, hero, target, w, action.thrown, rng, events)
        act.action = str(ActionTaken(kind))  # the state keeps plain str (its fingerprint)
        act.melee_attacked = act.melee_attacked or kind == _ATTACK_KIND_MELEE
        act.shots_left -= 1
        ends = kind in (_ATTACK_KIND_MELEE, _ATTACK_KIND_CROSSBOW) or act.shots_left <= 0 or hero.out
    elif isinstance(action, Cast):
        spell = state.board.catalog.spells[action.spell]
        how = how_cast(hero, spell, act.moved)
        assert how is not None
        act.action = _TAKEN_CAST
        cast(state, hero, spell, action.origin, action.target, action.cells, how, rng, events)
    elif isinstance(action, StartChannel):
        spell = state.board.catalog.spells[action.spell]
        hero.channel = Channel(spell.id, spell.activations - 1)  # this activation is the first
        act.action = _TAKEN_CHANNEL
        events.append(ev.ChannelStarted(hero.id, spell.id, spell.activations))
    elif isinstance(action, EtherAttack):
        act.action = _TAKEN_ETHER
        ether_attack(state, hero, state.heroes[action.target], rng, events)
    elif isinstance(action, Bind):
        act.action = _TAKEN_BIND
        bind(state, hero, state.heroes[action.target], events)
    elif isinstance(action, PlayCard):
        cards = list(state.cards[hero.team])
        cards.remove(action.card)
        state.cards = state.cards.replace(hero.team, tuple(cards))
        state.cards_played[hero.team] += 1
        events.append(ev.CardPlayed(hero.team, hero.id, action.card))
        ends = False
    if check_end(state, events):  # S-END-1: after every event that can change it
        return events
    if ends:
        end_activation(state, rng, events)
    return events
