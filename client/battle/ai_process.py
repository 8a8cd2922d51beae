"""The computer opponent's worker process: its own interpreter, so its thinking never holds the GIL
the window draws with.

A worker is started (``forkserver``, else ``spawn``: never a fork of the process that holds the
window) when the battle scene is built, from a helper thread (the first start of a game waits
~0.3 s for the fork server to import the rules; later ones ~10 ms), and keeps the AI player for
the whole battle; it runs at a lower priority (:data:`NICENESS`). The battle's
fixed part (the :class:`~rules.tactics.state.Board`'s definition: setup, catalog, terrain; and the
squads' :class:`~rules.tactics.state.SquadInfo`) is sent with the first decision only; each
decision after that sends only what changes (the state's other slots and each squad's changing
fields), a small fraction of the whole pickled state (which also grows with the board's memos;
the sizes measured are in docs/ai.md). The worker rebuilds the board once (its derived tables
and memos are its own) and then each state from the board and the fields; the rebuilt state has
the same fingerprint, so the AI, whose dice come from its seed and the state, decides exactly as
it would in this process.

Each answer carries the AI's explanation of its decision (:mod:`rules.core.explain`; the worker
asks its player to explain), as JSON values: the game shows it in its "Why?" panel and keeps it
in the replay. A player that cannot explain itself answers with none.

The worker never outlives the game: :meth:`ProcessBackend.close` stops it (terminates it if it is
thinking); it is a daemon, so multiprocessing ends it if the game exits without closing it; and
if the game is killed, its end of the pipe closes and the worker's next read or write ends it.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
import traceback
from collections.abc import Callable
from dataclasses import fields
from multiprocessing.connection import Connection
from typing import Any

from rules.core.explain import Explanation, ask_to_explain, explanation_to_json, explanations_from_json
from rules.core.players import Player
from rules.core.replay import ReplayError, game_replays
from rules.tactics.ai import make_player
from rules.tactics.state import BattleState, Board, Squad
from rules.tactics.view import TacticsView

PlayerFactory = Callable[[str, int | str], Player[Any, Any]]
GAME_DECISION_SECONDS = 2.0  # issue #5: no decision over 2 s; the work budget normally ends it sooner

SQUAD_FIELDS = tuple(name for name in Squad.__slots__ if name != "info")
STATE_FIELDS = tuple(name for name in BattleState.__slots__ if name not in ("board", "squads"))
# The worker's nice value: when the cores are busy, the window's process gets them first. 5 keeps
# the frames as smooth as 10 without slowing the decisions as much (measured: docs/ai.md).
NICENESS = 5
log = logging.getLogger(__name__)
PRELOAD = ["client.battle.ai_process", "rules.tactics.ai", "rules.tactics.engine"]


def game_player(level: str, seed: int | str) -> Player[Any, Any]:
    """The tactical AI as the game runs it: its work budget, and a wall-clock cap as a safety net."""
    return make_player(level, seed, seconds=GAME_DECISION_SECONDS)


def duel_player(level: str, seed: int | str) -> Player[Any, Any]:
    """The duel AI as its registry builds it (its budget ends every decision within 1.5 s)."""
    from rules.duel.ai import PLAYERS as DUEL_PLAYERS

    return DUEL_PLAYERS.make(level, seed)


def skirmish_player(level: str, seed: int | str) -> Player[Any, Any]:
    """The skirmish AI as its registry builds it."""
    from rules.skirmish.ai import PLAYERS as SKIRMISH_PLAYERS

    return SKIRMISH_PLAYERS.make(level, seed)


FACTORIES: dict[str, PlayerFactory] = {
    "tactics": game_player,
    "duel": duel_player,
    "skirmish": skirmish_player,
}


def registry_player(game: str) -> PlayerFactory:
    """The factory of ``game``'s players (module functions: the worker process is sent them by name)."""
    try:
        return FACTORIES[game]
    except KeyError:
        raise ValueError(f"unknown game {game!r}; choose from {', '.join(FACTORIES)}") from None


class WorkerDied(RuntimeError):
    """The worker process is gone (crashed, killed, or its pipe broke), or could not be started."""

    def __init__(self, message: str, could_not_start: bool = False) -> None:
        super().__init__(message)
        self.could_not_start = could_not_start


