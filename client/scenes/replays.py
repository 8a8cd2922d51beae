"""The Replays list: every replay saved at the end of a game, newest first; pick one and Watch.

It is a :class:`~client.scenes.map_list.MapListScene` over the replays folder
(:func:`client.battle.replay_hook.replays_dir`): each button shows when it was saved, the map
and the result (a duel or skirmish: the game's name and the decks or map); the panel on the right the
map's thumbnail, the game, the result, the rounds and the actions. Every file is checked when
the list opens (read, map found and unchanged, catalog unchanged, recomputed to its recorded
end); one that cannot be played is listed with the reason and cannot be watched. Duel replays
open in the duel table's viewer (:mod:`client.duel.replay_view`); skirmish replays are listed
with the reason that they cannot be watched yet. Nothing in the folder is ever changed or deleted.
"""

from __future__ import annotations

import time
from pathlib import Path

from client.battle import replay_hook
from client.battle.missions import objective_text
from client.context import Context
from client.i18n import team_colour, tr, tr_count
from client.replays import ReplayEntry, check_entry, scan_replays
from client.scenes.base import Push, Transition
from client.scenes.map_list import MapListScene
from client.tiled import MapError
from client.ui import MUTED_TEXT_COLOUR, TEXT_COLOUR, TITLE_COLOUR
from rules.tactics.setup import BattleSetup, Mode

REPLAY_LIST_W = 420


def saved_text(entry: ReplayEntry, short: bool = False) -> str:
    """When the file was saved, in the player's local time."""
    return time.strftime("%d.%m %H:%M" if short else "%Y-%m-%d %H:%M", time.localtime(entry.saved_at))


def result_text(entry: ReplayEntry) -> str:
    """ "Victory", "Defeat", "Draw", "Red wins" or "Unfinished", as the end overlay says it."""
    outcome = entry.final.outcome if entry.final is not None else None
    if outcome is None or entry.setup is None:
        return tr("replays.unfinished")
    if outcome.winner is None:
        return tr("result.draw")
    if entry.setup.mode is Mode.MISSION:
        return tr("result.victory" if outcome.winner == 1 else "result.defeat")
    return tr("result.team_wins", team=team_colour(outcome.winner, "plural"))


def game_text(entry: ReplayEntry) -> str:
    """The replay's game by name: "Tactics", "Duel", "Skirmish" ("" if unreadable)."""
    return tr(f"replays.game_{entry.game}") if entry.game is not None else ""


def duel_lines(entry: ReplayEntry) -> list[tuple[str, int, tuple, bool]]:
    """A duel replay's result, how it was decided, its turns and actions, and its file."""
    assert entry.replay is not None and entry.final is not None
    outcome = entry.final.outcome
    lines: list[tuple[str, int, tuple, bool]] = [(tr("replays.result"), 15, MUTED_TEXT_COLOUR, True)]
    if outcome is None:
        lines.append((tr("replays.unfinished"), 20, TEXT_COLOUR, True))
    else:
        winner = tr("duel.seat_wins", name=tr("duel.seat", n=outcome.winner)) if outcome.winner else ""
        lines.append((winner or tr("duel.draw"), 20, TEXT_COLOUR, True))
        lines.append((tr(f"duel.reason.{outcome.reason}"), 16, TEXT_COLOUR, False))
    counts = [
        tr("duel.turns_played", turns=entry.final.turn_no),
        tr_count("replays.actions", len(entry.replay.actions)),
    ]
    lines.append(("  ·  ".join(counts), 17, TEXT_COLOUR, False))
    lines.append((tr("replays.file", name=entry.path.name), 15, MUTED_TEXT_COLOUR, False))
    return lines


