"""#19, both languages: Russian that reads as a native speaker writes it, English plurals.

Team names take the form each sentence needs («Ходят синие», not «Ходит Синие»); unit names are
declined after their verbs and prepositions («стреляет по Гоблину», not «стреляет » Гоблин»);
counts agree with their numbers in both languages ("1 damage", «21 урон», «114 урона»); key names
are the ones players use («Пробел», "Up arrow").
"""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace

import pytest

from client import i18n
from client.battle.log import CombatLog, result_title, surrendered_text, team_name
from client.i18n import CASES, has_text, key_label, team_colour, tr, tr_count, unit_forms, unit_name
from client.render.board_view import BoardView
from rules.tactics import events as ev
from rules.tactics.catalog import default_catalog
from tests.client.battle_states import duel

MISSION = SimpleNamespace(mission=True)
HOTSEAT = SimpleNamespace(mission=False)


@pytest.fixture(autouse=True)
def _english_after() -> object:
    yield
    i18n.set_language("en")


# ---- teams ---------------------------------------------------------------------------------------
def test_whose_turn_reads_ходят_синие_in_russian() -> None:
    i18n.set_language("ru")
    turn = {team: tr("battle.team_turn", team=team_name(team, HOTSEAT, "plural")) for team in (1, 2)}
    assert turn == {1: "Ходят красные", 2: "Ходят синие"}
    i18n.set_language("en")
    assert tr("battle.team_turn", team=team_name(2, HOTSEAT, "plural")) == "Blue player's turn"


def test_every_russian_sentence_naming_a_team_gives_it_the_right_form() -> None:
    i18n.set_language("ru")
    won = ev.BattleEnded(2, "annihilation", (Fraction(0), Fraction(1)), (0, 5), ())
    assert result_title(won, HOTSEAT) == "Победили синие"
    assert surrendered_text(1, HOTSEAT) == "Красные сдались"
    assert surrendered_text(1, MISSION) == "Вы сдались"
    assert surrendered_text(2, MISSION) == "Противник сдался"
    side = team_colour(2, "genitive")
    assert tr("battle.surrender_text_hotseat", side=side) == "Бой сразу закончится поражением синих."
    assert team_name(1, HOTSEAT) == "Красные"  # a heading (side panel, end overlay lines)
    share = tr_count(
        "result.efficiency_share_team",
        21,
        team=team_name(1, HOTSEAT, "plural"),
        killed=3,
        total=21,
        eff="0.143",
    )
    assert share.startswith("В этом бою красные уничтожили 3 из 21 юнита противника")
    i18n.set_language("en")
    assert (
        surrendered_text(2, MISSION) == "The enemy surrendered" and result_title(won, HOTSEAT) == "Blue wins"
    )


def test_a_team_form_that_does_not_exist_is_refused() -> None:
    with pytest.raises(ValueError):
        team_colour(1, "dative")


# ---- unit names in their cases -------------------------------------------------------------------
def test_every_unit_has_its_russian_case_forms_and_english_needs_none() -> None:
    catalog = default_catalog()
    for unit in [*catalog.units.values(), catalog.barricade]:
        key = i18n.unit_key(unit)
        for case in CASES:
            assert has_text(f"unit.{key}_{case}", "ru"), (key, case)
            assert not has_text(f"unit.{key}_{case}", "en"), (key, case)
    i18n.set_language("ru")
    wisp = catalog.unit("wisp")
    assert [unit_name(wisp, case) for case in ("nom", *CASES)] == [
        "Блуждающий огонёк",
        "Блуждающего огонька",
        "Блуждающему огоньку",
        "Блуждающего огонька",
        "Блуждающим огоньком",
        "блуждающих огоньков",
    ]
    i18n.set_language("en")
    assert unit_name(wisp, "dat") == "Wisp"


def test_a_unit_without_case_forms_falls_back_to_its_nominative() -> None:
    i18n.set_language("ru")
    newcomer = SimpleNamespace(id="newcomer", name_en="Newcomer", name_ru="Новичок")
    assert unit_forms(newcomer, "whom") == {
        "whom": "Новичок",
        **{f"whom_{case}": "Новичок" for case in CASES},
    }


