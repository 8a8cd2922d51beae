"""The duel log's wording (D-UI-5): who did what to whom, in both languages, with the "you" form."""

from __future__ import annotations

import pytest

from client import i18n
from client.duel.log import DuelLog
from client.duel.session import DuelSession
from rules.duel import events as ev


@pytest.fixture
def state():
    return DuelSession(1, "starter", None).state


def _lines(events, state, seats=False, names=None, lang="en"):
    i18n.set_language(lang)
    try:
        log = DuelLog(seats=seats)
        log.add_events(events, state, names or {})
        return log.lines
    finally:
        i18n.set_language("en")


def test_log_names_the_attacker_the_target_and_the_life_left(state) -> None:
    names = {7: "Griffin", 9: "Militia"}
    events = [
        ev.FightStarted(player=1, attacker=7, target=9),
        ev.LifeLost(target=9, amount=4, life=1, source=next(iter(ev.LossSource))),
        ev.LifeLost(target=-2, amount=3, life=-1, source=next(iter(ev.LossSource))),
    ]
    assert _lines(events, state, names=names) == [
        "Griffin attacks Militia",
        "Militia loses 4 life (1 left)",
        "the opponent's hero loses 3 life (0 left)",
    ]


def test_log_uses_the_you_form_for_the_player_against_the_ai(state) -> None:
    card = next(iter(state.sides[1].hand))
    played = [ev.CreaturePlayed(player=1, card=card, uid=3, paid={}, resources={}, ready=True)]
    theirs = [ev.CreaturePlayed(player=2, card=card, uid=4, paid={}, resources={}, ready=True)]
    mine = _lines(played, state)[0]
    other = _lines(theirs, state)[0]
    assert mine.startswith("You play ") and other.startswith("Opponent plays ")
    assert _lines(played, state, lang="ru")[0].startswith("Вы выставляете карту «")
    assert _lines(played, state, seats=True)[0].startswith("Player 1 plays ")


def test_log_morale_line_shows_the_change_and_the_new_value(state) -> None:
    reason = next(iter(ev.MoraleReason))
    events = [ev.MoraleChanged(player=2, delta=-3, morale=27, reason=reason)]
    assert _lines(events, state) == ["Opponent: morale −3 (now 27)"]
    assert _lines(events, state, lang="ru") == ["Противник: мораль −3 (теперь 27)"]
