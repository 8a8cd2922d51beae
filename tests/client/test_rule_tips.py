"""Rule tooltips (issue 24): every unit property, rune, battle feature and map object has a tip quoting
its rule in plain words, from one table of texts (``rules_tip.*``) in both languages."""

from __future__ import annotations

import re
import tomllib
from dataclasses import replace
from pathlib import Path

import pytest

from client import i18n
from client.context import MAPS_DIR
from client.i18n import has_text
from client.render import rule_tips
from client.render.rule_tips import feature_tip, object_tip, property_tip, rune_tip, tip_keys, unit_tips
from rules.tactics.catalog import default_catalog
from rules.tactics.setup import BattleFeature, FeatureKind
from tests.client.ui_events import hover, steps

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "rules" / "data" / "tactics_units.toml"
RIDGE = MAPS_DIR / "ballista_ridge.tmx"
LANGUAGES = ("en", "ru")


@pytest.fixture(autouse=True)
def _english_after() -> object:
    yield
    i18n.set_language("en")


def _texts(catalog) -> list[str]:
    """Every tip, filled in with the catalog's numbers, in the current language."""
    texts = [t for unit in catalog.units.values() for t in unit_tips(unit, catalog)]
    texts += [rune_tip(kind, catalog) for kind, _ in catalog.battle.rune_bonus]
    texts += [
        feature_tip(BattleFeature(kind, 20 if kind in ("physical", "magical") else 0), catalog)
        for kind in FeatureKind
    ]
    texts += [object_tip(kind, catalog) for kind in rule_tips.OBJECT_KINDS] + [
        object_tip("flag", catalog, True)
    ]
    return texts + [rule_tips.status_tip(s, catalog) for s in ("stunned", "defending")]


def test_every_kind_in_the_rules_data_has_a_tip_in_both_languages() -> None:
    """T-PROP-1..5, T-ATK-1..3, T-MOVE-1, T-DTYPE-1, T-RUNE-3, T-FEAT-1 and the map objects of §7: the
    kinds read straight from the data file each have a ``rules_tip`` text of their own in each language."""
    data = tomllib.loads(DATA.read_text(encoding="utf-8"))
    catalog = default_catalog()
    keys = set(tip_keys(catalog))
    wanted = set()
    for unit in data["units"].values():
        wanted |= {f"rules_tip.attack.{unit['attack']}", f"rules_tip.damage_type.{unit['damage_type']}"}
        wanted.add(f"rules_tip.move.move_{unit['move']}")
        wanted |= {
            f"rules_tip.property.{p}"
            for p in ("stun", "counterstrike", "melee_penalty", "distance_penalty", "backstab")
            if unit.get(p)
        }
    wanted |= {f"rules_tip.rune.{kind}" for kind in data["battle"]["rune_bonus"]}
    wanted |= {f"rules_tip.feature.{option['kind']}" for option in data["battle"]["random_features"]}
    assert wanted <= keys
    for key in sorted(keys):
        for lang in LANGUAGES:
            assert has_text(key, lang), f"{key} has no {lang} text"
        i18n.set_language("ru")
        ru = i18n.tr(key)
        i18n.set_language("en")
        assert ru != i18n.tr(key) and re.search("[а-яё]", ru), f"{key} is not translated"


