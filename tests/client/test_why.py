"""The "Why?" panel (issue #23): the AI worker returns its explanation with its action, the battle
keeps one per computer move, W and the button toggle the panel listing up to three candidate plans
with the chosen one marked, hovering a plan draws its path and target on the map, replays keep the
explanations for the viewer, and ``runetide sim --explain N`` prints them without changing a game."""

from __future__ import annotations

import json

import pygame
import pytest

from client import i18n
from client.__main__ import main
from client.battle import replay_hook
from client.battle.opponent import AiWorker, fallback_action
from client.battle.why import figure_lines, plan_text
from client.context import MAPS_DIR
from client.replays import load_replay
from client.scenes.base import Push
from client.scenes.replay_player import replay_scene
from client.tiled import load_setup
from client.ui import GOLD
from rules.core.replay import ReplayError
from rules.rng import SeededRng
from rules.tactics.actions import Move
from rules.tactics.battle import new_battle
from rules.tactics.engine import check
from tests.client.ui_events import click_at, hover, press, steps, until

DECIDE = 60
TUTORIAL = MAPS_DIR / "tutorial.tmx"


@pytest.mark.parametrize("backend", ["process", "thread"])
def test_the_worker_returns_the_ais_explanation_with_its_action(backend: str) -> None:
    state, _ = new_battle(load_setup(TUTORIAL), SeededRng(5))
    worker = AiWorker("greedy", "w", backend=backend)
    try:
        assert worker.backend == backend
        worker.request(state)
        action = worker.wait(DECIDE)
        assert action is not None and check(state, action) is None
        explanation = worker.explanation
        assert explanation is not None and explanation.player == "greedy"
        assert explanation.played.steps[0] == action
        assert 1 <= len(explanation.candidates) <= 3
        assert explanation.played.figure("score") is not None
    finally:
        worker.close()


def play_until_explained(app, scene, decisions: int = 2) -> None:
    """Play the human side with harmless moves until the computer has explained ``decisions`` moves
    and it is the human's turn again."""

    def ready() -> bool:
        session = scene.session
        if session.human_turn() and scene.player.idle:
            if len(session.decisions) >= decisions:
                return True
            scene._act(fallback_action(session.state))
        return session.over

    until(app, ready)
    assert len(scene.session.decisions) >= decisions


def test_w_and_the_button_toggle_the_panel_with_the_chosen_plan_marked(app, battle) -> None:
    scene = battle()
    play_until_explained(app, scene)
    session = scene.session
    for action, explanation in zip(session.record.actions, session.record.explanations, strict=True):
        if explanation is not None:  # None for the human's actions
            assert explanation.played.steps[0] == action
    assert any(e is None for e in session.record.explanations)  # the human's moves
    assert not scene.why_open and scene.why_button.button.visible
    press(pygame.K_w)
    steps(app, 2)
    assert scene.why_open
    panel = scene.presentation.why_panel
    decision = session.decisions[-1]
    assert 1 <= len(panel.rows) <= 3 and len(panel.rows) == len(decision.explanation.candidates)
    chosen = next(row for row in panel.rows if row.index == decision.explanation.chosen)
    surface = pygame.display.get_surface()
    edge = (chosen.rect.left, chosen.rect.centery)  # the chosen plan's block has a gold frame
    assert tuple(surface.get_at(edge))[:3] == GOLD
    others = [row for row in panel.rows if row.index != decision.explanation.chosen]
    assert all(tuple(surface.get_at((row.rect.left, row.rect.centery)))[:3] != GOLD for row in others)
    text = plan_text(decision, decision.explanation.played)
    assert ":" in text and figure_lines(decision.explanation.played)
    click_at(scene.why_button.rect.center)
    steps(app, 2)
    assert not scene.why_open and panel.rect is None
    click_at(scene.why_button.rect.center)
    steps(app, 2)
    assert scene.why_open
    press(pygame.K_w)
    steps(app, 2)
    assert not scene.why_open


def test_hovering_a_plan_draws_its_path_and_target_on_the_map(app, battle) -> None:
    scene = battle()
    play_until_explained(app, scene, decisions=1)
    presentation = scene.presentation
    decision = next(
        (
            d
            for d in reversed(scene.session.decisions)
            if any(isinstance(c.steps[0], Move) for c in d.explanation.candidates)
        ),
        None,
    )
    assert decision is not None, "the computer moved at least once"
    scene.session.decisions.append(decision)  # the panel shows it (the last decision)
    press(pygame.K_w)
    steps(app, 2)
    index = next(i for i, c in enumerate(decision.explanation.candidates) if isinstance(c.steps[0], Move))
    start, end, _target = presentation.plan_marks(decision, index)
    assert start == decision.origins[decision.explanation.candidates[index].steps[0].squad]
    assert end == decision.explanation.candidates[index].steps[0].to
    scene.camera.show(scene._centre(end))
    steps(app, 30)
    end_rect = scene.camera.tile_rect(end)
    assert not end_rect.colliderect(presentation.why_panel.rect), "the panel keeps off the plans"
    surface = pygame.display.get_surface()
    before = pygame.transform.average_color(surface, end_rect)
    row = next(r for r in presentation.why_panel.rows if r.index == index)
    hover(row.rect.center)
    steps(app, 2)
    assert presentation.why_hovered() == index
    after = pygame.transform.average_color(pygame.display.get_surface(), end_rect)
    assert sum(abs(a - b) for a, b in zip(before[:3], after[:3], strict=True)) > 20  # lit and arrowed
    assert scene.presentation.hover_rows() == []  # no map tooltip under the panel