# ---- the battle log ------------------------------------------------------------------------------
def strike(kind: str, hit: bool = True, crit: bool = False) -> ev.AttackResolved:
    return ev.AttackResolved(0, (3, 2), 1, kind, 80, 10, hit, 10, 50, crit, 50, Fraction(1), 114, ())


def damaged(damage: int = 114, killed: int = 0) -> ev.Damaged:
    return ev.Damaged((3, 2), 1, damage, killed, 8 - killed, 100, "attack")


def log_of(left: str, right: str, events: list[ev.Event]) -> CombatLog:
    log = CombatLog(BoardView(duel(left, right), 64), default_catalog())
    for event in events:
        log.feed(event)
    return log


def lines(log: CombatLog) -> list[str]:
    return [entry.text for entry in log.entries]


def test_the_russian_log_reads_лучник_стреляет_по_гоблину_114_урона(app) -> None:
    log = log_of("archer", "goblin", [strike("ranged"), damaged()])
    i18n.set_language("ru")
    assert lines(log) == ["Лучник стреляет по Гоблину: 114 урона"]
    i18n.set_language("en")
    assert lines(log) == ["Archer shoots at Goblin: 114 damage"]


@pytest.mark.parametrize(
    ("kind", "hit", "crit", "russian", "english"),
    [
        ("melee", True, False, "Мечник бьёт Блуждающего огонька: 21 урон", "Swordsman hits Wisp: 21 damage"),
        (
            "melee",
            True,
            True,
            "Мечник бьёт Блуждающего огонька: критический удар, 21 урон",
            "Swordsman hits Wisp critically: 21 damage",
        ),
        (
            "melee",
            False,
            False,
            "Мечник атакует Блуждающего огонька: промах",
            "Swordsman attacks Wisp and misses",
        ),
        (
            "ranged",
            False,
            False,
            "Мечник стреляет по Блуждающему огоньку: промах",
            "Swordsman shoots at Wisp and misses",
        ),
        (
            "line",
            True,
            False,
            "Мечник бьёт по линии и задевает Блуждающего огонька: 21 урон",
            "Swordsman's line attack hits Wisp: 21 damage",
        ),
        (
            "counterstrike",
            True,
            False,
            "Мечник отвечает контрударом по Блуждающему огоньку: 21 урон",
            "Swordsman strikes back at Wisp: 21 damage",
        ),
        (
            "backstab",
            True,
            False,
            "Мечник бьёт Блуждающего огонька в спину: 21 урон",
            "Swordsman backstabs Wisp: 21 damage",
        ),
    ],
)
def test_every_strike_kind_has_its_own_verb_and_case(
    app, kind: str, hit: bool, crit: bool, russian: str, english: str
) -> None:
    log = log_of("swordsman", "wisp", [strike(kind, hit, crit), *([damaged(21)] if hit else [])])
    i18n.set_language("ru")
    assert lines(log) == [russian]
    i18n.set_language("en")
    assert lines(log) == [english]


def test_the_other_log_lines_read_as_sentences(app) -> None:
    events: list[ev.Event] = [
        ev.TrapTriggered((3, 2), 1, 5),
        ev.AuraGained(1, "dodge", 10),
        ev.StunRolled(0, 1, 30, 5, True, 3),
        ev.Defended(1, 25),
        ev.ExitCounterChanged(2, 1, 0, 2, False),
        ev.SquadDestroyed(1, 2, (3, 2)),
    ]
    log = log_of("archer", "goblin", events)
    i18n.set_language("ru")
    assert lines(log) == [
        "Гоблин попадает в ловушку: 5 урона",
        "Гоблин встаёт в рунный круг и получает ауру уворота",
        "Отряд гоблинов оглушён до конца раунда 3",
        "Гоблин встаёт в защиту: +25 к обеим защитам",
        "Гоблин покидает зону выхода (0/2)",
        "Отряд гоблинов уничтожен",
    ]
    i18n.set_language("en")
    assert lines(log) == [
        "Goblin steps on a trap: 5 damage",
        "Goblin steps into a rune circle and gains its dodge aura",
        "Goblin is stunned until the end of round 3",
        "Goblin takes up Defense: +25 to both defenses",
        "Goblin leaves the exit (0/2)",
        "The Goblin squad is destroyed",
    ]


