"""Sound: the rules' events mapped to sound ids, and a mixer that is silent when there is no device.

:data:`EVENT_SOUNDS` maps every event class of the tactical, duel and skirmish rules to a sound id,
an explicit None (no sound), or a function of the event picking the id from its data (a miss, a
crit, a parry); ``tests/client/test_audio.py`` fails when a new event class is missing from it.
:class:`Audio` plays ids at master x effects volume through a backend; without an audio device
(CI, servers) the :class:`NullBackend` is used and nothing is ever raised.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from typing import Any, Protocol

from rules.duel import events as dev
from rules.skirmish import events as sev
from rules.tactics import events as tev

log = logging.getLogger(__name__)

SOUND_IDS = (
    "select", "move", "melee", "shot", "spell", "miss", "crit", "parry", "destroyed", "trap",
    "flag", "chest", "rune", "victory", "defeat", "card", "click",
)  # fmt: skip

Pick = str | None | Callable[[Any, frozenset[int]], str | None]


def _ending(winner: int | None, ours: frozenset[int]) -> str:
    """Victory when a side played here won (or nobody here plays: a spectator), else defeat."""
    if winner is None:
        return "defeat"
    return "victory" if not ours or winner in ours else "defeat"


def _tactics_attack(e: tev.AttackResolved, ours: frozenset[int]) -> str:
    if not e.hit:
        return "miss"
    if e.crit:
        return "crit"
    return "shot" if e.kind in ("ranged", "line") else "melee"


def _skirmish_attack(e: sev.AttackResolved, ours: frozenset[int]) -> str:
    if not e.hit:
        return "miss"
    if e.crit:
        return "crit"
    return "melee" if e.kind == "melee" else "shot"


def _skirmish_strike(e: sev.StrikeResolved, ours: frozenset[int]) -> str:
    if not e.hit:
        return "miss"
    if e.shield_hit:
        return "parry"
    return "crit" if e.crit else "melee"


def _duel_roll(e: dev.Rolled, ours: frozenset[int]) -> str:
    return "parry" if e.damage <= e.parry else "melee"  # D-COMBAT-7: damage <= parry does nothing


EVENT_SOUNDS: dict[type, Pick] = {
    # tactical battle
    tev.BattleStarted: None,
    tev.FeatureResolved: None,
    tev.SquadDeployed: None,
    tev.RoundStarted: None,
    tev.StunExpired: None,
    tev.DefenseEnded: None,
    tev.BackstabRolled: None,  # the backstab's AttackResolved sounds
    tev.SquadMoved: "move",
    tev.MoveCancelled: None,
    tev.AttackResolved: _tactics_attack,
    tev.Damaged: None,  # the attack or the trap sounded
    tev.SquadDestroyed: "destroyed",
    tev.BarricadeDestroyed: "destroyed",
    tev.StunRolled: None,
    tev.CounterstrikeRolled: None,  # the counterstrike's AttackResolved sounds
    tev.TrapTriggered: "trap",
    tev.AuraGained: "rune",
    tev.FlagTaken: "flag",
    tev.ExitCounterChanged: None,
    tev.ChestOpened: "chest",
    tev.Defended: "parry",
    tev.TurnEnded: None,
    tev.Surrendered: None,  # BattleEnded follows
    tev.BattleEnded: lambda e, ours: _ending(e.winner, ours),
    # hero duel
    dev.DuelStarted: None,
    dev.InitiativeRolled: None,
    dev.FirstPlayerChosen: None,
    dev.CardsDrawn: None,
    dev.TurnStarted: None,
    dev.ResourcesGained: None,
    dev.CreaturePlayed: "card",
    dev.SpellCast: "spell",
    dev.FightStarted: None,
    dev.PreemptiveStrike: None,  # its Rolled sounds
    dev.EvadeRolled: lambda e, ours: "miss" if e.success else None,
    dev.Rolled: _duel_roll,
    dev.LifeLost: None,
    dev.StunRolled: None,
    dev.MoraleChanged: None,
    dev.StatsChanged: None,
    dev.CreatureDiscarded: lambda e, ours: "destroyed" if e.reason == dev.DiscardReason.KILLED else None,
    dev.FightEnded: None,
    dev.TurnEnded: None,
    dev.DuelEnded: lambda e, ours: _ending(e.winner, ours),
    # skirmish
    sev.BattleStarted: None,
    sev.HeroDeployed: None,
    sev.RoundStarted: None,
    sev.ActivationStarted: None,
    sev.ActivationSkipped: None,
    sev.ActivationEnded: None,
    sev.RoundEnded: None,
    sev.StyleDeclared: None,
    sev.StyleEnded: None,
    sev.BlockingChanged: None,
    sev.StyleCheckRolled: None,
    sev.HeroMoved: "move",
    sev.ItemPickedUp: "chest",
    sev.ItemDropped: None,
    sev.AttackResolved: _skirmish_attack,
    sev.StrikeResolved: _skirmish_strike,
    sev.HeroDamaged: None,
    sev.HeroIncapacitated: "destroyed",
    sev.FatigueChanged: None,
    sev.AfflictionSuffered: None,
    sev.ChannelStarted: None,
    sev.ChannelContinued: None,
    sev.ChannelEnded: None,
    sev.SpellCast: "spell",
    sev.SpellFailed: "miss",
    sev.SpellHitRolled: lambda e, ours: None if e.hit else "miss",
    sev.SpellResisted: lambda e, ours: "parry" if e.blocked else None,
    sev.SpellStruck: lambda e, ours: "crit" if e.crit else None,
    sev.EffectApplied: None,
    sev.EffectEnded: None,
    sev.Healed: None,
    sev.ManaChanged: None,
    sev.WallRaised: None,
    sev.WallCrumbled: None,
    sev.EtherAttackResolved: lambda e, ours: "spell" if e.hit else "miss",
    sev.HeroBound: None,
    sev.BindingEnded: None,
    sev.CardPlayed: "card",
    sev.BattleEnded: lambda e, ours: _ending(e.winner, ours),
}


def sound_for(event: object, ours: Iterable[int] = ()) -> str | None:
    """The sound id of ``event`` (``ours``: the teams played at this screen), or None for silence.

    Raises KeyError for an event class the table does not know: a new event needs an entry."""
    pick = EVENT_SOUNDS[type(event)]
    return pick(event, frozenset(ours)) if callable(pick) else pick


class Backend(Protocol):
    def play(self, sound_id: str, volume: float) -> None: ...


class NullBackend:
    """No audio device: every call does nothing."""

    def play(self, sound_id: str, volume: float) -> None:
        pass


class Audio:
    """Plays effects by id at master x effects volume (0..100 each), nothing when muted."""

    def __init__(self, backend: Backend | None = None) -> None:
        self.backend: Backend = backend or NullBackend()
        self.master = self.effects = self.music = 100
        self.mute = False
        self._this_frame: set[str] = set()

    def apply(self, settings: Any) -> None:
        """Take the volumes and mute of ``settings`` (missing fields keep their values)."""
        self.master = getattr(settings, "master_volume", self.master)
        self.effects = getattr(settings, "effects_volume", self.effects)
        self.music = getattr(settings, "music_volume", self.music)
        self.mute = getattr(settings, "mute", self.mute)

    @property
    def effects_gain(self) -> float:
        return 0.0 if self.mute else self.master / 100 * self.effects / 100

    @property
    def music_gain(self) -> float:
        return 0.0 if self.mute else self.master / 100 * self.music / 100

    def play(self, sound_id: str | None) -> None:
        """One effect; the same id twice in one frame plays once (instant speed floods events)."""
        gain = self.effects_gain
        if sound_id is None or gain <= 0 or sound_id in self._this_frame:
            return
        self._this_frame.add(sound_id)
        try:
            self.backend.play(sound_id, gain)
        except Exception:  # a sound must never stop the game
            log.exception("could not play %s; sound is off from now on", sound_id)
            self.backend = NullBackend()

    def play_event(self, event: object, ours: Iterable[int] = ()) -> None:
        self.play(sound_for(event, ours))

    def update(self, dt: float, music: str | None = None) -> None:
        """A new frame: sounds may repeat again; ``music`` the scene's loop (None keeps the current)."""
        self._this_frame.clear()
        play_music = getattr(self.backend, "music", None)
        if play_music is None:
            return
        try:
            play_music(music, self.music_gain, dt)
        except Exception:
            log.exception("could not play music %s; sound is off from now on", music)
            self.backend = NullBackend()


