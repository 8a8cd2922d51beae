"""Synthesise the game's sound effects and music loops into ``assets/sounds/`` with the standard library.

Run ``python tools/make_sounds.py``. Effects are 22.05 kHz, music 16 kHz, all mono 16-bit WAV.
Noise is seeded, so re-running gives byte-identical files. Music loops are rendered into a ring
buffer: every note's tail wraps to the start, so a loop repeats without a seam.
"""

from __future__ import annotations

import math
import random
import struct
import wave
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "assets" / "sounds"
FX_RATE = 22050
MUSIC_RATE = 16000


def write(name: str, samples: list[float], rate: int) -> None:
    peak = max(1e-9, max(abs(s) for s in samples))
    gain = 0.8 / peak if peak > 0.8 else 1.0
    data = b"".join(struct.pack("<h", int(max(-1.0, min(1.0, s * gain)) * 32767)) for s in samples)
    with wave.open(str(OUT / f"{name}.wav"), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(data)


def env(t: float, attack: float, decay: float) -> float:
    return t / attack if t < attack else math.exp(-(t - attack) / decay)


def tone(freqs: list[float], length: float, attack=0.005, decay=0.1, glide=0.0) -> list[float]:
    out = []
    for i in range(int(length * FX_RATE)):
        t = i / FX_RATE
        f = 1 + glide * t
        level = sum(math.sin(2 * math.pi * fr * f * t) for fr in freqs) / len(freqs)
        out.append(env(t, attack, decay) * level)
    return out


def noise(length: float, seed: int, cutoff: float, decay: float, attack=0.002) -> list[float]:
    rng = random.Random(seed)
    a = math.exp(-2 * math.pi * cutoff / FX_RATE)
    y, out = 0.0, []
    for i in range(int(length * FX_RATE)):
        y = (1 - a) * rng.uniform(-1, 1) + a * y  # one-pole low-pass filtered noise
        out.append(y * env(i / FX_RATE, attack, decay) * 3)
    return out


def mix(*parts: list[float]) -> list[float]:
    n = max(len(p) for p in parts)
    return [sum(p[i] for p in parts if i < len(p)) for i in range(n)]


def seq(notes: list[float], step: float, decay: float) -> list[float]:
    out: list[float] = []
    for k, f in enumerate(notes):
        part = tone([f, 2 * f], step * 3, decay=decay)
        start = int(k * step * FX_RATE)
        out.extend([0.0] * (start + len(part) - len(out)))
        for i, s in enumerate(part):
            out[start + i] += s
    return out


EFFECTS = {
    "select": lambda: tone([880, 1320], 0.12, decay=0.04),
    "click": lambda: tone([1200], 0.05, attack=0.001, decay=0.012),
    "move": lambda: noise(0.25, 1, 600, 0.08, attack=0.03),
    "melee": lambda: mix(noise(0.22, 2, 2500, 0.05), tone([140, 95], 0.22, decay=0.06)),
    "shot": lambda: mix(tone([330], 0.2, decay=0.06, glide=-1.5), noise(0.2, 3, 4000, 0.04)),
    "spell": lambda: tone([523, 659, 784, 1047], 0.6, attack=0.08, decay=0.2, glide=0.3),
    "miss": lambda: noise(0.3, 4, 1800, 0.09, attack=0.05),
    "crit": lambda: mix(noise(0.35, 5, 3500, 0.08), tone([110, 220, 1760], 0.35, decay=0.1)),
    "parry": lambda: tone([1850, 2630, 3310], 0.35, attack=0.001, decay=0.09),
    "destroyed": lambda: mix(noise(0.6, 6, 400, 0.2), tone([80, 60], 0.6, decay=0.2, glide=-0.5)),
    "trap": lambda: mix(noise(0.5, 7, 1200, 0.15), tone([200], 0.3, decay=0.05, glide=-1.2)),
    "flag": lambda: seq([523, 784], 0.1, 0.12),
    "chest": lambda: seq([784, 988, 1175, 1568], 0.06, 0.1),
    "rune": lambda: tone([1319, 1976], 0.5, attack=0.05, decay=0.15),
    "victory": lambda: seq([523, 659, 784, 1047, 1047], 0.16, 0.25),
    "defeat": lambda: seq([392, 349, 311, 262], 0.22, 0.3),
    "card": lambda: noise(0.12, 8, 5000, 0.025),
}

# name -> (beats per minute, bars of 4 beats, chord roots in Hz per bar)
MUSIC = {
    "music_menu": (80, 8, [220.0, 174.6, 196.0, 164.8]),
    "music_battle": (90, 8, [146.8, 130.8, 116.5, 130.8]),
    "music_duel": (96, 8, [196.0, 233.1, 174.6, 196.0]),
}


def music(bpm: int, bars: int, roots: list[float]) -> list[float]:
    beat = 60 / bpm
    n = int(bars * 4 * beat * MUSIC_RATE)
    buf = [0.0] * n
    rng = random.Random(bpm)

    def note(start: float, f: float, length: float, amp: float, attack: float, decay: float) -> None:
        s0 = int(start * MUSIC_RATE)
        w = 2 * math.pi * f / MUSIC_RATE
        for i in range(int(length * MUSIC_RATE)):
            t = i / MUSIC_RATE
            e = min(1.0, t / attack) * math.exp(-t / decay)
            buf[(s0 + i) % n] += amp * e * (math.sin(w * i) + 0.3 * math.sin(2 * w * i))

    for bar in range(bars):
        root = roots[bar % len(roots)]
        t0 = bar * 4 * beat
        for ratio in (1.0, 1.2, 1.5):  # a soft minor pad per bar
            note(t0, root * ratio, 4 * beat * 1.6, 0.12, 0.6, 2.5)
        note(t0, root / 2, 4 * beat, 0.15, 0.05, 1.5)
        for k in range(8):  # a quiet plucked arpeggio on the pentatonic steps of the chord
            if rng.random() < 0.7:
                f = root * 2 * (1.0, 1.2, 1.5, 1.8, 2.0)[rng.randrange(5)]
                note(t0 + k * beat / 2, f, 1.2, 0.07, 0.01, 0.35)
    return buf


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, make in EFFECTS.items():
        write(name, make(), FX_RATE)
    for name, (bpm, bars, roots) in MUSIC.items():
        write(name, music(bpm, bars, roots), MUSIC_RATE)


if __name__ == "__main__":
    main()