def test_a_new_kind_in_the_data_without_a_tip_fails_the_check() -> None:
    """T-MOVE-1: a unit with a movement type the table does not know asks for a key that has no text."""
    catalog = default_catalog()
    unit = replace(next(iter(catalog.units.values())), move=3)
    bigger = replace(catalog, units={**catalog.units, "strider": unit})
    missing = [key for key in tip_keys(bigger) if not has_text(key, "en")]
    assert missing == ["rules_tip.move.move_3"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_tips_quote_the_rules_numbers_from_the_catalog(lang: str) -> None:
    """T-PROP-1 stun %, T-PROP-4 distance of 5, T-RUNE-3 rune bonuses, T-TRAP-1 430-530 damage,
    T-FEAT-2 +10% a round, T-DATA-4 barricade 400 HP, T-DMG-2 crit 175%: each tip says its rule's number."""
    i18n.set_language(lang)
    catalog = default_catalog()
    battle = catalog.battle
    stunner = next(u for u in catalog.units.values() if u.stun)
    assert f"{stunner.stun}%" in property_tip("stun", stunner, catalog)
    shooter = next(u for u in catalog.units.values() if u.distance_penalty)
    tip = property_tip("distance_penalty", shooter, catalog)
    assert f"{shooter.distance_penalty}%" in tip and f" {battle.distance_penalty_range} " in tip
    for kind, bonus in battle.rune_bonus:
        assert f"+{bonus}" in rune_tip(kind, catalog)
    assert f"{battle.crit_factor_pct}%" in rune_tip("crit", catalog)
    assert f"{battle.trap_damage_min}–{battle.trap_damage_max}" in object_tip("trap", catalog)
    rising = feature_tip(BattleFeature(FeatureKind.ESCALATION), catalog)
    assert f"+{battle.escalation_step}%" in rising and f"+{2 * battle.escalation_step}%" in rising
    assert "-30%" in feature_tip(BattleFeature(FeatureKind.MAGICAL, -30), catalog)
    assert str(catalog.barricade.hp) in object_tip("barricade", catalog)
    for text in _texts(catalog):
        assert "%{" not in text and "translation missing" not in text.lower(), text


def test_a_shared_flag_and_a_sides_own_flag_tell_their_own_rules() -> None:
    """T-FLAG-3: mode 1, a side's own flags; mode 2, shared flags, the side with more wins."""
    catalog = default_catalog()
    assert object_tip("flag", catalog) != object_tip("flag", catalog, shared=True)
    assert "more than half" in object_tip("flag", catalog, shared=True)


# ---- in the battle --------------------------------------------------------------------------------
def _texts_of(rows) -> str:
    return " | ".join(row.label for row in rows)


def test_an_empty_rune_sector_tells_its_rune_and_the_rune_rule(battle, app) -> None:
    """T-RUNE-1/3: pointing at a rune circle shows what its aura gives and that it lasts the battle."""
    scene = battle(RIDGE, hotseat=True)
    steps(app, 2)
    catalog = scene.session.state.board.catalog
    rune = next(r for r in scene.session.state.board.setup.runes if scene.view.squad_at(r.pos) is None)
    scene.camera.centre_on(scene._centre(rune.pos))
    hover(scene.camera.tile_centre(rune.pos))
    steps(app, 2)
    shown = _texts_of(scene.presentation.hover_rows())
    assert rune_tip(rune.kind, catalog) in shown and object_tip("rune", catalog) in shown


def test_a_squads_rules_appear_when_the_mouse_rests_on_it(battle, app) -> None:
    """T-ATK / T-MOVE / T-PROP: the squad's own rules join its stats after a short rest of the mouse,
    and always in the side panel's tooltip."""
    scene = battle(RIDGE, hotseat=True)
    steps(app, 2)
    state = scene.session.state
    squad = next(
        s
        for s in state.squads
        if s.info.team == 2
        and any(
            getattr(s.info.unit, p)
            for p in ("stun", "counterstrike", "backstab", "melee_penalty", "distance_penalty")
        )
    )
    scene.camera.centre_on(scene._centre(squad.pos))
    hover(scene.camera.tile_centre(squad.pos))
    steps(app, 2)
    expected = unit_tips(squad.info.unit, state.board.catalog)
    first = _texts_of(scene.presentation.hover_rows())
    assert i18n.tr("rules_tip.hold") in first and not scene.presentation.rule_rows()
    for _ in range(3):
        scene.update(0.3)
    assert i18n.tr("rules_tip.hold") not in _texts_of(scene.presentation.hover_rows())
    rested = _texts_of(scene.presentation.rule_rows())
    assert all(tip in rested for tip in expected)
    assert len(expected) >= 4  # attack, move, damage type and at least one property
    hover((scene.rects.side.centerx, scene.rects.side.y + 5))  # off the map: the rules go
    steps(app, 1)
    assert not scene.presentation.rule_rows()


def test_the_side_panels_squad_tooltip_gives_its_rules_at_once(battle, app) -> None:
    """T-PROP: the roster's tooltip shows the squad's rules without waiting."""
    scene = battle(RIDGE, hotseat=True)
    steps(app, 3)
    presentation = scene.presentation
    for y in range(scene.rects.side.top, scene.rects.side.bottom, 4):
        hover((scene.rects.side.centerx, y))
        steps(app, 1)
        squad_id = presentation.side_panel.squad_at(presentation.pointer.mouse)
        if squad_id is not None:
            break
    assert squad_id is not None
    unit = scene.view.squads[squad_id].unit
    shown = _texts_of(presentation.roster_rule_rows())
    assert all(tip in shown for tip in unit_tips(unit, scene.session.state.board.catalog))


def test_the_battle_feature_pill_tells_its_rule(battle, app) -> None:
    """T-FEAT-1/6: pointing at the feature's pill shows what the feature does to damage."""
    scene = battle(RIDGE, hotseat=True)
    steps(app, 3)
    pill = scene.presentation.battlefield.feature.rect
    assert pill is not None
    hover(pill.center)
    steps(app, 2)
    state = scene.session.state
    shown = _texts_of(scene.presentation.hover_rows())
    assert feature_tip(state.feature, state.board.catalog) in shown
