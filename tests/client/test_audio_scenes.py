"""The scenes' sound hooks: a short scripted battle at instant speed plays the expected ids."""

from __future__ import annotations

import pygame
import pygame_gui

from client.audio import Audio, NullBackend, open_audio, sound_for
from rules.tactics.actions import Move


class Recorder:
    def __init__(self) -> None:
        self.calls: list[str] = []
        self.tracks: list[str | None] = []

    def play(self, sound_id: str, volume: float) -> None:
        self.calls.append(sound_id)

    def music(self, track: str | None, gain: float, dt: float) -> None:
        self.tracks.append(track)


def test_a_scripted_battle_plays_its_events_sounds(app, ctx, battle) -> None:
    backend = Recorder()
    ctx.audio = Audio(backend)
    scene = battle()
    moves = [a for a in scene.session.legal() if isinstance(a, Move)]
    assert moves
    scene._act(moves[0])
    for _ in range(40):
        ctx.audio.update(0.016)
        app.step()
        if scene.session.over:
            break
    expected = [s for e in scene.player.played if (s := sound_for(e, {1})) is not None]
    assert "move" in backend.calls
    assert set(backend.calls) <= set(expected) | {"select", "click"}
    assert "battle" in backend.tracks


def test_a_button_press_clicks(app, ctx, battle) -> None:
    backend = Recorder()
    ctx.audio = Audio(backend)
    scene = battle()
    scene.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=scene.buttons["speed"]))
    assert "click" in backend.calls


def test_no_device_is_silence_never_an_error(monkeypatch) -> None:
    def refuse(*args, **kwargs):
        raise pygame.error("no available audio device")

    monkeypatch.setattr(pygame.mixer, "init", refuse)
    audio = open_audio()
    assert isinstance(audio.backend, NullBackend)
    audio.play("click")
    audio.update(0.016, "battle")