MUSIC_FADE = 1.5  # seconds of cross-fade when the scene type changes


class PygameBackend:
    """pygame's mixer: effects loaded on first use, music as looping Sounds on two channels that
    cross-fade."""

    def __init__(self, folder: Any) -> None:
        import pygame

        self.pygame = pygame
        self.folder = folder
        self.sounds: dict[str, Any] = {}
        pygame.mixer.set_reserved(2)
        self.channels = [pygame.mixer.Channel(0), pygame.mixer.Channel(1)]
        self.current = 0
        self.track: str | None = None
        self.fade = 1.0

    def _sound(self, name: str) -> Any:
        if name not in self.sounds:
            self.sounds[name] = self.pygame.mixer.Sound(str(self.folder / f"{name}.wav"))
        return self.sounds[name]

    def play(self, sound_id: str, volume: float) -> None:
        sound = self._sound(sound_id)
        sound.set_volume(volume)
        sound.play()

    def music(self, track: str | None, gain: float, dt: float) -> None:
        """Keep ``track`` looping at ``gain``, fading the previous one out over :data:`MUSIC_FADE`."""
        if track is not None and track != self.track:
            self.track, self.current, self.fade = track, 1 - self.current, 0.0
            self.channels[self.current].play(self._sound(f"music_{track}"), loops=-1)
        self.fade = min(1.0, self.fade + dt / MUSIC_FADE)
        self.channels[self.current].set_volume(gain * self.fade)
        old = self.channels[1 - self.current]
        if self.fade >= 1.0:
            old.stop()
        else:
            old.set_volume(gain * (1 - self.fade))


def open_audio(settings: Any = None) -> Audio:
    """The mixer if there is a device, else silence (logged once); never raises."""
    try:
        import pygame

        from client.resources import assets_dir

        pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=1024)
        audio = Audio(PygameBackend(assets_dir() / "sounds"))
    except Exception as exc:  # no device, no driver, no files: the game goes on in silence
        log.info("no sound: %s", exc)
        audio = Audio()
    if settings is not None:
        audio.apply(settings)
    return audio
