"""Rule tooltips: every unit property, rune, battle feature and map object explained in plain words.

A squad's tooltip grows its rules when the mouse rests on it (and always in the side panel's), a
sector with map objects shows theirs, and the battle-feature pill its own. The texts are one table
in both languages, the ``rules_tip`` namespace of the translation files; their numbers (a
property's percentage, a rune's bonus, the trap's damage, the barricade's HP) come from the rules'
catalog, so a tip always quotes the rule the battle plays by. :func:`tip_keys` lists the key every
kind in the rules' data needs, for the test that fails when a new kind has no tip.
"""

from __future__ import annotations

from client.i18n import tr
from client.render.board_view import BoardView, SquadView
from client.render.tooltip import Row
from client.tiled.schema import KINDS as OBJECT_KINDS
from client.ui import GOLD, MUTED_TEXT_COLOUR, TEXT_COLOUR
from rules.tactics.catalog import AttackType, Catalog, DamageType, UnitProperty, UnitType
from rules.tactics.setup import BattleFeature, BattleSetup, FeatureKind, Pos, RuneKind

TIP_SIZE = 13  # design pixels: the rules read smaller than the numbers above them

MOVES = (0, 1, 2)  # the movement types of T-MOVE-1: cannot move, zone 1, zone 2


def tip_keys(catalog: Catalog) -> list[str]:
    """The ``rules_tip`` key of every kind the rules and the catalog define (and the units use)."""
    moves = sorted(set(MOVES) | {unit.move for unit in catalog.units.values()})
    return [
        *(f"rules_tip.property.{p}" for p in UnitProperty),
        *(f"rules_tip.attack.{a}" for a in AttackType),
        *(f"rules_tip.move.move_{m}" for m in moves),
        *(f"rules_tip.damage_type.{d}" for d in DamageType),
        *(f"rules_tip.rune.{r}" for r in RuneKind),
        *(f"rules_tip.feature.{f}" for f in FeatureKind),
        *(f"rules_tip.object.{kind}" for kind in OBJECT_KINDS),
        "rules_tip.object.flag_shared",
    ]


def _signed(x: int) -> str:
    return f"+{x}" if x >= 0 else f"-{-x}"  # as the feature banner writes it (T-FEAT-6)


def property_tip(name: str, unit: UnitType, catalog: Catalog) -> str:
    """A unit's special property (T-PROP) with its own percentage."""
    return tr(
        f"rules_tip.property.{name}", n=getattr(unit, name), range=catalog.battle.distance_penalty_range
    )


def unit_tips(unit: UnitType, catalog: Catalog) -> list[str]:
    """The rules of a unit type: how it attacks and moves, its damage type, then each property it has."""
    tips = [
        tr(f"rules_tip.attack.{unit.attack}"),
        tr(f"rules_tip.move.move_{unit.move}"),
        tr(f"rules_tip.damage_type.{unit.damage_type}"),
    ]
    return tips + [property_tip(p, unit, catalog) for p in UnitProperty if getattr(unit, p)]


def rune_tip(kind: str, catalog: Catalog) -> str:
    """What a rune circle's aura gives (T-RUNE-3), with the catalog's bonus."""
    return tr(f"rules_tip.rune.{kind}", n=catalog.battle.rune(kind), factor=catalog.battle.crit_factor_pct)


def feature_tip(feature: BattleFeature, catalog: Catalog) -> str:
    """What the battle feature does to damage (T-FEAT)."""
    battle = catalog.battle
    x = feature.x if feature.kind is not FeatureKind.RANDOM else battle.random_feature_bonus
    step = battle.escalation_step
    return tr(f"rules_tip.feature.{feature.kind}", x=_signed(x), step=step, step2=2 * step)


def _bonus_list(catalog: Catalog) -> str:
    names = [tr(f"bonus.{option.id}") for option in catalog.battle.chest_bonuses]
    return ", ".join(name[:1].lower() + name[1:] for name in names)  # inside a sentence


def object_tip(kind: str, catalog: Catalog, shared: bool = False) -> str:
    """A map object's rule (T-TRAP, T-RUNE, T-LAND, T-EXIT, T-FLAG, T-CHEST, T-DOBJ); ``shared``: a
    flag both sides may take (PvP flag mode 2)."""
    battle, barricade = catalog.battle, catalog.barricade
    key = "flag_shared" if kind == "flag" and shared else kind
    return tr(
        f"rules_tip.object.{key}",
        min=battle.trap_damage_min,
        max=battle.trap_damage_max,
        bonuses=_bonus_list(catalog),
        hp=barricade.hp,
        phys=barricade.phys_defense,
        mag=barricade.mag_defense,
    )


def status_tip(status: str, catalog: Catalog) -> str:
    """A squad's state now: stunned (T-PROP-1) or defending (T-DEF)."""
    return tr(f"rules_tip.status.{status}", n=catalog.battle.defense_bonus)


def _tip_rows(tips: list[str], colour: tuple[int, int, int] = TEXT_COLOUR) -> list[Row]:
    return [Row(tip, colour, TIP_SIZE) for tip in tips]


def squad_rule_rows(squad: SquadView, catalog: Catalog) -> list[Row]:
    """Under a squad's stats: its unit type's rules, its auras' and its state's."""
    rows = [Row(tr("rules_tip.heading"), MUTED_TEXT_COLOUR, 14, True)]
    rows += _tip_rows(unit_tips(squad.unit, catalog))
    rows += _tip_rows([rune_tip(kind, catalog) for kind in sorted(squad.auras)], GOLD)
    statuses = [name for name, on in (("stunned", squad.stunned), ("defending", squad.defending)) if on]
    return rows + _tip_rows([status_tip(name, catalog) for name in statuses], GOLD)


def sector_objects(view: BoardView, setup: BattleSetup, pos: Pos) -> list[tuple[str, object]]:
    """The map objects the player can see at ``pos``: (kind, detail) with a rune circle's kind and a
    flag's team (None: shared). Hidden traps are not told (T-TRAP-3); landing zones are never shown."""
    found: list[tuple[str, object]] = []
    found += [("rune", rune.kind) for rune in setup.runes if rune.pos == pos]
    found += [("exit_zone", sector.team) for sector in setup.exits if sector.pos == pos]
    if pos in view.traps:
        found.append(("trap", None))
    if pos in view.flags:
        found.append(("flag", view.flags[pos]))
    if pos in view.chests:
        found.append(("chest", None))
    if pos in view.barricades:
        found.append(("barricade", view.barricades[pos]))
    return found


def sector_rule_rows(view: BoardView, setup: BattleSetup, pos: Pos, catalog: Catalog) -> list[Row]:
    """The rules of the map objects at ``pos`` (none: no rows)."""
    rows: list[Row] = []
    for kind, detail in sector_objects(view, setup, pos):
        if kind == "rune":
            rows.append(Row(tr(f"rune.{detail}"), GOLD, 15, True))
            rows += _tip_rows([rune_tip(str(detail), catalog), object_tip("rune", catalog)])
        else:
            rows += _tip_rows([object_tip(kind, catalog, shared=kind == "flag" and detail is None)])
    return rows


def feature_rule_rows(feature: BattleFeature, title: str, catalog: Catalog) -> list[Row]:
    """The battle-feature pill's tooltip: its banner text and what it does to damage."""
    return [Row(title, GOLD, 15, True), *_tip_rows([feature_tip(feature, catalog)])]
