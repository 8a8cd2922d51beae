"""The Hero Skirmish setup and loadout screens, driven by synthetic clicks: ready and custom parties,
legal and illegal loadouts (the rules' own check decides), the character sheet, Play, both languages."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from client import i18n
from client.app import App
from client.context import Context
from client.scenes.base import Push
from client.skirmish import art, model
from client.skirmish.sheet import sheet_lines
from tests.client.ui_events import click_at, steps

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _checkout_art(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hero layers of this checkout (an editable install elsewhere points at another one)."""
    monkeypatch.setattr(art, "SKIRMISH_DIR", ROOT / "assets" / "sprites" / "skirmish")


def open_setup(app: App, ctx: Context):
    from client.scenes.skirmish_setup import SkirmishSetupScene

    scene = SkirmishSetupScene(ctx, app.size)
    app.stack.apply(Push(scene))
    steps(app, 2)
    return scene


def press_button(app: App, button) -> None:
    click_at(button.rect.center)
    steps(app, 2)


def test_the_main_menu_opens_the_skirmish_setup(app: App, ctx: Context) -> None:
    from client.scenes.menu import MenuScene
    from client.scenes.skirmish_setup import SkirmishSetupScene

    menu = MenuScene(ctx, app.size)
    app.stack.apply(Push(menu))
    steps(app, 1)
    press_button(app, menu.buttons["skirmish"])
    assert isinstance(app.stack.top, SkirmishSetupScene)


def test_a_ready_party_then_a_custom_one_up_to_the_party_limit(app: App, ctx: Context) -> None:
    scene = open_setup(app, ctx)
    press_button(app, scene.party_buttons["iron"])
    side = scene.choice.sides[1]
    assert [m.hero for m in side.members] == list(model.catalog().party("iron").heroes)
    assert side.ready == "iron"
    press_button(app, scene.remove_buttons[2])
    assert len(side.members) == 2 and side.ready is None
    press_button(app, scene.add_buttons["voron"])
    assert [m.hero for m in side.members][-1] == "voron"
    assert len(side.members) == model.party_limit()
    assert not scene.add_buttons["hilda"].is_enabled  # full: no more heroes
    press_button(app, scene.add_buttons["hilda"])
    assert len(side.members) == model.party_limit()


def test_side_two_is_edited_separately_and_an_empty_side_cannot_play(app: App, ctx: Context) -> None:
    scene = open_setup(app, ctx)
    press_button(app, scene.side_buttons[2])
    assert scene.team == 2
    for _ in range(len(scene.choice.sides[2].members)):
        press_button(app, scene.remove_buttons[0])
    assert scene.choice.sides[2].members == []
    assert scene.choice.sides[1].members  # side 1 untouched
    press_button(app, scene.play)
    assert app.stack.top is scene
    assert "no heroes" in scene.error


def test_the_sheet_marks_the_attributes_without_effect_in_battle() -> None:
    """S-ATTR-3: Will, Beauty, Charisma, Card Master and Strength's max load have no effect in battle."""
    lines = {line.label: line for line in sheet_lines("bjorn") if not line.heading}
    for label in ("Will", "Beauty", "Charisma", "Card Master", "Max load"):
        assert lines[label].in_battle is False
    for label in ("Health", "Strength", "Agility", "Endurance", "Wisdom", "Concentration", "Steps per round"):
        assert lines[label].in_battle is True
    assert lines["Steps per round"].value == "6"  # Agility 2 x 3 (S-MOVE-2)
    assert lines["HP"].value == "200"


def test_a_legal_loadout_change_is_kept(app: App, ctx: Context) -> None:
    from client.skirmish.loadout import LoadoutScene

    scene = open_setup(app, ctx)
    press_button(app, scene.party_buttons["vanguard"])
    side = scene.choice.sides[1]
    index = [m.hero for m in side.members].index("bjorn")
    press_button(app, scene.loadout_buttons[index])
    loadout = app.stack.top
    assert isinstance(loadout, LoadoutScene)
    before = loadout.draft.armour
    press_button(app, loadout.arrows["armour"][0])  # plate -> chain mail (the option before it)
    assert loadout.draft.armour != before and loadout.problem == ""
    press_button(app, loadout.done)
    assert app.stack.top is scene
    assert (
        side.members[index].loadout.armour == model.armour_options()[model.armour_options().index(before) - 1]
    )
    assert side.ready is None  # no longer the ready party as shipped


def test_an_illegal_loadout_is_refused_with_the_rules_reason(app: App, ctx: Context) -> None:
    """S-DATA-11: plate needs Strength 2; Ilsabet has 1. Done is refused and nothing changes."""
    from client.skirmish.loadout import LoadoutScene

    scene = open_setup(app, ctx)
    press_button(app, scene.party_buttons["arcane"])
    side = scene.choice.sides[1]
    index = [m.hero for m in side.members].index("ilsabet")
    kept = side.members[index].loadout
    press_button(app, scene.loadout_buttons[index])
    loadout: LoadoutScene = app.stack.top
    while loadout.draft.armour != "plate":
        press_button(app, loadout.arrows["armour"][1])
    assert "Strength" in loadout.problem
    press_button(app, loadout.done)
    assert app.stack.top is loadout
    assert "Strength 2" in loadout.refused
    assert side.members[index].loadout == kept
    press_button(app, loadout.cancel)
    assert app.stack.top is scene and side.members[index].loadout == kept