def test_no_log_or_preview_text_keeps_the_arrow_placeholder() -> None:
    """The old texts put "»" where a verb belongs («Лучник стреляет » Гоблин»)."""
    for lang in ("en", "ru"):
        i18n.set_language(lang)
        for section in ("log", "preview"):
            for text_key in i18n_keys(lang, section):
                assert "»" not in tr(text_key), (lang, text_key)


def i18n_keys(lang: str, section: str) -> list[str]:
    import json

    data = json.loads((i18n.TRANSLATIONS_DIR / f"runetide.{lang}.json").read_text(encoding="utf-8"))
    return [f"{section}.{name}" for name in data[lang][section]]


# ---- counts ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("n", "russian", "english"),
    [
        (1, "1 урон", "1 damage"),
        (2, "2 урона", "2 damage"),
        (5, "5 урона", "5 damage"),
        (21, "21 урон", "21 damage"),
        (114, "114 урона", "114 damage"),
    ],
)
def test_damage_agrees_with_its_number(n: int, russian: str, english: str) -> None:
    i18n.set_language("ru")
    assert tr_count("log.damage", n) == russian
    i18n.set_language("en")
    assert tr_count("log.damage", n) == english


@pytest.mark.parametrize(
    ("key", "english", "russian"),
    [
        (
            "count.games",
            ("1 game", "2 games", "5 games", "21 games"),
            ("1 игра", "2 игры", "5 игр", "21 игра"),
        ),
        (
            "count.draws",
            ("1 draw", "2 draws", "5 draws", "21 draws"),
            ("1 ничья", "2 ничьи", "5 ничьих", "21 ничья"),
        ),
        (
            "count.wins",
            ("1 win", "2 wins", "5 wins", "21 wins"),
            ("1 победа", "2 победы", "5 побед", "21 победа"),
        ),
        (
            "replays.rounds",
            ("1 round", "2 rounds", "5 rounds", "21 rounds"),
            ("1 раунд", "2 раунда", "5 раундов", "21 раунд"),
        ),
        (
            "preview.line_targets",
            (
                "Line attack: 1 target",
                "Line attack: 2 targets",
                "Line attack: 5 targets",
                "Line attack: 21 targets",
            ),
            (
                "Атака по линиям: 1 цель",
                "Атака по линиям: 2 цели",
                "Атака по линиям: 5 целей",
                "Атака по линиям: 21 цель",
            ),
        ),
        (
            "objective.flags",
            ("Collect 1 flag.", "Collect 2 flags.", "Collect 5 flags.", "Collect 21 flags."),
            ("Соберите 1 флаг.", "Соберите 2 флага.", "Соберите 5 флагов.", "Соберите 21 флаг."),
        ),
    ],
)
def test_counts_agree_with_1_2_5_and_21(key: str, english: tuple[str, ...], russian: tuple[str, ...]) -> None:
    for lang, expected in (("en", english), ("ru", russian)):
        i18n.set_language(lang)
        assert tuple(tr_count(key, n) for n in (1, 2, 5, 21)) == expected, lang


def test_a_barricades_hit_points_and_the_flag_race_agree() -> None:
    i18n.set_language("ru")
    assert [tr_count("stats.barricade", n) for n in (401, 402, 400)] == [
        "Баррикада: 401 жизнь",
        "Баррикада: 402 жизни",
        "Баррикада: 400 жизней",
    ]
    assert tr_count("objective.flags_mode_1", 2).endswith("первым соберёт 2 флага.")
    i18n.set_language("en")
    assert tr_count("objective.flags_mode_1", 1).endswith("the first to collect 1 flag wins.")


