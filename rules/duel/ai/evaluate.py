"""The duel AIs' sense of value: a position score, and the expected score change of each action.

``evaluate(state, player)`` adds morale (the goal, D-HERO-1), the board (each creature's value
from its mean rolls, life and types) and the cards in hand. ``action_gain`` is the expected change
of that score an action brings, computed without rolling: fights through the exact outcome table
of :mod:`rules.duel.odds`, magic and summons by their fixed effects. These are AI heuristics, so
they use floats; the rules' own numbers stay exact.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from functools import lru_cache

from rules.core.teams import other_team
from rules.duel.actions import Action, Attack, CastSpell, Dismiss, PlayCreature
from rules.duel.catalog_types import (
    MANA,
    AttackMode,
    CreatureCard,
    CreatureType,
    MovementClass,
    SpellCard,
    SpellTarget,
    Trait,
)
from rules.duel.formulas import roll_range
from rules.duel.odds import fight_key, fight_key_of, float_outcomes
from rules.duel.setup import DEFAULT_HERO
from rules.duel.state import Creature, DuelState, Side, hero_ref
from rules.duel.targets import creature_target_reason

# Enum members read in hot loops, bound once (a StrEnum member lookup costs ~6 plain lookups).
_ATTACK_MODE_SHOOTER = AttackMode.SHOOTER
_MOVEMENT_CLASS_FLYING = MovementClass.FLYING
_SPELL_TARGET_ALL_FRIENDLY_CREATURES = SpellTarget.ALL_FRIENDLY_CREATURES
_SPELL_TARGET_OWN_HERO = SpellTarget.OWN_HERO
_TRAIT_SCARY = Trait.SCARY


@dataclass(frozen=True, slots=True)
class Weights:
    """Tunable weights of the score (the search's are tuned with the simulator, see docs/ai.md)."""

    morale: float = 1.0
    attack: float = 0.9
    defense: float = 0.5
    life: float = 0.5
    base: float = 1.0
    shooter: float = 1.5
    flying: float = 2.0
    scary: float = 2.0
    pike: float = 0.5
    mace: float = 0.5
    cavalry: float = 0.5
    hand_card: float = 1.0
    resource: float = 0.05
    mana: float = 0.3
    reach: float = 0.0  # per expected morale point a Shooter or Flier takes from a hero per attack
    win: float = 1000.0
    _hash: int = field(default=0, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        # The weights are part of every cached key below: hash the numbers once, not per lookup.
        numbers = tuple(getattr(self, f.name) for f in fields(self) if f.name != "_hash")
        object.__setattr__(self, "_hash", hash(numbers))

    def __hash__(self) -> int:
        return self._hash


DEFAULT = Weights()
BONUS_TYPES = (
    AttackMode.SHOOTER, MovementClass.FLYING, Trait.SCARY, AttackMode.PIKE, Trait.MACE, MovementClass.CAVALRY
)  # fmt: skip


def reach_parry(state: DuelState, w: Weights) -> int:
    """The hero defense that the ``reach`` weight is measured against: the default hero's (D-DATA-1,
    3 shipped), from the state's catalog; 0 (unused) when the weights give reach no worth."""
    if not w.reach:
        return 0
    catalog = state.catalog
    if _parry_of[0] is not catalog:  # the AI asks it for every scored position: look it up once
        _parry_of[:] = [catalog, catalog.hero(DEFAULT_HERO).defense]
    return _parry_of[1]


_parry_of: list = [None, 0]  # [the catalog last asked about, its default hero's defense]


@lru_cache(maxsize=256)
def _hero_hit(attack: int, hero_defense: int) -> float:
    """Expected morale taken from a hero of defense ``hero_defense`` by one attack (D-COMBAT-7)."""
    lo_d, hi_d = roll_range(attack)
    lo_p, hi_p = roll_range(hero_defense)
    pairs = [(d, p) for d in range(lo_d, hi_d + 1) for p in range(lo_p, hi_p + 1)]
    return sum(max(0, d - p) for d, p in pairs) / len(pairs)


def _mean(stat: int) -> float:
    lo, hi = roll_range(stat)  # D-ROLL-4: stats below 1 roll 1
    return (lo + hi) / 2


@lru_cache(maxsize=65536)
def creature_value(
    attack: int, defense: int, life: int, types: frozenset[CreatureType], w: Weights, parry: int
) -> float:
    """The worth of a creature on the field with these current stats (0 once dead).

    ``parry`` is :func:`reach_parry`: the hero defense the reach bonus is reckoned against."""
    if life <= 0:
        return 0.0
    bonus = sum(getattr(w, t) for t in sorted(types) if t in BONUS_TYPES)  # sorted: the same sum anywhere
    if w.reach and (
        _ATTACK_MODE_SHOOTER in types or _MOVEMENT_CLASS_FLYING in types
    ):  # D-HERO-4: they hit the hero over a field
        bonus += w.reach * _hero_hit(attack, parry)
    return w.base + w.attack * _mean(attack) + w.defense * _mean(defense) + w.life * life + bonus


def value_of(c: Creature, w: Weights = DEFAULT, *, parry: int) -> float:
    return creature_value(c.attack, c.defense, c.life, c.card.types, w, parry)


def _side_score(side: Side, w: Weights, parry: int) -> float:
    board = sum(creature_value(c.attack, c.defense, c.life, c.card.types, w, parry) for c in side.field)
    spare = sum(side.resources[:MANA]) * w.resource + side.resources[MANA] * w.mana * 0.5
    return w.morale * side.morale + board + w.hand_card * len(side.hand) + spare


def evaluate(state: DuelState, player: int, w: Weights = DEFAULT) -> float:
    """The position's score for ``player``: his side minus the other's; +-win once decided."""
    if state.outcome is not None:
        winner = state.outcome.winner
        return 0.0 if winner is None else (w.win if winner == player else -w.win)
    parry = reach_parry(state, w)
    return _side_score(state.side(player), w, parry) - _side_score(state.side(other_team(player)), w, parry)


def _morale_gain(side: Side, amount: int) -> int:
    """How much of a morale bonus a hero can take under its cap (D-HERO-7)."""
    return max(0, min(amount, side.hero.morale - side.morale))


@lru_cache(maxsize=65536)
def _fight_gain(key: tuple, my_room: int, foe_room: int, scary_amount: int, w: Weights, parry: int) -> float:
    """Expected score change of a fight for the attacker's side (see :func:`attack_gain`)."""
    (a_att, a_def, a_life, a_types), target, hero, morale_loss, *_ = key
    a_val = creature_value(a_att, a_def, a_life, a_types, w, parry)
    scary = scary_amount if _TRAIT_SCARY in a_types else 0
    gain = 0.0
    if target is None:
        for a, t, p in float_outcomes(key):
            g = w.morale * (hero[2] - max(t, 0)) + (w.win if t <= 0 else 0.0)
            g += -a_val - w.morale * min(scary, foe_room) if a <= 0 else w.life * (a - a_life)
            gain += p * g
        return gain
    if morale_loss and hero[2] <= morale_loss:
        return w.win  # the Scary declaration alone ends the duel (D-TYPE-8, D-WIN-3)
    t_att, t_def, t_life, t_types = target
    t_val = creature_value(t_att, t_def, t_life, t_types, w, parry)
    t_scary = scary_amount if _TRAIT_SCARY in t_types else 0
    for a, t, p in float_outcomes(key):
        g = -a_val - w.morale * min(scary, foe_room + morale_loss) if a <= 0 else w.life * (a - a_life)
        g += t_val + w.morale * min(t_scary, my_room) if t <= 0 else w.life * (t_life - t)
        gain += p * g
    return gain + w.morale * morale_loss


def attack_gain(state: DuelState, attacker: Creature, target: int, w: Weights = DEFAULT) -> float:
    """Expected score change of ``Attack(attacker, target)`` for the attacker's player."""
    me, foe = state.side(attacker.owner), state.side(other_team(attacker.owner))
    key = fight_key(state, attacker, target)
    scary = state.catalog.rules.scary_morale
    rooms = _morale_gain(me, scary), _morale_gain(foe, scary)
    return _fight_gain(key, *rooms, scary, w, reach_parry(state, w))


def attack_gains(
    state: DuelState, attacker: Creature, w: Weights = DEFAULT, *, parry: int | None = None
) -> list[tuple[int, float]]:
    """(target, :func:`attack_gain`) for every legal target of ``attacker``, in the order of
    :func:`~rules.duel.targets.attack_targets`; the shared numbers are worked out once
    (``parry`` too, when the caller already has :func:`reach_parry`)."""
    me, foe = state.side(attacker.owner), state.side(other_team(attacker.owner))
    rules = state.catalog.rules
    scary = rules.scary_morale
    parry = reach_parry(state, w) if parry is None else parry
    rooms = (_morale_gain(me, scary), _morale_gain(foe, scary), scary, w, parry)
    found = [
        (victim.uid, _fight_gain(fight_key_of(attacker, victim, foe, rules), *rooms))
        for victim in foe.field
        if creature_target_reason(attacker, victim, foe) is None
    ]
    # D-HERO-4: the hero is a target when its side has no creatures, or for a shooter or a flyer
    if not foe.field or attacker.has(_ATTACK_MODE_SHOOTER) or attacker.has(_MOVEMENT_CLASS_FLYING):
        found.append((hero_ref(foe.player), _fight_gain(fight_key_of(attacker, None, foe, rules), *rooms)))
    return found


def play_gain(card: CreatureCard, w: Weights = DEFAULT, *, parry: int) -> float:
    """Score change of putting ``card`` on the field (its value, less the card and what it costs)."""
    spent = w.resource * sum(card.cost)
    value = creature_value(card.attack, card.defense, card.life, card.types, w, parry)
    return value - w.hand_card - spent


def _spell_on(state: DuelState, card: SpellCard, c: Creature, w: Weights, parry: int) -> float:
    """Score change for the caster of ``card`` hitting creature ``c`` (D-MAGIC-3: no roll);
    ``parry`` is :func:`reach_parry`, worked out once by the caller."""
    before = value_of(c, w, parry=parry)
    after = creature_value(
        c.attack + card.attack, c.defense + card.defense, c.life + card.life, c.card.types, w, parry=parry
    )
    mine = c.owner == state.active
    if after <= 0 and c.has(_TRAIT_SCARY):  # a dead Scary cheers its enemy (D-TYPE-8)
        bonus = w.morale * _morale_gain(state.side(other_team(c.owner)), state.catalog.rules.scary_morale)
        return (after - before - bonus) if mine else (before - after + bonus)
    return (after - before) if mine else (before - after)


def spell_gain(
    state: DuelState, card: SpellCard, target: int | None, w: Weights = DEFAULT, *, parry: int | None = None
) -> float:
    """Score change of casting ``card`` at ``target`` (minus what the mana is worth); ``parry`` is
    :func:`reach_parry` when the caller already has it."""
    me, foe = state.me, state.foe
    cost = w.mana * card.mana + w.hand_card
    if card.target == _SPELL_TARGET_OWN_HERO:
        return w.morale * _morale_gain(me, card.morale) - cost
    if target is not None and target < 0:
        loss = -card.life
        return w.morale * min(loss, foe.morale) + (w.win if foe.morale <= loss else 0.0) - cost
    if card.mass:
        side = me if card.target == _SPELL_TARGET_ALL_FRIENDLY_CREATURES else foe
        parry = reach_parry(state, w) if parry is None else parry
        return sum(_spell_on(state, card, c, w, parry) for c in side.field) - cost
    creature = state.creature(target) if target is not None else None
    if creature is None:
        return -cost
    return _spell_on(state, card, creature, w, reach_parry(state, w) if parry is None else parry) - cost


def action_gain(state: DuelState, action: Action, w: Weights = DEFAULT) -> float:
    """Expected score change of a legal action for the active player; EndTurn is 0."""
    if isinstance(action, Attack):
        attacker = state.me.creature(action.attacker)
        return attack_gain(state, attacker, action.target, w) if attacker else 0.0
    if isinstance(action, PlayCreature):
        return play_gain(state.catalog.creatures[action.card], w, parry=reach_parry(state, w))
    if isinstance(action, CastSpell):
        return spell_gain(state, state.catalog.spells[action.card], action.target, w)
    if isinstance(action, Dismiss):
        creature = state.me.creature(action.creature)
        return -value_of(creature, w, parry=reach_parry(state, w)) if creature else 0.0
    return 0.0


def threat(state: DuelState, attacker_player: int, w: Weights = DEFAULT) -> float:
    """What ``attacker_player``'s creatures can expect to gain by attacking now: for each, its best
    fight's expected gain (if positive), summed. A cheap, roll-free estimate of the next reply."""
    total = 0.0
    parry = reach_parry(state, w)
    for creature in state.side(attacker_player).field:
        total += max([0.0, *(gain for _, gain in attack_gains(state, creature, w, parry=parry))])
    return total
