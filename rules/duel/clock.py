"""The 60-second turn (D-TURN-6..9, D-UI-3): the rules keep the deadline, the caller owns the clock.

The rules never read a clock. The client passes its own millisecond readings: it starts the
countdown when it shows the banner (:func:`start_clock`), pauses it while a fight or a magic
effect is being shown (D-TURN-9 [REC]) and, when :func:`seconds_left` reaches 0, sends
:class:`~rules.duel.actions.TimeOut` with the reading, which ``check`` accepts only once the
deadline has passed (D-TURN-8). A new turn clears the clock; a duel without one never times out.
"""

from __future__ import annotations

from rules.duel.state import DuelState


def start_clock(state: DuelState, now_ms: int) -> None:
    """Start the active turn's countdown from ``turn_seconds`` (D-TURN-6/7)."""
    state.clock = (now_ms + state.catalog.rules.turn_seconds * 1000, None)


def pause_clock(state: DuelState, now_ms: int) -> None:
    """Stop the countdown while a fight or effect is displayed (D-TURN-9); no-op if paused or unset."""
    if state.clock is not None and state.clock[1] is None:
        state.clock = (state.clock[0], now_ms)


def resume_clock(state: DuelState, now_ms: int) -> None:
    """Restart the countdown, pushing the deadline back by the time it was paused."""
    if state.clock is not None:
        deadline, paused_at = state.clock
        if paused_at is None:
            return
        state.clock = (deadline + max(0, now_ms - paused_at), None)


def ms_left(state: DuelState, now_ms: int) -> int | None:
    """Milliseconds until the deadline (never negative), None when no countdown runs."""
    if state.clock is None:
        return None
    deadline, paused_at = state.clock
    return max(0, deadline - (now_ms if paused_at is None else paused_at))


def seconds_left(state: DuelState, now_ms: int) -> int | None:
    """The whole seconds the banner shows: 60 at the start, 0 only once the time is up."""
    left = ms_left(state, now_ms)
    return None if left is None else -(-left // 1000)  # integer ceiling: 59.001 s shows 60


def timeout_reason(state: DuelState, now_ms: int) -> str | None:
    """Why a TimeOut at ``now_ms`` is refused, or None when the turn's time is up (D-TURN-8)."""
    if state.clock is None:
        return "the turn's countdown has not been started"
    if state.clock[1] is not None:
        return "the countdown is paused while a fight or effect is shown (D-TURN-9)"
    left = ms_left(state, now_ms)
    if left:
        return f"the turn still has {left} ms (D-TURN-6)"
    return None


def banner_text(player_name: str, seconds: int, lang: str = "en") -> str:
    """D-TURN-7 / D-UI-3: the filled-in banner, «Ход: Игрок 1 — 42» / "Turn: Player 1 — 42"."""
    return f"Ход: {player_name} — {seconds}" if lang == "ru" else f"Turn: {player_name} — {seconds}"