def test_squad_counts_in_the_tooltip_agree() -> None:
    i18n.set_language("en")
    assert tr_count("stats.count", 1, level=2) == "1 unit, level 2"
    i18n.set_language("ru")
    assert [tr_count("stats.count", n, level=1) for n in (1, 2, 5, 21)] == [
        "1 юнит, уровень 1",
        "2 юнита, уровень 1",
        "5 юнитов, уровень 1",
        "21 юнит, уровень 1",
    ]


def test_the_simulators_summaries_use_plurals() -> None:
    from client.sim.summary import score_line, seat_lines

    i18n.set_language("en")
    summary = {"wins_a": 1, "draws": 1, "losses_a": 0, "score_a": 0.75, "score_ci95": [0.1, 0.9]}
    assert score_line(summary, "greedy").startswith("  greedy: 1 win, 1 draw, 0 losses; score 0.750")
    seats = {"by_seat": {"first": {"games": 1, "score_a": 1.0}, "second": {"games": 21, "score_a": 0.5}}}
    assert seat_lines(seats, "hard") == [
        "  hard acting first: 1 game, score 1.000",
        "  hard acting second: 21 games, score 0.500",
    ]


def test_replay_verify_says_1_round() -> None:
    from client.commands.replay import result_text

    state = SimpleNamespace(outcome=None, round_no=1, turn_no=1)
    assert result_text("tactics", state) == "unfinished, 1 round"
    assert result_text("duel", state) == "duel, unfinished, 1 turn"


# ---- key names ------------------------------------------------------------------------------------
def test_key_names_are_the_ones_players_use() -> None:
    from client.scenes.settings import key_display

    i18n.set_language("en")
    assert [key_label(k) for k in ("space", "up", "escape", "tab", "d", "f5", "left shift")] == [
        "Space",
        "Up arrow",
        "Esc",
        "Tab",
        "D",
        "F5",
        "Left Shift",
    ]
    i18n.set_language("ru")
    assert [key_display(k) for k in ("space", "up", "escape", "tab", "right")] == [
        "Пробел",
        "Стрелка вверх",
        "Esc",
        "Tab",
        "Стрелка вправо",
    ]
    assert key_label("page down") == "Page Down" and key_label("") == ""


def test_the_first_hint_names_the_next_squad_key_in_the_players_language() -> None:
    i18n.set_language("ru")
    hint = tr("battle.hint_select", next_key=key_label("space"))
    assert "клавишей Пробел" in hint


# ---- the attack tooltip's heading ------------------------------------------------------------------
def test_the_attack_tooltip_heading_is_a_phrase_in_both_languages() -> None:
    from client.render.tooltip import attack_title

    state = duel("archer", "wisp", positions=((1, 2), (5, 2)))
    view = BoardView(state, 64)
    target = SimpleNamespace(target_squad=1, kind="ranged")
    i18n.set_language("ru")
    assert (
        attack_title(target, view, default_catalog(), view.squads[0])
        == "Лучник стреляет по Блуждающему огоньку"
    )
    i18n.set_language("en")
    assert attack_title(target, view, default_catalog(), view.squads[0]) == "Archer shoots at Wisp"
    melee = SimpleNamespace(target_squad=None, kind="melee")  # a barricade
    i18n.set_language("ru")
    assert attack_title(melee, view, default_catalog(), view.squads[0]) == "Лучник атакует Баррикаду"


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_hint_naming_a_key_fits_whole_at_the_minimum_window(app, language: str) -> None:
    import pygame
    import pygame_gui

    from client.battle.widgets import BattleButtons
    from client.render.hud import hint_lines
    from client.settings import Settings
    from client.ui import THEME_PATH

    i18n.set_language(language)
    ui = pygame_gui.UIManager((960, 600), theme_path=str(THEME_PATH), starting_language=language)
    buttons = BattleButtons(ui)
    buttons.relabel(Settings(speed="instant"), False)
    bar = pygame.Rect(0, 536, 960, 64)
    buttons.layout(bar)
    for name in ("tab", "right", "left shift"):  # the default and two long names
        hint = tr("battle.hint_select", next_key=key_label(name))
        _, _, shown = hint_lines(hint, buttons.left_edge - 16 - bar.x - 16, bar.h)
        assert " ".join(shown).split() == hint.split(), (language, name)