def test_quick_spells_past_the_slots_are_refused(app: App, ctx: Context) -> None:
    """S-SPELL-11 / S-SPELL-4: the set's total level may not exceed the slots."""
    from client.skirmish.loadout import LoadoutScene

    side = model.Side.of_party("vanguard")
    index = [m.hero for m in side.members].index("aldric")
    app.stack.apply(Push(LoadoutScene(ctx, app.size, side, index)))
    steps(app, 2)
    loadout: LoadoutScene = app.stack.top
    assert model.slots_used(loadout.draft) == model.slots("aldric")  # the default fills the slots
    extra = next(s for s in loadout.spell_rects if s not in loadout.draft.quick)
    click_at(loadout.spell_rects[extra].center)
    steps(app, 2)
    assert extra in loadout.draft.quick and "slots" in loadout.problem
    press_button(app, loadout.done)
    assert app.stack.top is loadout and "slots" in loadout.refused
    click_at(loadout.spell_rects[extra].center)  # take it out again: legal
    steps(app, 2)
    press_button(app, loadout.done)
    assert app.stack.top is not loadout


def test_a_shield_with_a_two_handed_weapon_is_refused() -> None:
    side = model.Side.of_party("iron")
    index = [m.hero for m in side.members].index("bjorn")
    reason = side.set_loadout(index, replace(side.members[index].loadout, melee="staff"))
    assert "shield" in reason and side.members[index].loadout.melee == "sword"


def test_play_opens_the_battle_with_the_chosen_map_mode_and_opponent(app: App, ctx: Context) -> None:
    from client.skirmish.scene import SkirmishScene

    ctx.settings.speed = "instant"
    scene = open_setup(app, ctx)
    press_button(app, scene.map_next)
    chosen_map = scene.choice.map_path
    press_button(app, scene.melee_button)
    press_button(app, scene.play)
    battle = app.stack.top
    assert isinstance(battle, SkirmishScene)
    assert battle.spec.map_path == chosen_map
    assert str(battle.session.state.board.melee_mode) == scene.choice.melee_mode
    assert battle.session.controllers[2] != "human"
    battle.close()


def test_opponent_level_defaults_to_the_settings_level_and_can_be_a_second_player(
    app: App, ctx: Context
) -> None:
    ctx.settings.ai_level = "hard"
    scene = open_setup(app, ctx)
    assert scene.choice.opponent == "hard"
    press_button(app, scene.opponent_button)  # hard -> human (the cycle wraps)
    assert scene.choice.opponent == "human" and scene.choice.hotseat


def _labels_fit(scene) -> list[str]:
    """The button labels cut short ("…") or wider than their buttons (the theme's 20 px bold at the
    scale in use)."""
    from client.ui.fonts import font
    from client.ui.scale import px

    cut = []
    for element in scene.ui.get_sprite_group().sprites():
        label = getattr(element, "text", None)
        if not label or not getattr(element, "visible", True):
            continue
        if label.endswith("…") or font(px(20), True).size(label)[0] > element.rect.w:
            cut.append(label)
    return cut


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_both_screens_fit_in_both_languages(
    ctx: Context, shots: Path, lang: str, size: tuple[int, int]
) -> None:
    from client.scenes.skirmish_setup import SkirmishSetupScene
    from client.skirmish.loadout import LoadoutScene

    ctx.settings.language = lang
    app = App(size, fps=0, context=ctx)
    try:
        i18n.set_language(lang)
        scene = SkirmishSetupScene(ctx, size)
        app.stack.apply(Push(scene))
        steps(app, 30)  # pygame-gui draws a button's states over its first frames
        assert _labels_fit(scene) == []
        first = scene.choice.sides[1]
        for party in scene.party_ids:  # every ready party's members: their sheets, nothing cut
            scene.choice.sides[1] = model.Side.of_party(party)
            for i in range(len(scene.choice.sides[1].members)):
                scene.member = i
                steps(app)
                assert scene.sheet_labels and not [x for x in scene.sheet_labels if x.endswith("…")]
        scene.choice.sides[1], scene.member = first, 0
        assert scene.side_buttons[1].rect.right <= scene.side_buttons[2].rect.left
        assert (
            scene.play.rect.right <= size[0] and scene.opponent_button.rect.right <= scene.play.rect.right + 1
        )
        pygame.image.save(pygame.display.get_surface(), str(shots / f"skirmish_setup_{lang}_{size[0]}.png"))
        loadout = LoadoutScene(ctx, size, scene.choice.sides[1], 0)
        app.stack.apply(Push(loadout))
        steps(app, 30)
        assert _labels_fit(loadout) == []
        assert loadout.sheet_labels and not [x for x in loadout.sheet_labels if x.endswith("…")]
        assert all(
            rect.right <= size[0] and rect.bottom <= loadout.bottom for rect in loadout.spell_rects.values()
        )
        pygame.image.save(pygame.display.get_surface(), str(shots / f"skirmish_loadout_{lang}_{size[0]}.png"))
    finally:
        app.close()