def start_method() -> str:
    """``forkserver`` where the platform has it (a cheap fork of a small clean server), else ``spawn``."""
    return "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"


# ---- the state on the wire ---------------------------------------------------------------------------
def board_definition(board: Board) -> dict[str, Any]:
    """What defines a board: its compared fields (the others are tables and memos it derives)."""
    return {f.name: getattr(board, f.name) for f in fields(board) if f.compare}


class StateEncoder:
    """The parent's side: the first message of a battle carries its fixed part, the later ones not."""

    def __init__(self) -> None:
        self._board: Board | None = None

    def encode(self, state: TacticsView) -> dict[str, Any]:
        message: dict[str, Any] = {
            "viewer": state.viewer,
            "state": {name: getattr(state, name) for name in STATE_FIELDS},
            "squads": [tuple(getattr(s, name) for name in SQUAD_FIELDS) for s in state.squads],
        }
        if state.board is not self._board:
            message["board"] = board_definition(state.board)
            message["infos"] = [s.info for s in state.squads]
            self._board = state.board
        return message


class StateDecoder:
    """The worker's side: the board rebuilt once, then each state from the changing fields."""

    def __init__(self) -> None:
        self.board: Board | None = None
        self.infos: list = []

    def decode(self, message: dict[str, Any]) -> TacticsView:
        if "board" in message:
            self.board = Board(**message["board"])
            self.infos = message["infos"]
        if self.board is None or len(self.infos) != len(message["squads"]):
            raise ValueError("a state arrived before the battle it belongs to")
        state = TacticsView.__new__(TacticsView)  # the view it was sent: hidden traps already removed
        state.viewer = message["viewer"]
        state.board = self.board
        for name, value in message["state"].items():
            setattr(state, name, value)
        squads = []
        for info, values in zip(self.infos, message["squads"], strict=True):
            squad = Squad.__new__(Squad)
            squad.info = info
            for name, value in zip(SQUAD_FIELDS, values, strict=True):
                setattr(squad, name, value)
            squads.append(squad)
        state.squads = squads
        return state


class WholeViews:
    """The other games' views travel whole (a duel view or a skirmish view is a few KB pickled)."""

    def encode(self, view: Any) -> Any:
        return view

    def decode(self, message: Any) -> Any:
        return message


def encoder_for(game: str) -> StateEncoder | WholeViews:
    return StateEncoder() if game == "tactics" else WholeViews()


def decoder_for(game: str) -> StateDecoder | WholeViews:
    return StateDecoder() if game == "tactics" else WholeViews()


# ---- the explanation on the wire ---------------------------------------------------------------------
def decide(player: Player[Any, Any], view: Any) -> tuple[Any, Explanation | None]:
    """The player's action for ``view`` and its explanation of it (None if it gave none this time)."""
    if hasattr(player, "last_explanation"):
        player.last_explanation = None  # never a stale one
    action = player.choose(view)
    explanation = getattr(player, "last_explanation", None)
    return action, explanation if isinstance(explanation, Explanation) else None


def explanation_from_wire(data: Any, game: str) -> Explanation | None:
    """An explanation the worker sent as JSON values (None when it sent none or a malformed one)."""
    if data is None:
        return None
    try:
        return explanations_from_json([data], game_replays(game).action_types, 1)[0]
    except ReplayError as exc:
        log.error("the AI worker sent an explanation that does not read back: %s", exc)
        return None


# ---- the worker --------------------------------------------------------------------------------------
def serve(
    conn: Connection, level: str, seed: int | str, factory: PlayerFactory, game: str = "tactics"
) -> None:
    """The worker's loop: build the player, say ready, then answer each view until told to stop."""
    try:
        if NICENESS and hasattr(os, "nice"):
            os.nice(NICENESS)
        player = factory(level, seed)
        ask_to_explain(player)
        decoder = decoder_for(game)
        conn.send(("ready",))
        while True:
            message = conn.recv()
            if message[0] == "stop":
                return
            _, request_id, encoded = message
            try:
                action, explanation = decide(player, decoder.decode(encoded))
                reply: tuple = (request_id, "ok", action, explanation_to_json(explanation))
            except Exception:  # reported to the game, which plays a fallback action
                reply = (request_id, "error", traceback.format_exc(), None)
            conn.send(reply)
    except (EOFError, OSError, KeyboardInterrupt):
        return  # the game is gone (or quitting): nothing to answer
    finally:
        conn.close()


