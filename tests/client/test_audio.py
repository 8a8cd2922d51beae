"""The event -> sound table covers every rules event; volumes multiply and reach the backend."""

from __future__ import annotations

import dataclasses
import inspect
from fractions import Fraction

import pytest

from client.audio import EVENT_SOUNDS, SOUND_IDS, Audio, NullBackend, sound_for
from rules.duel import events as dev
from rules.skirmish import events as sev
from rules.tactics import events as tev


def event_classes(module) -> list[type]:
    return [
        c
        for _, c in inspect.getmembers(module, inspect.isclass)
        if c.__module__ == module.__name__ and dataclasses.is_dataclass(c)
    ]


@pytest.mark.parametrize("module", [tev, dev, sev], ids=["tactics", "duel", "skirmish"])
def test_every_event_class_has_a_sound_or_an_explicit_none(module) -> None:
    missing = [c.__name__ for c in event_classes(module) if c not in EVENT_SOUNDS]
    assert not missing, f"add these events to client.audio.EVENT_SOUNDS (a sound id or None): {missing}"


def test_every_named_sound_is_a_known_id() -> None:
    for pick in EVENT_SOUNDS.values():
        if isinstance(pick, str):
            assert pick in SOUND_IDS


def attack(hit: bool, crit: bool, kind: str = "melee") -> tev.AttackResolved:
    return tev.AttackResolved(0, (1, 1), 1, kind, 80, 5, hit, 10, 3, crit, 4, Fraction(1), 5, ())


def test_outcomes_pick_miss_crit_and_parry_from_the_event() -> None:
    assert sound_for(attack(False, False)) == "miss"
    assert sound_for(attack(True, True)) == "crit"
    assert sound_for(attack(True, False)) == "melee"
    assert sound_for(attack(True, False, "ranged")) == "shot"
    assert sound_for(dev.Rolled(1, 2, dev.LossSource.ATTACK, 3, 5)) == "parry"
    assert sound_for(dev.Rolled(1, 2, dev.LossSource.ATTACK, 6, 5)) == "melee"
    end = tev.BattleEnded(1, "kills", (Fraction(1), Fraction(0)), (3, 0), ())
    assert sound_for(end, {1}) == "victory"
    assert sound_for(end, {2}) == "defeat"


class Recorder:
    def __init__(self) -> None:
        self.calls: list[tuple[str, float]] = []

    def play(self, sound_id: str, volume: float) -> None:
        self.calls.append((sound_id, volume))


def test_volumes_multiply_and_reach_the_backend() -> None:
    backend = Recorder()
    audio = Audio(backend)
    audio.master, audio.effects = 50, 40
    audio.play("click")
    assert backend.calls == [("click", pytest.approx(0.2))]
    audio.play("click")  # same frame: once
    audio.update(0.016)
    audio.mute = True
    audio.play("click")
    assert len(backend.calls) == 1


def test_a_failing_backend_falls_silent() -> None:
    class Broken:
        def play(self, sound_id: str, volume: float) -> None:
            raise RuntimeError("no device")

    audio = Audio(Broken())
    audio.play("click")
    assert isinstance(audio.backend, NullBackend)


def test_every_sound_id_has_its_file() -> None:
    from pathlib import Path

    folder = Path(__file__).resolve().parents[2] / "assets" / "sounds"  # the checkout's, the wheel ships it
    names = [*SOUND_IDS, "music_menu", "music_battle", "music_duel"]
    missing = [name for name in names if not (folder / f"{name}.wav").is_file()]
    assert not missing, f"run tools/make_sounds.py: {missing}"
