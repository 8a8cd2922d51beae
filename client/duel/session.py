"""One duel: the player (seat 1) against an AI (seat 2), or two people at one machine (hot-seat).

The scene asks the session for what it may show; the session owns the only :class:`DuelState` and
applies every action through ``rules.duel.engine``. The clock is the caller's: every call that
needs the time takes ``now_ms`` (a fake clock in tests), as ``rules.duel.clock`` asks (D-TURN-6..9).
The AI decides from its own :func:`~rules.duel.view.view` only (P-AI-1); the table asks it through
the battle's worker (:class:`client.battle.opponent.AiWorker`, see :meth:`DuelSession.ai_worker`),
and :meth:`DuelSession.ai_choice` asks the same player built here (tests and benches). Both build
it with :func:`client.battle.ai_process.duel_player` from ``f"{seed}/ai2"``, so the same seed gives
the same duel wherever it thinks.

``viewer`` is the seat whose view the table shows: seat 1 against the AI; in hot-seat the seat
whose turn the cover screen handed over (the table never shows the other's hand).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from client.battle.ai_process import duel_player
from client.battle.opponent import AiWorker
from rules.core.players import Player
from rules.duel import events as ev
from rules.duel.actions import Action, Attack, CastSpell, EndTurn, PlayCreature, Surrender, TimeOut
from rules.duel.ai import PLAYERS
from rules.duel.clock import pause_clock, resume_clock, seconds_left, start_clock
from rules.duel.engine import apply, check, legal_actions
from rules.duel.setup import DeckChoice, new_duel
from rules.duel.state import DuelState
from rules.duel.view import DuelView, view
from rules.rng import SeededRng

HUMAN = 1
AI = 2
LOG_CAP = 200  # the side panel keeps the newest lines only


def duel_ai_name(ai_level: str) -> str:
    """Settings' level (easy, normal, hard) as the duel AI the rules map it to; Normal's otherwise."""
    return PLAYERS.resolve(ai_level if ai_level in PLAYERS else "normal")


@dataclass
class Stats:
    """What the end window counts for one seat."""

    damage: int = 0
    kills: int = 0
    cards: int = 0


@dataclass
class DuelSession:
    """The duel's state and what happened in it; ``apply`` is the one way to change it."""

    seed: int | str
    deck: DeckChoice
    hero: str | None
    ai_name: str = "greedy"
    foe_deck: DeckChoice = "starter"
    foe_hero: str | None = None
    hotseat: bool = False  # both seats are people at this machine
    state: DuelState = field(init=False)
    events: list[ev.Event] = field(init=False, default_factory=list)
    actions: list[Action] = field(init=False, default_factory=list)
    stats: dict[int, Stats] = field(init=False)

    def __post_init__(self) -> None:
        self.version = 0  # bumped by every change; what the scene derives from the state is kept per version
        self._memo: dict[tuple[str, int], object] = {}
        self.dice = SeededRng(f"{self.seed}/dice")
        self.state, self.events = new_duel(
            self.dice, self.deck, self.foe_deck, hero1=self.hero, hero2=self.foe_hero
        )
        self.viewer = HUMAN
        self._ai: Player | None = None
        self.stats = {HUMAN: Stats(), AI: Stats()}

    @property
    def ai_seed(self) -> str:
        """The AI's own dice (its seat's, as ``rules.duel.match.play_match`` seeds them)."""
        return f"{self.seed}/ai{AI}"

    def ai_worker(self, backend: str = "process") -> AiWorker:
        """A worker that thinks for the AI seat away from the window (the battle's)."""
        return AiWorker(self.ai_name, self.ai_seed, backend=backend, game="duel")

    @property
    def ai(self) -> Player:
        """The AI player in this process (:meth:`ai_choice`), built as the worker builds its own."""
        if self._ai is None:
            self._ai = duel_player(self.ai_name, self.ai_seed)
        return self._ai

    def decks(self) -> tuple[DeckChoice, DeckChoice]:
        return (self.deck, self.foe_deck)

    def show_seat(self, seat: int) -> None:
        """Show the table from ``seat``'s side (hot-seat: after the cover screen)."""
        if seat != self.viewer:
            self.viewer = seat
            self.changed()

    # -- what the scene may show -------------------------------------------------------------
    def changed(self) -> None:
        """The state changed outside :meth:`apply` (tests, benches): forget what was derived from it."""
        self.version += 1
        self._memo.clear()

    def _kept(self, name: str, make):
        key = (name, self.version)
        if key not in self._memo:
            self._memo.clear() if len(self._memo) > 16 else None
            self._memo[key] = make()
        return self._memo[key]

    def view(self) -> DuelView:
        """The viewer's view: never the other's hand or any deck order (hidden information)."""
        return self._kept("view", lambda: view(self.state, self.viewer))

    @property
    def over(self) -> bool:
        return self.state.outcome is not None

    @property
    def human_to_act(self) -> bool:
        """A person at this machine is to act (seat 1, or either seat in hot-seat)."""
        return not self.over and (self.hotseat or self.state.active == HUMAN)

    @property
    def ai_to_act(self) -> bool:
        return not self.over and not self.hotseat and self.state.active == AI

    def legal(self) -> list[Action]:
        return list(self._kept("legal", lambda: legal_actions(self.state) if self.human_to_act else []))

    def playable(self) -> set[str]:
        """The hand's cards the player may play now (none when it is not their turn)."""
        from rules.duel.actions import CastSpell, PlayCreature

        return self._kept(
            "playable", lambda: {a.card for a in self.legal() if isinstance(a, PlayCreature | CastSpell)}
        )

    def why_not(self, action: Action) -> str | None:
        """Why the player may not take ``action`` now, or None."""
        if not self.human_to_act:
            return "not your turn"
        return check(self.state, action)

    def seconds_left(self, now_ms: int) -> int | None:
        return seconds_left(self.state, now_ms)

    # -- changing it ---------------------------------------------------------------------------
    def start_clock(self, now_ms: int) -> None:
        start_clock(self.state, now_ms)
        self.changed()

    def pause(self, now_ms: int) -> None:
        pause_clock(self.state, now_ms)  # D-OQ-7 / D-TURN-9: a fight or effect is being shown

    def resume(self, now_ms: int) -> None:
        resume_clock(self.state, now_ms)

    def apply(self, action: Action) -> list[ev.Event]:
        """Carry out a legal action; returns its events (raises IllegalAction otherwise)."""
        actor = self.state.active
        new = apply(self.state, action, self.dice)
        self.changed()
        self.actions.append(action)
        self.events.extend(new)
        self._count(actor, action, new)
        return new

    def apply_recorded(self, action: Action) -> list[ev.Event]:
        """Play a replay's action: a TimeOut at the reading it was recorded with (rules.duel.replay)."""
        if isinstance(action, TimeOut):
            self.state.clock = (action.now_ms, None)
        return self.apply(action)

    def time_out(self, now_ms: int) -> list[ev.Event]:
        return self.apply(TimeOut(now_ms))

    def ai_choice(self) -> Action:
        """The AI's next action, from its own view; a refused choice ends its turn."""
        action = self.ai.choose(view(self.state, AI))
        return action if check(self.state, action) is None else EndTurn()

    def surrender(self) -> list[ev.Event]:
        """The person to act gives up (D-TURN-10)."""
        return self.apply(Surrender(self.state.active))

    def _count(self, actor: int, action: Action, new: list[ev.Event]) -> None:
        if isinstance(action, PlayCreature | CastSpell):
            self.stats[actor].cards += 1
        for event in new:
            if isinstance(event, ev.LifeLost) and isinstance(action, Attack):
                self.stats[actor].damage += event.amount
            if (
                isinstance(event, ev.CreatureDiscarded)
                and event.player != actor
                and isinstance(action, Attack)
            ):
                self.stats[actor].kills += 1
