"""The event player: events animate in order, the view lags the state and catches up exactly."""

from __future__ import annotations

import pytest

from client import i18n
from client.battle.log import CombatLog
from client.render.board_view import BoardView
from client.render.effects import Popup, Projectile
from client.render.event_player import EventPlayer
from rules.rng import SeededRng
from rules.tactics import events as ev
from rules.tactics.actions import Attack, Defend, Move
from rules.tactics.catalog import default_catalog
from rules.tactics.engine import apply
from tests.client.battle_states import crit_that_kills, duel, events_where, missed


def drain(player: EventPlayer, dt: float = 1 / 60, limit: int = 2000) -> int:
    frames = 0
    while not player.idle and frames < limit:
        player.update(dt)
        frames += 1
    return frames


@pytest.fixture(autouse=True)
def _display(app) -> None:  # text rendering needs a display (the app fixture opens one)
    return None


def test_events_play_in_order_and_the_view_catches_up() -> None:
    state = duel(positions=((1, 2), (3, 2)))
    view = BoardView(state, 64)
    seen: list[ev.Event] = []
    player = EventPlayer(view, 1.0, on_event=seen.append)
    events = apply(state, Move(0, (2, 1)), SeededRng(1))
    assert state.current == 0
    events += apply(state, Attack(0, (3, 2)), SeededRng(2))
    player.push(events)
    assert not player.idle and view.squads[0].pos == (1, 2)  # nothing shown before it plays
    frames = drain(player)
    assert frames > 10  # it took visible time
    assert seen == events == player.played
    assert view.mismatches(state) == []


def test_a_move_is_tweened_between_sectors() -> None:
    state = duel(positions=((1, 2), (6, 2)))
    view = BoardView(state, 64)
    player = EventPlayer(view, 1.0)
    player.push(apply(state, Move(0, (2, 2)), SeededRng(0)))
    player.update(0.01)  # starts the move
    player.update(0.16)
    x = view.squads[0].world[0]
    assert 64 < x < 128 and view.squads[0].offset[1] < 0  # between the sectors, in the air
    drain(player)
    assert view.squads[0].world == [128, 128] and view.squads[0].offset == [0.0, 0.0]


def test_instant_speed_applies_everything_at_once() -> None:
    state = duel()
    view = BoardView(state, 64)
    player = EventPlayer(view, 0.0)
    player.push(apply(state, Attack(0, (3, 2)), SeededRng(3)))
    assert player.idle and not player.effects
    assert view.mismatches(state) == []


def test_speed_makes_the_same_events_shorter() -> None:
    def frames_at(speed: float) -> int:
        state = duel(positions=((1, 2), (4, 2)))
        player = EventPlayer(BoardView(state, 64), speed)
        player.push(apply(state, Move(0, (2, 2)), SeededRng(1)))
        return drain(player)

    assert frames_at(4.0) < frames_at(2.0) < frames_at(1.0)


def labels(player: EventPlayer) -> list[str]:
    return [getattr(e, "label", "") for e in player.effects if isinstance(e, Popup)]


def test_a_miss_shows_promakh_in_russian(monkeypatch: pytest.MonkeyPatch) -> None:
    _, events = events_where(duel, Attack(0, (3, 2)), missed)
    i18n.set_language("ru")
    made: list[str] = []
    original = Popup.__init__

    def record(self, label, *args, **kwargs):
        made.append(label)
        original(self, label, *args, **kwargs)

    monkeypatch.setattr(Popup, "__init__", record)
    player = EventPlayer(BoardView(duel(), 64), 1.0)
    player.push(events)
    drain(player)
    assert "Промах" in made


def test_a_crit_is_styled_differently(monkeypatch: pytest.MonkeyPatch) -> None:
    _, events = events_where(lambda: duel(counts=(10, 40)), Attack(0, (3, 2)), crit_that_kills)
    made: list[tuple[str, int]] = []
    original = Popup.__init__

    def record(self, label, where, colour, size=22, *args, **kwargs):
        made.append((label, size))
        original(self, label, where, colour, size, *args, **kwargs)

    monkeypatch.setattr(Popup, "__init__", record)
    player = EventPlayer(BoardView(duel(counts=(10, 40)), 64), 1.0)
    player.push(events)
    drain(player)
    damage = next(e for e in events if isinstance(e, ev.Damaged))
    assert (f"-{damage.damage}!", 32) in made and ("Critical!", 16) in made
    assert any(label.endswith("killed") for label, _ in made)


def test_shooters_throw_projectiles() -> None:
    state = duel("archer", "goblin", positions=((0, 0), (6, 4)))
    view = BoardView(state, 64)
    player = EventPlayer(view, 1.0)
    player.push(apply(state, Attack(0, (6, 4)), SeededRng(5)))
    player.update(0.05)
    assert any(isinstance(e, Projectile) and e.style == "arrow" for e in player.effects)


def test_defend_marks_the_squad() -> None:
    state = duel()
    view = BoardView(state, 64)
    player = EventPlayer(view, 1.0)
    player.push(apply(state, Defend(0), SeededRng(0)))
    drain(player)
    assert view.squads[0].defending and view.squads[0].acted


def test_the_log_says_who_hit_whom_for_how_much_and_how_many_died() -> None:
    _, events = events_where(lambda: duel(counts=(10, 40)), Attack(0, (3, 2)), crit_that_kills)
    view = BoardView(duel(counts=(10, 40)), 64)
    log = CombatLog(view, default_catalog())
    player = EventPlayer(view, 0.0, on_event=log.feed)
    player.push(events)
    damage = next(e for e in events if isinstance(e, ev.Damaged))
    line = next(entry.text for entry in log.entries if entry.kind == "crit")
    assert line == f"Swordsman hits Goblin critically: {damage.damage} damage, {damage.killed} killed"
    i18n.set_language("ru")
    line = next(entry.text for entry in log.entries if entry.kind == "crit")
    assert line == f"Мечник бьёт Гоблина: критический удар, {damage.damage} урона, убито {damage.killed}"


def test_a_miss_is_logged() -> None:
    _, events = events_where(duel, Attack(0, (3, 2)), missed)
    view = BoardView(duel(), 64)
    log = CombatLog(view, default_catalog())
    for event in events:
        log.feed(event)
    assert any(entry.text == "Swordsman attacks Goblin and misses" for entry in log.entries)