class ProcessBackend:
    """The game's handle on one worker process: submit a view, collect the answer, stop it."""

    kind = "process"

    def __init__(
        self, level: str, seed: int | str, factory: PlayerFactory | None = None, game: str = "tactics"
    ) -> None:
        factory = factory or registry_player(game)
        method = start_method()
        context = multiprocessing.get_context(method)
        if method == "forkserver":
            context.set_forkserver_preload(PRELOAD)
        self._conn, self._child_end = context.Pipe(duplex=True)
        self.process = context.Process(
            target=serve,
            args=(self._child_end, level, seed, factory, game),
            name=f"runetide-ai-{level}",
            daemon=True,
        )
        # Starting blocks for a moment (the first start of a game waits for the fork server to
        # import the rules, ~0.2-0.4 s): a helper thread does it, so the frame never waits.
        self._start_error: BaseException | None = None
        self._starter = threading.Thread(target=self._launch, name="runetide-ai-start", daemon=True)
        self._starter.start()
        self._encoder = encoder_for(game)
        self._game = game
        self._ready = False
        self._pending: tuple | None = None  # a decision waiting for the worker to be ready
        self._awaited: int | None = None  # the id of the decision under way
        self._next_id = 0
        self.closed = False

    def _launch(self) -> None:
        try:
            self.process.start()
        except BaseException as exc:  # reported by result(): the AI then runs on a thread
            self._start_error = exc
        finally:
            self._child_end.close()  # the worker holds its own end: if it dies, reads here see EOF

    @property
    def pid(self) -> int | None:
        """The worker's process id (None until it has started)."""
        return None if self._starter.is_alive() else self.process.pid

    def submit(self, view: Any) -> None:
        """Send ``view`` (the side to act's) for a decision (held back until the worker is ready:
        never blocks the frame)."""
        self._next_id += 1
        self._awaited = self._next_id
        self._pending = ("decide", self._next_id, self._encoder.encode(view))
        self._send_pending()

    def _send_pending(self) -> None:
        if self._ready and self._pending is not None:
            message, self._pending = self._pending, None
            try:
                self._conn.send(message)
            except OSError as exc:
                raise WorkerDied(f"the AI worker's pipe broke: {exc}") from exc

    def result(self) -> tuple[str, Any, Explanation | None] | None:
        """``("ok", action, explanation)`` or ``("error", traceback, None)`` once the worker answers,
        else None.

        Raises WorkerDied when the worker is gone or could not be started.
        """
        if self._starter.is_alive():
            return None
        if self._start_error is not None:
            raise WorkerDied(f"cannot start an AI worker process: {self._start_error}", could_not_start=True)
        try:
            while self._conn.poll():
                message = self._conn.recv()
                if message[0] == "ready":
                    self._ready = True
                    self._send_pending()
                elif message[0] == self._awaited:
                    self._awaited = None
                    return message[1], message[2], explanation_from_wire(message[3], self._game)
        except (EOFError, OSError) as exc:
            raise WorkerDied(f"the AI worker ended (exit code {self.process.exitcode})") from exc
        if not self.process.is_alive():
            raise WorkerDied(f"the AI worker ended (exit code {self.process.exitcode})")
        return None

    def wait_ready(self, timeout: float) -> bool:
        """Block until the worker has started and built its player (benches, tests)."""
        self._starter.join(timeout)
        if not self._ready and self._start_error is None and self._conn.poll(timeout):
            self.result()
        return self._ready

    def wait(self, timeout: float | None) -> None:
        """Block until something can be read (an answer, the ready message, or the end of the worker)."""
        if self._starter.is_alive():
            self._starter.join(timeout)
        elif self._start_error is None:
            self._conn.poll(timeout)

    def close(self) -> None:
        """Stop the worker: ask it to stop if idle, end it if it is thinking; wait for it to go."""
        if self.closed:
            return
        self.closed = True
        self._starter.join()
        if self._start_error is None and self.process.is_alive():
            if self._awaited is not None or not self._ready:
                self.process.terminate()  # pure computation: nothing to lose
            else:
                try:
                    self._conn.send(("stop",))
                except OSError:
                    self.process.terminate()
            self.process.join(2.0)
            if self.process.is_alive():
                self.process.kill()
                self.process.join(2.0)
        self._conn.close()