def test_a_hotseat_battle_has_nothing_to_explain(app, battle) -> None:
    scene = battle(hotseat=True)
    steps(app, 2)
    assert not scene.why_available() and not scene.why_button.button.visible
    press(pygame.K_w)
    steps(app, 2)
    assert not scene.why_open


def test_the_saved_replay_keeps_the_explanations_and_the_viewer_shows_them(
    app, battle, ctx, tmp_path
) -> None:
    scene = battle()
    play_until_explained(app, scene)
    session = scene.session
    path = replay_hook.save_to_data_folder(session.record, session.state)
    assert path is not None
    data = json.loads(path.read_text(encoding="utf-8"))
    assert len(data["explanations"]) == len(data["actions"]) == len(session.record.actions)
    for item, explanation in zip(data["explanations"], session.record.explanations, strict=True):
        assert (item is None) == (explanation is None)
    replay, setup = load_replay(path)
    assert list(replay.explanations) == session.record.explanations
    viewer = replay_scene(ctx, app.size, replay, setup)
    app.stack.apply(Push(viewer))
    assert viewer.why_available()
    until(app, lambda: viewer.finished and viewer.player.idle)
    assert [d.explanation for d in viewer.session.decisions] == [d.explanation for d in session.decisions]
    press(pygame.K_w)
    steps(app, 2)
    assert viewer.why_open and viewer.presentation.why_panel.rows

    old = dict(data)
    del old["explanations"]  # a replay saved before explanations
    old_path = tmp_path / "old.json"
    old_path.write_text(json.dumps(old, indent=1), encoding="utf-8")
    old_replay, _ = load_replay(old_path)
    assert old_replay.explanations is None
    old_viewer = replay_scene(ctx, app.size, old_replay, setup)
    assert not old_viewer.why_available()
    old_viewer.close()

    broken = {**data, "explanations": data["explanations"][:-1]}
    broken_path = tmp_path / "broken.json"
    broken_path.write_text(json.dumps(broken), encoding="utf-8")
    with pytest.raises(ReplayError, match="'explanations' must be a list with one entry per action"):
        load_replay(broken_path)


def test_the_panel_reads_in_russian(app, battle) -> None:
    scene = battle()
    play_until_explained(app, scene, decisions=1)
    i18n.set_language("ru")
    decision = scene.session.decisions[-1]
    lines = figure_lines(decision.explanation.played)
    assert any(line.startswith("Оценка плана: ") for line in lines)
    assert all("," in line or "%" in line or ":" in line for line in lines)
    assert not any("." in line.split(":")[-1] for line in lines), "a decimal comma in Russian"


def test_sim_explain_prints_the_explanations_and_plays_the_same_games(capsys) -> None:
    argv = ["sim", "--map", str(TUTORIAL), "--team1", "greedy", "--team2", "easy", "--games", "2", "--json"]
    assert main(argv) == 0
    plain = json.loads(capsys.readouterr().out)
    assert main([*argv, "--explain", "1"]) == 0
    explained = json.loads(capsys.readouterr().out)
    same = ("wins_a", "draws", "losses_a", "mean_rounds", "outcomes", "by_seat")
    assert {k: explained[k] for k in same} == {k: plain[k] for k in same}
    decisions = explained["explanations"]["decisions"]
    assert explained["explanations"]["game"] == 1 and decisions
    assert all(d["explanation"]["candidates"] for d in decisions)
    assert main([*argv[:-1], "--explain", "1"]) == 0
    text = capsys.readouterr().out
    assert "Game 1 (tutorial):" in text and "[chosen]" in text and "Score: " in text
    assert text.count("Action ") == len(decisions)
    assert main([*argv[:-1], "--explain", "3"]) == 2  # there is no game 3


def test_figures_read_in_words_with_their_units() -> None:
    from client.battle.why import figure_value
    from rules.core.explain import Candidate

    candidate = Candidate((), (("dealt_hp", 12.5), ("kill_chance", 0.004), ("counter_chance", 0.25)))
    assert figure_lines(candidate) == [
        "Expected damage dealt: 12.5 HP",
        "Chance to destroy the squad: <1%",
        "Counterstrike risk: 25%",
    ]
    assert figure_value("objective", 1.0) == "+1.0" and figure_value("kill_chance", 0.999) == ">99"
    assert figure_value("kill_chance", 0.0) == "0" and figure_value("kill_chance", 1.0) == "100"
    i18n.set_language("ru")
    assert figure_lines(candidate)[0] == "Ожидаемый урон: 12,5 жизни"
    assert figure_lines(candidate)[2] == "Риск ответного удара: 25%"


def test_the_why_key_is_in_settings_in_both_languages() -> None:
    from client.settings import DEFAULT_KEYS

    assert DEFAULT_KEYS["why"] == "w"
    for language in ("en", "ru"):
        assert i18n.has_text("key.why", language) and i18n.has_text("why.button", language)
    i18n.set_language("ru")
    assert i18n.tr("why.button") == "Почему?"


def test_a_line_attack_plan_marks_every_sector_it_would_hit() -> None:
    from client.battle.why import decision_of
    from rules.core.explain import ask_to_explain, last_explanation
    from rules.tactics.actions import LineAttack
    from rules.tactics.ai import decide, make_player
    from rules.tactics.text import scenario

    state = scenario("K..s\n....\ns...", {"K": ("catapult", 3), "s": ("swordsman", 5)})
    player = make_player("greedy", 1)
    ask_to_explain(player)
    action = decide(player, state)
    explanation = last_explanation(player)
    assert action == LineAttack(0) and explanation is not None
    decision = decision_of(state, explanation, 1)
    assert set(decision.lines[explanation.chosen]) == {(3, 0), (0, 2)}  # its row and its column