class ReplaysScene(MapListScene):
    """The saved replays; Watch opens the viewer on the chosen one."""

    title_key = "replays.title"
    start_key = "replays.watch"
    empty_key = "replays.empty"
    list_w = REPLAY_LIST_W

    def __init__(self, ctx: Context, size) -> None:
        super().__init__(ctx, size)
        first = next((i for i, e in enumerate(self.entries) if e.watchable), None)
        if first is not None and first != self.chosen:
            self.chosen = first
            self.layout(self.size)

    def scan(self, ctx: Context) -> list:
        return scan_replays(replay_hook.replays_dir())

    def layout(self, size) -> None:
        super().layout(size)
        if self.entry is not None and self.entry.watchable:  # a duel has no map setup, and plays
            self.start.enable()

    def on_button(self, button) -> Transition | None:
        entry = self.entry
        if button is self.start and entry is not None and entry.game == "duel" and entry.watchable:
            return self.start_battle(entry)
        return super().on_button(button)

    def entry_text(self, entry: ReplayEntry) -> str:  # type: ignore[override]
        saved = saved_text(entry, short=True)
        if entry.game not in (None, "tactics"):  # not watchable yet: the panel says so, the game is named
            return f"{saved}  {game_text(entry)} · {entry.name}"
        status = result_text(entry) if entry.setup is not None else tr("replays.cannot_play")
        return f"{saved}  {entry.name} · {status}"

    def thumbnail_source(self, entry: ReplayEntry) -> Path:  # type: ignore[override]
        assert entry.replay is not None
        return Path(entry.replay.map_path)

    def empty_text(self) -> str:
        return tr(self.empty_key, path=str(replay_hook.replays_dir()))

    def played_setup(self, setup: BattleSetup) -> BattleSetup:
        return setup

    def detail_lines(self, entry: ReplayEntry) -> list[tuple[str, int, tuple, bool]]:  # type: ignore[override]
        lines: list[tuple[str, int, tuple, bool]] = [(entry.name, 28, TITLE_COLOUR, True)]
        lines.append((tr("replays.saved", date=saved_text(entry)), 16, MUTED_TEXT_COLOUR, False))
        if entry.game is not None:
            lines.append((tr("replays.game", name=game_text(entry)), 16, MUTED_TEXT_COLOUR, False))
        if entry.game == "duel" and entry.watchable and entry.replay is not None:
            return lines + duel_lines(entry)
        if entry.setup is None or entry.final is None or entry.replay is None:
            lines.append((tr("replays.broken"), 18, TEXT_COLOUR, False))
            lines.append((entry.error or "", 15, MUTED_TEXT_COLOUR, False))
            lines.append((tr("replays.file", name=entry.path.name), 15, MUTED_TEXT_COLOUR, False))
            return lines
        outcome = entry.final.outcome
        lines.append((tr("replays.result"), 15, MUTED_TEXT_COLOUR, True))
        lines.append((result_text(entry), 20, TEXT_COLOUR, True))
        if outcome is not None:
            lines.append((tr(f"result.{outcome.reason}"), 16, TEXT_COLOUR, False))
        counts = [
            tr_count("replays.rounds", entry.final.round_no),
            tr_count("replays.actions", len(entry.replay.actions)),
        ]
        lines.append(("  ·  ".join(counts), 17, TEXT_COLOUR, False))
        lines.append((tr("missions.objective"), 15, MUTED_TEXT_COLOUR, True))
        lines.append((objective_text(entry.setup), 16, TEXT_COLOUR, False))
        if entry.replay.flag_mode is not None:
            mode = tr(f"hotseat.flag_mode_{entry.replay.flag_mode}")
            lines.append((tr("replays.flag_mode", mode=mode), 15, MUTED_TEXT_COLOUR, False))
        lines.append((tr("replays.file", name=entry.path.name), 15, MUTED_TEXT_COLOUR, False))
        return lines

    def start_battle(self, entry: ReplayEntry) -> Transition | None:  # type: ignore[override]
        from client.scenes.replay_player import replay_scene

        fresh = check_entry(entry.path)  # the file or its map may have changed since the list was made
        if entry.game == "duel":
            if not fresh.watchable or fresh.replay is None:
                self.entries[self.chosen] = fresh
                self.relabel_entry(self.chosen)
                self.layout(self.size)
                return None
            from client.duel.replay_view import duel_replay_scene

            return Push(duel_replay_scene(self.ctx, self.size, fresh.replay))
        if fresh.replay is None or fresh.setup is None:
            self.entries[self.chosen] = fresh
            self.relabel_entry(self.chosen)
            self.layout(self.size)
            return None
        try:
            scene = replay_scene(self.ctx, self.size, fresh.replay, fresh.setup)
        except (MapError, OSError) as exc:
            self.message = str(exc)
            return None
        return Push(scene)
